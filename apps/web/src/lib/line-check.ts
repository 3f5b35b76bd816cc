import type { MenuItem, MenuResponse, ModifierGroup } from '@sufra/shared/schemas/menu';
import {
  type CartCombo,
  type CartLines,
  type CartModifierChoice,
  type CartProduct,
  comboLineKey,
  MAX_QUANTITY,
  productLineKey,
} from './cart-lines';

/**
 * Cart lines are snapshots taken when they were added; the menu may have changed since (a stale cart). Each line is
 * checked against the branch's current menu: what can no longer be ordered is named (and left out of the totals),
 * and the rest is refreshed: prices, tax rates, and names and images in the menu's language.
 */
export type LineProblem =
  /** Not on this branch's menu any more: deleted, no longer sold here, or no longer the same kind of item. */
  | { reason: 'item_unavailable' }
  | { reason: 'item_sold_out' }
  | { reason: 'option_unavailable'; name: string }
  | { reason: 'option_sold_out'; name: string }
  | { reason: 'slot_unavailable'; name: string }
  | { reason: 'slot_sold_out'; name: string }
  /** The item now asks for choices the line does not have (a new required group or combo slot, a lower maximum). */
  | { reason: 'choices_changed' }
  /** The saved line is not a line at all (a tampered or corrupted storage entry). */
  | { reason: 'line_invalid' };

export interface CheckedLine<T> {
  /** Unique among the cart's lines: React key and DOM id. */
  id: string;
  /** Index in the slice's `products` or `combos`: the actions address lines by index. */
  index: number;
  /** The line refreshed from the menu (as it was where the menu has nothing to say). */
  line: T;
  problem: LineProblem | null;
}

export interface CartCheck {
  products: CheckedLine<CartProduct>[];
  combos: CheckedLine<CartCombo>[];
  /** Some line differs from the slice (prices or words): the page writes the refreshed lines back. */
  changed: boolean;
  /** A price or tax rate of an orderable line changed: the diner is told. */
  pricesChanged: boolean;
}

type Menu = Pick<MenuResponse, 'items' | 'modifierGroups'>;

interface MenuIndex {
  items: Map<number, MenuItem>;
  groups: Map<number, ModifierGroup>;
}

const isCount = (value: unknown): value is number => Number.isSafeInteger(value) && (value as number) >= 0;

function hasModifiers(value: unknown): value is CartModifierChoice[] {
  return (
    Array.isArray(value) &&
    value.every((m) => m && isCount(m.groupId) && isCount(m.optionId) && isCount(m.priceHalalas))
  );
}

const isQuantity = (value: unknown): boolean =>
  Number.isSafeInteger(value) && (value as number) >= 1 && (value as number) <= MAX_QUANTITY;

/** What every saved line needs, product or combo: an object with a unit price and well-formed options. */
function wellFormedLine(line: CartProduct | CartCombo): boolean {
  return line !== null && typeof line === 'object' && isCount(line.unitPriceHalalas) && hasModifiers(line.modifiers);
}

function wellFormedProduct(line: CartProduct): boolean {
  return wellFormedLine(line) && isCount(line.itemId) && isQuantity(line.productQuantity);
}

function wellFormedCombo(line: CartCombo): boolean {
  return (
    wellFormedLine(line) &&
    isCount(line.comboId) &&
    isQuantity(line.comboQuantity) &&
    Array.isArray(line.slots) &&
    line.slots.every((s) => s && isCount(s.slotId) && isCount(s.itemId) && isCount(s.extraPriceHalalas))
  );
}

/** The line's options refreshed from the item's groups, and the first problem with them. */
function checkModifiers(
  item: MenuItem,
  modifiers: CartModifierChoice[],
  menu: MenuIndex,
): { modifiers: CartModifierChoice[]; problem: LineProblem | null } {
  let problem: LineProblem | null = null;
  const refreshed = modifiers.map((choice) => {
    const group = item.modifierGroupIds.includes(choice.groupId) ? menu.groups.get(choice.groupId) : undefined;
    const option = group?.options.find((o) => o.id === choice.optionId);
    if (!option) {
      problem ??= { reason: 'option_unavailable', name: choice.name };
      return choice;
    }
    if (!option.available) problem ??= { reason: 'option_sold_out', name: option.name };
    return { ...choice, name: option.name, priceHalalas: option.priceHalalas };
  });
  if (!problem) {
    for (const groupId of item.modifierGroupIds) {
      const group = menu.groups.get(groupId);
      if (!group) continue;
      const chosen = modifiers.filter((m) => m.groupId === groupId).length;
      if (chosen < group.min || chosen > group.max) {
        problem = { reason: 'choices_changed' };
        break;
      }
    }
  }
  return { modifiers: refreshed, problem };
}

function checkProduct(line: CartProduct, menu: MenuIndex): { line: CartProduct; problem: LineProblem | null } {
  if (!wellFormedProduct(line)) return { line, problem: { reason: 'line_invalid' } };
  const item = menu.items.get(line.itemId);
  if (!item || item.combo !== null) return { line, problem: { reason: 'item_unavailable' } };
  const options = checkModifiers(item, line.modifiers, menu);
  const refreshed: CartProduct = {
    ...line,
    slug: item.slug,
    name: item.name,
    image: item.image,
    unitPriceHalalas: item.priceHalalas,
    taxRateBasisPoints: item.taxRateBasisPoints,
    modifiers: options.modifiers,
  };
  const problem: LineProblem | null = item.available ? options.problem : { reason: 'item_sold_out' };
  return { line: refreshed, problem };
}

function checkCombo(line: CartCombo, menu: MenuIndex): { line: CartCombo; problem: LineProblem | null } {
  if (!wellFormedCombo(line)) return { line, problem: { reason: 'line_invalid' } };
  const item = menu.items.get(line.comboId);
  if (!item?.combo) return { line, problem: { reason: 'item_unavailable' } };
  let slotProblem: LineProblem | null = null;
  const slots = line.slots.map((chosen) => {
    const slot = item.combo?.slots.find((s) => s.id === chosen.slotId);
    const choice = slot?.choices.find((c) => c.itemId === chosen.itemId);
    const product = menu.items.get(chosen.itemId);
    if (!slot || !choice || !product) {
      slotProblem ??= { reason: 'slot_unavailable', name: chosen.name };
      return chosen;
    }
    if (!product.available) slotProblem ??= { reason: 'slot_sold_out', name: product.name };
    return {
      ...chosen,
      slotName: slot.name,
      name: product.name,
      image: product.image,
      extraPriceHalalas: choice.extraPriceHalalas,
    };
  });
  const everySlotChosen = item.combo.slots.every((slot) => line.slots.some((s) => s.slotId === slot.id));
  const options = checkModifiers(item, line.modifiers, menu);
  const refreshed: CartCombo = {
    ...line,
    slug: item.slug,
    name: item.name,
    image: item.image,
    unitPriceHalalas: item.priceHalalas,
    taxRateBasisPoints: item.taxRateBasisPoints,
    slots,
    modifiers: options.modifiers,
  };
  const problem: LineProblem | null = !item.available
    ? { reason: 'item_sold_out' }
    : (slotProblem ?? (everySlotChosen ? null : { reason: 'choices_changed' }) ?? options.problem);
  return { line: refreshed, problem };
}

/** What the diner pays for a line, apart from its quantity and words. */
function priceFacts(line: CartProduct | CartCombo): string {
  const slots = 'slots' in line ? line.slots.map((s) => s.extraPriceHalalas) : [];
  return JSON.stringify([
    line.unitPriceHalalas,
    line.taxRateBasisPoints,
    line.modifiers.map((m) => m.priceHalalas),
    slots,
  ]);
}

export function checkCart(cart: CartLines, menu: Menu): CartCheck {
  const index: MenuIndex = {
    items: new Map(menu.items.map((item) => [item.id, item])),
    groups: new Map(menu.modifierGroups.map((group) => [group.id, group])),
  };
  let changed = false;
  let pricesChanged = false;
  const note = (before: CartProduct | CartCombo, after: CartProduct | CartCombo, problem: LineProblem | null) => {
    if (after === before) return;
    if (JSON.stringify(after) !== JSON.stringify(before)) changed = true;
    if (!problem && priceFacts(after) !== priceFacts(before)) pricesChanged = true;
  };
  const products = cart.products.map((original, i) => {
    const { line, problem } = checkProduct(original, index);
    note(original, line, problem);
    const key = problem?.reason === 'line_invalid' ? `invalid-${i}` : productLineKey(line);
    return { id: `product-${key}`, index: i, line, problem };
  });
  const combos = cart.combos.map((original, i) => {
    const { line, problem } = checkCombo(original, index);
    note(original, line, problem);
    const key = problem?.reason === 'line_invalid' ? `invalid-${i}` : comboLineKey(line);
    return { id: `combo-${key}`, index: i, line, problem };
  });
  return { products, combos, changed, pricesChanged };
}
