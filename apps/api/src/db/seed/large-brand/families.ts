/**
 * The benchmark menu's families of dishes (mains, starters, sweets, drinks …): the words its item names are made
 * of, the prices and calories they range over, and the categories they fill.
 */
import type { LocalizedText } from '@sufra/shared/schemas/common';
import type { SeedCategory } from '../seed-types.ts';

export const t = (ar: string, en: string): LocalizedText => ({ ar, en });

/** A dish word; Arabic adjectives agree with its gender. Its category keeps kunafa among the sweets. */
export type Noun = { en: string; ar: string; feminine: boolean; image: string; category: string };
/** An adjective: English goes before the noun, Arabic after it, in the noun's gender. */
export type Style = { en: string; ar: string; arFeminine?: string };
/** A trailing phrase ('with Rice'), the same in both genders. */
export type Tail = { en: string; ar: string };

export type Family = {
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
export const families: Family[] = [
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

export const categories: SeedCategory[] = [
  ...families.flatMap((family) =>
    family.categories.map(({ key, name }) => ({ key, name, image: family.categoryImage })),
  ),
  { key: 'combos', name: t('الوجبات', 'Meals & Combos'), image: '/images/categories/combos.svg' },
];
