import type { SeedModifierGroup } from '../seed-types.ts';

/** The modifier groups the demo's items use, by key. */
export const modifierGroups: SeedModifierGroup[] = [
  {
    key: 'drink-size',
    name: { ar: 'الحجم', en: 'Size' },
    min: 1,
    max: 1,
    options: [
      { name: { ar: 'صغير', en: 'Small' }, priceHalalas: 0, calories: null },
      { name: { ar: 'وسط', en: 'Medium' }, priceHalalas: 300, calories: 40 },
      { name: { ar: 'كبير', en: 'Large' }, priceHalalas: 600, calories: 80 },
    ],
  },
  {
    key: 'rice-portion',
    name: { ar: 'الكمية', en: 'Portion' },
    min: 1,
    max: 1,
    options: [
      { name: { ar: 'فردي', en: 'Single' }, priceHalalas: 0, calories: null },
      { name: { ar: 'لشخصين', en: 'For two' }, priceHalalas: 2500, calories: 850 },
      { name: { ar: 'عائلي (٤ أشخاص)', en: 'Family (serves 4)' }, priceHalalas: 6500, calories: 2600 },
    ],
  },
  {
    key: 'extras',
    name: { ar: 'إضافات', en: 'Extras' },
    min: 0,
    max: 3,
    options: [
      { name: { ar: 'جبنة إضافية', en: 'Extra cheese' }, priceHalalas: 300, calories: 110 },
      { name: { ar: 'بيضة مقلية', en: 'Fried egg' }, priceHalalas: 300, calories: 90 },
      // Out of avocados: shows an option that cannot be picked.
      { name: { ar: 'أفوكادو', en: 'Avocado' }, priceHalalas: 500, calories: 120, available: false },
      { name: { ar: 'هالبينو', en: 'Jalapeños' }, priceHalalas: 200, calories: 5 },
      { name: { ar: 'مخلل إضافي', en: 'Extra pickles' }, priceHalalas: 0, calories: 5 },
    ],
  },
  {
    key: 'sauces',
    name: { ar: 'الصوصات', en: 'Sauces' },
    min: 0,
    max: 2,
    options: [
      { name: { ar: 'ثومية', en: 'Garlic sauce' }, priceHalalas: 0, calories: 90 },
      { name: { ar: 'طحينة', en: 'Tahini' }, priceHalalas: 0, calories: 80 },
      { name: { ar: 'دقوس حار', en: 'Spicy daqoos' }, priceHalalas: 0, calories: 15 },
      { name: { ar: 'مايونيز', en: 'Mayonnaise' }, priceHalalas: 0, calories: 100 },
      { name: { ar: 'صوص باربكيو', en: 'BBQ sauce' }, priceHalalas: 100, calories: 45 },
    ],
  },
  {
    key: 'spice-level',
    name: { ar: 'درجة الحرارة', en: 'Spice level' },
    min: 1,
    max: 1,
    options: [
      { name: { ar: 'عادي', en: 'Mild' }, priceHalalas: 0, calories: null },
      { name: { ar: 'وسط', en: 'Medium' }, priceHalalas: 0, calories: null },
      { name: { ar: 'حار', en: 'Hot' }, priceHalalas: 0, calories: null },
    ],
  },
  {
    key: 'milk',
    name: { ar: 'نوع الحليب', en: 'Milk' },
    min: 0,
    max: 1,
    options: [
      { name: { ar: 'حليب كامل الدسم', en: 'Full-fat milk' }, priceHalalas: 0, calories: 60 },
      { name: { ar: 'حليب قليل الدسم', en: 'Low-fat milk' }, priceHalalas: 0, calories: 35 },
      { name: { ar: 'حليب الشوفان', en: 'Oat milk' }, priceHalalas: 300, calories: 50 },
      { name: { ar: 'حليب اللوز', en: 'Almond milk' }, priceHalalas: 300, calories: 30 },
    ],
  },
  {
    key: 'sugar',
    name: { ar: 'السكر', en: 'Sugar' },
    min: 1,
    max: 1,
    options: [
      { name: { ar: 'بدون سكر', en: 'No sugar' }, priceHalalas: 0, calories: null },
      { name: { ar: 'سكر خفيف', en: 'Light sugar' }, priceHalalas: 0, calories: 15 },
      { name: { ar: 'سكر وسط', en: 'Regular sugar' }, priceHalalas: 0, calories: 30 },
      { name: { ar: 'سكر زيادة', en: 'Extra sugar' }, priceHalalas: 0, calories: 50 },
    ],
  },
  {
    key: 'coffee-extras',
    name: { ar: 'إضافات القهوة', en: 'Coffee extras' },
    min: 0,
    max: 2,
    options: [
      { name: { ar: 'شوت إسبريسو إضافي', en: 'Extra espresso shot' }, priceHalalas: 400, calories: 5 },
      { name: { ar: 'شراب الفانيليا', en: 'Vanilla syrup' }, priceHalalas: 300, calories: 60 },
      { name: { ar: 'شراب الكراميل', en: 'Caramel syrup' }, priceHalalas: 300, calories: 60 },
    ],
  },
  {
    key: 'grill-side',
    name: { ar: 'الطبق الجانبي', en: 'Side' },
    min: 1,
    max: 1,
    options: [
      { name: { ar: 'رز بسمتي', en: 'Basmati rice' }, priceHalalas: 0, calories: 250 },
      { name: { ar: 'بطاطس مقلية', en: 'French fries' }, priceHalalas: 0, calories: 320 },
      { name: { ar: 'سلطة عربية', en: 'Arabic salad' }, priceHalalas: 0, calories: 60 },
      { name: { ar: 'حمص', en: 'Hummus' }, priceHalalas: 300, calories: 180 },
    ],
  },
  {
    key: 'bread',
    name: { ar: 'نوع الخبز', en: 'Bread' },
    min: 1,
    max: 1,
    options: [
      { name: { ar: 'خبز صاج', en: 'Saj bread' }, priceHalalas: 0, calories: null },
      { name: { ar: 'خبز صامولي', en: 'Samoli roll' }, priceHalalas: 0, calories: 40 },
      { name: { ar: 'تورتيلا', en: 'Tortilla' }, priceHalalas: 100, calories: 20 },
    ],
  },
  {
    key: 'dessert-toppings',
    name: { ar: 'إضافات الحلى', en: 'Toppings' },
    min: 0,
    max: 2,
    options: [
      { name: { ar: 'كرة آيس كريم', en: 'Scoop of ice cream' }, priceHalalas: 500, calories: 140 },
      { name: { ar: 'فستق حلبي', en: 'Crushed pistachio' }, priceHalalas: 400, calories: 80 },
      { name: { ar: 'عسل سدر', en: 'Sidr honey' }, priceHalalas: 300, calories: 60 },
      { name: { ar: 'قشطة', en: 'Fresh cream' }, priceHalalas: 300, calories: 90 },
    ],
  },
  {
    key: 'ice',
    name: { ar: 'الثلج', en: 'Ice' },
    min: 1,
    max: 1,
    options: [
      { name: { ar: 'ثلج عادي', en: 'Regular ice' }, priceHalalas: 0, calories: null },
      { name: { ar: 'ثلج خفيف', en: 'Light ice' }, priceHalalas: 0, calories: null },
      { name: { ar: 'بدون ثلج', en: 'No ice' }, priceHalalas: 0, calories: null },
    ],
  },
  {
    key: 'soft-drink-flavour',
    name: { ar: 'اختر المشروب', en: 'Choose your drink' },
    min: 1,
    max: 1,
    options: [
      { name: { ar: 'بيبسي', en: 'Pepsi' }, priceHalalas: 0, calories: 140 },
      { name: { ar: 'بيبسي دايت', en: 'Diet Pepsi' }, priceHalalas: 0, calories: 0 },
      { name: { ar: 'سفن أب', en: '7UP' }, priceHalalas: 0, calories: 140 },
      { name: { ar: 'ميرندا برتقال', en: 'Mirinda Orange' }, priceHalalas: 0, calories: 160 },
    ],
  },
];
