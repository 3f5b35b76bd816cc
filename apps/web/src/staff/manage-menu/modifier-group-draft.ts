import type { AdminModifierGroup, ModifierGroupBody } from '@sufra/shared/schemas/menu-admin';
import { parseSarInput } from '../../lib/sar-input';

/** One option as typed in the group editor (its price as SAR text); `id` for an option the group already has. */
export interface OptionDraft {
  key: string;
  id?: number;
  nameAr: string;
  nameEn: string;
  price: string;
  available: boolean;
}

/** The group editor's form: names, min and max as typed, options, and the items it is attached to. */
export interface GroupDraft {
  nameAr: string;
  nameEn: string;
  min: string;
  max: string;
  options: OptionDraft[];
  itemIds: number[];
}

export type GroupDraftError =
  | 'nameAr'
  | 'nameEn'
  | 'min'
  | 'max'
  | 'minOverMax'
  | 'noOptions'
  | `option.${number}.nameAr`
  | `option.${number}.nameEn`
  | `option.${number}.price`;

let keys = 0;
export function newOption(): OptionDraft {
  keys += 1;
  return { key: `new-${keys}`, nameAr: '', nameEn: '', price: '0.00', available: true };
}

export function groupDraftOf(group: AdminModifierGroup | null, itemIds: number[]): GroupDraft {
  if (!group) return { nameAr: '', nameEn: '', min: '0', max: '1', options: [newOption()], itemIds };
  return {
    nameAr: group.name.ar,
    nameEn: group.name.en,
    min: String(group.min),
    max: String(group.max),
    options: group.options.map((o) => ({
      key: `option-${o.id}`,
      id: o.id,
      nameAr: o.name.ar,
      nameEn: o.name.en,
      price: (o.priceHalalas / 100).toFixed(2),
      available: o.available,
    })),
    itemIds,
  };
}

/** A whole number 0–20 typed in either digit system, or null. */
function countOf(typed: string): number | null {
  const text = typed.trim().replace(/[٠-٩]/g, (d) => String(d.charCodeAt(0) - 0x0660));
  if (!/^\d{1,2}$/.test(text)) return null;
  const n = Number(text);
  return n <= 20 ? n : null;
}

/**
 * The editor's rules, the API's own (min ≤ max, max ≥ 1, at least one option, names in both languages, prices in
 * riyals with at most two decimals): the errors to show, each under its field; none = the form can be saved.
 */
export function groupDraftErrors(draft: GroupDraft): GroupDraftError[] {
  const errors: GroupDraftError[] = [];
  if (draft.nameAr.trim() === '') errors.push('nameAr');
  if (draft.nameEn.trim() === '') errors.push('nameEn');
  const min = countOf(draft.min);
  const max = countOf(draft.max);
  if (min === null) errors.push('min');
  if (max === null || max < 1) errors.push('max');
  if (min !== null && max !== null && max >= 1 && min > max) errors.push('minOverMax');
  if (draft.options.length === 0) errors.push('noOptions');
  draft.options.forEach((o, i) => {
    if (o.nameAr.trim() === '') errors.push(`option.${i}.nameAr`);
    if (o.nameEn.trim() === '') errors.push(`option.${i}.nameEn`);
    if (parseSarInput(o.price) === null) errors.push(`option.${i}.price`);
  });
  return errors;
}

/**
 * The body the API takes (prices in halalas), or null while the form has errors. `itemLinks` names only the items
 * whose attachment changed, each at the version read (`versions`), so an item saved since is refused by name.
 */
export function groupBodyOf(
  draft: GroupDraft,
  attachedBefore: readonly number[],
  versions: ReadonlyMap<number, number>,
): (Omit<ModifierGroupBody, 'itemLinks'> & { itemLinks: NonNullable<ModifierGroupBody['itemLinks']> }) | null {
  if (groupDraftErrors(draft).length > 0) return null;
  const before = new Set(attachedBefore);
  const after = new Set(draft.itemIds);
  const changed = [...new Set([...before, ...after])].filter((id) => before.has(id) !== after.has(id));
  return {
    name: { ar: draft.nameAr.trim(), en: draft.nameEn.trim() },
    min: countOf(draft.min) ?? 0,
    max: countOf(draft.max) ?? 1,
    options: draft.options.map((o) => ({
      ...(o.id === undefined ? {} : { id: o.id }),
      name: { ar: o.nameAr.trim(), en: o.nameEn.trim() },
      priceHalalas: parseSarInput(o.price) ?? 0,
      available: o.available,
    })),
    itemLinks: changed
      .sort((a, b) => a - b)
      .map((itemId) => ({ itemId, version: versions.get(itemId) ?? 1, attached: after.has(itemId) })),
  };
}
