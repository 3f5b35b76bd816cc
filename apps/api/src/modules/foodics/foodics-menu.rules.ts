import type { FoodicsImportCounts, FoodicsImportKind } from '@sufra/shared/schemas/foodics-menu';
import { toHalalas } from './foodics-order.rules.ts';

/**
 * Foodics' menu as its list endpoints answer it (docs/adr/0680; REFERENCE-foodics-zatca.md §2's traps: relations
 * only when `include`d, soft-deleted rows still listed with `deleted_at`), and the pure rules that turn it into our
 * menu's rows: names, prices in halalas, what is live, a combo's base price and its choices' extras.
 */
export interface FoodicsNamed {
  id: string;
  name?: string | null;
  name_localized?: string | null;
  deleted_at?: string | null;
}

export interface FoodicsBranchPivot {
  id: string;
  pivot?: { price?: number | null; is_active?: boolean | null; is_in_stock?: boolean | null } | null;
}

export interface FoodicsCategory extends FoodicsNamed {}

export interface FoodicsModifier extends FoodicsNamed {
  options?: (FoodicsNamed & { price?: number | null; calories?: number | null; is_active?: boolean | null })[];
}

export interface FoodicsProduct extends FoodicsNamed {
  description?: string | null;
  description_localized?: string | null;
  price?: number | null;
  calories?: number | null;
  is_active?: boolean | null;
  category?: { id: string } | null;
  modifiers?: { id: string; pivot?: { minimum_options?: number | null; maximum_options?: number | null } | null }[];
  branches?: FoodicsBranchPivot[];
}

export interface FoodicsCombo extends FoodicsNamed {
  is_active?: boolean | null;
  category?: { id: string } | null;
  sizes?: FoodicsNamed[];
  groups?: (FoodicsNamed & {
    options?: { id: string; combo_size_id?: string | null; price?: number | null; product?: { id: string } | null }[];
  })[];
  branches?: FoodicsBranchPivot[];
}

export interface FoodicsMenu {
  categories: FoodicsCategory[];
  modifiers: FoodicsModifier[];
  products: FoodicsProduct[];
  combos: FoodicsCombo[];
}

/** What each list is asked to include (Foodics: `include=modifiers` is needed for products' modifiers). */
export const FOODICS_MENU_INCLUDES = {
  categories: undefined,
  modifiers: 'options',
  products: 'category,modifiers,branches',
  combos: 'category,sizes,groups.options,branches',
} as const;

/** A row Foodics still lists though it was deleted there. */
export const isLive = (row: { deleted_at?: string | null }) => !row.deleted_at;

/** Foodics' text as ours stores it: controls (NUL…) dropped, trimmed, bounded. */
const clean = (text: string | null | undefined, max: number) =>
  [...(text ?? '')]
    .filter((c) => {
      const code = c.charCodeAt(0);
      const loneSurrogate = c.length === 1 && code >= 0xd800 && code <= 0xdfff;
      return (code >= 32 || code === 9 || code === 10 || code === 13) && !loneSurrogate;
    })
    .join('')
    .trim()
    .slice(0, max);

/**
 * Our two names from Foodics' `name` (the business's main language; Saudi businesses mostly write English there
 * [?]) and `name_localized` (the other): Arabic is `name_localized` when given, else `name`; English `name`.
 */
export function namesOf(row: { name?: string | null; name_localized?: string | null }): {
  nameAr: string;
  nameEn: string;
} {
  const en = clean(row.name, 200) || clean(row.name_localized, 200) || '—';
  return { nameAr: clean(row.name_localized, 200) || en, nameEn: en };
}

export function descriptionsOf(row: FoodicsProduct): { descriptionAr: string; descriptionEn: string } {
  const en = clean(row.description, 2000);
  return { descriptionAr: clean(row.description_localized, 2000) || en, descriptionEn: en };
}

/** SAR (Foodics) → halalas, never negative. */
export const priceOf = (sar: number | null | undefined) => Math.max(0, toHalalas(Number(sar ?? 0) || 0));

export const caloriesOf = (n: number | null | undefined) =>
  typeof n === 'number' && Number.isFinite(n) && n >= 0 ? Math.round(n) : null;

/** A new item's slug from its Foodics id (unique per brand: the id is). */
export const slugFor = (prefix: 'foodics' | 'foodics-combo', foodicsId: string) =>
  `${prefix}-${foodicsId
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '')
    .slice(0, 60)}`;

/** A group's choices as our modifier group takes them: min ≤ max, max ≥ 1. */
export function choicesOf(
  pivot: { minimum_options?: number | null; maximum_options?: number | null } | undefined,
  options: number,
) {
  const max = Math.max(1, Math.round(pivot?.maximum_options ?? Math.max(1, options)));
  const min = Math.min(max, Math.max(0, Math.round(pivot?.minimum_options ?? 0)));
  return { minChoices: min, maxChoices: max };
}

export interface ComboPlan {
  /** The size our combo is (its first size: our combo has one price). */
  sizeId: string;
  priceHalalas: number;
  groups: {
    group: FoodicsNamed;
    choices: { optionId: string; productId: string; extraHalalas: number }[];
  }[];
}

/**
 * Our combo from a Foodics combo: its first size; per group, that size's options (a product each, at a price);
 * our price is the sum of each group's cheapest option, and each choice costs its difference as an extra (the
 * totals match Foodics' per-option prices). Null: no size.
 */
export function planCombo(combo: FoodicsCombo): ComboPlan | null {
  const size = (combo.sizes ?? []).find(isLive);
  if (!size) return null;
  let price = 0;
  const groups: ComboPlan['groups'] = [];
  for (const group of (combo.groups ?? []).filter(isLive)) {
    const options = (group.options ?? []).filter(
      (o) =>
        o.product?.id && (o.combo_size_id === undefined || o.combo_size_id === null || o.combo_size_id === size.id),
    );
    if (options.length === 0) continue;
    const base = Math.min(...options.map((o) => priceOf(o.price)));
    price += base;
    groups.push({
      group,
      choices: options.map((o) => ({
        optionId: o.id,
        productId: o.product?.id ?? '',
        extraHalalas: priceOf(o.price) - base,
      })),
    });
  }
  return { sizeId: size.id, priceHalalas: price, groups };
}

/**
 * How a product is sold at one of our branches mapped to `foodicsBranchId`: undefined when the product lists no
 * branches (not included: leave ours as they are); null when not sold there; else availability and a price of its
 * own (null: the item's).
 */
export function branchSale(
  branches: FoodicsBranchPivot[] | undefined,
  foodicsBranchId: string,
  itemPrice: number,
): { isAvailable: boolean; priceHalalas: number | null } | null | undefined {
  if (branches === undefined) return undefined;
  const at = branches.find((b) => b.id === foodicsBranchId);
  if (!at || at.pivot?.is_active === false) return null;
  const price = at.pivot?.price;
  const own = price === null || price === undefined ? null : priceOf(price);
  return { isAvailable: at.pivot?.is_in_stock !== false, priceHalalas: own === itemPrice ? null : own };
}

/** What the import changed per kind. */
export type ImportCounts = Record<FoodicsImportKind, FoodicsImportCounts>;

/** An unmapped row of ours with this English name, not adopted yet in this import (then it is). */
export function adopt<T extends { id: number; nameEn: string }>(
  rows: Iterable<T>,
  mappedLocal: Map<string, string>,
  nameEn: string,
  adopted: Set<number>,
): T | undefined {
  for (const row of rows) {
    if (mappedLocal.has(String(row.id)) || adopted.has(row.id)) continue;
    if (row.nameEn.trim().toLowerCase() !== nameEn.toLowerCase()) continue;
    adopted.add(row.id);
    return row;
  }
  return undefined;
}

/** Whether writing `next` over `row` changes anything (arrays compared by value). */
export const differs = (row: Record<string, unknown>, next: Record<string, unknown>) =>
  Object.entries(next).some(([k, v]) =>
    Array.isArray(v) ? JSON.stringify(v) !== JSON.stringify(row[k]) : (row[k] ?? null) !== (v ?? null),
  );
