import { z } from 'zod';

/**
 * The local mail catcher (development and tests only; docs/adr/0620).
 *   GET /api/dev/mail → 200 caughtMailListSchema: what the in-process SMTP catcher received, newest first
 *   (404 when no catcher runs: production, or an SMTP server configured).
 */
export const caughtMailSchema = z.object({
  id: z.number().int(),
  receivedAt: z.iso.datetime(),
  from: z.string(),
  to: z.array(z.string()),
  subject: z.string(),
  text: z.string(),
  html: z.string(),
  language: z.string().nullable(),
  attachments: z.array(
    z.object({
      filename: z.string().nullable(),
      contentType: z.string(),
      cid: z.string().nullable(),
      inline: z.boolean(),
      size: z.number().int(),
    }),
  ),
});
export const caughtMailListSchema = z.object({ messages: z.array(caughtMailSchema) });
export type CaughtMailList = z.infer<typeof caughtMailListSchema>;
