import { asc, desc, eq, sql } from 'drizzle-orm';
import type { Queryable } from '../client.ts';
import { branches, qrCodes } from '../schema/branches.ts';
import { brands } from '../schema/brands.ts';

/**
 * The QR code to print at start-up: the first active QR of the demo brand's (the first brand's) main branch. Read from the database, so it always matches what was seeded.
 */
export async function findCustomerQrUuid(db: Queryable): Promise<string | undefined> {
  const [row] = await db
    .select({ uuid: qrCodes.uuid })
    .from(qrCodes)
    .innerJoin(branches, eq(branches.id, qrCodes.branchId))
    .innerJoin(brands, eq(brands.id, branches.brandId))
    .where(eq(qrCodes.active, true))
    // The demo brand is seeded first; its main branch's counter QR (no table) comes before table QRs.
    .orderBy(
      asc(brands.id),
      desc(branches.isMain),
      asc(branches.id),
      sql`${qrCodes.tableId} is not null`,
      asc(qrCodes.tableId),
    )
    .limit(1);
  return row?.uuid;
}
