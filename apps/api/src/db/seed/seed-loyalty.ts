import { eq } from 'drizzle-orm';
import type { Database, Queryable } from '../client.ts';
import { brands } from '../schema/brands.ts';
import { loyaltyLevels, loyaltyRules, rewards } from '../schema/loyalty.ts';
import { referralRules } from '../schema/referral.ts';
import { itemIdsBySlug, need } from './seed-inserts.ts';
import { seedPunchCards } from './seed-punch-cards.ts';
import { seedReferralSample } from './seed-referral.ts';
import type { SeedBrand } from './seed-types.ts';

/** The brand's points rule and levels (issue 15). */
export async function seedLoyalty(db: Queryable, brandId: number, data: SeedBrand) {
  if (!data.loyalty) return;
  await db.insert(loyaltyRules).values({ brandId, ...data.loyalty.rules });
  await seedReferralRules(db, brandId, data);
  if (data.loyalty.levels.length > 0) {
    await db.insert(loyaltyLevels).values(
      data.loyalty.levels.map((l) => ({
        brandId,
        nameAr: l.name.ar,
        nameEn: l.name.en,
        minLifetimePoints: l.minLifetimePoints,
        multiplierBp: l.multiplierBasisPoints,
        perksAr: l.perks.ar,
        perksEn: l.perks.en,
      })),
    );
  }
  const list = data.loyalty.rewards ?? [];
  if (list.length === 0) return;
  const slugs = list.flatMap((r) => (r.itemSlug ? [r.itemSlug] : []));
  const itemBySlug = await itemIdsBySlug(db, brandId, slugs);
  await db.insert(rewards).values(
    list.map((r, position) => ({
      brandId,
      shop: r.shop,
      kind: r.kind,
      nameAr: r.name.ar,
      nameEn: r.name.en,
      descriptionAr: r.description.ar,
      descriptionEn: r.description.en,
      image: r.image ?? null,
      pointsCost: r.pointsCost,
      itemId: r.itemSlug ? need(itemBySlug, r.itemSlug, 'reward item', data.slug) : null,
      percentBp: r.percentBasisPoints ?? null,
      maxDiscountHalalas: r.maxDiscountHalalas ?? null,
      amountHalalas: r.amountHalalas ?? null,
      validDays: r.validDays,
      position,
    })),
  );
  await seedPunchCards(db, brandId, data);
}

/** A database seeded before loyalty existed gets the brand's programme once, when it has none. */
export async function seedLoyaltyIfAbsent(db: Database, data: SeedBrand): Promise<void> {
  if (!data.loyalty) return;
  await db.transaction(async (tx) => {
    const [brand] = await tx.select({ id: brands.id }).from(brands).where(eq(brands.slug, data.slug));
    if (!brand) return;
    const [existing] = await tx.select().from(loyaltyRules).where(eq(loyaltyRules.brandId, brand.id));
    if (existing) return seedReferralRules(tx, brand.id, data);
    await seedLoyalty(tx, brand.id, data);
  });
}

/** The brand's referral rule (issue 17), unless it has one (a database seeded before referral existed gets it). */
async function seedReferralRules(db: Queryable, brandId: number, data: SeedBrand): Promise<void> {
  const rule = data.loyalty?.referral;
  if (!rule) return;
  const { sample, ...figures } = rule;
  const made = await db
    .insert(referralRules)
    .values({ brandId, ...figures })
    .onConflictDoNothing()
    .returning();
  if (made.length > 0 && sample) await seedReferralSample(db, brandId, sample);
}
