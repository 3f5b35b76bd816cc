import { z } from 'zod';
import { localizedText, serviceSchema } from './common.ts';

/**
 * `GET /api/staff/services/history/`: who switched what, and when (issue 24 item 12), from the audit log, newest
 * first. `timeZone` is the branch's (a branch's switch) or the brand's main branch's (a brand-wide switch): the staff
 * app shows the time there, labelled.
 */
export const switchHistoryEntry = z.object({
  id: z.number().int(),
  at: z.iso.datetime(),
  timeZone: z.string(),
  /** The staff user who switched it (null once that user is deleted). */
  by: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  target: z.discriminatedUnion('kind', [
    z.object({ kind: z.literal('service'), service: serviceSchema }),
    z.object({ kind: z.literal('branch'), branchId: z.number().int(), branchName: localizedText }),
  ]),
  /** On or off after the change (a branch: accepts orders or paused). */
  isActive: z.boolean(),
});
export type SwitchHistoryEntry = z.infer<typeof switchHistoryEntry>;
export const switchHistoryResponse = z.object({ entries: z.array(switchHistoryEntry) });
export type SwitchHistory = z.infer<typeof switchHistoryResponse>;
