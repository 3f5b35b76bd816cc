/**
 * The benchmark brand: one branch whose menu has `itemCount` items (1,500 by default) plus 20 combos,
 * to measure the menu endpoint and page on a large menu. Generated, but deterministic: the same call
 * always gives the same data (a seeded PRNG, never Math.random), so benchmark runs stay comparable.
 */
import type { LocalizedText } from '@sufra/shared/schemas/common';
import type { SeedBrand, SeedCategory, SeedCombo, SeedItem, SeedModifierGroup } from './seed-types.ts';

/** Counter QR of the benchmark branch. */
export const LARGE_BRAND_QR = '00000000-0000-4000-8000-000000001500';

const COMBO_COUNT = 20;

const t = (ar: string, en: string): LocalizedText => ({ ar, en });

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

/** A dish word; Arabic adjectives agree with its gender. Its category keeps kunafa among the sweets. */
type Noun = { en: string; ar: string; feminine: boolean; image: string; category: string };
/** An adjective: English goes before the noun, Arabic after it, in the noun's gender. */
type Style = { en: string; ar: string; arFeminine?: string };
/** A trailing phrase ('with Rice'), the same in both genders. */
type Tail = { en: string; ar: string };

type Family = {
  /** Range of prices in halalas and of calories. */
  price: [min: number, max: number];
  calories: [min: number, max: number];
  /** Modifier groups that make sense for the family, handed out round-robin. */
  groups: string[];
  /** Shared by the family's categories: the demo art has one tile per kind of dish, not thirty. */
  categoryImage: string;
  categories: { key: string; name: LocalizedText }[];
  nouns: Noun[];
  styles: Style[];
  tails: Tail[];
};

const noun = (en: string, ar: string, feminine: boolean, image: string, category: string): Noun => ({
  en,
  ar,
  feminine,
  image,
  category,
});
const NO_TAIL: Tail = { en: '', ar: '' };

// Items go round-robin through the families, so every family (and category) grows with itemCount.
const families: Family[] = [
  {
    price: [2500, 8900],
    groups: ['side', 'spice', 'sauces', 'extras'],
    categoryImage: '/images/categories/rice.svg',
    calories: [550, 1400],
    categories: [
      { key: 'kabsa-mandi', name: t('الكبسة والمندي', 'Kabsa & Mandi') },
      { key: 'grills', name: t('المشويات', 'Grills') },
      { key: 'seafood', name: t('المأكولات البحرية', 'Seafood') },
      { key: 'traditional', name: t('أكلات شعبية', 'Traditional Dishes') },
      { key: 'family-platters', name: t('صواني عائلية', 'Family Platters') },
      { key: 'chicken', name: t('أطباق الدجاج', 'Chicken Dishes') },
      { key: 'lamb', name: t('أطباق اللحم', 'Lamb Dishes') },
    ],
    nouns: [
      noun('Kabsa', 'كبسة', true, 'kabsa', 'kabsa-mandi'),
      noun('Mandi', 'مندي', false, 'mandi', 'kabsa-mandi'),
      noun('Madghout', 'مضغوط', false, 'kabsa', 'traditional'),
      noun('Chicken', 'دجاج', false, 'grilled-chicken', 'chicken'),
      noun('Lamb Shoulder', 'كتف لحم', false, 'mandi', 'family-platters'),
      noun('Kebab', 'كباب', false, 'grill-skewers', 'grills'),
      noun('Shish Tawook', 'شيش طاووق', false, 'grill-skewers', 'grills'),
      noun('Hammour', 'هامور', false, 'fish', 'seafood'),
      noun('Shrimp', 'روبيان', false, 'fish', 'seafood'),
      noun('Saleeg', 'سليق', false, 'mandi', 'traditional'),
      noun('Jareesh', 'جريش', false, 'jareesh', 'traditional'),
      noun('Lamb Chops', 'ريش غنم', false, 'lamb-chops', 'lamb'),
    ],
    styles: [
      { en: 'Najdi', ar: 'نجدي', arFeminine: 'نجدية' },
      { en: 'Hijazi', ar: 'حجازي', arFeminine: 'حجازية' },
      { en: 'Smoked', ar: 'مدخن', arFeminine: 'مدخنة' },
      { en: 'Grilled', ar: 'مشوي', arFeminine: 'مشوية' },
      { en: 'Spicy', ar: 'حار', arFeminine: 'حارة' },
      { en: 'Royal', ar: 'ملكي', arFeminine: 'ملكية' },
      { en: 'Classic', ar: 'كلاسيكي', arFeminine: 'كلاسيكية' },
      { en: 'Southern', ar: 'جنوبي', arFeminine: 'جنوبية' },
      { en: 'Eastern', ar: 'شرقي', arFeminine: 'شرقية' },
      { en: 'Homestyle', ar: 'بيتي', arFeminine: 'بيتية' },
      { en: 'Charcoal', ar: 'على الفحم' },
      { en: 'Saffron', ar: 'بالزعفران' },
    ],
    tails: [
      NO_TAIL,
      { en: 'with Rice', ar: 'مع الأرز' },
      { en: 'with Salad', ar: 'مع السلطة' },
      { en: 'with Daqoos', ar: 'مع الدقوس' },
      { en: 'for Two', ar: 'لشخصين' },
    ],
  },
  {
    price: [900, 2900],
    groups: ['sauces', 'extras', 'spice'],
    categoryImage: '/images/categories/appetizers.svg',
    calories: [90, 520],
    categories: [
      { key: 'cold-appetizers', name: t('مقبلات باردة', 'Cold Appetizers') },
      { key: 'hot-appetizers', name: t('مقبلات ساخنة', 'Hot Appetizers') },
      { key: 'salads', name: t('السلطات', 'Salads') },
      { key: 'soups', name: t('الشوربات', 'Soups') },
      { key: 'sides', name: t('الأطباق الجانبية', 'Sides') },
      { key: 'dips', name: t('الصوصات والغموس', 'Dips') },
    ],
    nouns: [
      noun('Hummus', 'حمص', false, 'hummus', 'dips'),
      noun('Mutabbal', 'متبل', false, 'hummus', 'dips'),
      noun('Sambousek', 'سمبوسة', true, 'sambousek', 'hot-appetizers'),
      noun('Falafel', 'فلافل', false, 'falafel', 'hot-appetizers'),
      noun('Kibbeh', 'كبة', true, 'falafel', 'hot-appetizers'),
      noun('Fries', 'بطاطس', true, 'fries', 'sides'),
      noun('Vine Leaves', 'ورق عنب', false, 'sambousek', 'cold-appetizers'),
      noun('Soup', 'شوربة', true, 'soup', 'soups'),
      noun('Salad', 'سلطة', true, 'salad', 'salads'),
      noun('Fattoush', 'فتوش', false, 'salad', 'salads'),
      noun('Labneh', 'لبنة', true, 'hummus', 'cold-appetizers'),
      noun('Halloumi', 'حلوم', false, 'manakish', 'sides'),
    ],
    styles: [
      { en: 'Classic', ar: 'كلاسيكي', arFeminine: 'كلاسيكية' },
      { en: 'Spicy', ar: 'حار', arFeminine: 'حارة' },
      { en: 'Lebanese', ar: 'لبناني', arFeminine: 'لبنانية' },
      { en: 'Crispy', ar: 'مقرمش', arFeminine: 'مقرمشة' },
      { en: 'Fresh', ar: 'طازج', arFeminine: 'طازجة' },
      { en: 'Baked', ar: 'مخبوز', arFeminine: 'مخبوزة' },
      { en: 'Homestyle', ar: 'بيتي', arFeminine: 'بيتية' },
      { en: 'Royal', ar: 'ملكي', arFeminine: 'ملكية' },
      { en: 'Smoked', ar: 'مدخن', arFeminine: 'مدخنة' },
      { en: 'Hijazi', ar: 'حجازي', arFeminine: 'حجازية' },
    ],
    tails: [
      NO_TAIL,
      { en: 'with Pomegranate', ar: 'بالرمان' },
      { en: 'with Pine Nuts', ar: 'بالصنوبر' },
      { en: 'with Olive Oil', ar: 'بزيت الزيتون' },
    ],
  },
  {
    price: [800, 3500],
    groups: ['bread', 'sauces', 'extras', 'spice'],
    categoryImage: '/images/categories/sandwiches.svg',
    calories: [350, 950],
    categories: [
      { key: 'sandwiches', name: t('الساندويتشات', 'Sandwiches') },
      { key: 'burgers', name: t('البرجر', 'Burgers') },
      { key: 'shawarma', name: t('الشاورما', 'Shawarma') },
      { key: 'wraps', name: t('الراب', 'Wraps') },
      { key: 'manakish', name: t('المناقيش', 'Manakish') },
      { key: 'pies', name: t('الفطائر', 'Pies') },
    ],
    nouns: [
      noun('Shawarma', 'شاورما', true, 'shawarma', 'shawarma'),
      noun('Burger', 'برجر', false, 'burger', 'burgers'),
      noun('Wrap', 'راب', false, 'shawarma', 'wraps'),
      noun('Sandwich', 'ساندويتش', false, 'sandwich', 'sandwiches'),
      noun('Manakish', 'مناقيش', true, 'manakish', 'manakish'),
      noun('Fatayer', 'فطائر', true, 'sambousek', 'pies'),
      noun('Mutabbaq', 'مطبق', false, 'mutabbaq', 'pies'),
      noun('Pizza', 'بيتزا', true, 'manakish', 'manakish'),
    ],
    styles: [
      { en: 'Classic', ar: 'كلاسيكي', arFeminine: 'كلاسيكية' },
      { en: 'Spicy', ar: 'حار', arFeminine: 'حارة' },
      { en: 'Crispy', ar: 'مقرمش', arFeminine: 'مقرمشة' },
      { en: 'Grilled', ar: 'مشوي', arFeminine: 'مشوية' },
      { en: 'Royal', ar: 'ملكي', arFeminine: 'ملكية' },
      { en: 'Double', ar: 'دبل' },
      { en: 'Homestyle', ar: 'بيتي', arFeminine: 'بيتية' },
      { en: 'Smoked', ar: 'مدخن', arFeminine: 'مدخنة' },
      { en: 'Hijazi', ar: 'حجازي', arFeminine: 'حجازية' },
      { en: 'Najdi', ar: 'نجدي', arFeminine: 'نجدية' },
    ],
    tails: [
      NO_TAIL,
      { en: 'with Cheese', ar: 'بالجبن' },
      { en: 'with Egg', ar: 'بالبيض' },
      { en: "with Za'atar", ar: 'بالزعتر' },
      { en: 'with Fries', ar: 'مع البطاطس' },
    ],
  },
  {
    price: [1200, 3200],
    groups: ['toppings', 'size'],
    categoryImage: '/images/categories/desserts.svg',
    calories: [250, 750],
    categories: [
      { key: 'oriental-sweets', name: t('الحلويات الشرقية', 'Oriental Sweets') },
      { key: 'cakes', name: t('الكيك', 'Cakes') },
      { key: 'ice-cream', name: t('الآيس كريم', 'Ice Cream') },
      { key: 'puddings', name: t('المهلبية والبودينغ', 'Puddings') },
      { key: 'dates', name: t('التمور', 'Dates') },
    ],
    nouns: [
      noun('Kunafa', 'كنافة', true, 'kunafa', 'oriental-sweets'),
      noun('Basbousa', 'بسبوسة', true, 'cake', 'oriental-sweets'),
      noun('Luqaimat', 'لقيمات', true, 'luqaimat', 'oriental-sweets'),
      noun('Umm Ali', 'أم علي', true, 'pudding', 'puddings'),
      noun('Cheesecake', 'تشيز كيك', false, 'cake', 'cakes'),
      noun('Date Cake', 'كيكة تمر', true, 'cake', 'cakes'),
      noun('Muhallabia', 'مهلبية', true, 'pudding', 'puddings'),
      noun('Ice Cream', 'آيس كريم', false, 'pudding', 'ice-cream'),
      noun('Qatayef', 'قطايف', true, 'sambousek', 'oriental-sweets'),
      noun('Maamoul', 'معمول', false, 'dates', 'dates'),
    ],
    styles: [
      { en: 'Classic', ar: 'كلاسيكي', arFeminine: 'كلاسيكية' },
      { en: 'Royal', ar: 'ملكي', arFeminine: 'ملكية' },
      { en: 'Saffron', ar: 'بالزعفران' },
      { en: 'Pistachio', ar: 'بالفستق' },
      { en: 'Cream', ar: 'بالقشطة' },
      { en: 'Homestyle', ar: 'بيتي', arFeminine: 'بيتية' },
      { en: 'Hijazi', ar: 'حجازي', arFeminine: 'حجازية' },
      { en: 'Mini', ar: 'صغير', arFeminine: 'صغيرة' },
    ],
    tails: [
      NO_TAIL,
      { en: 'with Ice Cream', ar: 'مع الآيس كريم' },
      { en: 'with Date Syrup', ar: 'بدبس التمر' },
      { en: 'with Honey', ar: 'بالعسل' },
    ],
  },
  {
    price: [500, 2200],
    groups: ['size', 'milk', 'sugar', 'ice'],
    categoryImage: '/images/categories/hot-drinks.svg',
    calories: [0, 420],
    categories: [
      { key: 'hot-drinks', name: t('المشروبات الساخنة', 'Hot Drinks') },
      { key: 'arabic-coffee', name: t('القهوة العربية', 'Arabic Coffee') },
      { key: 'specialty-coffee', name: t('القهوة المختصة', 'Specialty Coffee') },
      { key: 'fresh-juices', name: t('العصائر الطازجة', 'Fresh Juices') },
      { key: 'cold-drinks', name: t('المشروبات الباردة', 'Cold Drinks') },
    ],
    nouns: [
      noun('Coffee', 'قهوة', true, 'saudi-coffee', 'arabic-coffee'),
      noun('Tea', 'شاي', false, 'tea', 'hot-drinks'),
      noun('Latte', 'لاتيه', false, 'coffee-cup', 'specialty-coffee'),
      noun('Juice', 'عصير', false, 'juice', 'fresh-juices'),
      noun('Lemonade', 'ليمون', false, 'juice', 'cold-drinks'),
      noun('Mojito', 'موهيتو', false, 'juice', 'cold-drinks'),
      noun('Smoothie', 'سموذي', false, 'juice', 'fresh-juices'),
      noun('Milkshake', 'ميلك شيك', false, 'iced-coffee', 'cold-drinks'),
      noun('Karak', 'كرك', false, 'karak', 'hot-drinks'),
      noun('Cappuccino', 'كابتشينو', false, 'coffee-cup', 'specialty-coffee'),
    ],
    styles: [
      { en: 'Iced', ar: 'بارد', arFeminine: 'باردة' },
      { en: 'Hot', ar: 'ساخن', arFeminine: 'ساخنة' },
      { en: 'Saffron', ar: 'بالزعفران' },
      { en: 'Cardamom', ar: 'بالهيل' },
      { en: 'Mint', ar: 'بالنعناع' },
      { en: 'Vanilla', ar: 'بالفانيليا' },
      { en: 'Caramel', ar: 'بالكراميل' },
      { en: 'Classic', ar: 'كلاسيكي', arFeminine: 'كلاسيكية' },
      { en: 'Spanish', ar: 'إسباني', arFeminine: 'إسبانية' },
      { en: 'Royal', ar: 'ملكي', arFeminine: 'ملكية' },
    ],
    tails: [NO_TAIL, { en: 'with Honey', ar: 'بالعسل' }, { en: 'with Milk', ar: 'بالحليب' }],
  },
];

const categories: SeedCategory[] = [
  ...families.flatMap((family) =>
    family.categories.map(({ key, name }) => ({ key, name, image: family.categoryImage })),
  ),
  { key: 'combos', name: t('الوجبات', 'Meals & Combos'), image: '/images/categories/combos.svg' },
];

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
  const inCombos = new Set(combos.flatMap((combo) => combo.slots.flatMap((slot) => slot.choices.map((c) => c.item))));
  // A sprinkle of unavailable items so the benchmark pays for availability like a real menu; never combo
  // products, so every combo stays orderable.
  const available = items.filter((item) => !inCombos.has(item.key));
  const itemsSoldOut = available.filter((_, i) => i % 97 === 50).map((item) => item.key);
  const itemsNotSold = available.filter((_, i) => i % 89 === 44 && i % 97 !== 50).map((item) => item.key);
  return {
    slug: 'bench-large',
    name: t('مطعم القياس', 'Benchmark Kitchen'),
    logo: '/images/brand/logo.svg',
    cover: '/images/brand/cover.svg',
    hosts: ['bench.localhost'],
    taxMode: 'inclusive',
    vatRateBasisPoints: 1500,
    branches: [
      {
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
      },
    ],
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
