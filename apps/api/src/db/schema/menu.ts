import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, primaryKey, text, timestamp, unique } from 'drizzle-orm/pg-core';
import { branches } from './branches.ts';
import { brands } from './brands.ts';

export const menuCategories = pgTable(
  'menu_categories',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    brandId: integer()
      .notNull()
      .references(() => brands.id, { onDelete: 'cascade' }),
    nameAr: text().notNull(),
    nameEn: text().notNull(),
    descriptionAr: text().notNull().default(''),
    descriptionEn: text().notNull().default(''),
    image: text(),
    sort: integer().notNull().default(0),
    /**
     * A visibility window in minutes of the day on the branch's wall clock (breakfast 6–11: 360, 660); both null =
     * always. `from > until` wraps past midnight (22–02). The diner's menu shows the category's items only inside it.
     */
    visibleFromMinute: integer(),
    visibleUntilMinute: integer(),
    /** Moved by every console save; a save made at an older version is refused (409), never a silent overwrite. */
    version: integer().notNull().default(1),
  },
  (t) => [
    index('menu_categories_brand_idx').on(t.brandId, t.sort),
    check(
      'menu_categories_window_check',
      sql`(${t.visibleFromMinute} is null and ${t.visibleUntilMinute} is null) or (${t.visibleFromMinute} between 0 and 1439 and ${t.visibleUntilMinute} between 0 and 1440 and ${t.visibleFromMinute} <> ${t.visibleUntilMinute})`,
    ),
  ],
);

export const menuItems = pgTable(
  'menu_items',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    brandId: integer()
      .notNull()
      .references(() => brands.id, { onDelete: 'cascade' }),
    categoryId: integer()
      .notNull()
      .references(() => menuCategories.id, { onDelete: 'cascade' }),
    slug: text().notNull(),
    nameAr: text().notNull(),
    nameEn: text().notNull(),
    descriptionAr: text().notNull().default(''),
    descriptionEn: text().notNull().default(''),
    image: text(),
    priceHalalas: integer().notNull(),
    /** Overrides the brand's VAT when set. */
    taxRateBp: integer(),
    calories: integer(),
    sort: integer().notNull().default(0),
    isCombo: boolean().notNull().default(false),
    /** Codes of the fixed allergen list (@sufra/shared/menu-allergens). */
    allergens: text().array().notNull().default(sql`'{}'::text[]`),
    /** The photo's placeholder colour (#rrggbb), shown while it loads. */
    imageColor: text(),
    /** An inactive item is on no diner's menu (kept for history and the console). */
    active: boolean().notNull().default(true),
    /** Moved by every console save; a save made at an older version is refused (409), never a silent overwrite. */
    version: integer().notNull().default(1),
  },
  (t) => [
    unique('menu_items_brand_slug_uq').on(t.brandId, t.slug),
    index('menu_items_category_idx').on(t.categoryId, t.sort),
    check('menu_items_price_check', sql`${t.priceHalalas} >= 0`),
    check('menu_items_tax_check', sql`${t.taxRateBp} is null or ${t.taxRateBp} >= 0`),
    check('menu_items_calories_check', sql`${t.calories} is null or ${t.calories} >= 0`),
  ],
);

export const modifierGroups = pgTable(
  'modifier_groups',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    brandId: integer()
      .notNull()
      .references(() => brands.id, { onDelete: 'cascade' }),
    nameAr: text().notNull(),
    nameEn: text().notNull(),
    minChoices: integer().notNull().default(0),
    maxChoices: integer().notNull().default(1),
    /** Moved by every console save of the group or its options; a save at an older version is refused (409). */
    version: integer().notNull().default(1),
  },
  (t) => [
    index('modifier_groups_brand_idx').on(t.brandId),
    check(
      'modifier_groups_min_max_check',
      sql`${t.minChoices} >= 0 and ${t.minChoices} <= ${t.maxChoices} and ${t.maxChoices} >= 1`,
    ),
  ],
);

export const modifierOptions = pgTable(
  'modifier_options',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    groupId: integer()
      .notNull()
      .references(() => modifierGroups.id, { onDelete: 'cascade' }),
    nameAr: text().notNull(),
    nameEn: text().notNull(),
    priceHalalas: integer().notNull().default(0),
    calories: integer(),
    available: boolean().notNull().default(true),
    sort: integer().notNull().default(0),
  },
  (t) => [
    index('modifier_options_group_idx').on(t.groupId, t.sort),
    check('modifier_options_price_check', sql`${t.priceHalalas} >= 0`),
  ],
);

export const itemModifierGroups = pgTable(
  'item_modifier_groups',
  {
    itemId: integer()
      .notNull()
      .references(() => menuItems.id, { onDelete: 'cascade' }),
    groupId: integer()
      .notNull()
      .references(() => modifierGroups.id, { onDelete: 'cascade' }),
    sort: integer().notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.itemId, t.groupId] }), index('item_modifier_groups_group_idx').on(t.groupId)],
);

export const comboSlots = pgTable(
  'combo_slots',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    comboItemId: integer()
      .notNull()
      .references(() => menuItems.id, { onDelete: 'cascade' }),
    nameAr: text().notNull(),
    nameEn: text().notNull(),
    sort: integer().notNull().default(0),
  },
  (t) => [index('combo_slots_item_idx').on(t.comboItemId, t.sort)],
);

export const comboSlotChoices = pgTable(
  'combo_slot_choices',
  {
    slotId: integer()
      .notNull()
      .references(() => comboSlots.id, { onDelete: 'cascade' }),
    itemId: integer()
      .notNull()
      .references(() => menuItems.id, { onDelete: 'cascade' }),
    extraPriceHalalas: integer().notNull().default(0),
    sort: integer().notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.slotId, t.itemId] }),
    index('combo_slot_choices_item_idx').on(t.itemId),
    check('combo_slot_choices_price_check', sql`${t.extraPriceHalalas} >= 0`),
  ],
);

/**
 * An item is sold at a branch when a row exists; `isAvailable` false = sold out until someone sets it back;
 * `soldOutUntil` = "sold out today", over by itself at the branch's next business day (no one has to clear it);
 * `priceHalalas` = this branch's price instead of the item's.
 */
export const branchItems = pgTable(
  'branch_items',
  {
    branchId: integer()
      .notNull()
      .references(() => branches.id, { onDelete: 'cascade' }),
    itemId: integer()
      .notNull()
      .references(() => menuItems.id, { onDelete: 'cascade' }),
    isAvailable: boolean().notNull().default(true),
    soldOutUntil: timestamp({ withTimezone: true }),
    priceHalalas: integer(),
  },
  (t) => [
    primaryKey({ columns: [t.branchId, t.itemId] }),
    index('branch_items_item_idx').on(t.itemId),
    check('branch_items_price_check', sql`${t.priceHalalas} is null or ${t.priceHalalas} >= 0`),
  ],
);
