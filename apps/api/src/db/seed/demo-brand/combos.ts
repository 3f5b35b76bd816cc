import type { LocalizedText } from '@sufra/shared/schemas/common';
import type { SeedCombo, SeedItem } from '../seed-types.ts';
import { t } from './entries.ts';

/** A combo's own item: in the combos category, no modifier groups (the slot products carry their own). */
const comboItem = (
  key: string,
  name: LocalizedText,
  description: LocalizedText,
  image: string,
  priceHalalas: number,
  calories: number,
): SeedItem => ({
  key,
  category: 'combos',
  slug: key,
  name,
  description,
  image: `/images/menu/${image}.svg`,
  priceHalalas,
  taxRateBasisPoints: null,
  calories,
  modifierGroups: [],
});

// The first choice of each slot is the default and costs nothing extra; upgrades cost +200 or +300.
export const combos: SeedCombo[] = [
  {
    item: comboItem(
      'shawarma-meal',
      t('وجبة شاورما', 'Shawarma Meal'),
      t('ساندويتش شاورما مع طبق جانبي ومشروب.', 'A shawarma sandwich with a side and a drink.'),
      'combo',
      1900,
      1020,
    ),
    slots: [
      {
        name: t('الساندويتش', 'Sandwich'),
        choices: [
          { item: 'chicken-shawarma', extraPriceHalalas: 0 },
          { item: 'meat-shawarma', extraPriceHalalas: 200 },
          { item: 'falafel-sandwich', extraPriceHalalas: 0 },
        ],
      },
      {
        name: t('الطبق الجانبي', 'Side'),
        choices: [
          { item: 'french-fries', extraPriceHalalas: 0 },
          { item: 'arabic-salad', extraPriceHalalas: 0 },
          { item: 'hummus', extraPriceHalalas: 300 },
        ],
      },
      {
        name: t('المشروب', 'Drink'),
        choices: [
          { item: 'soft-drink', extraPriceHalalas: 0 },
          { item: 'laban', extraPriceHalalas: 0 },
          { item: 'lemon-mint', extraPriceHalalas: 300 },
        ],
      },
    ],
  },
  {
    item: comboItem(
      'burger-meal',
      t('وجبة برجر', 'Burger Meal'),
      t('برجر من اختيارك مع بطاطس ومشروب.', 'Your choice of burger with fries and a drink.'),
      'combo',
      3500,
      1290,
    ),
    slots: [
      {
        name: t('البرجر', 'Burger'),
        choices: [
          { item: 'beef-burger', extraPriceHalalas: 0 },
          { item: 'crispy-chicken-burger', extraPriceHalalas: 0 },
        ],
      },
      {
        name: t('الطبق الجانبي', 'Side'),
        choices: [
          { item: 'french-fries', extraPriceHalalas: 0 },
          { item: 'cheese-sambousek', extraPriceHalalas: 300 },
        ],
      },
      {
        name: t('المشروب', 'Drink'),
        choices: [
          { item: 'soft-drink', extraPriceHalalas: 0 },
          { item: 'fresh-orange-juice', extraPriceHalalas: 300 },
          { item: 'lemon-mint', extraPriceHalalas: 300 },
        ],
      },
    ],
  },
  {
    item: comboItem(
      'kabsa-meal',
      t('وجبة كبسة', 'Kabsa Meal'),
      t('طبق أرز من اختيارك مع سلطة ومشروب.', 'A rice dish of your choice with a salad and a drink.'),
      'kabsa',
      3900,
      1100,
    ),
    slots: [
      {
        name: t('طبق الأرز', 'Rice dish'),
        choices: [
          { item: 'chicken-kabsa', extraPriceHalalas: 0 },
          { item: 'chicken-mandi', extraPriceHalalas: 200 },
          { item: 'chicken-madghout', extraPriceHalalas: 0 },
        ],
      },
      {
        name: t('السلطة', 'Salad'),
        choices: [
          { item: 'arabic-salad', extraPriceHalalas: 0 },
          { item: 'fattoush', extraPriceHalalas: 300 },
        ],
      },
      {
        name: t('المشروب', 'Drink'),
        choices: [
          { item: 'laban', extraPriceHalalas: 0 },
          { item: 'soft-drink', extraPriceHalalas: 0 },
        ],
      },
    ],
  },
  {
    item: comboItem(
      'breakfast-for-one',
      t('فطور فردي', 'Breakfast for One'),
      t('طبق فطور رئيسي مع مخبوزات ومشروب ساخن أو عصير.', 'A breakfast main with a bake and a hot drink or juice.'),
      'shakshuka',
      3200,
      1050,
    ),
    slots: [
      {
        name: t('الطبق الرئيسي', 'Main'),
        choices: [
          { item: 'shakshuka', extraPriceHalalas: 0 },
          { item: 'foul-medammas', extraPriceHalalas: 0 },
          { item: 'fried-liver', extraPriceHalalas: 300 },
        ],
      },
      {
        name: t('المخبوزات', 'Bakery'),
        choices: [
          { item: 'zaatar-manakish', extraPriceHalalas: 0 },
          { item: 'cheese-manakish', extraPriceHalalas: 0 },
          { item: 'meat-mutabbaq', extraPriceHalalas: 300 },
        ],
      },
      {
        name: t('المشروب', 'Drink'),
        choices: [
          { item: 'karak-tea', extraPriceHalalas: 0 },
          { item: 'mint-tea', extraPriceHalalas: 0 },
          { item: 'fresh-orange-juice', extraPriceHalalas: 300 },
        ],
      },
    ],
  },
  {
    item: comboItem(
      'coffee-and-sweet',
      t('قهوة وحلى', 'Coffee & Sweet'),
      t('مشروب قهوة مع قطعة حلى من اختيارك.', 'A coffee with a sweet of your choice.'),
      'saudi-coffee',
      2900,
      620,
    ),
    slots: [
      {
        name: t('القهوة', 'Coffee'),
        choices: [
          { item: 'saudi-coffee', extraPriceHalalas: 0 },
          { item: 'cappuccino', extraPriceHalalas: 0 },
          { item: 'spanish-latte', extraPriceHalalas: 200 },
        ],
      },
      {
        name: t('الحلى', 'Sweet'),
        choices: [
          { item: 'luqaimat', extraPriceHalalas: 0 },
          { item: 'basbousa', extraPriceHalalas: 0 },
          { item: 'kunafa', extraPriceHalalas: 300 },
        ],
      },
    ],
  },
];
