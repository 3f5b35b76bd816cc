import { z } from 'zod';
import { ITEM_LIST_PAGE } from '../menu/item-list-page.ts';
import { MENU_ALLERGEN_CODES } from '../menu/menu-allergens.ts';
import { PRICING_LIMITS } from '../pricing/price-cart-input.ts';
import { dbId } from './common.ts';
import { storableText } from './storable-text.ts';

/** The menu console's contract (issue 26 items 2 and 3): /api/staff/manage/menu/... */

const name = () => storableText().trim().max(120);
const description = () => storableText().trim().max(1_000);
const price = z.number().int().min(0).max(PRICING_LIMITS.maxAmountHalalas);
/** A minute of the local day (0–1439), or 1440 for a window ending at midnight. */
const dayMinute = z.number().int().min(0).max(1440);
/** The version the client read; a save at an older one is refused with 409 and both values. */
const version = z.number().int().min(1).max(2_147_483_647);

export const adminCategorySchema = z.object({
  id: z.number().int(),
  name: z.object({ ar: z.string(), en: z.string() }),
  description: z.object({ ar: z.string(), en: z.string() }),
  sort: z.number().int(),
  visibleFromMinute: z.number().int().nullable(),
  visibleUntilMinute: z.number().int().nullable(),
  itemCount: z.number().int(),
  version: z.number().int(),
});
export type AdminCategory = z.infer<typeof adminCategorySchema>;

export const categoryBody = z.object({
  name: z.object({ ar: name(), en: name() }),
  description: z.object({ ar: description(), en: description() }).default({ ar: '', en: '' }),
  visibleFromMinute: dayMinute.nullable().default(null),
  visibleUntilMinute: dayMinute.nullable().default(null),
});
export type CategoryBody = z.input<typeof categoryBody>;
export const categoryUpdateBody = categoryBody.extend({ version });
export type CategoryUpdateBody = z.input<typeof categoryUpdateBody>;

export const categoryOrderBody = z.object({ categoryIds: z.array(dbId).min(1).max(500) });

/** One item at one branch, as the console shows it: sold there, sold out (today or until set back), its price. */
export const adminBranchItemSchema = z.object({
  branchId: z.number().int(),
  sold: z.boolean(),
  available: z.boolean(),
  soldOutUntil: z.string().nullable(),
  priceHalalas: z.number().int().nullable(),
});
export type AdminBranchItem = z.infer<typeof adminBranchItemSchema>;

export const adminComboSlotSchema = z.object({
  name: z.object({ ar: z.string(), en: z.string() }),
  choices: z.array(z.object({ itemId: z.number().int(), extraPriceHalalas: z.number().int() })),
});

export const adminItemSchema = z.object({
  id: z.number().int(),
  categoryId: z.number().int(),
  slug: z.string(),
  name: z.object({ ar: z.string(), en: z.string() }),
  description: z.object({ ar: z.string(), en: z.string() }),
  priceHalalas: z.number().int(),
  taxRateBasisPoints: z.number().int().nullable(),
  calories: z.number().int().nullable(),
  allergens: z.array(z.string()),
  image: z.string().nullable(),
  imageColor: z.string().nullable(),
  active: z.boolean(),
  isCombo: z.boolean(),
  modifierGroupIds: z.array(z.number().int()),
  comboSlots: z.array(adminComboSlotSchema),
  branches: z.array(adminBranchItemSchema),
  version: z.number().int(),
});
export type AdminItem = z.infer<typeof adminItemSchema>;

export const itemBody = z.object({
  categoryId: dbId,
  name: z.object({ ar: name(), en: name() }),
  description: z.object({ ar: description(), en: description() }).default({ ar: '', en: '' }),
  priceHalalas: price,
  taxRateBasisPoints: z.number().int().min(0).max(10_000).nullable().default(null),
  calories: z.number().int().min(0).max(100_000).nullable().default(null),
  allergens: z.array(z.enum(MENU_ALLERGEN_CODES)).max(MENU_ALLERGEN_CODES.length).default([]),
  active: z.boolean().default(true),
  modifierGroupIds: z.array(dbId).max(20).default([]),
  /** A combo's slots, each offering products of the brand; empty = a plain item. */
  comboSlots: z
    .array(
      z.object({
        name: z.object({ ar: name(), en: name() }),
        choices: z
          .array(z.object({ itemId: dbId, extraPriceHalalas: price.default(0) }))
          .min(1)
          .max(50),
      }),
    )
    .max(10)
    .default([]),
});
export type ItemBody = z.input<typeof itemBody>;
export const itemUpdateBody = itemBody.extend({ version });
export type ItemUpdateBody = z.input<typeof itemUpdateBody>;

/** One item at one branch: sold there or not, sold out (today: back by itself the next business day), its price. */
export const branchItemBody = z.object({
  sold: z.boolean(),
  availability: z.enum(['available', 'sold_out_today', 'sold_out']),
  priceHalalas: price.nullable().default(null),
});
export type BranchItemBody = z.input<typeof branchItemBody>;

/** An item as the client read it: its id and version (a bulk write refuses items changed since, naming them). */
const itemRef = z.object({ id: dbId, version });

export const BULK_ACTIONS = ['sold_out_today', 'back_in_stock', 'move_category', 'activate', 'deactivate'] as const;
export const bulkBody = z.object({
  items: z.array(itemRef).min(1).max(2_000),
  action: z.enum(BULK_ACTIONS),
  /** For sold_out_today / back_in_stock: the branch (a manager's own). */
  branchId: dbId.optional(),
  /** For move_category. */
  categoryId: dbId.optional(),
});
export type BulkBody = z.input<typeof bulkBody>;
export const bulkResponse = z.object({ changed: z.number().int() });
/** The `details` of a 409 `menu_bulk_conflict`: the items saved by someone else since they were read. */
export const bulkConflictDetails = z.object({
  conflicts: z.array(
    z.object({ id: z.number().int(), name: z.object({ ar: z.string(), en: z.string() }), version: z.number().int() }),
  ),
});
export type BulkConflictDetails = z.infer<typeof bulkConflictDetails>;

export const adminModifierGroupSchema = z.object({
  id: z.number().int(),
  name: z.object({ ar: z.string(), en: z.string() }),
  min: z.number().int(),
  max: z.number().int(),
  options: z.array(
    z.object({
      id: z.number().int(),
      name: z.object({ ar: z.string(), en: z.string() }),
      priceHalalas: z.number().int(),
      available: z.boolean(),
    }),
  ),
  version: z.number().int(),
});
export type AdminModifierGroup = z.infer<typeof adminModifierGroupSchema>;

export const modifierGroupBody = z.object({
  name: z.object({ ar: name(), en: name() }),
  min: z.number().int().min(0).max(20),
  max: z.number().int().min(1).max(20),
  options: z
    .array(
      z.object({
        /** An option of this group kept (edited in place: a diner's cart holding it stays valid); none = new. */
        id: dbId.optional(),
        name: z.object({ ar: name(), en: name() }),
        priceHalalas: price.default(0),
        available: z.boolean().default(true),
      }),
    )
    .min(1)
    .max(50),
  /** Items this save attaches the group to or takes it off, each at the version read (checked, then moved on). */
  itemLinks: z
    .array(z.object({ itemId: dbId, version, attached: z.boolean() }))
    .max(2_000)
    .default([]),
});
export type ModifierGroupBody = z.input<typeof modifierGroupBody>;
export const modifierGroupUpdateBody = modifierGroupBody.extend({ version });
export type ModifierGroupUpdateBody = z.input<typeof modifierGroupUpdateBody>;

export const adminMenuResponse = z.object({
  /** Whether this staff user may edit the brand-wide menu (owner; a manager when the brand allows it). */
  canEditMenu: z.boolean(),
  branches: z.array(
    z.object({ id: z.number().int(), name: z.object({ ar: z.string(), en: z.string() }), timeZone: z.string() }),
  ),
  categories: z.array(adminCategorySchema),
  items: z.array(adminItemSchema),
  modifierGroups: z.array(adminModifierGroupSchema),
});
export type AdminMenuResponse = z.infer<typeof adminMenuResponse>;

/**
 * The console's item list, a page at a time (issue 26's 1,500-item figure, docs/adr/0710): filtered, sorted and
 * paged by the server, so the list opens on one small answer. The status is read at `branch` (default: the user's
 * first branch), as the list shows it: available, sold out (today or until set back), not sold there, or inactive.
 */
export const ITEM_LIST_STATUSES = ['all', 'available', 'soldOut', 'notSold', 'inactive'] as const;
export type ItemListStatus = (typeof ITEM_LIST_STATUSES)[number];
/** `menu`: the diner's order (category, then item); `name` and `category` by the names in the request's language. */
export const ITEM_LIST_SORTS = ['menu', 'name', 'category', 'price', 'active'] as const;
export type ItemListSort = (typeof ITEM_LIST_SORTS)[number];
export { ITEM_LIST_PAGE };

export const itemListQuery = z.object({
  /** Part of the Arabic or English name or of the slug (case-insensitive). */
  q: z.string().trim().max(100).default(''),
  category: z.coerce.number().int().positive().max(2_147_483_647).optional(),
  status: z.enum(ITEM_LIST_STATUSES).default('all'),
  branch: z.coerce.number().int().positive().max(2_147_483_647).optional(),
  sort: z.enum(ITEM_LIST_SORTS).default('menu'),
  direction: z.enum(['asc', 'desc']).default('asc'),
  offset: z.coerce.number().int().min(0).max(100_000).default(0),
  limit: z.coerce.number().int().min(1).max(100).default(ITEM_LIST_PAGE),
});
export type ItemListQuery = z.input<typeof itemListQuery>;

export const itemListResponse = adminMenuResponse.pick({ canEditMenu: true, branches: true, categories: true }).extend({
  /** The branch the statuses were read at (null: the user has none). */
  branchId: z.number().int().nullable(),
  items: z.array(adminItemSchema),
  /** Items matching the filters, over all pages. */
  total: z.number().int(),
  offset: z.number().int(),
  limit: z.number().int(),
});
export type ItemListResponse = z.infer<typeof itemListResponse>;

export const csvImportBody = z.object({ csv: z.string().min(1).max(4_000_000) });
export const csvImportResponse = z.object({ created: z.number().int(), updated: z.number().int() });
export const csvExportResponse = z.object({ filename: z.string(), csv: z.string() });
