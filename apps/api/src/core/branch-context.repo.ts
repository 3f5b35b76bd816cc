import { arrayContains, asc, desc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { Queryable } from '../db/client.ts';
import { preparedFor } from '../db/prepared.ts';
import { branches, deliveryZones, paymentChoices } from '../db/schema/branches.ts';
import { brands } from '../db/schema/brands.ts';
import { serviceSwitches } from '../db/schema/services.ts';

export type BranchRow = typeof branches.$inferSelect;
export type BrandRow = typeof brands.$inferSelect;
export type DeliveryZoneRow = typeof deliveryZones.$inferSelect;

/**
 * Services switched off for a branch (brand-wide rows and the branch's own rows), as a text[] column.
 * Used inside selects that join `branches`.
 */
export function servicesOffSql(
  brandId: SQL | typeof brands.id | typeof branches.brandId,
  branchId: SQL | typeof branches.id,
) {
  return sql<
    string[]
  >`array(select distinct ${serviceSwitches.service} from ${serviceSwitches} where ${serviceSwitches.brandId} = ${brandId} and (${serviceSwitches.branchId} is null or ${serviceSwitches.branchId} = ${branchId}) and not ${serviceSwitches.isActive})`;
}

/** A branch with its brand and the services switched off there, or undefined. */
export async function findBranchWithBrand(db: Queryable, branchId: number) {
  const [row] = await db
    .select({ branch: branches, brand: brands, servicesOff: servicesOffSql(branches.brandId, branches.id) })
    .from(branches)
    .innerJoin(brands, eq(brands.id, branches.brandId))
    .where(eq(branches.id, branchId));
  return row;
}

export async function findBrandById(db: Queryable, brandId: number): Promise<BrandRow | undefined> {
  const [row] = await db.select().from(brands).where(eq(brands.id, brandId));
  return row;
}

/** The brand whose page hosts include `host` (lowercase, no port). */
export async function findBrandIdByHost(db: Queryable, host: string): Promise<number | undefined> {
  const [row] = await db
    .select({ id: brands.id })
    .from(brands)
    .where(arrayContains(brands.hosts, [host]))
    .orderBy(asc(brands.id))
    .limit(1);
  return row?.id;
}

export async function findFirstBrandId(db: Queryable): Promise<number | undefined> {
  const [row] = await db.select({ id: brands.id }).from(brands).orderBy(asc(brands.id)).limit(1);
  return row?.id;
}

/** The brand's main branch (or its first branch when none is marked main). */
export async function findMainBranch(db: Queryable, brandId: number): Promise<BranchRow | undefined> {
  const [row] = await db
    .select()
    .from(branches)
    .where(eq(branches.brandId, brandId))
    .orderBy(desc(branches.isMain), asc(branches.id))
    .limit(1);
  return row;
}

export async function listBranchesOfBrand(db: Queryable, brandId: number): Promise<BranchRow[]> {
  return db
    .select()
    .from(branches)
    .where(eq(branches.brandId, brandId))
    .orderBy(desc(branches.isMain), asc(branches.id));
}

export async function listDeliveryZones(db: Queryable, branchIds: number[]): Promise<DeliveryZoneRow[]> {
  if (branchIds.length === 0) return [];
  return db
    .select()
    .from(deliveryZones)
    .where(inArray(deliveryZones.branchId, branchIds))
    .orderBy(asc(deliveryZones.id));
}

// Prepared: every order placement reads it.
const paymentChoicesQuery = preparedFor((db) =>
  db
    .select()
    .from(paymentChoices)
    .where(eq(paymentChoices.branchId, sql.placeholder('branchId')))
    .orderBy(asc(paymentChoices.sort), asc(paymentChoices.id))
    .prepare('payment_choices_of_branch'),
);

export async function listPaymentChoices(db: Queryable, branchId: number) {
  return paymentChoicesQuery(db).execute({ branchId });
}
