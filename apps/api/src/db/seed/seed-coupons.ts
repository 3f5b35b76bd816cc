import { eq } from 'drizzle-orm';
import type { Database, Queryable } from '../client.ts';
import { brands } from '../schema/brands.ts';
import { coupons } from '../schema/coupons.ts';
import { itemIdsBySlug, need } from './seed-inserts.ts';
import type { SeedBrand } from './seed-types.ts';

/** The brand's coupons (issue 16), their windows opening now. */
export async function seedCoupons(db: Queryable, brandId: number, data: SeedBrand) {
  const list = data.coupons ?? [];
  if (list.length === 0) return;
  const slugs = list.flatMap((c) => (c.itemSlug ? [c.itemSlug] : []));
  const itemBySlug = await itemIdsBySlug(db, brandId, slugs);
  const now = new Date();
  await db.insert(coupons).values(
    list.map((c) => ({
      brandId,
      code: c.code,
      nameAr: c.name.ar,
      nameEn: c.name.en,
      kind: c.kind,
      percentBp: c.percentBasisPoints ?? null,
      maxDiscountHalalas: c.maxDiscountHalalas ?? null,
      amountHalalas: c.amountHalalas ?? null,
      itemId: c.itemSlug ? need(itemBySlug, c.itemSlug, 'coupon item', data.slug) : null,
      minimumOrderHalalas: c.minimumOrderHalalas ?? 0,
      startsAt: now,
      endsAt: c.validDays === null ? null : new Date(now.getTime() + c.validDays * 86_400_000),
      globalLimit: c.globalLimit ?? null,
      perCustomerLimit: c.perCustomerLimit ?? null,
      newCustomersOnly: c.newCustomersOnly ?? false,
    })),
  );
}

/** A database seeded before coupons existed gets the brand's coupons once, when it has none. */
export async function seedCouponsIfAbsent(db: Database, data: SeedBrand): Promise<void> {
  if (!data.coupons?.length) return;
  await db.transaction(async (tx) => {
    const [brand] = await tx.select({ id: brands.id }).from(brands).where(eq(brands.slug, data.slug));
    if (!brand) return;
    const [existing] = await tx.select({ id: coupons.id }).from(coupons).where(eq(coupons.brandId, brand.id)).limit(1);
    if (existing) return;
    await seedCoupons(tx, brand.id, data);
  });
}
