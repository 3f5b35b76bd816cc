import type { Service } from '@sufra/shared/services';
import { and, eq, inArray } from 'drizzle-orm';
import { invalidateMenu } from '../../modules/menu/menu.service.ts';
import { hashPassword } from '../../modules/staff/password.ts';
import type { Database, Queryable } from '../client.ts';
import { adsPopups, adsSlides } from '../schema/ads.ts';
import { branches, deliveryZones, paymentChoices, qrCodes, tables } from '../schema/branches.ts';
import { brands } from '../schema/brands.ts';
import { coupons } from '../schema/coupons.ts';
import { evaluationForms, evaluationQuestions } from '../schema/evaluations.ts';
import { loyaltyLevels, loyaltyRules, rewards } from '../schema/loyalty.ts';
import {
  branchItems,
  comboSlotChoices,
  comboSlots,
  itemModifierGroups,
  menuCategories,
  menuItems,
  modifierGroups,
  modifierOptions,
} from '../schema/menu.ts';
import { referralRules } from '../schema/referral.ts';
import { serviceSwitches } from '../schema/services.ts';
import { staffUserBranches, staffUsers } from '../schema/staff.ts';
import { demoBrand } from './demo-brand.ts';
import { seedDemoGamesIfAbsent } from './games-seed.ts';
import { largeBrand } from './large-brand.ts';
import { deactivatedBrand, secondBrand } from './second-brand.ts';
import { seedPunchCards, seedPunchCardsIfAbsent } from './seed-punch-cards.ts';
import { seedReferralSample } from './seed-referral.ts';
import type { SeedBrand, SeedItem } from './seed-types.ts';

// PostgreSQL allows 65,535 bind parameters per statement; stay well below.
const MAX_PARAMS = 30_000;

function chunks<T>(rows: T[], columns: number): T[][] {
  const size = Math.max(1, Math.floor(MAX_PARAMS / columns));
  const out: T[][] = [];
  for (let i = 0; i < rows.length; i += size) out.push(rows.slice(i, i + size));
  return out;
}

function need<T>(map: Map<string, T>, key: string, what: string, brand: string): T {
  const value = map.get(key);
  if (value === undefined) throw new Error(`Seed data of brand "${brand}": unknown ${what} "${key}"`);
  return value;
}

export interface SeededBrand {
  brandId: number;
  slug: string;
  branchIds: Record<string, number>;
  itemIds: Record<string, number>;
}

/**
 * Inserts one brand with everything under it in ONE transaction, mapping the data's keys to ids.
 * Rows go in as multi-row inserts (a 1,500-item brand is a handful of statements), relying on
 * PostgreSQL returning multi-row VALUES in insertion order.
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
      })
      .returning({ id: brands.id });
    if (!brand) throw new Error('brand insert returned nothing');
    const brandId = brand.id;
    const label = data.slug;

    const switches: { brandId: number; branchId: number | null; service: Service; isActive: boolean }[] = [];
    for (const service of new Set(data.servicesOff))
      switches.push({ brandId, branchId: null, service, isActive: false });

    // Branches.
    const branchIds = new Map<string, number>();
    if (data.branches.length > 0) {
      const rows = await tx
        .insert(branches)
        .values(
          data.branches.map((b) => ({
            brandId,
            nameAr: b.name.ar,
            nameEn: b.name.en,
            addressAr: b.address.ar,
            addressEn: b.address.en,
            phone: b.phone,
            lat: b.lat,
            lng: b.lng,
            timeZone: b.timeZone,
            openingHours: b.openingHours,
            isMain: b.isMain,
            integrated: b.integrated,
            dineInRadiusM: b.dineInRadiusMeters,
            dineIn: b.orderTypes.dineIn,
            pickup: b.orderTypes.pickup,
            delivery: b.orderTypes.delivery,
          })),
        )
        .returning({ id: branches.id });
      data.branches.forEach((b, i) => {
        const row = rows[i];
        if (!row) throw new Error('branch insert returned too few rows');
        branchIds.set(b.key, row.id);
      });
    }

    await seedStaff(tx, brandId, branchIds, data);

    const zoneRows = data.branches.flatMap((b) =>
      b.deliveryZones.map((z) => ({
        branchId: need(branchIds, b.key, 'branch', label),
        nameAr: z.name.ar,
        nameEn: z.name.en,
        feeHalalas: z.feeHalalas,
        minimumOrderHalalas: z.minimumOrderHalalas,
        geometry: z.geometry,
      })),
    );
    if (zoneRows.length > 0) await tx.insert(deliveryZones).values(zoneRows);

    const tableRows = data.branches.flatMap((b) =>
      b.tables.map((t) => ({ branchId: need(branchIds, b.key, 'branch', label), number: t.number, status: t.status })),
    );
    const tableIds = new Map<string, number>(); // `${branchId}:${number}` → id
    if (tableRows.length > 0) {
      const inserted = await tx
        .insert(tables)
        .values(tableRows)
        .returning({ id: tables.id, branchId: tables.branchId, number: tables.number });
      for (const t of inserted) tableIds.set(`${t.branchId}:${t.number}`, t.id);
    }

    const qrRows = data.branches.flatMap((b) => {
      const branchId = need(branchIds, b.key, 'branch', label);
      return b.qrCodes.map((q) => ({
        uuid: q.uuid,
        branchId,
        tableId: q.table === null ? null : need(tableIds, `${branchId}:${q.table}`, 'table', label),
        active: q.active,
      }));
    });
    if (qrRows.length > 0) await tx.insert(qrCodes).values(qrRows);

    const paymentRows = data.branches.flatMap((b) =>
      b.paymentChoices.map((p, sort) => ({
        branchId: need(branchIds, b.key, 'branch', label),
        method: p.method,
        nameAr: p.name.ar,
        nameEn: p.name.en,
        orderTypes: p.orderTypes,
        sort,
      })),
    );
    if (paymentRows.length > 0) await tx.insert(paymentChoices).values(paymentRows);

    for (const b of data.branches) {
      for (const service of new Set(b.servicesOff)) {
        switches.push({ brandId, branchId: need(branchIds, b.key, 'branch', label), service, isActive: false });
      }
    }
    if (switches.length > 0) await tx.insert(serviceSwitches).values(switches);

    // Categories.
    const categoryIds = new Map<string, number>();
    if (data.categories.length > 0) {
      const rows = await tx
        .insert(menuCategories)
        .values(
          data.categories.map((c, sort) => ({ brandId, nameAr: c.name.ar, nameEn: c.name.en, image: c.image, sort })),
        )
        .returning({ id: menuCategories.id });
      data.categories.forEach((c, i) => {
        const row = rows[i];
        if (!row) throw new Error('category insert returned too few rows');
        categoryIds.set(c.key, row.id);
      });
    }

    // Modifier groups and their options.
    const groupIds = new Map<string, number>();
    if (data.modifierGroups.length > 0) {
      const rows = await tx
        .insert(modifierGroups)
        .values(
          data.modifierGroups.map((g) => ({
            brandId,
            nameAr: g.name.ar,
            nameEn: g.name.en,
            minChoices: g.min,
            maxChoices: g.max,
          })),
        )
        .returning({ id: modifierGroups.id });
      data.modifierGroups.forEach((g, i) => {
        const row = rows[i];
        if (!row) throw new Error('modifier group insert returned too few rows');
        groupIds.set(g.key, row.id);
      });
      const optionRows = data.modifierGroups.flatMap((g) =>
        g.options.map((o, sort) => ({
          groupId: need(groupIds, g.key, 'modifier group', label),
          nameAr: o.name.ar,
          nameEn: o.name.en,
          priceHalalas: o.priceHalalas,
          calories: o.calories,
          available: o.available ?? true,
          sort,
        })),
      );
      for (const chunk of chunks(optionRows, 7)) await tx.insert(modifierOptions).values(chunk);
    }

    // Items (combos are items too), sorted within their category in data order.
    const allItems: { item: SeedItem; isCombo: boolean }[] = [
      ...data.items.map((item) => ({ item, isCombo: false })),
      ...data.combos.map((c) => ({ item: c.item, isCombo: true })),
    ];
    const sortInCategory = new Map<string, number>();
    const itemRows = allItems.map(({ item, isCombo }) => {
      const sort = sortInCategory.get(item.category) ?? 0;
      sortInCategory.set(item.category, sort + 1);
      return {
        brandId,
        categoryId: need(categoryIds, item.category, 'category', label),
        slug: item.slug,
        nameAr: item.name.ar,
        nameEn: item.name.en,
        descriptionAr: item.description.ar,
        descriptionEn: item.description.en,
        image: item.image,
        priceHalalas: item.priceHalalas,
        taxRateBp: item.taxRateBasisPoints,
        calories: item.calories,
        sort,
        isCombo,
      };
    });
    const idBySlug = new Map<string, number>();
    for (const chunk of chunks(itemRows, 13)) {
      const rows = await tx.insert(menuItems).values(chunk).returning({ id: menuItems.id, slug: menuItems.slug });
      for (const r of rows) idBySlug.set(r.slug, r.id);
    }
    const itemIds = new Map<string, number>();
    for (const { item } of allItems) itemIds.set(item.key, need(idBySlug, item.slug, 'item slug', label));

    const itemGroupRows = allItems.flatMap(({ item }) =>
      item.modifierGroups.map((g, sort) => ({
        itemId: need(itemIds, item.key, 'item', label),
        groupId: need(groupIds, g, 'modifier group', label),
        sort,
      })),
    );
    for (const chunk of chunks(itemGroupRows, 3)) await tx.insert(itemModifierGroups).values(chunk);

    // Combo slots and their choices.
    const slotInputs = data.combos.flatMap((c) =>
      c.slots.map((slot, sort) => ({ comboItemId: need(itemIds, c.item.key, 'item', label), slot, sort })),
    );
    if (slotInputs.length > 0) {
      const rows = await tx
        .insert(comboSlots)
        .values(
          slotInputs.map((s) => ({
            comboItemId: s.comboItemId,
            nameAr: s.slot.name.ar,
            nameEn: s.slot.name.en,
            sort: s.sort,
          })),
        )
        .returning({ id: comboSlots.id });
      const choiceRows = slotInputs.flatMap((s, i) => {
        const slotId = rows[i]?.id;
        if (slotId === undefined) throw new Error('combo slot insert returned too few rows');
        return s.slot.choices.map((choice, sort) => ({
          slotId,
          itemId: need(itemIds, choice.item, 'item', label),
          extraPriceHalalas: choice.extraPriceHalalas,
          sort,
        }));
      });
      for (const chunk of chunks(choiceRows, 4)) await tx.insert(comboSlotChoices).values(chunk);
    }

    // What each branch sells: every item except `itemsNotSold`; `itemsSoldOut` are sold but unavailable.
    const branchItemRows = data.branches.flatMap((b) => {
      const branchId = need(branchIds, b.key, 'branch', label);
      const notSold = new Set(b.itemsNotSold);
      const soldOut = new Set(b.itemsSoldOut);
      for (const key of [...notSold, ...soldOut]) need(itemIds, key, 'item', label);
      return allItems
        .filter(({ item }) => !notSold.has(item.key))
        .map(({ item }) => ({
          branchId,
          itemId: need(itemIds, item.key, 'item', label),
          isAvailable: !soldOut.has(item.key),
        }));
    });
    for (const chunk of chunks(branchItemRows, 3)) await tx.insert(branchItems).values(chunk);

    // Ads: brand-wide.
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

    await seedLoyalty(tx, brandId, data);
    await seedEvaluation(tx, brandId, data);
    await seedCoupons(tx, brandId, data);
    await invalidateMenu(tx, brandId);
    return {
      brandId,
      slug: data.slug,
      branchIds: Object.fromEntries(branchIds),
      itemIds: Object.fromEntries(itemIds),
    };
  });
}

/** The brand's points rule and levels (issue 15). */
async function seedLoyalty(db: Queryable, brandId: number, data: SeedBrand) {
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
  const items =
    slugs.length === 0
      ? []
      : await db
          .select({ id: menuItems.id, slug: menuItems.slug })
          .from(menuItems)
          .where(and(eq(menuItems.brandId, brandId), inArray(menuItems.slug, slugs)));
  const itemBySlug = new Map(items.map((i) => [i.slug, i.id]));
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

/** The brand's evaluation form and its questions (issue 17). */
async function seedEvaluation(db: Queryable, brandId: number, data: SeedBrand) {
  const form = data.evaluation;
  if (!form) return;
  let apologyRewardId: number | null = null;
  if (form.apologyRewardName) {
    const [reward] = await db
      .select({ id: rewards.id })
      .from(rewards)
      .where(and(eq(rewards.brandId, brandId), eq(rewards.nameEn, form.apologyRewardName)));
    if (!reward) throw new Error(`evaluation form: no reward named ${form.apologyRewardName}`);
    apologyRewardId = reward.id;
  }
  const [row] = await db
    .insert(evaluationForms)
    .values({
      brandId,
      nameAr: form.name.ar,
      nameEn: form.name.en,
      pointsReward: form.pointsReward,
      lowRatingThreshold: form.lowRatingThreshold,
      apologyRewardId,
    })
    .returning({ id: evaluationForms.id });
  if (!row) throw new Error('evaluation form insert returned nothing');
  await db.insert(evaluationQuestions).values(
    form.questions.map((q, position) => ({
      formId: row.id,
      kind: q.kind,
      labelAr: q.label.ar,
      labelEn: q.label.en,
      options: (q.options ?? []).map((o, i) => ({ id: i + 1, ar: o.ar, en: o.en })),
      position,
    })),
  );
}

/** A database seeded before evaluations existed gets the brand's form once, when it has none. */
async function seedEvaluationIfAbsent(db: Database, data: SeedBrand): Promise<void> {
  if (!data.evaluation) return;
  await db.transaction(async (tx) => {
    const [brand] = await tx.select({ id: brands.id }).from(brands).where(eq(brands.slug, data.slug));
    if (!brand) return;
    const [existing] = await tx
      .select({ id: evaluationForms.id })
      .from(evaluationForms)
      .where(eq(evaluationForms.brandId, brand.id));
    if (existing) return;
    await seedEvaluation(tx, brand.id, data);
  });
}

/** The brand's coupons (issue 16), their windows opening now. */
async function seedCoupons(db: Queryable, brandId: number, data: SeedBrand) {
  const list = data.coupons ?? [];
  if (list.length === 0) return;
  const slugs = list.flatMap((c) => (c.itemSlug ? [c.itemSlug] : []));
  const items =
    slugs.length === 0
      ? []
      : await db
          .select({ id: menuItems.id, slug: menuItems.slug })
          .from(menuItems)
          .where(and(eq(menuItems.brandId, brandId), inArray(menuItems.slug, slugs)));
  const itemBySlug = new Map(items.map((i) => [i.slug, i.id]));
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
async function seedCouponsIfAbsent(db: Database, data: SeedBrand): Promise<void> {
  if (!data.coupons?.length) return;
  await db.transaction(async (tx) => {
    const [brand] = await tx.select({ id: brands.id }).from(brands).where(eq(brands.slug, data.slug));
    if (!brand) return;
    const [existing] = await tx.select({ id: coupons.id }).from(coupons).where(eq(coupons.brandId, brand.id)).limit(1);
    if (existing) return;
    await seedCoupons(tx, brand.id, data);
  });
}

/** A database seeded before loyalty existed gets the brand's programme once, when it has none. */
async function seedLoyaltyIfAbsent(db: Database, data: SeedBrand): Promise<void> {
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

/** The brand's seed staff users with their branch links (passwords hashed here). */
async function seedStaff(db: Queryable, brandId: number, branchIds: Map<string, number>, data: SeedBrand) {
  for (const person of data.staff ?? []) {
    const [user] = await db
      .insert(staffUsers)
      .values({
        brandId,
        email: person.email.toLowerCase(),
        name: person.name,
        role: person.role,
        passwordHash: await hashPassword(person.password),
      })
      .returning({ id: staffUsers.id });
    if (!user) throw new Error('staff insert returned nothing');
    if (person.branches.length > 0) {
      await db
        .insert(staffUserBranches)
        .values(
          person.branches.map((key) => ({ staffUserId: user.id, branchId: need(branchIds, key, 'branch', data.slug) })),
        );
    }
  }
}

/**
 * A database seeded before staff existed (issue 3) gets the brand's seed staff once, when it has none;
 * branches are matched by their English name (seed keys are not stored).
 */
async function seedStaffIfAbsent(db: Database, data: SeedBrand): Promise<void> {
  if (!data.staff?.length) return;
  await db.transaction(async (tx) => {
    const [brand] = await tx.select({ id: brands.id }).from(brands).where(eq(brands.slug, data.slug));
    if (!brand) return;
    const [existing] = await tx
      .select({ id: staffUsers.id })
      .from(staffUsers)
      .where(eq(staffUsers.brandId, brand.id))
      .limit(1);
    if (existing) return;
    const rows = await tx
      .select({ id: branches.id, nameEn: branches.nameEn })
      .from(branches)
      .where(eq(branches.brandId, brand.id));
    const branchIds = new Map<string, number>();
    for (const b of data.branches) {
      const row = rows.find((r) => r.nameEn === b.name.en);
      if (row) branchIds.set(b.key, row.id);
    }
    await seedStaff(tx, brand.id, branchIds, data);
  });
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
  return seeded;
}

/** The benchmark brand with `itemCount` items, seeded when absent. */
export async function seedLarge(db: Database, itemCount = 1500): Promise<SeededBrand[]> {
  return seedBrandsIfAbsent(db, [largeBrand(itemCount)]);
}
