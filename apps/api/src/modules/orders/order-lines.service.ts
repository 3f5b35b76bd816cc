import type { ErrorCode } from '@sufra/shared/messages/errors';
import type { CartLineInput, CartPricing } from '@sufra/shared/pricing/price-cart';
import type { MenuItem } from '@sufra/shared/schemas/menu';
import type { OrderLine, placeOrderBody } from '@sufra/shared/schemas/order';
import type { z } from 'zod';
import type { OrderLineInsert } from '../../core/order-rows.repo.ts';
import { AppError } from '../../plugins/errors.ts';
import type { MenuService } from '../menu/menu.service.ts';

/** One branch's menu in one language, as the menu service builds it. */
type BuiltMenu = Awaited<ReturnType<MenuService['getMenu']>>;

export type PlaceOrderInput = z.output<typeof placeOrderBody>;

/** Line-level refusals say which line (index in the request) and item they are about. */
function lineError(code: ErrorCode, line: number, itemId: number): AppError {
  return new AppError(code, { line, itemId });
}

export interface PricedLine {
  input: CartLineInput;
  row: Omit<OrderLineInsert, 'orderId' | 'unitPriceHalalas' | 'subtotal' | 'tax' | 'total'>;
}

/**
 * Checks every line against the branch's menu (both languages, for the snapshots) and builds priceCart's input:
 * per line its item (lineItems), its modifiers (chosenModifiers), then its price's input and row (pricedLine).
 */
export async function priceLines(
  menu: Pick<MenuService, 'itemExistsInBrand'>,
  brandId: number,
  menus: { ar: BuiltMenu; en: BuiltMenu },
  body: PlaceOrderInput,
): Promise<PricedLine[]> {
  const priced: PricedLine[] = [];
  for (const [index, line] of body.lines.entries()) {
    const { item, itemAr } = await lineItems(menu, brandId, menus, line.itemId, index);
    const modifiers = chosenModifiers(menus, item, line, index);
    priced.push(pricedLine(menus, item, itemAr, line, index, modifiers));
  }
  return priced;
}

type BodyLine = PlaceOrderInput['lines'][number];

/** The line's item in both languages' menus, refused when it is not on this branch's menu or not available. */
async function lineItems(
  menu: Pick<MenuService, 'itemExistsInBrand'>,
  brandId: number,
  menus: { ar: BuiltMenu; en: BuiltMenu },
  itemId: number,
  index: number,
): Promise<{ item: MenuItem; itemAr: MenuItem }> {
  const item = menus.en.itemsById.get(itemId);
  const itemAr = menus.ar.itemsById.get(itemId);
  if (!item || !itemAr) {
    const exists = await menu.itemExistsInBrand(brandId, itemId);
    throw lineError(exists ? 'item_not_available' : 'item_not_found', index, itemId);
  }
  if (!item.available) throw lineError('item_not_available', index, itemId);
  return { item, itemAr };
}

/** Modifiers: every option must belong to one of the item's groups; each group's count within min..max. */
function chosenModifiers(
  menus: { ar: BuiltMenu; en: BuiltMenu },
  item: MenuItem,
  line: BodyLine,
  index: number,
): OrderLine['modifiers'] {
  const { ar, en } = menus;
  const optionsOfItem = new Map<
    number,
    { groupId: number; price: number; available: boolean; ar: string; en: string }
  >();
  for (const groupId of item.modifierGroupIds) {
    const group = en.groupsById.get(groupId);
    const groupAr = ar.groupsById.get(groupId);
    for (const option of group?.options ?? []) {
      const nameAr = groupAr?.options.find((o) => o.id === option.id)?.name ?? option.name;
      optionsOfItem.set(option.id, {
        groupId,
        price: option.priceHalalas,
        available: option.available,
        ar: nameAr,
        en: option.name,
      });
    }
  }
  const chosenPerGroup = new Map<number, number>();
  const seen = new Set<number>();
  const modifiers: OrderLine['modifiers'] = [];
  for (const optionId of line.modifiers) {
    const option = optionsOfItem.get(optionId);
    if (!option) throw lineError('modifier_unknown', index, line.itemId);
    if (!option.available) throw lineError('modifier_not_available', index, line.itemId);
    if (seen.has(optionId)) throw lineError('modifier_choice_count', index, line.itemId);
    seen.add(optionId);
    chosenPerGroup.set(option.groupId, (chosenPerGroup.get(option.groupId) ?? 0) + 1);
    modifiers.push({ optionId, name: { ar: option.ar, en: option.en }, priceHalalas: option.price });
  }
  for (const groupId of item.modifierGroupIds) {
    const group = en.groupsById.get(groupId);
    if (!group) continue;
    const count = chosenPerGroup.get(groupId) ?? 0;
    if (count < group.min || count > group.max) throw lineError('modifier_choice_count', index, line.itemId);
  }
  return modifiers;
}

/** The checked line as priceCart's input and as its stored row (a combo's slots checked here, comboSlots). */
function pricedLine(
  menus: { ar: BuiltMenu; en: BuiltMenu },
  item: MenuItem,
  itemAr: MenuItem,
  line: BodyLine,
  index: number,
  modifiers: OrderLine['modifiers'],
): PricedLine {
  const name = { ar: itemAr.name, en: item.name };
  const base = {
    itemId: item.id,
    nameAr: name.ar,
    nameEn: name.en,
    quantity: line.quantity,
    modifiers,
    position: index,
  };
  const modifierInputs = modifiers.map((m) => ({ priceHalalas: m.priceHalalas }));
  if (line.kind === 'product') {
    // A combo ordered as a plain product would skip its slots.
    if (item.combo) throw lineError('combo_slot_missing', index, line.itemId);
    return {
      input: {
        kind: 'product',
        unitPriceHalalas: item.priceHalalas,
        taxRateBasisPoints: item.taxRateBasisPoints,
        modifiers: modifierInputs,
        quantity: line.quantity,
      },
      row: { ...base, kind: 'product', slots: [] },
    };
  }
  if (!item.combo) throw lineError('combo_choice_invalid', index, line.itemId);
  const slots = comboSlots(item, line.slots, menus.en, menus.ar, index);
  return {
    input: {
      kind: 'combo',
      unitPriceHalalas: item.priceHalalas,
      taxRateBasisPoints: item.taxRateBasisPoints,
      slots: slots.map((s) => ({ extraPriceHalalas: s.extraPriceHalalas })),
      modifiers: modifierInputs,
      quantity: line.quantity,
    },
    row: { ...base, kind: 'combo', slots },
  };
}

function comboSlots(
  combo: MenuItem,
  chosen: { slotId: number; itemId: number }[],
  en: BuiltMenu,
  ar: BuiltMenu,
  index: number,
): OrderLine['slots'] {
  const slots = combo.combo?.slots ?? [];
  const bySlot = new Map<number, number>();
  for (const choice of chosen) {
    // A slot the combo doesn't have, or the same slot twice.
    if (!slots.some((s) => s.id === choice.slotId) || bySlot.has(choice.slotId)) {
      throw lineError('combo_choice_invalid', index, combo.id);
    }
    bySlot.set(choice.slotId, choice.itemId);
  }
  return slots.map((slot) => {
    const itemId = bySlot.get(slot.id);
    if (itemId === undefined) throw lineError('combo_slot_missing', index, combo.id);
    const choice = slot.choices.find((c) => c.itemId === itemId);
    const product = en.itemsById.get(itemId);
    if (!choice || !product?.available) throw lineError('combo_choice_invalid', index, combo.id);
    const nameAr = ar.itemsById.get(itemId)?.name ?? product.name;
    return {
      slotId: slot.id,
      itemId,
      name: { ar: nameAr, en: product.name },
      extraPriceHalalas: choice.extraPriceHalalas,
    };
  });
}

export function pricingColumns(p: CartPricing) {
  return {
    taxMode: p.taxMode,
    subtotal: p.subtotal,
    branchTaxes: p.branchTaxes,
    modifiersTaxes: p.modifiersTaxes,
    chargeAmount: p.chargeAmount,
    chargesTaxes: p.chargesTaxes,
    deliveryFee: p.deliveryFee,
    taxesPrice: p.taxesPrice,
    totalDiscount: p.totalDiscount,
    total: p.total,
    foodicsTaxes: p.foodicsTaxes,
    foodicsCharges: p.foodicsCharges,
    foodicsTotal: p.foodicsTotal,
  };
}
