// The Foodics business's menu that foodics-menu.test.ts imports through the fake (apps/api/test/fake-foodics.ts).
import type { FakeFoodicsMenu } from './fake-foodics.ts';

/** One branch sale of a product at the business's main branch. */
export const sold = (price: number | null, inStock = true) => [
  { id: 'fb-main', pivot: { price, is_active: true, is_in_stock: inStock } },
];

/** A business's menu: two categories, one modifier, 57 products (two pages of 50), one combo, two branches. */
export function demoMenu(): FakeFoodicsMenu {
  const fillers = Array.from({ length: 55 }, (_, i) => ({
    id: `fp-filler-${i}`,
    name: `Filler ${i}`,
    name_localized: `حشو ${i}`,
    price: 1 + i,
    category: { id: 'fc-drinks' },
    modifiers: [],
    branches: sold(null),
  }));
  return {
    branches: [
      { id: 'fb-main', name: 'Main', name_localized: 'الرئيسي' },
      { id: 'fb-other', name: 'Other', name_localized: 'الآخر' },
    ],
    categories: [
      { id: 'fc-drinks', name: 'Drinks', name_localized: 'مشروبات' },
      { id: 'fc-meals', name: 'Meals', name_localized: 'وجبات' },
      { id: 'fc-old', name: 'Old', deleted_at: '2026-01-01 00:00:00' },
    ],
    modifiers: [
      {
        id: 'fm-size',
        name: 'Size',
        name_localized: 'الحجم',
        options: [
          { id: 'fo-small', name: 'Small', name_localized: 'صغير', price: 0 },
          { id: 'fo-large', name: 'Large', name_localized: 'كبير', price: 2.5 },
        ],
      },
    ],
    products: [
      {
        id: 'fp-tea',
        name: 'Tea',
        name_localized: 'شاي',
        description: 'Hot tea',
        price: 5,
        calories: 10,
        category: { id: 'fc-drinks' },
        modifiers: [{ id: 'fm-size', pivot: { minimum_options: 1, maximum_options: 1 } }],
        branches: sold(6.5),
      },
      {
        id: 'fp-burger',
        name: 'Burger',
        name_localized: 'برغر',
        price: 20,
        category: { id: 'fc-meals' },
        modifiers: [],
        branches: sold(null, false),
      },
      {
        id: 'fp-gone',
        name: 'Gone',
        price: 3,
        deleted_at: '2026-01-01 00:00:00',
        category: { id: 'fc-meals' },
        modifiers: [],
        branches: [],
      },
      ...fillers,
    ],
    combos: [
      {
        id: 'fk-meal',
        name: 'Burger meal',
        name_localized: 'وجبة برغر',
        category: { id: 'fc-meals' },
        sizes: [{ id: 'fks-regular', name: 'Regular', name_localized: 'عادي' }],
        groups: [
          {
            id: 'fkg-main',
            name: 'Main',
            options: [{ id: 'fko-burger', combo_size_id: 'fks-regular', price: 18, product: { id: 'fp-burger' } }],
          },
          {
            id: 'fkg-drink',
            name: 'Drink',
            options: [
              { id: 'fko-tea', combo_size_id: 'fks-regular', price: 4, product: { id: 'fp-tea' } },
              { id: 'fko-filler', combo_size_id: 'fks-regular', price: 5, product: { id: 'fp-filler-0' } },
            ],
          },
        ],
        branches: sold(null),
      },
    ],
  };
}
