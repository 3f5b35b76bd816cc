import { and, eq } from 'drizzle-orm';
import type { Database, Queryable } from '../client.ts';
import { brands } from '../schema/brands.ts';
import { customers } from '../schema/customers.ts';
import { rewards } from '../schema/loyalty.ts';
import { menuCategories } from '../schema/menu.ts';
import { punchCardPunches, punchCards, punchProgrammes } from '../schema/punch-cards.ts';
import { itemIdsBySlug } from './seed-inserts.ts';
import type { SeedBrand } from './seed-types.ts';

const DAY_MS = 86_400_000;

function need<T>(map: Map<string, T>, key: string, what: string, slug: string): T {
  const value = map.get(key);
  if (value === undefined) throw new Error(`seed ${slug}: unknown ${what} "${key}"`);
  return value;
}

/**
 * The brand's punch card programmes (issue 16) and their sample cards: a demo diner with a card part punched (punch
 * rows without an order: the seed's own, shown in Punches History as such). Categories are matched by English name,
 * since seed keys are not stored.
 */
export async function seedPunchCards(db: Queryable, brandId: number, data: SeedBrand, now = new Date()) {
  const list = data.loyalty?.punchCards ?? [];
  if (list.length === 0) return;
  const slugs = list.flatMap((p) => p.itemSlugs);
  const itemBySlug = await itemIdsBySlug(db, brandId, slugs);
  const categoryRows = await db
    .select({ id: menuCategories.id, nameEn: menuCategories.nameEn })
    .from(menuCategories)
    .where(eq(menuCategories.brandId, brandId));
  const categoryByKey = new Map<string, number>();
  for (const c of data.categories) {
    const row = categoryRows.find((r) => r.nameEn === c.name.en);
    if (row) categoryByKey.set(c.key, row.id);
  }
  const rewardRows = await db
    .select({ id: rewards.id, nameEn: rewards.nameEn })
    .from(rewards)
    .where(eq(rewards.brandId, brandId));
  const rewardByName = new Map(rewardRows.map((r) => [r.nameEn, r.id]));

  for (const [position, p] of list.entries()) {
    const [programme] = await db
      .insert(punchProgrammes)
      .values({
        brandId,
        nameAr: p.name.ar,
        nameEn: p.name.en,
        itemIds: p.itemSlugs.map((s) => need(itemBySlug, s, 'punch card item', data.slug)),
        categoryIds: p.categoryKeys.map((k) => need(categoryByKey, k, 'punch card category', data.slug)),
        itemsCount: p.itemsCount,
        daysToComplete: p.daysToComplete,
        rewardId: need(rewardByName, p.rewardName, 'punch card reward', data.slug),
        position,
      })
      .returning({ id: punchProgrammes.id });
    if (!programme) throw new Error('punch programme insert returned nothing');
    for (const sample of p.sampleCards ?? []) {
      await db
        .insert(customers)
        .values({ brandId, phone: sample.phone, fullName: sample.fullName })
        .onConflictDoNothing();
      const [customer] = await db
        .select({ id: customers.id })
        .from(customers)
        .where(and(eq(customers.brandId, brandId), eq(customers.phone, sample.phone)));
      if (!customer) throw new Error('seed customer missing');
      const startedAt = new Date(now.getTime() - 2 * DAY_MS);
      const [card] = await db
        .insert(punchCards)
        .values({
          brandId,
          programmeId: programme.id,
          customerId: customer.id,
          punches: sample.punches,
          itemsCount: p.itemsCount,
          startedAt,
          expiresAt: new Date(startedAt.getTime() + p.daysToComplete * DAY_MS),
        })
        .returning({ id: punchCards.id });
      if (!card) throw new Error('punch card insert returned nothing');
      if (sample.punches > 0) {
        await db
          .insert(punchCardPunches)
          .values({ cardId: card.id, orderId: null, count: sample.punches, at: startedAt });
      }
    }
  }
}

/** A database seeded before punch cards existed gets the brand's programmes once, when it has none. */
export async function seedPunchCardsIfAbsent(db: Database, data: SeedBrand): Promise<void> {
  if (!data.loyalty?.punchCards?.length) return;
  await db.transaction(async (tx) => {
    const [brand] = await tx.select({ id: brands.id }).from(brands).where(eq(brands.slug, data.slug));
    if (!brand) return;
    const [existing] = await tx
      .select({ id: punchProgrammes.id })
      .from(punchProgrammes)
      .where(eq(punchProgrammes.brandId, brand.id))
      .limit(1);
    if (existing) return;
    // Its rewards come with the loyalty programme; a brand seeded with loyalty before this reward existed lacks it.
    const [reward] = await tx.select({ id: rewards.id }).from(rewards).where(eq(rewards.brandId, brand.id)).limit(1);
    if (!reward) return;
    await seedPunchCards(tx, brand.id, data);
  });
}
