import { z } from 'zod';
import { LANGUAGES } from '../language.ts';

/**
 * The menu of one branch in one language (`GET /api/menu/qr/{uuid}/`, language from Accept-Language).
 * Modifier groups are listed once and referenced by id, so a 1,500-item menu stays compact.
 * All money in halalas; prices are what the menu shows (tax mode from the brand).
 */
export const modifierOptionSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  priceHalalas: z.number().int(),
  calories: z.number().int().nullable(),
  available: z.boolean(),
});
export const modifierGroupSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  /** Choices the diner must make (0 = optional) and may make at most. */
  min: z.number().int().min(0),
  max: z.number().int().min(1),
  options: z.array(modifierOptionSchema),
});
export type ModifierGroup = z.infer<typeof modifierGroupSchema>;
export type ModifierOption = z.infer<typeof modifierOptionSchema>;

export const comboSlotSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  /** Products the diner may pick for this slot, each with what it adds to the combo price. */
  choices: z.array(z.object({ itemId: z.number().int(), extraPriceHalalas: z.number().int() })),
});
export type ComboSlot = z.infer<typeof comboSlotSchema>;

export const menuItemSchema = z.object({
  id: z.number().int(),
  categoryId: z.number().int(),
  /** URL-safe English name, used by /items/{uuid}/{name}. */
  slug: z.string(),
  name: z.string(),
  /** The name in the other language: a search finds the dish by either name, whatever the interface language. */
  altName: z.string(),
  description: z.string(),
  image: z.string().nullable(),
  priceHalalas: z.number().int(),
  /** Tax rate override in basis points, or null for the brand's VAT. */
  taxRateBasisPoints: z.number().int().nullable(),
  calories: z.number().int().nullable(),
  /** Sold at this branch but sold out right now. */
  available: z.boolean(),
  modifierGroupIds: z.array(z.number().int()),
  /** Present when the item is a combo. */
  combo: z.object({ slots: z.array(comboSlotSchema) }).nullable(),
});
export type MenuItem = z.infer<typeof menuItemSchema>;

export const menuCategorySchema = z.object({
  id: z.number().int(),
  name: z.string(),
  image: z.string().nullable(),
});
export type MenuCategory = z.infer<typeof menuCategorySchema>;

export const menuResponse = z.object({
  branchId: z.number().int(),
  language: z.enum(['ar', 'en']),
  currency: z.literal('SAR'),
  taxMode: z.enum(['inclusive', 'exclusive']),
  vatRateBasisPoints: z.number().int(),
  categories: z.array(menuCategorySchema),
  items: z.array(menuItemSchema),
  modifierGroups: z.array(modifierGroupSchema),
});
export type MenuResponse = z.infer<typeof menuResponse>;

/** `GET /api/menu/qr/{uuid}/items/{id}/`: one item with its groups and, for combos, the slot products. */
export const itemParams = z.object({ uuid: z.uuid(), id: z.coerce.number().int().positive().max(2_147_483_647) });
export const itemByNameParams = z.object({ uuid: z.uuid(), name: z.string().min(1).max(200) });
export const itemResponse = z.object({
  item: menuItemSchema,
  modifierGroups: z.array(modifierGroupSchema),
  /** The products a combo's slots refer to. */
  comboProducts: z.array(menuItemSchema),
});
export type ItemResponse = z.infer<typeof itemResponse>;

/**
 * `?lang=` on the menu: takes precedence over Accept-Language. The web app always sends it, so the URL alone says
 * which menu it is and the page's HTML can preload exactly that request (a preload cannot set headers).
 */
export const menuQuery = z.object({ lang: z.enum(LANGUAGES).optional() });
