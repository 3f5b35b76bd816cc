import { eq, type SQL, sql } from 'drizzle-orm';
import type { Queryable } from '../db/client.ts';
import { preparedFor } from '../db/prepared.ts';
import { branches, paymentChoices, qrCodes, tables } from '../db/schema/branches.ts';
import { brandContextVersions, brands } from '../db/schema/brands.ts';
import { loyaltyRules } from '../db/schema/loyalty.ts';
import { servicesOffSql } from './branch-context.repo.ts';

/** A payment choice as placement checks it: the method and the order types it is offered for. */
export interface PaymentChoiceLite {
  method: string;
  orderTypes: number[];
}

/** The brand's loyalty rules as the QR context carries them (null: the brand has no points programme). */
export interface LoyaltyRulesLite {
  pointValueHalalas: number;
  minPointsPerRedemption: number;
  maxPointsPerTransaction: number;
  maxPointsPerDay: number;
  maxRedemptionsPerDay: number;
  earnPointsPerSar: number;
  expiryDays: number | null;
  timeZone: string;
}

/** A brand's context version (0 before its first bump; see brandContextVersions), for a brand id expression. */
export function brandContextVersionSql(brandId: SQL | typeof branches.brandId) {
  return sql<number>`coalesce((select ${brandContextVersions.version} from ${brandContextVersions} where ${brandContextVersions.brandId} = ${brandId}), 0)`;
}

const qrContextQuery = preparedFor((db) =>
  db
    .select({
      qr: qrCodes,
      branch: branches,
      brand: brands,
      table: tables,
      servicesOff: servicesOffSql(branches.brandId, branches.id),
      // Read with the rest in one snapshot: placement's write checks it is still current (orders.repo).
      contextVersion: brandContextVersionSql(branches.brandId),
      // Dine-in from a counter QR asks for a table number where the branch has tables (and its landing page says so).
      branchHasTables: sql<boolean>`exists (select 1 from ${tables} where ${tables.branchId} = ${branches.id})`,
      // Every order placed at the QR code's branch checks them: one small subquery here saves it a round trip.
      paymentChoices: sql<
        PaymentChoiceLite[]
      >`coalesce((select json_agg(json_build_object('method', ${paymentChoices.method}, 'orderTypes', ${paymentChoices.orderTypes}) order by ${paymentChoices.sort}, ${paymentChoices.id}) from ${paymentChoices} where ${paymentChoices.branchId} = ${branches.id}), '[]'::json)`,
      // Placement prices and checks points spent at checkout by them: kept with the context, they save each such
      // order a read. Not covered by the context version: the points' write checks they are still the brand's
      // (loyalty.repo spendAtCheckoutBatch), and a write priced on changed rules is placed again on a fresh read.
      loyaltyRules: sql<LoyaltyRulesLite | null>`(select json_build_object('pointValueHalalas', ${loyaltyRules.pointValueHalalas}, 'minPointsPerRedemption', ${loyaltyRules.minPointsPerRedemption}, 'maxPointsPerTransaction', ${loyaltyRules.maxPointsPerTransaction}, 'maxPointsPerDay', ${loyaltyRules.maxPointsPerDay}, 'maxRedemptionsPerDay', ${loyaltyRules.maxRedemptionsPerDay}, 'earnPointsPerSar', ${loyaltyRules.earnPointsPerSar}, 'expiryDays', ${loyaltyRules.expiryDays}, 'timeZone', ${loyaltyRules.timeZone}) from ${loyaltyRules} where ${loyaltyRules.brandId} = ${branches.brandId})`,
    })
    .from(qrCodes)
    .innerJoin(branches, eq(branches.id, qrCodes.branchId))
    .innerJoin(brands, eq(brands.id, branches.brandId))
    .leftJoin(tables, eq(tables.id, qrCodes.tableId))
    .where(eq(qrCodes.uuid, sql.placeholder('uuid')))
    .prepare('qr_context'),
);

/**
 * A QR code with its branch, brand, optional table, the services switched off there, the branch's payment choices,
 * the brand's loyalty rules and its context version: one indexed lookup.
 */
export async function findQrWithContext(db: Queryable, uuid: string) {
  const [row] = await qrContextQuery(db).execute({ uuid });
  return row;
}

export type QrContextRow = NonNullable<Awaited<ReturnType<typeof findQrWithContext>>>;
