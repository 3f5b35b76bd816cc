import { z } from 'zod';
import { DB_INT_MAX, localizedText } from './common.ts';

/**
 * The Foodics menu import and the id mapping (issue 28 items 1 and 6, docs/adr/0680), owners only:
 *
 *   POST /api/staff/manage/foodics/menu-import/   pulls Foodics' menu and writes ours in one transaction
 *                                                 → foodicsMenuImportSummary (created/updated/deactivated per kind)
 *   GET  /api/staff/manage/foodics/mapping/       our branches and items with their Foodics id (null: unmapped), and
 *                                                 Foodics' branches and products mapped to nothing of ours
 *   PUT  /api/staff/manage/foodics/mapping/       { kind, localId, foodicsId | null }: map or unmap one (a Foodics id
 *                                                 maps to one of ours per kind at most: 409)
 */
export const FOODICS_IMPORT_KINDS = [
  'categories',
  'products',
  'modifiers',
  'modifierOptions',
  'combos',
  'branchItems',
] as const;
export type FoodicsImportKind = (typeof FOODICS_IMPORT_KINDS)[number];

const importCounts = z.object({
  created: z.number().int().min(0),
  updated: z.number().int().min(0),
  deactivated: z.number().int().min(0),
});
export type FoodicsImportCounts = z.infer<typeof importCounts>;

export const foodicsMenuImportSummary = z.object({
  counts: z.object(
    Object.fromEntries(FOODICS_IMPORT_KINDS.map((k) => [k, importCounts])) as Record<
      FoodicsImportKind,
      typeof importCounts
    >,
  ),
  /** Foodics products left out: their category is not in the import (deleted or unknown at Foodics). */
  skipped: z.number().int().min(0),
  at: z.iso.datetime(),
});
export type FoodicsMenuImportSummary = z.infer<typeof foodicsMenuImportSummary>;

/**
 * What the mapping page maps: a branch, a product (an item that is not a combo), a combo (its Foodics combo size), a
 * dine-in table (its Foodics table id, typed in: Foodics' table list is not read, docs/adr/0751).
 */
export const FOODICS_MAPPING_KINDS = ['branch', 'product', 'combo_size', 'table'] as const;
export type FoodicsMappingKind = (typeof FOODICS_MAPPING_KINDS)[number];

const localRow = z.object({
  kind: z.enum(FOODICS_MAPPING_KINDS),
  id: z.number().int(),
  name: localizedText,
  /** Items only: inactive items are on no menu. */
  active: z.boolean(),
  /** Tables only: the table's branch (its name is `branchName`); null for the other kinds. */
  branchId: z.number().int().nullable(),
  branchName: localizedText.nullable(),
  foodicsId: z.string().nullable(),
  /** Foodics' name for the mapped id when Foodics listed it (null: unmapped, or not found there). */
  foodicsName: z.string().nullable(),
});
export type FoodicsMappingLocal = z.infer<typeof localRow>;

const remoteRow = z.object({
  kind: z.enum(FOODICS_MAPPING_KINDS),
  foodicsId: z.string(),
  name: z.string(),
});
export type FoodicsMappingRemote = z.infer<typeof remoteRow>;

export const foodicsMapping = z.object({
  /** Ours: branches, then items; unmapped first. */
  local: z.array(localRow),
  /** Foodics' branches, products and combo sizes that nothing of ours maps to. */
  unmappedAtFoodics: z.array(remoteRow),
  /** Foodics could not be read (the code of the error): `unmappedAtFoodics` is empty, ours still listed. */
  foodicsError: z.string().nullable(),
});
export type FoodicsMapping = z.infer<typeof foodicsMapping>;

export const foodicsMappingBody = z.object({
  kind: z.enum(FOODICS_MAPPING_KINDS),
  localId: z.number().int().positive().max(DB_INT_MAX),
  /** null: unmapped. Foodics' ids are uuids; letters, digits, '-', '_', '.' and ':' (the fake's and the seed's). */
  foodicsId: z
    .string()
    .trim()
    .min(1)
    .max(100)
    .regex(/^[\w.:-]+$/)
    .nullable(),
});
export type FoodicsMappingBody = z.infer<typeof foodicsMappingBody>;

export const foodicsMappingResult = z.object({
  kind: z.enum(FOODICS_MAPPING_KINDS),
  localId: z.number().int(),
  foodicsId: z.string().nullable(),
});
