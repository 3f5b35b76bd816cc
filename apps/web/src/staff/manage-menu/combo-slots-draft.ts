import type { AdminItem, ItemBody } from '@sufra/shared/schemas/menu-admin';
import { parseSarInput } from '../../lib/sar-input';

/** A combo's slot as typed in the item editor: names, and the products offered with their extra price (SAR text). */
export interface SlotDraft {
  key: string;
  nameAr: string;
  nameEn: string;
  choices: { key: string; itemId: number | null; extra: string }[];
}

let keys = 0;
const nextKey = () => {
  keys += 1;
  return `new-${keys}`;
};

export const newChoice = (): SlotDraft['choices'][number] => ({ key: nextKey(), itemId: null, extra: '0.00' });
export const newSlot = (): SlotDraft => ({ key: nextKey(), nameAr: '', nameEn: '', choices: [newChoice()] });

export function slotDraftsOf(item: Pick<AdminItem, 'comboSlots'>): SlotDraft[] {
  // Keys from positions: the same item gives the same draft (the editor's unsaved-change check compares them).
  return item.comboSlots.map((s, i) => ({
    key: `slot-${i}`,
    nameAr: s.name.ar,
    nameEn: s.name.en,
    choices: s.choices.map((c, j) => ({
      key: `choice-${i}-${j}`,
      itemId: c.itemId,
      extra: (c.extraPriceHalalas / 100).toFixed(2),
    })),
  }));
}

/** The slots' problems: a slot needs both names and at least one product chosen; extras in riyals (two decimals). */
export function slotDraftErrors(slots: readonly SlotDraft[]): string[] {
  const errors: string[] = [];
  slots.forEach((slot, i) => {
    if (slot.nameAr.trim() === '' || slot.nameEn.trim() === '') errors.push(`slot.${i}.name`);
    if (!slot.choices.some((c) => c.itemId !== null)) errors.push(`slot.${i}.choices`);
    slot.choices.forEach((c, j) => {
      if (parseSarInput(c.extra) === null) errors.push(`slot.${i}.choice.${j}.extra`);
    });
  });
  return errors;
}

/** The API's `comboSlots` (extras in halalas; rows with no product chosen left out). */
export function slotsBodyOf(slots: readonly SlotDraft[]): NonNullable<ItemBody['comboSlots']> {
  return slots.map((s) => ({
    name: { ar: s.nameAr.trim(), en: s.nameEn.trim() },
    choices: s.choices.flatMap((c) =>
      c.itemId === null ? [] : [{ itemId: c.itemId, extraPriceHalalas: parseSarInput(c.extra) ?? 0 }],
    ),
  }));
}
