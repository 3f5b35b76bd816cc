import { z } from 'zod';

/**
 * Archive, restore and duplicate of a coupon or a punch card programme (issue 27 item 7): the body carries the
 * version the console read, so a save over someone else's change answers 409 with both values.
 */
export const archiveBody = z.object({ version: z.number().int().min(0).max(2_147_483_647) });
export type ArchiveBody = z.infer<typeof archiveBody>;
