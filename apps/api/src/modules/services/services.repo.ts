import type { Service } from '@sufra/shared/services';
import { and, eq, isNull, sql } from 'drizzle-orm';
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
 * Sets a brand-wide switch in one statement (the unique key is brand, branch, service with nulls not distinct). The
 * brand's context version is bumped by its trigger at commit, so order placement's kept QR contexts see it.
 */
export async function upsertBrandSwitch(db: Queryable, brandId: number, service: Service, isActive: boolean) {
  await db
    .insert(serviceSwitches)
    .values({ brandId, branchId: null, service, isActive })
    .onConflictDoUpdate({
      target: [serviceSwitches.brandId, serviceSwitches.branchId, serviceSwitches.service],
      set: { isActive: sql`excluded.is_active` },
    });
}
