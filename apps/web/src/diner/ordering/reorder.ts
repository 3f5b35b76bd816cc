import type { MenuResponse } from '@sufra/shared/schemas/menu';
import type { OrderLine } from '@sufra/shared/schemas/order';
import type { CartCombo, CartModifierChoice, CartProduct } from '../../lib/cart-lines';

/**
 * "Order again": a past order's lines as cart lines, rebuilt from the current menu (names, images and prices as they
 * are now). A line whose item, option or slot product is gone is left out and counted; the cart page then checks the
 * rest as it checks every cart (sold out, changed choices).
 */
export interface Reorder {
  products: CartProduct[];
  combos: CartCombo[];
  skipped: number;
}

type Menu = Pick<MenuResponse, 'items' | 'modifierGroups'>;

function modifiersOf(line: OrderLine, groupIds: readonly number[], menu: Menu): CartModifierChoice[] | null {
  const choices: CartModifierChoice[] = [];
  for (const chosen of line.modifiers) {
    const group = menu.modifierGroups.find(
      (g) => groupIds.includes(g.id) && g.options.some((o) => o.id === chosen.optionId),
    );
    const option = group?.options.find((o) => o.id === chosen.optionId);
    if (!group || !option) return null;
    choices.push({ groupId: group.id, optionId: option.id, name: option.name, priceHalalas: option.priceHalalas });
  }
  return choices;
}

export function reorderLines(lines: readonly OrderLine[], menu: Menu): Reorder {
  const items = new Map(menu.items.map((item) => [item.id, item]));
  const result: Reorder = { products: [], combos: [], skipped: 0 };
  for (const line of lines) {
    const item = items.get(line.itemId);
    const modifiers = item ? modifiersOf(line, item.modifierGroupIds, menu) : null;
    if (!item || !modifiers || (line.kind === 'combo') !== (item.combo !== null)) {
      result.skipped += 1;
      continue;
    }
    const base = {
      slug: item.slug,
      name: item.name,
      image: item.image,
      unitPriceHalalas: item.priceHalalas,
      taxRateBasisPoints: item.taxRateBasisPoints,
      modifiers,
    };
    if (!item.combo) {
      result.products.push({ itemId: item.id, ...base, productQuantity: line.quantity });
      continue;
    }
    const slots: CartCombo['slots'] = [];
    for (const chosen of line.slots) {
      const slot = item.combo.slots.find((s) => s.id === chosen.slotId);
      const choice = slot?.choices.find((c) => c.itemId === chosen.itemId);
      const product = items.get(chosen.itemId);
      if (!slot || !choice || !product) break;
      slots.push({
        slotId: slot.id,
        slotName: slot.name,
        itemId: product.id,
        name: product.name,
        image: product.image,
        extraPriceHalalas: choice.extraPriceHalalas,
      });
    }
    if (slots.length !== line.slots.length) {
      result.skipped += 1;
      continue;
    }
    result.combos.push({ comboId: item.id, ...base, slots, comboQuantity: line.quantity });
  }
  return result;
}
