/**
 * The benchmark brand: one branch whose menu has `itemCount` items (1,500 by default) plus 20 combos,
 * to measure the menu endpoint and page on a large menu. Generated, but deterministic: the same call
 * always gives the same data (a seeded PRNG, never Math.random), so benchmark runs stay comparable.
 */
import type { LocalizedText } from '@sufra/shared/schemas/common';
import { categories, type Family, families, type Noun, type Style, type Tail, t } from './large-brand/families.ts';
import type { SeedBranch, SeedBrand, SeedCombo, SeedItem, SeedModifierGroup } from './seed-types.ts';

/** Counter QR of the benchmark branch. */
export const LARGE_BRAND_QR = '00000000-0000-4000-8000-000000001500';

const COMBO_COUNT = 20;

/** mulberry32: a tiny seeded PRNG, good enough to spread prices and calories. */
const prng = (seed: number) => {
  let state = seed >>> 0;
  return (): number => {
    state = (state + 0x6d2b79f5) >>> 0;
    let x = state;
    x = Math.imul(x ^ (x >>> 15), x | 1);
    x ^= x + Math.imul(x ^ (x >>> 7), x | 61);
    return ((x ^ (x >>> 14)) >>> 0) / 4294967296;
  };
};

const option = (ar: string, en: string, priceHalalas: number, calories: number | null = null) => ({
  name: t(ar, en),
  priceHalalas,
  calories,
});

const modifierGroups: SeedModifierGroup[] = [
  {
    key: 'size',
    name: t('الحجم', 'Size'),
    min: 1,
    max: 1,
    options: [option('صغير', 'Small', 0), option('وسط', 'Medium', 300, 60), option('كبير', 'Large', 600, 120)],
  },
  {
    key: 'extras',
    name: t('إضافات', 'Extras'),
    min: 0,
    max: 3,
    options: [
      option('جبنة إضافية', 'Extra cheese', 300, 110),
      option('بيضة', 'Egg', 300, 90),
      option('هالبينو', 'Jalapeños', 200, 5),
      option('مشروم', 'Mushrooms', 300, 20),
    ],
  },
  {
    key: 'sauces',
    name: t('الصوصات', 'Sauces'),
    min: 0,
    max: 2,
    options: [option('ثومية', 'Garlic', 0, 90), option('طحينة', 'Tahini', 0, 80), option('دقوس', 'Daqoos', 0, 15)],
  },
  {
    key: 'spice',
    name: t('درجة الحرارة', 'Spice level'),
    min: 1,
    max: 1,
    options: [option('عادي', 'Mild', 0), option('وسط', 'Medium', 0), option('حار', 'Hot', 0)],
  },
  {
    key: 'milk',
    name: t('نوع الحليب', 'Milk'),
    min: 0,
    max: 1,
    options: [
      option('كامل الدسم', 'Full-fat', 0, 60),
      option('شوفان', 'Oat', 300, 50),
      option('لوز', 'Almond', 300, 30),
    ],
  },
  {
    key: 'sugar',
    name: t('السكر', 'Sugar'),
    min: 1,
    max: 1,
    options: [option('بدون', 'None', 0), option('خفيف', 'Light', 0, 15), option('وسط', 'Regular', 0, 30)],
  },
  {
    key: 'side',
    name: t('الطبق الجانبي', 'Side'),
    min: 1,
    max: 1,
    options: [option('رز', 'Rice', 0, 250), option('بطاطس', 'Fries', 0, 320), option('سلطة', 'Salad', 0, 60)],
  },
  {
    key: 'bread',
    name: t('نوع الخبز', 'Bread'),
    min: 0,
    max: 1,
    options: [option('صاج', 'Saj', 0), option('صامولي', 'Samoli', 0, 40), option('تورتيلا', 'Tortilla', 100, 20)],
  },
  {
    key: 'toppings',
    name: t('إضافات الحلى', 'Toppings'),
    min: 0,
    max: 2,
    options: [
      option('آيس كريم', 'Ice cream', 500, 140),
      option('فستق', 'Pistachio', 400, 80),
      option('عسل', 'Honey', 300, 60),
    ],
  },
  {
    key: 'ice',
    name: t('الثلج', 'Ice'),
    min: 0,
    max: 1,
    options: [option('ثلج خفيف', 'Light ice', 0), option('بدون ثلج', 'No ice', 0)],
  },
];

const slugify = (text: string): string =>
  text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');

/** Rounds to a menu-looking price (whole 50 halalas). */
const between = (random: () => number, [min, max]: [number, number], step: number): number =>
  min + Math.round((random() * (max - min)) / step) * step;

const makeItem = (index: number, random: () => number): SeedItem => {
  const family = families[index % families.length] as Family;
  // Index inside the family, decoded in mixed radix (noun, style, tail) so names are unique until the
  // family's combinations run out; past that a round number keeps them unique.
  const local = Math.floor(index / families.length);
  const { nouns, styles, tails } = family;
  const capacity = nouns.length * styles.length * tails.length;
  const n = nouns[local % nouns.length] as Noun;
  const s = styles[Math.floor(local / nouns.length) % styles.length] as Style;
  const tail = tails[Math.floor(local / (nouns.length * styles.length)) % tails.length] as Tail;
  const round = Math.floor(local / capacity);
  const suffix = round > 0 ? ` ${round + 1}` : '';
  const en = [s.en, n.en, tail.en].filter(Boolean).join(' ') + suffix;
  const ar = [n.ar, n.feminine ? (s.arFeminine ?? s.ar) : s.ar, tail.ar].filter(Boolean).join(' ') + suffix;
  // Round-robin through the family's groups: a third of the items have none, a third one, a third two.
  const { groups: familyGroups } = family;
  const groups = [
    familyGroups[local % familyGroups.length] ?? '',
    familyGroups[(local + 1) % familyGroups.length] ?? '',
  ]
    .slice(0, index % 3)
    .filter((key, i, keys) => keys.indexOf(key) === i);
  return {
    key: `item-${index + 1}`,
    category: n.category,
    slug: slugify(en),
    name: { ar, en },
    description: {
      ar: `${ar} محضّر طازجاً في مطبخنا يومياً.`,
      en: `${en}, freshly prepared in our kitchen every day.`,
    },
    image: `/images/menu/${n.image}.svg`,
    priceHalalas: between(random, family.price, 50),
    taxRateBasisPoints: null,
    calories: between(random, family.calories, 10),
    modifierGroups: groups,
  };
};

const comboNames: [ar: string, en: string][] = [
  ['وجبة التوفير', 'Saver Meal'],
  ['وجبة العائلة', 'Family Meal'],
  ['عرض الغداء', 'Lunch Deal'],
  ['عرض العشاء', 'Dinner Deal'],
  ['وجبة الطالب', 'Student Meal'],
  ['وليمة الجمعة', 'Friday Feast'],
  ['بوكس المكتب', 'Office Box'],
  ['وجبة الأطفال', 'Kids Meal'],
  ['وجبة السهرة', 'Late Night Meal'],
  ['بوكس المشاركة', 'Sharing Box'],
];

const slotNames: LocalizedText[] = [t('الطبق الرئيسي', 'Main'), t('الطبق الجانبي', 'Side'), t('المشروب', 'Drink')];
/** Families the three slots draw from: mains, starters, drinks. */
const slotFamilies = [0, 1, 4];

const makeCombos = (itemCount: number, random: () => number): SeedCombo[] => {
  if (itemCount === 0) return [];
  /** The n-th item of a family, or any item when the menu is too small to have that family. */
  const pick = (family: number, n: number): number => {
    const inFamily = itemCount > family ? Math.floor((itemCount - family - 1) / families.length) + 1 : 0;
    return inFamily > 0 ? family + families.length * (n % inFamily) : n % itemCount;
  };
  return Array.from({ length: COMBO_COUNT }, (_, c) => {
    const [ar, en] = comboNames[c % comboNames.length] ?? ['', ''];
    const large = c >= comboNames.length;
    const name = t(large ? `${ar} (كبير)` : ar, large ? `${en} (Large)` : en);
    const slotCount = c % 2 === 0 ? 3 : 2;
    const slots = slotNames.slice(0, slotCount).map((slotName, s) => {
      const indices = [0, 1, 2].map((k) => pick(slotFamilies[s] ?? 0, c * 7 + s * 3 + k * 11));
      const unique = [...new Set(indices)];
      return {
        name: slotName,
        choices: unique.map((i, k) => ({ item: `item-${i + 1}`, extraPriceHalalas: [0, 200, 300][k] ?? 300 })),
      };
    });
    const key = `combo-${c + 1}`;
    return {
      item: {
        key,
        category: 'combos',
        slug: slugify(en) + (large ? '-large' : ''),
        name,
        description: t('طبق رئيسي مع طبق جانبي ومشروب بسعر مخفض.', 'A main with a side and a drink at a lower price.'),
        image: '/images/menu/combo.svg',
        priceHalalas: between(random, [2500, 6500], 100),
        taxRateBasisPoints: null,
        calories: between(random, [700, 1600], 10),
        modifierGroups: [],
      },
      slots,
    };
  });
};

/** The benchmark brand with exactly `itemCount` items (combos not counted: 20 more on top when itemCount > 0). */

export function largeBrand(itemCount = 1500): SeedBrand {
  if (!Number.isInteger(itemCount) || itemCount < 0)
    throw new RangeError(`itemCount must be a whole number ≥ 0, got ${itemCount}`);
  const random = prng(1500);
  const items = Array.from({ length: itemCount }, (_, i) => makeItem(i, random));
  const combos = makeCombos(itemCount, random);
  const unavailable = unavailableItems(items, combos);
  return {
    slug: 'bench-large',
    name: t('مطعم القياس', 'Benchmark Kitchen'),
    logo: '/images/brand/logo.svg',
    cover: '/images/brand/cover.svg',
    hosts: ['bench.localhost'],
    taxMode: 'inclusive',
    vatRateBasisPoints: 1500,
    branches: [benchBranch(unavailable)],
    categories,
    modifierGroups,
    items,
    combos,
    popup: {
      backgroundImage: '/images/ads/popup.svg',
      text: t('خصم ٢٠٪ على جميع الطلبات', '20% off every order'),
      buttonText: t('شاهد العرض', 'See the offer'),
      redirectUrl: 'https://example.com/offers/bench',
    },
    slides: [1, 2, 3].map((n) => ({
      image: `/images/ads/slide-${n}.svg`,
      width: 1200,
      height: 500,
      title: t(`عرض ${n}`, `Offer ${n}`),
      redirectUrl: null,
    })),
    servicesOff: [],
  };
}

/**
 * A sprinkle of unavailable items so the benchmark pays for availability like a real menu; never combo
 * products, so every combo stays orderable.
 */
function unavailableItems(items: SeedItem[], combos: SeedCombo[]): Pick<SeedBranch, 'itemsNotSold' | 'itemsSoldOut'> {
  const inCombos = new Set(combos.flatMap((combo) => combo.slots.flatMap((slot) => slot.choices.map((c) => c.item))));
  const available = items.filter((item) => !inCombos.has(item.key));
  const itemsSoldOut = available.filter((_, i) => i % 97 === 50).map((item) => item.key);
  const itemsNotSold = available.filter((_, i) => i % 89 === 44 && i % 97 !== 50).map((item) => item.key);
  return { itemsNotSold, itemsSoldOut };
}

/** The benchmark's one branch: open around the clock, every order type, one delivery zone, 20 tables. */
function benchBranch({ itemsNotSold, itemsSoldOut }: Pick<SeedBranch, 'itemsNotSold' | 'itemsSoldOut'>): SeedBranch {
  return {
    key: 'bench',
    name: t('فرع القياس', 'Benchmark Branch'),
    address: t('طريق الملك عبدالله، حي الورود، الرياض 12251', 'King Abdullah Road, Al Wurud, Riyadh 12251'),
    phone: null,
    lat: 24.7205,
    lng: 46.67,
    timeZone: 'Asia/Riyadh',
    // Always open, so benchmark runs never hit "branch is closed".
    openingHours: [0, 1, 2, 3, 4, 5, 6].map((day) => ({ day, opens: '00:00', closes: '24:00' })),
    isMain: true,
    integrated: false,
    dineInRadiusMeters: 200,
    orderTypes: { dineIn: true, pickup: true, delivery: true },
    deliveryZones: [
      {
        name: t('شمال الرياض', 'North Riyadh'),
        feeHalalas: 1000,
        minimumOrderHalalas: 3000,
        geometry: {
          type: 'Polygon',
          coordinates: [
            [
              [46.6, 24.68],
              [46.74, 24.68],
              [46.74, 24.78],
              [46.6, 24.78],
              [46.6, 24.68],
            ],
          ],
        },
      },
    ],
    tables: Array.from({ length: 20 }, (_, i) => ({ number: String(i + 1), status: 'free' as const })),
    qrCodes: [{ uuid: LARGE_BRAND_QR, table: null, active: true }],
    paymentChoices: [
      { method: 'cash', name: t('نقداً', 'Cash'), orderTypes: [1, 2, 3] },
      { method: 'card', name: t('بطاقة', 'Card'), orderTypes: [1, 2, 3] },
    ],
    itemsNotSold,
    itemsSoldOut,
    servicesOff: [],
  };
}
