/**
 * Picks from the API's menu ("an item with a required group", "a combo", "a sold-out item") so the journeys use the
 * seeded data instead of hard-coded names, and the demo cart built from them. Plain functions over the menu with no
 * Playwright import, so the bench (scripts/bench/payments.ts) builds the very same cart outside the test runner.
 */
import type { MenuItem, MenuResponse } from '../../packages/shared/src/schemas/menu.ts';

/** An available item with at least one required modifier group (min ≥ 1). */
export function itemWithRequiredGroup(menu: MenuResponse): MenuItem {
  const required = new Set(menu.modifierGroups.filter((g) => g.min >= 1).map((g) => g.id));
  const item = menu.items.find((i) => i.available && !i.combo && i.modifierGroupIds.some((id) => required.has(id)));
  if (!item) throw new Error('the demo menu has no available item with a required modifier group');
  return item;
}

/** An available item with a group whose max is below its number of available options. */
export function itemWithLimitedGroup(menu: MenuResponse): { item: MenuItem; groupName: string; max: number } | null {
  for (const item of menu.items) {
    if (!item.available || item.combo) continue;
    for (const id of item.modifierGroupIds) {
      const group = menu.modifierGroups.find((g) => g.id === id);
      if (group && group.max > 1 && group.options.filter((o) => o.available).length > group.max) {
        return { item, groupName: group.name, max: group.max };
      }
    }
  }
  return null;
}

export function comboItem(menu: MenuResponse): MenuItem {
  const item = menu.items.find((i) => i.available && i.combo && i.combo.slots.length > 0);
  if (!item) throw new Error('the demo menu has no available combo');
  return item;
}

export function soldOutItem(menu: MenuResponse): MenuItem {
  const item = menu.items.find((i) => !i.available);
  if (!item) throw new Error('the demo menu has no sold-out item');
  return item;
}

export function plainItem(menu: MenuResponse): MenuItem {
  const item = menu.items.find((i) => i.available && !i.combo && i.modifierGroupIds.length === 0);
  if (!item) throw new Error('the demo menu has no available item without modifiers');
  return item;
}

/** The fewest choices an item needs: the first available options of each required group, as many as its minimum. */
export function requiredChoices(menu: MenuResponse, item: MenuItem) {
  return item.modifierGroupIds.flatMap((id) => {
    const group = menu.modifierGroups.find((g) => g.id === id);
    if (!group || group.min < 1) return [];
    return group.options
      .filter((o) => o.available)
      .slice(0, group.min)
      .map((o) => ({ groupId: group.id, optionId: o.id, name: o.name, priceHalalas: o.priceHalalas }));
  });
}

/**
 * A cart as the web app saves it (`sufra.cart.<uuid>` in localStorage), built from the API's menu: a plain item ×2,
 * an item with its required choices, and a combo with a product in each slot. For pages that need a full cart
 * without the clicks (accessibility, screenshots, the bench); the cart journeys fill theirs on item pages.
 */
export function demoCart(menu: MenuResponse) {
  const plain = plainItem(menu);
  const withGroup = itemWithRequiredGroup(menu);
  const combo = comboItem(menu);
  const base = (item: MenuItem) => ({
    slug: item.slug,
    name: item.name,
    image: item.image,
    unitPriceHalalas: item.priceHalalas,
    taxRateBasisPoints: item.taxRateBasisPoints,
    modifiers: requiredChoices(menu, item),
  });
  const slots = (combo.combo?.slots ?? []).map((slot) => {
    const choice = slot.choices.find((c) => menu.items.find((i) => i.id === c.itemId)?.available) ?? slot.choices[0];
    const product = menu.items.find((i) => i.id === choice?.itemId);
    return {
      slotId: slot.id,
      slotName: slot.name,
      itemId: choice?.itemId ?? 0,
      name: product?.name ?? '',
      image: product?.image ?? null,
      extraPriceHalalas: choice?.extraPriceHalalas ?? 0,
    };
  });
  return {
    products: [
      { itemId: plain.id, ...base(plain), productQuantity: 2 },
      { itemId: withGroup.id, ...base(withGroup), productQuantity: 1 },
    ],
    combos: [{ comboId: combo.id, ...base(combo), slots, comboQuantity: 1 }],
  };
}
