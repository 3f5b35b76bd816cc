import { inArray } from 'drizzle-orm';
import { invalidateMenu } from '../../modules/menu/menu.service.ts';
import type { Database, Queryable } from '../client.ts';
import { adsPopups, adsSlides } from '../schema/ads.ts';
import { brands } from '../schema/brands.ts';
import { demoBrand } from './demo-brand.ts';
import { seedDemoGamesIfAbsent } from './games-seed.ts';
import { seedDemoSmsWheelIfAbsent } from './games-sms-seed.ts';
import { largeBrand } from './large-brand.ts';
import { deactivatedBrand, secondBrand } from './second-brand.ts';
import { seedBranchDetails, seedBranches, seedServiceSwitches } from './seed-branches.ts';
import { seedCoupons, seedCouponsIfAbsent } from './seed-coupons.ts';
import { seedEvaluation, seedEvaluationIfAbsent } from './seed-evaluation.ts';
import { seedDemoFoodicsIfAbsent } from './seed-foodics.ts';
import { seedLoyalty, seedLoyaltyIfAbsent } from './seed-loyalty.ts';
import { seedMenu } from './seed-menu.ts';
import { seedPunchCardsIfAbsent } from './seed-punch-cards.ts';
import { seedDemoQueuesIfAbsent } from './seed-queues.ts';
import { seedDemoReportActivityIfAbsent } from './seed-report-activity.ts';
import { seedSampleOrders } from './seed-sample-orders.ts';
import { seedStaff, seedStaffIfAbsent } from './seed-staff.ts';
import type { SeedBrand } from './seed-types.ts';

export interface SeededBrand {
  brandId: number;
  slug: string;
  branchIds: Record<string, number>;
  itemIds: Record<string, number>;
}

/**
 * Inserts one brand with everything under it in ONE transaction, mapping the data's keys to ids.
 * Rows go in as multi-row inserts (a 1,500-item brand is a handful of statements), relying on
 * PostgreSQL returning multi-row VALUES in insertion order. The parts (seed-branches.ts, seed-menu.ts …) run in the
 * order the rows always went in, so a brand's ids are the same as before the split.
 */
export async function seedBrand(db: Database, data: SeedBrand): Promise<SeededBrand> {
  return db.transaction(async (tx) => {
    const [brand] = await tx
      .insert(brands)
      .values({
        slug: data.slug,
        nameAr: data.name.ar,
        nameEn: data.name.en,
        logo: data.logo,
        cover: data.cover,
        hosts: data.hosts.map((h) => h.toLowerCase()),
        taxMode: data.taxMode,
        vatRateBp: data.vatRateBasisPoints,
        vatNumber: data.vatNumber ?? null,
      })
      .returning({ id: brands.id });
    if (!brand) throw new Error('brand insert returned nothing');
    const brandId = brand.id;
    const branchIds = await seedBranches(tx, brandId, data);
    await seedStaff(tx, brandId, branchIds, data);
    await seedBranchDetails(tx, branchIds, data);
    await seedServiceSwitches(tx, brandId, branchIds, data);
    const itemIds = await seedMenu(tx, brandId, branchIds, data);
    await seedAds(tx, brandId, data);
    await seedLoyalty(tx, brandId, data);
    await seedEvaluation(tx, brandId, data);
    await seedCoupons(tx, brandId, data);
    await seedSampleOrders(tx, brandId, branchIds, data);
    await invalidateMenu(tx, brandId);
    return {
      brandId,
      slug: data.slug,
      branchIds: Object.fromEntries(branchIds),
      itemIds: Object.fromEntries(itemIds),
    };
  });
}

/** Ads: brand-wide. */
async function seedAds(tx: Queryable, brandId: number, data: SeedBrand): Promise<void> {
  if (data.popup) {
    await tx.insert(adsPopups).values({
      brandId,
      branchId: null,
      backgroundImage: data.popup.backgroundImage,
      textAr: data.popup.text.ar,
      textEn: data.popup.text.en,
      buttonTextAr: data.popup.buttonText.ar,
      buttonTextEn: data.popup.buttonText.en,
      redirectUrl: data.popup.redirectUrl,
    });
  }
  if (data.slides.length > 0) {
    await tx.insert(adsSlides).values(
      data.slides.map((s, sort) => ({
        brandId,
        branchId: null,
        image: s.image,
        width: s.width,
        height: s.height,
        titleAr: s.title.ar,
        titleEn: s.title.en,
        redirectUrl: s.redirectUrl,
        sort,
      })),
    );
  }
}

/** Seeds each brand whose slug is not in the database yet (idempotent). Returns the brands it seeded. */
export async function seedBrandsIfAbsent(db: Database, list: SeedBrand[]): Promise<SeededBrand[]> {
  if (list.length === 0) return [];
  const present = await db
    .select({ slug: brands.slug })
    .from(brands)
    .where(
      inArray(
        brands.slug,
        list.map((b) => b.slug),
      ),
    );
  const have = new Set(present.map((p) => p.slug));
  const seeded: SeededBrand[] = [];
  for (const data of list) {
    if (have.has(data.slug)) {
      await seedStaffIfAbsent(db, data);
      await seedLoyaltyIfAbsent(db, data);
      await seedEvaluationIfAbsent(db, data);
      await seedPunchCardsIfAbsent(db, data);
      await seedCouponsIfAbsent(db, data);
      continue;
    }
    seeded.push(await seedBrand(db, data));
  }
  return seeded;
}

/** The demo data: the demo brand, a second brand and a switched-off brand, each seeded when absent. */
export async function seedDemo(db: Database): Promise<SeededBrand[]> {
  const seeded = await seedBrandsIfAbsent(db, [demoBrand, secondBrand, deactivatedBrand]);
  await seedDemoGamesIfAbsent(db, demoBrand.slug);
  await seedDemoSmsWheelIfAbsent(db, demoBrand.slug);
  await seedDemoFoodicsIfAbsent(db, demoBrand.slug);
  await seedDemoReportActivityIfAbsent(db, demoBrand.slug);
  await seedDemoQueuesIfAbsent(db, demoBrand.slug);
  return seeded;
}

/** The benchmark brand with `itemCount` items, seeded when absent. */
export async function seedLarge(db: Database, itemCount = 1500): Promise<SeededBrand[]> {
  return seedBrandsIfAbsent(db, [largeBrand(itemCount)]);
}
