import { eq, sql } from 'drizzle-orm';
import type { Queryable } from '../../db/client.ts';
import { preparedFor } from '../../db/prepared.ts';
import { branches, qrCodes, tables } from '../../db/schema/branches.ts';
import { brands } from '../../db/schema/brands.ts';
import { servicesOffSql } from '../branches/branches.repo.ts';

const qrContextQuery = preparedFor((db) =>
  db
    .select({
      qr: qrCodes,
      branch: branches,
      brand: brands,
      table: tables,
      servicesOff: servicesOffSql(branches.brandId, branches.id),
    })
    .from(qrCodes)
    .innerJoin(branches, eq(branches.id, qrCodes.branchId))
    .innerJoin(brands, eq(brands.id, branches.brandId))
    .leftJoin(tables, eq(tables.id, qrCodes.tableId))
    .where(eq(qrCodes.uuid, sql.placeholder('uuid')))
    .prepare('qr_context'),
);

/** A QR code with its branch, brand, optional table and the services switched off there: one indexed lookup. */
export async function findQrWithContext(db: Queryable, uuid: string) {
  const [row] = await qrContextQuery(db).execute({ uuid });
  return row;
}

export type QrContextRow = NonNullable<Awaited<ReturnType<typeof findQrWithContext>>>;
