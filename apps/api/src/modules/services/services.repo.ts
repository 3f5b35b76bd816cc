import type { Service } from '@sufra/shared/services';
import { and, eq, isNull } from 'drizzle-orm';
import type { Queryable } from '../../db/client.ts';
import { serviceSwitches } from '../../db/schema/services.ts';

/** The brand-wide switches that exist (a missing row means on). */
export async function listBrandSwitches(
  db: Queryable,
  brandId: number,
): Promise<{ service: string; isActive: boolean }[]> {
  return db
    .select({ service: serviceSwitches.service, isActive: serviceSwitches.isActive })
    .from(serviceSwitches)
    .where(and(eq(serviceSwitches.brandId, brandId), isNull(serviceSwitches.branchId)));
}

/**
 * Sets a brand-wide switch inside the caller's transaction and answers what it was before. The row is made when
 * absent (absent means on, so it is made on), then locked: two managers switching at once go one after the other,
 * each recording what it found. The brand's context version is bumped by its trigger at commit, so order placement's
 * kept QR contexts see the change.
 */
export async function switchBrandService(
  tx: Queryable,
  brandId: number,
  service: Service,
  isActive: boolean,
): Promise<{ before: boolean }> {
  const scope = and(
    eq(serviceSwitches.brandId, brandId),
    isNull(serviceSwitches.branchId),
    eq(serviceSwitches.service, service),
  );
  await tx
    .insert(serviceSwitches)
    .values({ brandId, branchId: null, service, isActive: true })
    .onConflictDoNothing({ target: [serviceSwitches.brandId, serviceSwitches.branchId, serviceSwitches.service] });
  const [row] = await tx
    .select({ id: serviceSwitches.id, isActive: serviceSwitches.isActive })
    .from(serviceSwitches)
    .where(scope)
    .for('update');
  if (!row) throw new Error(`service switch ${service} of brand ${brandId} missing after its insert`);
  if (row.isActive !== isActive) {
    await tx.update(serviceSwitches).set({ isActive }).where(eq(serviceSwitches.id, row.id));
  }
  return { before: row.isActive };
}
