import { DEMO_FOODICS } from '../src/db/seed/seed-foodics.ts';
import type { SeedBrand } from '../src/db/seed/seed-types.ts';
import type { FakeFoodicsMenu } from './fake-foodics.ts';

const sar = (halalas: number) => halalas / 100;

/**
 * The demo business's menu at the fake Foodics (docs/adr/0680), made from the demo brand's seed so an import updates
 * the seeded menu instead of duplicating it: products and combo sizes carry the ids the demo seed maps
 * (`demo-product-<slug>`, `demo-combo-<slug>`, seed-foodics.ts); categories, modifiers and their options have ids of
 * their own and are adopted by their English names on the first import. Branches are `demo-branch-<n>`, n the
 * branch's place in the seed from 1: the demo brand is seeded first in a fresh database, so that is its id.
 * A combo's first slot carries its price; each choice its extra.
 */
export function demoFoodicsMenu(brand: SeedBrand): FakeFoodicsMenu {
  const p = DEMO_FOODICS.idPrefix;
  const everywhere = brand.branches.map((_, i) => ({
    id: `${p}branch-${i + 1}`,
    pivot: { price: null, is_active: true, is_in_stock: true },
  }));
  const groups = new Map(brand.modifierGroups.map((g) => [g.key, g]));
  const slugOf = new Map([...brand.items, ...brand.combos.map((c) => c.item)].map((i) => [i.key, i.slug]));
  return {
    branches: brand.branches.map((b, i) => ({ id: `${p}branch-${i + 1}`, name: b.name.en, name_localized: b.name.ar })),
    categories: brand.categories.map((c) => ({
      id: `${p}category-${c.key}`,
      name: c.name.en,
      name_localized: c.name.ar,
    })),
    modifiers: brand.modifierGroups.map((g) => ({
      id: `${p}modifier-${g.key}`,
      name: g.name.en,
      name_localized: g.name.ar,
      options: g.options.map((o, i) => ({
        id: `${p}modifier-${g.key}-${i + 1}`,
        name: o.name.en,
        name_localized: o.name.ar,
        price: sar(o.priceHalalas),
        calories: o.calories,
        is_active: o.available !== false,
      })),
    })),
    products: brand.items.map((item) => ({
      id: `${p}product-${item.slug}`,
      sku: item.slug,
      name: item.name.en,
      name_localized: item.name.ar,
      description: item.description.en,
      description_localized: item.description.ar,
      price: sar(item.priceHalalas),
      calories: item.calories,
      is_active: true,
      category: { id: `${p}category-${item.category}` },
      modifiers: item.modifierGroups.map((key) => ({
        id: `${p}modifier-${key}`,
        pivot: { minimum_options: groups.get(key)?.min ?? 0, maximum_options: groups.get(key)?.max ?? 1 },
      })),
      branches: everywhere,
    })),
    combos: brand.combos.map((combo) => {
      const size = `${p}combo-${combo.item.slug}`;
      return {
        id: `${p}combo-id-${combo.item.slug}`,
        name: combo.item.name.en,
        name_localized: combo.item.name.ar,
        is_active: true,
        category: { id: `${p}category-${combo.item.category}` },
        sizes: [{ id: size, name: 'Regular', name_localized: 'عادي' }],
        groups: combo.slots.map((slot, s) => ({
          id: `${p}combo-group-${combo.item.slug}-${s + 1}`,
          name: slot.name.en,
          name_localized: slot.name.ar,
          options: slot.choices.map((choice, c) => ({
            id: `${p}combo-option-${combo.item.slug}-${s + 1}-${c + 1}`,
            combo_size_id: size,
            price: sar((s === 0 ? combo.item.priceHalalas : 0) + choice.extraPriceHalalas),
            product: { id: `${p}product-${slugOf.get(choice.item) ?? choice.item}` },
          })),
        })),
        branches: everywhere,
      };
    }),
  };
}
