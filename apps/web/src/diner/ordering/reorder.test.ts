import type { MenuResponse } from '@sufra/shared/schemas/menu';
import type { OrderLine } from '@sufra/shared/schemas/order';
import { describe, expect, it } from 'vitest';
import { reorderLines } from './reorder';

const item = (id: number, patch: Partial<MenuResponse['items'][number]> = {}): MenuResponse['items'][number] => ({
  id,
  categoryId: 1,
  slug: `item-${id}`,
  name: `Item ${id} now`,
  altName: `صنف ${id}`,
  description: '',
  image: null,
  priceHalalas: 1000 + id,
  taxRateBasisPoints: null,
  calories: null,
  available: true,
  modifierGroupIds: [],
  combo: null,
  ...patch,
});

const menu: Pick<MenuResponse, 'items' | 'modifierGroups'> = {
  items: [
    item(1, { modifierGroupIds: [10] }),
    item(2),
    item(3, { combo: { slots: [{ id: 30, name: 'Drink', choices: [{ itemId: 2, extraPriceHalalas: 150 }] }] } }),
  ],
  modifierGroups: [
    {
      id: 10,
      name: 'Size',
      min: 1,
      max: 1,
      options: [{ id: 100, name: 'Large', priceHalalas: 600, calories: null, available: true }],
    },
  ],
};

const line = (patch: Partial<OrderLine>): OrderLine => ({
  kind: 'product',
  itemId: 1,
  name: { ar: 'قديم', en: 'Old name' },
  quantity: 2,
  unitPriceHalalas: 1,
  subtotal: 2,
  tax: 0,
  total: 2,
  modifiers: [],
  slots: [],
  ...patch,
});

describe('reorder', () => {
  it('rebuilds products and combos from the current menu, with its names and prices', () => {
    const result = reorderLines(
      [
        line({ modifiers: [{ optionId: 100, name: { ar: '', en: '' }, priceHalalas: 1 }] }),
        line({
          kind: 'combo',
          itemId: 3,
          quantity: 1,
          slots: [{ slotId: 30, itemId: 2, name: { ar: '', en: '' }, extraPriceHalalas: 0 }],
        }),
      ],
      menu,
    );
    expect(result.skipped).toBe(0);
    expect(result.products).toEqual([
      {
        itemId: 1,
        slug: 'item-1',
        name: 'Item 1 now',
        image: null,
        unitPriceHalalas: 1001,
        taxRateBasisPoints: null,
        modifiers: [{ groupId: 10, optionId: 100, name: 'Large', priceHalalas: 600 }],
        productQuantity: 2,
      },
    ]);
    expect(result.combos[0]?.slots).toEqual([
      { slotId: 30, slotName: 'Drink', itemId: 2, name: 'Item 2 now', image: null, extraPriceHalalas: 150 },
    ]);
  });

  it('leaves out and counts the lines whose item, option or slot product is gone', () => {
    const result = reorderLines(
      [
        line({ itemId: 99 }),
        line({ modifiers: [{ optionId: 555, name: { ar: '', en: '' }, priceHalalas: 0 }] }),
        line({
          kind: 'combo',
          itemId: 3,
          slots: [{ slotId: 30, itemId: 77, name: { ar: '', en: '' }, extraPriceHalalas: 0 }],
        }),
        line({ itemId: 2 }),
      ],
      menu,
    );
    expect(result.skipped).toBe(3);
    expect(result.products.map((p) => p.itemId)).toEqual([2]);
  });
});
