import { eq, sql } from 'drizzle-orm';
import type { Queryable } from '../../db/client.ts';
import { preparedFor } from '../../db/prepared.ts';
import { branches, paymentChoices, qrCodes, tables } from '../../db/schema/branches.ts';
import { brands } from '../../db/schema/brands.ts';
import { servicesOffSql } from '../branches/branches.repo.ts';

/** A payment choice as placement checks it: the method and the order types it is offered for. */
export interface PaymentChoiceLite {
  method: string;
  orderTypes: number[];
}

const qrContextQuery = preparedFor((db) =>
  db
    .select({
      qr: qrCodes,
      branch: branches,
      brand: brands,
      table: tables,
      servicesOff: servicesOffSql(branches.brandId, branches.id),
      // Every order placed at the QR code's branch checks them: one small subquery here saves it a round trip.
      paymentChoices: sql<
        PaymentChoiceLite[]
      >`coalesce((select json_agg(json_build_object('method', ${paymentChoices.method}, 'orderTypes', ${paymentChoices.orderTypes}) order by ${paymentChoices.sort}, ${paymentChoices.id}) from ${paymentChoices} where ${paymentChoices.branchId} = ${branches.id}), '[]'::json)`,
    })
    .from(qrCodes)
    .innerJoin(branches, eq(branches.id, qrCodes.branchId))
    .innerJoin(brands, eq(brands.id, branches.brandId))
    .leftJoin(tables, eq(tables.id, qrCodes.tableId))
    .where(eq(qrCodes.uuid, sql.placeholder('uuid')))
    .prepare('qr_context'),
);

/**
 * A QR code with its branch, brand, optional table, the services switched off there and the branch's payment
 * choices: one indexed lookup.
 */
export async function findQrWithContext(db: Queryable, uuid: string) {
  const [row] = await qrContextQuery(db).execute({ uuid });
  return row;
}

export type QrContextRow = NonNullable<Awaited<ReturnType<typeof findQrWithContext>>>;
