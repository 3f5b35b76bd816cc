import type { ComboSlot, MenuItem, ModifierGroup } from '@sufra/shared/schemas/menu';
import type { CartCombo, CartModifierChoice, CartProduct } from '../../lib/cart-lines';

/** What the diner has picked on the item page: option ids per modifier group, product id per combo slot. */
export type OptionSelection = Readonly<Record<number, readonly number[]>>;
export type SlotSelection = Readonly<Record<number, number>>;

/** A group is a radio list when exactly one choice is required; otherwise checkboxes (up to max). */
export function isSingleChoice(group: Pick<ModifierGroup, 'min' | 'max'>): boolean {
  return group.min === 1 && group.max === 1;
}

export function selectedIn(selection: OptionSelection, groupId: number): readonly number[] {
  return selection[groupId] ?? [];
}

/** Ticks or unticks an option, never going past the group's max (a radio group replaces its choice). */
export function toggleOption(selection: OptionSelection, group: ModifierGroup, optionId: number): OptionSelection {
  const current = selectedIn(selection, group.id);
  const option = group.options.find((o) => o.id === optionId);
  if (!option) return selection;
  if (isSingleChoice(group)) return { ...selection, [group.id]: [optionId] };
  if (current.includes(optionId)) return { ...selection, [group.id]: current.filter((id) => id !== optionId) };
  if (!option.available || current.length >= group.max) return selection;
  return { ...selection, [group.id]: [...current, optionId] };
}

/** Groups whose minimum is not met yet, in display order. */
export function unmetGroups(groups: readonly ModifierGroup[], selection: OptionSelection): ModifierGroup[] {
  return groups.filter((group) => selectedIn(selection, group.id).length < group.min);
}

export function unfilledSlots(slots: readonly ComboSlot[], choices: SlotSelection): ComboSlot[] {
  return slots.filter((slot) => !slot.choices.some((c) => c.itemId === choices[slot.id]));
}

export function chosenModifiers(groups: readonly ModifierGroup[], selection: OptionSelection): CartModifierChoice[] {
  const result: CartModifierChoice[] = [];
  for (const group of groups) {
    for (const optionId of selectedIn(selection, group.id)) {
      const option = group.options.find((o) => o.id === optionId);
      if (option) result.push({ groupId: group.id, optionId, name: option.name, priceHalalas: option.priceHalalas });
    }
  }
  return result;
}

function slotExtras(slots: readonly ComboSlot[], choices: SlotSelection): number {
  let sum = 0;
  for (const slot of slots) {
    const choice = slot.choices.find((c) => c.itemId === choices[slot.id]);
    if (choice) sum += choice.extraPriceHalalas;
  }
  return sum;
}

/** Price of one unit: the item's price, its chosen options and the chosen combo products' extras. */
export function unitTotal(
  item: Pick<MenuItem, 'priceHalalas' | 'combo'>,
  groups: readonly ModifierGroup[],
  selection: OptionSelection,
  choices: SlotSelection,
): number {
  const options = chosenModifiers(groups, selection).reduce((sum, m) => sum + m.priceHalalas, 0);
  return item.priceHalalas + options + slotExtras(item.combo?.slots ?? [], choices);
}

export function toCartProduct(
  item: MenuItem,
  groups: readonly ModifierGroup[],
  selection: OptionSelection,
  quantity: number,
): CartProduct {
  return {
    itemId: item.id,
    slug: item.slug,
    name: item.name,
    image: item.image,
    unitPriceHalalas: item.priceHalalas,
    taxRateBasisPoints: item.taxRateBasisPoints,
    modifiers: chosenModifiers(groups, selection),
    productQuantity: quantity,
  };
}

export function toCartCombo(
  item: MenuItem,
  groups: readonly ModifierGroup[],
  selection: OptionSelection,
  choices: SlotSelection,
  products: readonly MenuItem[],
  quantity: number,
): CartCombo {
  const slots = (item.combo?.slots ?? []).flatMap((slot) => {
    const choice = slot.choices.find((c) => c.itemId === choices[slot.id]);
    if (!choice) return [];
    const product = products.find((p) => p.id === choice.itemId);
    return [
      {
        slotId: slot.id,
        slotName: slot.name,
        itemId: choice.itemId,
        name: product?.name ?? '',
        image: product?.image ?? null,
        extraPriceHalalas: choice.extraPriceHalalas,
      },
    ];
  });
  return {
    comboId: item.id,
    slug: item.slug,
    name: item.name,
    image: item.image,
    unitPriceHalalas: item.priceHalalas,
    taxRateBasisPoints: item.taxRateBasisPoints,
    slots,
    modifiers: chosenModifiers(groups, selection),
    comboQuantity: quantity,
  };
}
