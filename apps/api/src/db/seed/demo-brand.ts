/**
 * The demo brand: a Riyadh restaurant with four branches chosen to show every branch state
 * (open round the clock, closed by its hours, POS-integrated, pickup/delivery only and open past midnight).
 * QR uuids are fixed because tests, the README and printed demo codes link to them.
 */
import type { OpeningSpan } from '@sufra/shared/schemas/branch';
import type { LocalizedText } from '@sufra/shared/schemas/common';
import type {
  SeedBranch,
  SeedBrand,
  SeedCombo,
  SeedEvaluationForm,
  SeedItem,
  SeedLoyalty,
  SeedModifierGroup,
  SeedReward,
  SeedStaff,
} from './seed-types.ts';

/** Counter QR of the main branch (Olaya): the README and e2e journeys start here. */
export const DEMO_COUNTER_QR = '3f2b8c1e-7a4d-4e8b-9c2a-1d5e6f7a8b9c';
/** Table 1 QR of the main branch. */
export const DEMO_TABLE_1_QR = '5a1c9e2d-3b4f-4a6e-8d7c-2e9f1a3b4c5d';
/** A retired counter QR of the main branch, kept to show how an inactive code is refused. */
export const DEMO_INACTIVE_QR = '9d8c7b6a-5f4e-4d3c-8b2a-1a0f9e8d7c6b';

/**
 * Demo staff (issue 3), printed by `npm start`. Demo-only passwords: a production brand's staff are created
 * by its owner, never seeded.
 */
export const DEMO_STAFF: SeedStaff[] = [
  { email: 'owner@sufra.demo', name: 'Noura Al-Harbi', role: 'owner', password: 'owner-demo-2026', branches: [] },
  {
    email: 'manager@sufra.demo',
    name: 'Fahad Al-Qahtani',
    role: 'manager',
    password: 'manager-demo-2026',
    branches: ['olaya', 'malqa', 'king-fahd-road', 'yasmin'],
  },
  {
    email: 'cashier@sufra.demo',
    name: 'Sara Al-Otaibi',
    role: 'cashier',
    password: 'cashier-demo-2026',
    branches: ['olaya'],
  },
];

const everyDay = (opens: string, closes: string): OpeningSpan[] =>
  [0, 1, 2, 3, 4, 5, 6].map((day) => ({ day, opens, closes }));

const paymentChoices: SeedBranch['paymentChoices'] = [
  { method: 'cash', name: { ar: 'نقداً', en: 'Cash' }, orderTypes: [1, 2, 3] },
  {
    method: 'card',
    name: { ar: 'بطاقة (مدى، فيزا، ماستركارد)', en: 'Card (mada, Visa, Mastercard)' },
    orderTypes: [1, 2, 3],
  },
];

const ring = (points: [lng: number, lat: number][]): number[][][] => {
  const first = points[0];
  // GeoJSON rings repeat their first point at the end.
  return first ? [[...points, first]] : [];
};

const olaya: SeedBranch = {
  key: 'olaya',
  name: { ar: 'العليا', en: 'Olaya' },
  address: { ar: 'شارع العليا، حي العليا، الرياض 12214', en: 'Olaya Street, Al Olaya, Riyadh 12214' },
  phone: '+966114620150',
  lat: 24.6995,
  lng: 46.685,
  timeZone: 'Asia/Riyadh',
  // The flagship never closes (00:00–24:00 every day): the browser journeys order here at whatever hour CI runs.
  // Al Yasmin shows a span past midnight.
  openingHours: everyDay('00:00', '24:00'),
  isMain: true,
  integrated: false,
  dineInRadiusMeters: 150,
  orderTypes: { dineIn: true, pickup: true, delivery: true },
  // Two zones side by side (not nested), so any address falls in at most one zone of this branch.
  deliveryZones: [
    {
      name: { ar: 'العليا والسليمانية', en: 'Olaya & Sulaimaniyah' },
      feeHalalas: 1000,
      minimumOrderHalalas: 3000,
      geometry: {
        type: 'Polygon',
        coordinates: ring([
          [46.665, 24.68],
          [46.705, 24.68],
          [46.712, 24.7],
          [46.705, 24.72],
          [46.665, 24.72],
          [46.658, 24.7],
        ]),
      },
    },
    {
      name: { ar: 'المروج والمحمدية', en: 'Al Murooj & Al Mohammadiyah' },
      feeHalalas: 1500,
      minimumOrderHalalas: 5000,
      geometry: {
        type: 'Polygon',
        coordinates: ring([
          [46.665, 24.72],
          [46.705, 24.72],
          [46.712, 24.74],
          [46.7, 24.76],
          [46.64, 24.76],
          [46.635, 24.735],
        ]),
      },
    },
  ],
  tables: [
    { number: '1', status: 'free' },
    { number: '2', status: 'free' },
    { number: '3', status: 'free' },
    { number: '4', status: 'free' },
    { number: '5', status: 'free' },
    { number: '6', status: 'free' },
    { number: '7', status: 'occupied' },
    { number: '8', status: 'reserved' },
    { number: '9', status: 'check_printed' },
    { number: '10', status: 'free' },
  ],
  qrCodes: [
    { uuid: DEMO_COUNTER_QR, table: null, active: true },
    { uuid: DEMO_TABLE_1_QR, table: '1', active: true },
    { uuid: '4302483a-53f0-49c6-9c00-5cdf094de01d', table: '2', active: true },
    { uuid: '675fcc30-38db-4d7f-b0f1-5c4d75ade757', table: '3', active: true },
    { uuid: '86e3c250-fd70-4e8e-a018-06f78e509392', table: '4', active: true },
    { uuid: '3ee56c3c-3310-443c-8bc3-8771b254e178', table: '5', active: true },
    { uuid: 'a80bc219-6bf4-4ed9-a95c-7452e5bd8855', table: '6', active: true },
    { uuid: '4a7b9086-93d7-4384-901e-0dfd5c12774d', table: '7', active: true },
    { uuid: 'f3310b9c-62e7-4b20-bc55-4d1bd378eb23', table: '8', active: true },
    { uuid: 'a8f9c5c9-2124-4093-a2b6-b8bb6ee66771', table: '9', active: true },
    { uuid: '83fe9a30-cc94-40fd-bbb3-94a1195e1ea8', table: '10', active: true },
    { uuid: DEMO_INACTIVE_QR, table: null, active: false },
  ],
  paymentChoices,
  itemsNotSold: ['fish-sayadiyah'],
  itemsSoldOut: ['lamb-chops', 'umm-ali'],
  servicesOff: [],
};

const malqa: SeedBranch = {
  key: 'malqa',
  name: { ar: 'الملقا (مغلق للتجديد)', en: 'Al Malqa (closed for renovation)' },
  address: { ar: 'طريق أنس بن مالك، حي الملقا، الرياض 13521', en: 'Anas Ibn Malik Road, Al Malqa, Riyadh 13521' },
  phone: '+966112170344',
  lat: 24.806,
  lng: 46.615,
  timeZone: 'Asia/Riyadh',
  // No spans at all: the branch is closed every day until the renovation ends.
  openingHours: [],
  isMain: false,
  integrated: false,
  dineInRadiusMeters: 200,
  orderTypes: { dineIn: true, pickup: true, delivery: false },
  deliveryZones: [],
  tables: [
    { number: '1', status: 'free' },
    { number: '2', status: 'free' },
  ],
  qrCodes: [{ uuid: '5a2408a6-5144-4c9c-8eb0-c5f370e6704b', table: null, active: true }],
  paymentChoices,
  itemsNotSold: [],
  itemsSoldOut: [],
  servicesOff: [],
};

const kingFahd: SeedBranch = {
  key: 'king-fahd-road',
  name: { ar: 'طريق الملك فهد', en: 'King Fahd Road' },
  address: { ar: 'طريق الملك فهد، حي الصحافة، الرياض 13315', en: 'King Fahd Road, Al Sahafa, Riyadh 13315' },
  phone: '+966114560778',
  lat: 24.7905,
  lng: 46.6335,
  timeZone: 'Asia/Riyadh',
  // Open around the clock: 00:00–24:00 (00:00–23:59 would close it for a minute every night).
  openingHours: everyDay('00:00', '24:00'),
  isMain: false,
  // Orders also go to the branch's Foodics POS.
  integrated: true,
  dineInRadiusMeters: 200,
  orderTypes: { dineIn: true, pickup: true, delivery: true },
  deliveryZones: [
    {
      name: { ar: 'الصحافة والعقيق', en: 'Al Sahafa & Al Aqiq' },
      feeHalalas: 1200,
      minimumOrderHalalas: 4000,
      geometry: {
        type: 'Polygon',
        coordinates: ring([
          [46.61, 24.77],
          [46.66, 24.77],
          [46.66, 24.815],
          [46.61, 24.815],
        ]),
      },
    },
  ],
  tables: [
    { number: '1', status: 'free' },
    { number: '2', status: 'free' },
    { number: '3', status: 'free' },
    { number: '4', status: 'occupied' },
    { number: '5', status: 'free' },
    { number: '6', status: 'free' },
  ],
  qrCodes: [
    { uuid: 'fe232cd9-8d37-485a-b5dd-748776d692ac', table: null, active: true },
    { uuid: '46a4ffa7-d446-4258-8ee7-397bdb649efb', table: '1', active: true },
    { uuid: 'e11b942f-4e0e-4e43-998c-02732946b3ed', table: '2', active: true },
    { uuid: '601a28f3-5878-4e5b-a33e-994bf732bf0b', table: '3', active: true },
    { uuid: '4d1a1843-289e-4a1f-aa18-28795dee95ba', table: '4', active: true },
    { uuid: '129b8baa-0c7f-440d-a66e-b642bca26ef6', table: '5', active: true },
    { uuid: 'e6f24000-0eae-4769-aded-34cf1bf1314b', table: '6', active: true },
  ],
  paymentChoices,
  itemsNotSold: ['saleeg', 'grape-leaves'],
  itemsSoldOut: ['grilled-hammour'],
  servicesOff: [],
};

const breakfastKeys = [
  'shakshuka',
  'foul-medammas',
  'balaleet',
  'masoub',
  'meat-mutabbaq',
  'cheese-manakish',
  'zaatar-manakish',
  'vegetable-omelette',
  'labneh-plate',
  'fried-liver',
];

const yasmin: SeedBranch = {
  key: 'yasmin',
  name: { ar: 'الياسمين (استلام وتوصيل)', en: 'Al Yasmin (pickup & delivery)' },
  address: {
    ar: 'طريق الملك عبدالعزيز، حي الياسمين، الرياض 13325',
    en: 'King Abdulaziz Road, Al Yasmin, Riyadh 13325',
  },
  phone: '+966112034567',
  lat: 24.8231,
  lng: 46.6527,
  timeZone: 'Asia/Riyadh',
  // Opens at noon, later on Friday (day 5) after the Friday prayer.
  openingHours: [0, 1, 2, 3, 4, 6]
    .map((day) => ({ day, opens: '12:00', closes: '01:00' }))
    .concat([{ day: 5, opens: '13:30', closes: '02:00' }]),
  isMain: false,
  integrated: false,
  dineInRadiusMeters: 100,
  orderTypes: { dineIn: false, pickup: true, delivery: true },
  deliveryZones: [
    {
      name: { ar: 'الياسمين والنرجس', en: 'Al Yasmin & Al Narjis' },
      feeHalalas: 1000,
      minimumOrderHalalas: 3500,
      geometry: {
        type: 'Polygon',
        coordinates: ring([
          [46.625, 24.815],
          [46.68, 24.815],
          [46.68, 24.845],
          [46.652, 24.852],
          [46.625, 24.845],
        ]),
      },
    },
  ],
  tables: [],
  qrCodes: [{ uuid: '26729cbd-6aa9-4f81-b150-aa23ecbaf2f0', table: null, active: true }],
  paymentChoices,
  // A noon-to-late kitchen: no breakfast, so neither the breakfast dishes nor the breakfast combo.
  itemsNotSold: [...breakfastKeys, 'breakfast-for-one'],
  itemsSoldOut: ['kunafa'],
  servicesOff: [],
};

const modifierGroups: SeedModifierGroup[] = [
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

/** An item as written below: the slug is the key, the image a name under /images/menu, tax null unless overridden. */
type ItemEntry = Omit<SeedItem, 'category' | 'slug' | 'image' | 'taxRateBasisPoints'> & {
  image: string;
  taxRateBasisPoints?: number;
};

const inCategory = (category: string, entries: ItemEntry[]): SeedItem[] =>
  entries.map(({ image, taxRateBasisPoints, ...entry }) => ({
    ...entry,
    category,
    slug: entry.key,
    image: `/images/menu/${image}.svg`,
    taxRateBasisPoints: taxRateBasisPoints ?? null,
  }));

const t = (ar: string, en: string): LocalizedText => ({ ar, en });

const items: SeedItem[] = [
  ...inCategory('breakfast', [
    {
      key: 'shakshuka',
      name: t('شكشوكة', 'Shakshuka'),
      description: t(
        'بيض مطهو في صلصة الطماطم والفلفل المتبّلة، يقدم مع خبز ساخن.',
        'Eggs poached in a spiced tomato and pepper sauce, served with warm bread.',
      ),
      image: 'shakshuka',
      priceHalalas: 1900,
      calories: 420,
      modifierGroups: ['spice-level', 'extras'],
    },
    {
      key: 'foul-medammas',
      name: t('فول مدمس', 'Foul Medammas'),
      description: t(
        'فول مطبوخ على نار هادئة بالكمون وزيت الزيتون والليمون.',
        'Slow-cooked fava beans with cumin, olive oil and lemon.',
      ),
      image: 'foul',
      priceHalalas: 1500,
      calories: 380,
      modifierGroups: ['extras'],
    },
    {
      key: 'balaleet',
      name: t('بلاليط', 'Balaleet'),
      description: t(
        'شعيرية حلوة بالزعفران والهيل تعلوها طبقة رقيقة من البيض.',
        'Sweet saffron and cardamom vermicelli topped with a thin omelette.',
      ),
      image: 'jareesh',
      priceHalalas: 1800,
      calories: 510,
      modifierGroups: [],
    },
    {
      key: 'masoub',
      name: t('معصوب', 'Masoub'),
      description: t(
        'خبز مهروس بالموز والعسل والقشطة والسمن، فطور حجازي أصيل.',
        'Mashed bread with banana, honey, cream and ghee, a Hijazi breakfast favourite.',
      ),
      image: 'pudding',
      priceHalalas: 2200,
      calories: 690,
      modifierGroups: ['dessert-toppings'],
    },
    {
      key: 'meat-mutabbaq',
      name: t('مطبق لحم', 'Meat Mutabbaq'),
      description: t(
        'عجينة مقرمشة محشوة باللحم المفروم والبيض والكراث.',
        'Crisp folded pastry stuffed with minced meat, egg and leek.',
      ),
      image: 'mutabbaq',
      priceHalalas: 2100,
      calories: 620,
      modifierGroups: ['sauces'],
    },
    {
      key: 'cheese-manakish',
      name: t('مناقيش جبن', 'Cheese Manakish'),
      description: t(
        'خبز مخبوز في الفرن بجبنة العكاوي والموزاريلا الذائبة.',
        'Oven-baked flatbread with melted akkawi and mozzarella cheese.',
      ),
      image: 'manakish',
      priceHalalas: 1400,
      calories: 450,
      modifierGroups: ['extras'],
    },
    {
      key: 'zaatar-manakish',
      name: t('مناقيش زعتر', "Za'atar Manakish"),
      description: t(
        'خبز بالزعتر والسمسم وزيت الزيتون البكر.',
        "Flatbread with za'atar, sesame and extra virgin olive oil.",
      ),
      image: 'manakish',
      priceHalalas: 1000,
      calories: 330,
      modifierGroups: [],
    },
    {
      key: 'vegetable-omelette',
      name: t('أومليت بالخضار', 'Vegetable Omelette'),
      description: t(
        'ثلاث بيضات مع الطماطم والبصل والفلفل الأخضر، يقدم مع الخبز.',
        'Three-egg omelette with tomato, onion and green pepper, served with bread.',
      ),
      image: 'shakshuka',
      priceHalalas: 1700,
      calories: 350,
      modifierGroups: ['extras'],
    },
    {
      key: 'labneh-plate',
      name: t('صحن لبنة', 'Labneh Plate'),
      description: t(
        'لبنة كريمية بزيت الزيتون والزيتون والنعناع والخيار.',
        'Creamy labneh with olive oil, olives, mint and cucumber.',
      ),
      image: 'hummus',
      priceHalalas: 1300,
      calories: 290,
      modifierGroups: [],
    },
    {
      key: 'fried-liver',
      name: t('كبدة', 'Fried Liver'),
      description: t(
        'كبدة غنم مقلّبة بالبصل والثوم والفلفل الحار، فطور رياضي كلاسيكي.',
        'Lamb liver sautéed with onion, garlic and chilli, a Riyadh breakfast classic.',
      ),
      image: 'foul',
      priceHalalas: 2300,
      calories: 410,
      modifierGroups: ['spice-level'],
    },
  ]),
  ...inCategory('appetizers', [
    {
      key: 'hummus',
      name: t('حمص', 'Hummus'),
      description: t('حمص مهروس بالطحينة والليمون وزيت الزيتون.', 'Chickpea purée with tahini, lemon and olive oil.'),
      image: 'hummus',
      priceHalalas: 1400,
      calories: 330,
      modifierGroups: [],
    },
    {
      key: 'mutabbal',
      name: t('متبل', 'Mutabbal'),
      description: t(
        'باذنجان مشوي على الفحم مع الطحينة والثوم.',
        'Smoky charcoal-roasted eggplant with tahini and garlic.',
      ),
      image: 'hummus',
      priceHalalas: 1400,
      calories: 260,
      modifierGroups: [],
    },
    {
      key: 'cheese-sambousek',
      name: t('سمبوسة جبن (٥ قطع)', 'Cheese Sambousek (5 pieces)'),
      description: t(
        'معجنات مقرمشة محشوة بالجبنة البيضاء والبقدونس.',
        'Crisp pastries filled with white cheese and parsley.',
      ),
      image: 'sambousek',
      priceHalalas: 1500,
      calories: 420,
      modifierGroups: ['sauces'],
    },
    {
      key: 'meat-sambousek',
      name: t('سمبوسة لحم (٥ قطع)', 'Meat Sambousek (5 pieces)'),
      description: t(
        'معجنات مقرمشة محشوة باللحم المفروم والبصل والبهارات.',
        'Crisp pastries filled with spiced minced meat and onion.',
      ),
      image: 'sambousek',
      priceHalalas: 1700,
      calories: 480,
      modifierGroups: ['sauces'],
    },
    {
      key: 'fried-kibbeh',
      name: t('كبة مقلية (٤ قطع)', 'Fried Kibbeh (4 pieces)'),
      description: t(
        'أقراص برغل محشوة باللحم المتبل والصنوبر.',
        'Bulgur shells stuffed with spiced minced meat and pine nuts.',
      ),
      image: 'falafel',
      priceHalalas: 2000,
      calories: 520,
      modifierGroups: ['sauces'],
    },
    {
      key: 'falafel-plate',
      name: t('صحن فلافل', 'Falafel Plate'),
      description: t(
        'ست حبات فلافل مقرمشة مع صوص الطحينة والمخلل.',
        'Six crispy falafel with tahini sauce and pickles.',
      ),
      image: 'falafel',
      priceHalalas: 1300,
      calories: 450,
      modifierGroups: ['sauces'],
    },
    {
      key: 'french-fries',
      name: t('بطاطس مقلية', 'French Fries'),
      description: t('بطاطس ذهبية مقرمشة مع رشة ملح بحري.', 'Golden crispy fries with a pinch of sea salt.'),
      image: 'fries',
      priceHalalas: 900,
      calories: 365,
      modifierGroups: ['sauces'],
    },
    {
      key: 'grape-leaves',
      name: t('ورق عنب', 'Stuffed Vine Leaves'),
      description: t(
        'ورق عنب ملفوف بالأرز والطماطم والأعشاب بالليمون.',
        'Vine leaves rolled with rice, tomato and herbs in lemon.',
      ),
      image: 'sambousek',
      priceHalalas: 1600,
      calories: 280,
      modifierGroups: [],
    },
    {
      key: 'lentil-soup',
      name: t('شوربة عدس', 'Lentil Soup'),
      description: t(
        'شوربة عدس أحمر بالكمون، تقدم مع الليمون والخبز المحمص.',
        'Red lentil soup with cumin, served with lemon and croutons.',
      ),
      image: 'soup',
      priceHalalas: 1200,
      calories: 240,
      modifierGroups: [],
    },
  ]),
  ...inCategory('salads', [
    {
      key: 'fattoush',
      name: t('فتوش', 'Fattoush'),
      description: t(
        'خضار ورقية وطماطم وفجل وخبز محمص بدبس الرمان.',
        'Crisp greens, tomato, radish and toasted bread with pomegranate molasses.',
      ),
      image: 'salad',
      priceHalalas: 1800,
      calories: 230,
      modifierGroups: [],
    },
    {
      key: 'tabbouleh',
      name: t('تبولة', 'Tabbouleh'),
      description: t(
        'بقدونس مفروم ناعماً مع البرغل والطماطم والنعناع والليمون.',
        'Finely chopped parsley with bulgur, tomato, mint and lemon.',
      ),
      image: 'salad',
      priceHalalas: 1700,
      calories: 180,
      modifierGroups: [],
    },
    {
      key: 'greek-salad',
      name: t('سلطة يونانية', 'Greek Salad'),
      description: t(
        'خيار وطماطم وزيتون وجبنة فيتا بتتبيلة الزعتر البري.',
        'Cucumber, tomato, olives and feta with an oregano dressing.',
      ),
      image: 'salad',
      priceHalalas: 2200,
      calories: 260,
      modifierGroups: [],
    },
    {
      key: 'rocket-salad',
      name: t('سلطة جرجير', 'Rocket Salad'),
      description: t(
        'جرجير طازج مع البصل والسماق وتتبيلة الليمون وزيت الزيتون.',
        'Fresh rocket with onion, sumac and a lemon and olive oil dressing.',
      ),
      image: 'salad',
      priceHalalas: 1600,
      calories: 140,
      modifierGroups: [],
    },
    {
      key: 'chicken-caesar-salad',
      name: t('سلطة سيزر بالدجاج', 'Chicken Caesar Salad'),
      description: t(
        'خس روماني ودجاج مشوي وبارميزان وخبز محمص بصوص السيزر.',
        'Romaine, grilled chicken, parmesan and croutons in Caesar dressing.',
      ),
      image: 'salad',
      priceHalalas: 2600,
      calories: 420,
      modifierGroups: [],
    },
    {
      key: 'arabic-salad',
      name: t('سلطة عربية', 'Arabic Salad'),
      description: t(
        'طماطم وخيار وبصل مقطع مكعبات بالنعناع والليمون.',
        'Diced tomato, cucumber and onion with mint and lemon.',
      ),
      image: 'salad',
      priceHalalas: 1200,
      calories: 90,
      modifierGroups: [],
    },
  ]),
  ...inCategory('grills', [
    {
      key: 'shish-tawook',
      name: t('شيش طاووق', 'Shish Tawook'),
      description: t(
        'مكعبات دجاج متبلة مشوية على الفحم، تقدم مع الثومية.',
        'Marinated chicken cubes grilled over charcoal, served with garlic sauce.',
      ),
      image: 'grill-skewers',
      priceHalalas: 3900,
      calories: 610,
      modifierGroups: ['grill-side', 'sauces', 'spice-level'],
    },
    {
      key: 'lamb-kebab',
      name: t('كباب لحم', 'Lamb Kebab'),
      description: t(
        'أسياخ لحم غنم مفروم بالبقدونس والبصل مشوية على الفحم.',
        'Minced lamb skewers with parsley and onion, grilled over charcoal.',
      ),
      image: 'grill-skewers',
      priceHalalas: 4500,
      calories: 720,
      modifierGroups: ['grill-side', 'sauces', 'spice-level'],
    },
    {
      key: 'lamb-chops',
      name: t('ريش غنم', 'Lamb Chops'),
      description: t(
        'ريش غنم طرية متبلة بالأعشاب، تشوى عند الطلب.',
        'Tender lamb chops marinated with herbs, grilled to order.',
      ),
      image: 'lamb-chops',
      priceHalalas: 6900,
      calories: 780,
      modifierGroups: ['grill-side', 'sauces'],
    },
    {
      key: 'mixed-grill',
      name: t('مشاوي مشكلة', 'Mixed Grill'),
      description: t(
        'طاووق وكباب وأوصال لحم لشخص واحد مع خضار مشوية.',
        'Tawook, kebab and lamb tikka for one, with grilled vegetables.',
      ),
      image: 'grill-skewers',
      priceHalalas: 7500,
      calories: 1150,
      modifierGroups: ['grill-side', 'sauces', 'spice-level'],
    },
    {
      key: 'half-grilled-chicken',
      name: t('نصف دجاج مشوي', 'Half Grilled Chicken'),
      description: t(
        'نصف دجاجة مشوية على الفحم مع الثومية والمخلل.',
        'Charcoal-grilled half chicken with garlic sauce and pickles.',
      ),
      image: 'grilled-chicken',
      priceHalalas: 2900,
      calories: 680,
      modifierGroups: ['grill-side', 'sauces', 'spice-level'],
    },
    {
      key: 'lamb-tikka',
      name: t('أوصال لحم', 'Lamb Tikka'),
      description: t('قطع لحم غنم متبلة بالبهارات ومشوية على الأسياخ.', 'Cubes of spiced lamb grilled on skewers.'),
      image: 'grill-skewers',
      priceHalalas: 5200,
      calories: 640,
      modifierGroups: ['grill-side', 'sauces'],
    },
    {
      key: 'grilled-hammour',
      name: t('هامور مشوي', 'Grilled Hammour'),
      description: t(
        'فيليه هامور خليجي مشوي بالليمون والثوم والكزبرة.',
        'Gulf hammour fillet grilled with lemon, garlic and coriander.',
      ),
      image: 'fish',
      priceHalalas: 7900,
      calories: 450,
      modifierGroups: ['grill-side'],
    },
    {
      key: 'grilled-chicken-wings',
      name: t('أجنحة دجاج مشوية', 'Grilled Chicken Wings'),
      description: t(
        'أجنحة مشوية على الفحم بتتبيلة الليمون والثوم.',
        'Charcoal-grilled wings in a lemon and garlic marinade.',
      ),
      image: 'grilled-chicken',
      priceHalalas: 2400,
      calories: 540,
      modifierGroups: ['sauces', 'spice-level'],
    },
  ]),
  ...inCategory('rice', [
    {
      key: 'chicken-kabsa',
      name: t('كبسة دجاج', 'Chicken Kabsa'),
      description: t(
        'أرز بالبهارات مع دجاج طري، يزين بالمكسرات والزبيب.',
        'Fragrant spiced rice with tender chicken, topped with nuts and raisins.',
      ),
      image: 'kabsa',
      priceHalalas: 3200,
      calories: 890,
      modifierGroups: ['rice-portion'],
    },
    {
      key: 'lamb-kabsa',
      name: t('كبسة لحم', 'Lamb Kabsa'),
      description: t(
        'كبسة سعودية مطبوخة على نار هادئة مع لحم غنم بالعظم.',
        'Saudi spiced rice slow-cooked with lamb on the bone.',
      ),
      image: 'kabsa',
      priceHalalas: 5500,
      calories: 1120,
      modifierGroups: ['rice-portion'],
    },
    {
      key: 'chicken-mandi',
      name: t('مندي دجاج', 'Chicken Mandi'),
      description: t(
        'دجاج مدخن على أرز طويل الحبة مطبوخ في التنور.',
        'Smoked chicken on long-grain rice cooked in the taboon.',
      ),
      image: 'mandi',
      priceHalalas: 3400,
      calories: 870,
      modifierGroups: ['rice-portion'],
    },
    {
      key: 'lamb-mandi',
      name: t('مندي لحم', 'Lamb Mandi'),
      description: t(
        'لحم غنم محمر ببطء على أرز المندي المدخن، يقدم مع الدقوس.',
        'Slow-roasted lamb over smoky mandi rice, served with daqoos.',
      ),
      image: 'mandi',
      priceHalalas: 5900,
      calories: 1180,
      modifierGroups: ['rice-portion'],
    },
    {
      key: 'chicken-madghout',
      name: t('مضغوط دجاج', 'Chicken Madghout'),
      description: t(
        'دجاج وأرز مطبوخان بالضغط في مرق الطماطم والبهارات.',
        'Pressure-cooked chicken and rice in a rich tomato and spice broth.',
      ),
      image: 'kabsa',
      priceHalalas: 3300,
      calories: 860,
      modifierGroups: ['rice-portion'],
    },
    {
      key: 'jareesh',
      name: t('جريش', 'Jareesh'),
      description: t(
        'قمح مجروش مطبوخ ببطء مع الدجاج واللبن، يعلوه البصل المحمر.',
        'Cracked wheat slow-cooked with chicken and yogurt, topped with fried onion.',
      ),
      image: 'jareesh',
      priceHalalas: 2200,
      calories: 540,
      modifierGroups: [],
    },
    {
      key: 'saleeg',
      name: t('سليق', 'Saleeg'),
      description: t(
        'أرز كريمي على الطريقة الحجازية مطبوخ بمرق الدجاج والحليب.',
        'Creamy Hijazi-style rice cooked in chicken broth and milk.',
      ),
      image: 'mandi',
      priceHalalas: 2800,
      calories: 760,
      modifierGroups: ['rice-portion'],
    },
    {
      key: 'fish-sayadiyah',
      name: t('صيادية سمك', 'Fish Sayadiyah'),
      description: t(
        'أرز بني متبل مع سمك مقلي وبصل مكرمل.',
        'Spiced brown rice with fried fish and caramelised onion.',
      ),
      image: 'fish',
      priceHalalas: 4800,
      calories: 820,
      modifierGroups: [],
    },
  ]),
  ...inCategory('sandwiches', [
    {
      key: 'chicken-shawarma',
      name: t('شاورما دجاج', 'Chicken Shawarma'),
      description: t(
        'دجاج شاورما مع الثومية والمخلل والبطاطس في خبز الصاج.',
        'Shaved chicken with garlic sauce, pickles and fries in saj bread.',
      ),
      image: 'shawarma',
      priceHalalas: 1100,
      calories: 520,
      modifierGroups: ['bread', 'sauces', 'extras'],
    },
    {
      key: 'meat-shawarma',
      name: t('شاورما لحم', 'Meat Shawarma'),
      description: t(
        'لحم شاورما مع الطحينة والبصل والبقدونس والطماطم.',
        'Shaved beef with tahini, onion, parsley and tomato.',
      ),
      image: 'shawarma',
      priceHalalas: 1300,
      calories: 560,
      modifierGroups: ['bread', 'sauces', 'extras'],
    },
    {
      key: 'falafel-sandwich',
      name: t('ساندويتش فلافل', 'Falafel Sandwich'),
      description: t('فلافل مقرمشة مع الطحينة والطماطم والمخلل.', 'Crispy falafel with tahini, tomato and pickles.'),
      image: 'sandwich',
      priceHalalas: 700,
      calories: 410,
      modifierGroups: ['bread', 'sauces'],
    },
    {
      key: 'liver-sandwich',
      name: t('ساندويتش كبدة', 'Liver Sandwich'),
      description: t('كبدة مقلّبة بالفلفل الحار في خبز صامولي.', 'Sautéed liver with chilli in a samoli roll.'),
      image: 'sandwich',
      priceHalalas: 1000,
      calories: 450,
      modifierGroups: ['bread', 'spice-level', 'sauces'],
    },
    {
      key: 'beef-burger',
      name: t('برجر لحم', 'Beef Burger'),
      description: t(
        'قطعة لحم مشوية مع شيدر وخس وطماطم وصوص البيت.',
        'Grilled beef patty with cheddar, lettuce, tomato and house sauce.',
      ),
      image: 'burger',
      priceHalalas: 2900,
      calories: 780,
      modifierGroups: ['extras', 'sauces'],
    },
    {
      key: 'crispy-chicken-burger',
      name: t('برجر دجاج مقرمش', 'Crispy Chicken Burger'),
      description: t(
        'صدر دجاج مقرمش مع الخس والمايونيز الحار.',
        'Crispy chicken breast with lettuce and spicy mayonnaise.',
      ),
      image: 'burger',
      priceHalalas: 2600,
      calories: 720,
      modifierGroups: ['extras', 'sauces', 'spice-level'],
    },
    {
      key: 'tawook-wrap',
      name: t('راب طاووق', 'Tawook Wrap'),
      description: t(
        'دجاج طاووق مشوي مع الخس والثومية في تورتيلا.',
        'Grilled tawook chicken with lettuce and garlic sauce in a tortilla.',
      ),
      image: 'shawarma',
      priceHalalas: 1800,
      calories: 540,
      modifierGroups: ['sauces', 'extras'],
    },
    {
      key: 'halloumi-sandwich',
      name: t('ساندويتش حلوم', 'Halloumi Sandwich'),
      description: t('جبنة حلوم مشوية مع الطماطم والنعناع والزيتون.', 'Grilled halloumi with tomato, mint and olives.'),
      image: 'sandwich',
      priceHalalas: 1500,
      calories: 480,
      modifierGroups: ['bread', 'extras'],
    },
  ]),
  ...inCategory('desserts', [
    {
      key: 'kunafa',
      name: t('كنافة بالجبن', 'Cheese Kunafa'),
      description: t(
        'عجينة كنافة مقرمشة فوق جبنة ذائبة، مسقية بالقطر.',
        'Crisp shredded pastry over melted cheese, soaked in syrup.',
      ),
      image: 'kunafa',
      priceHalalas: 2200,
      calories: 610,
      modifierGroups: ['dessert-toppings'],
    },
    {
      key: 'umm-ali',
      name: t('أم علي', 'Umm Ali'),
      description: t(
        'حلى ساخن من العجين والحليب والمكسرات والزبيب وجوز الهند.',
        'Warm bread pudding with milk, nuts, raisins and coconut.',
      ),
      image: 'pudding',
      priceHalalas: 1900,
      calories: 540,
      modifierGroups: ['dessert-toppings'],
    },
    {
      key: 'luqaimat',
      name: t('لقيمات', 'Luqaimat'),
      description: t(
        'كرات عجين ذهبية مقلية بدبس التمر والسمسم.',
        'Golden fried dough balls drizzled with date syrup and sesame.',
      ),
      image: 'luqaimat',
      priceHalalas: 1500,
      calories: 430,
      modifierGroups: ['dessert-toppings'],
    },
    {
      key: 'muhallabia',
      name: t('مهلبية', 'Muhallabia'),
      description: t('مهلبية حليب بماء الورد والفستق الحلبي.', 'Rose-scented milk pudding with pistachio.'),
      image: 'pudding',
      priceHalalas: 1400,
      calories: 280,
      modifierGroups: [],
    },
    {
      key: 'basbousa',
      name: t('بسبوسة', 'Basbousa'),
      description: t('كيكة سميد مسقية بالقطر ومزينة باللوز.', 'Semolina cake soaked in syrup and topped with almonds.'),
      image: 'cake',
      priceHalalas: 1300,
      calories: 390,
      modifierGroups: ['dessert-toppings'],
    },
    {
      key: 'sukkari-dates',
      name: t('طبق تمر سكري', 'Sukkari Dates Platter'),
      description: t('تشكيلة من تمر السكري القصيمي الفاخر.', 'A selection of premium Sukkari dates from Qassim.'),
      image: 'dates',
      priceHalalas: 1800,
      calories: 300,
      modifierGroups: [],
    },
    {
      key: 'date-cake',
      name: t('كيكة التمر بالتوفي', 'Date Cake with Toffee'),
      description: t('كيكة تمر طرية مع صوص التوفي الساخن.', 'Moist date cake with warm toffee sauce.'),
      image: 'cake',
      priceHalalas: 2100,
      calories: 520,
      modifierGroups: ['dessert-toppings'],
    },
  ]),
  ...inCategory('hot-drinks', [
    {
      key: 'saudi-coffee',
      name: t('دلة قهوة سعودية', 'Saudi Coffee (Dallah)'),
      description: t(
        'قهوة عربية شقراء بالهيل والزعفران تقدم في دلة مع التمر.',
        'Light-roast Arabic coffee with cardamom and saffron, served in a dallah with dates.',
      ),
      image: 'saudi-coffee',
      priceHalalas: 1800,
      calories: 40,
      modifierGroups: [],
    },
    {
      key: 'karak-tea',
      name: t('شاي كرك', 'Karak Tea'),
      description: t('شاي ثقيل مطبوخ بالحليب والهيل والزعفران.', 'Strong tea brewed with milk, cardamom and saffron.'),
      image: 'karak',
      priceHalalas: 600,
      calories: 150,
      modifierGroups: ['drink-size', 'sugar'],
    },
    {
      key: 'mint-tea',
      name: t('شاي بالنعناع', 'Mint Tea'),
      description: t('شاي أحمر مع أوراق النعناع الطازجة.', 'Black tea with fresh mint leaves.'),
      image: 'tea',
      priceHalalas: 500,
      calories: 5,
      modifierGroups: ['sugar'],
    },
    {
      key: 'tea-pot',
      name: t('براد شاي', 'Pot of Tea'),
      description: t('براد شاي أحمر يكفي شخصين إلى ثلاثة.', 'A pot of black tea for two to three people.'),
      image: 'tea',
      priceHalalas: 1200,
      calories: 10,
      modifierGroups: ['sugar'],
    },
    {
      key: 'adeni-tea',
      name: t('شاي عدني', 'Adeni Tea'),
      description: t(
        'شاي بالحليب على الطريقة اليمنية بالهيل والقرنفل.',
        'Yemeni-style milk tea spiced with cardamom and cloves.',
      ),
      image: 'karak',
      priceHalalas: 700,
      calories: 140,
      modifierGroups: ['sugar'],
    },
    {
      key: 'turkish-coffee',
      name: t('قهوة تركية', 'Turkish Coffee'),
      description: t('قهوة تركية محضرة على الرمل مع الهيل.', 'Sand-brewed Turkish coffee with cardamom.'),
      image: 'coffee-cup',
      priceHalalas: 900,
      calories: 10,
      modifierGroups: ['sugar'],
    },
    {
      key: 'cappuccino',
      name: t('كابتشينو', 'Cappuccino'),
      description: t(
        'إسبريسو مع حليب مبخر وطبقة كثيفة من الرغوة.',
        'Espresso with steamed milk and a thick layer of foam.',
      ),
      image: 'coffee-cup',
      priceHalalas: 1500,
      calories: 130,
      modifierGroups: ['drink-size', 'milk', 'sugar', 'coffee-extras'],
    },
    {
      key: 'spanish-latte',
      name: t('سبانش لاتيه', 'Spanish Latte'),
      description: t('إسبريسو مع الحليب والحليب المكثف المحلى.', 'Espresso with milk and sweetened condensed milk.'),
      image: 'coffee-cup',
      priceHalalas: 1800,
      calories: 260,
      modifierGroups: ['drink-size', 'milk', 'coffee-extras'],
    },
    {
      key: 'americano',
      name: t('أمريكانو', 'Americano'),
      description: t('إسبريسو مزدوج مع الماء الساخن.', 'Double espresso topped up with hot water.'),
      image: 'coffee-cup',
      priceHalalas: 1200,
      calories: 10,
      modifierGroups: ['drink-size', 'sugar', 'coffee-extras'],
    },
  ]),
  ...inCategory('cold-drinks', [
    {
      key: 'fresh-orange-juice',
      name: t('عصير برتقال طازج', 'Fresh Orange Juice'),
      description: t('برتقال معصور عند الطلب بدون سكر مضاف.', 'Oranges squeezed to order with no added sugar.'),
      image: 'juice',
      priceHalalas: 1400,
      calories: 160,
      modifierGroups: ['drink-size', 'ice'],
    },
    {
      key: 'lemon-mint',
      name: t('ليمون بالنعناع', 'Lemon Mint'),
      description: t('ليمون ونعناع طازج مخفوقان مع الثلج.', 'Fresh lemon and mint blended with ice.'),
      image: 'juice',
      priceHalalas: 1300,
      calories: 120,
      modifierGroups: ['drink-size', 'sugar'],
    },
    {
      key: 'mango-juice',
      name: t('عصير مانجو', 'Mango Juice'),
      description: t('عصير مانجو كثيف من المانجو الطازجة.', 'Thick juice made from fresh mangoes.'),
      image: 'juice',
      priceHalalas: 1500,
      calories: 210,
      modifierGroups: ['drink-size', 'ice'],
    },
    {
      key: 'laban',
      name: t('لبن', 'Laban'),
      description: t('لبن بارد خفيف الملوحة.', 'Chilled, lightly salted yogurt drink.'),
      image: 'laban',
      priceHalalas: 500,
      calories: 110,
      modifierGroups: [],
    },
    {
      key: 'iced-spanish-latte',
      name: t('سبانش لاتيه بارد', 'Iced Spanish Latte'),
      description: t('إسبريسو وحليب مكثف محلى على الثلج.', 'Espresso and sweetened condensed milk over ice.'),
      image: 'iced-coffee',
      priceHalalas: 1900,
      calories: 250,
      modifierGroups: ['drink-size', 'milk', 'ice', 'coffee-extras'],
    },
    {
      key: 'soft-drink',
      name: t('مشروب غازي', 'Soft Drink'),
      description: t('علبة ٣٣٠ مل من اختيارك.', 'A 330 ml can of your choice.'),
      image: 'soda',
      priceHalalas: 500,
      calories: 140,
      modifierGroups: ['soft-drink-flavour'],
    },
    {
      key: 'mineral-water',
      name: t('مياه معدنية', 'Mineral Water'),
      description: t('قارورة مياه معدنية ٣٣٠ مل.', 'A 330 ml bottle of mineral water.'),
      image: 'water',
      priceHalalas: 200,
      // Demonstrates a per-item tax override: the menu and the receipt must use it instead of the brand's VAT.
      taxRateBasisPoints: 0,
      calories: 0,
      modifierGroups: [],
    },
    {
      key: 'sparkling-water',
      name: t('مياه فوارة', 'Sparkling Water'),
      description: t('قارورة مياه فوارة ٢٥٠ مل.', 'A 250 ml bottle of sparkling water.'),
      image: 'water',
      priceHalalas: 400,
      taxRateBasisPoints: 0,
      calories: 0,
      modifierGroups: [],
    },
    {
      key: 'iced-hibiscus',
      name: t('كركديه بارد', 'Iced Hibiscus'),
      description: t('منقوع الكركديه البارد مع لمسة ليمون.', 'Chilled hibiscus infusion with a hint of lemon.'),
      image: 'juice',
      priceHalalas: 1100,
      calories: 90,
      modifierGroups: ['ice'],
    },
    {
      key: 'vimto-cooler',
      name: t('فيمتو بارد', 'Vimto Cooler'),
      description: t(
        'فيمتو بالليمون والنعناع والثلج، مشروب رمضان المفضل.',
        'Vimto with lemon, mint and ice, the Ramadan favourite.',
      ),
      image: 'juice',
      priceHalalas: 900,
      calories: 150,
      modifierGroups: ['ice'],
    },
  ]),
];

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
const combos: SeedCombo[] = [
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

const category = (key: string, ar: string, en: string) => ({
  key,
  name: t(ar, en),
  image: `/images/categories/${key}.svg`,
});

/** The demo's points programme: 10 points per SAR, 20 points take off one SAR, three levels. */
export const DEMO_LOYALTY: SeedLoyalty = {
  rules: {
    earnPointsPerSar: 10,
    pointValueHalalas: 5,
    minPointsPerRedemption: 100,
    maxPointsPerTransaction: 2_000,
    maxPointsPerDay: 4_000,
    maxRedemptionsPerDay: 3,
    expiryDays: 365,
  },
  referral: {
    referrerPoints: 200,
    friendPoints: 100,
    refundWindowDays: 14,
    // The punch card's demo diner has invited three friends: one converted, one joined, one not yet registered.
    sample: {
      referrer: { phone: '+966555010203', fullName: 'نورة القحطاني' },
      code: 'SUFRA226',
      friends: [
        { phone: '+966555010301', fullName: 'سارة العتيبي', status: 'converted', daysAgo: 9 },
        { phone: '+966555010302', fullName: 'Fahad Alharbi', status: 'joined', daysAgo: 4 },
        { phone: '+966555010303', status: 'pending', daysAgo: 1 },
      ],
    },
  },
  levels: [
    {
      name: t('برونزي', 'Bronze'),
      minLifetimePoints: 0,
      multiplierBasisPoints: 10_000,
      perks: { ar: ['١٠ نقاط لكل ريال'], en: ['10 points per SAR'] },
    },
    {
      name: t('فضي', 'Silver'),
      minLifetimePoints: 1_500,
      multiplierBasisPoints: 12_500,
      perks: {
        ar: ['نقاط أكثر بنسبة ٢٥٪', 'قهوة مجانية في يوم ميلادك'],
        en: ['25% more points', 'A free coffee on your birthday'],
      },
    },
    {
      name: t('ذهبي', 'Gold'),
      minLifetimePoints: 5_000,
      multiplierBasisPoints: 15_000,
      perks: {
        ar: ['نقاط أكثر بنسبة ٥٠٪', 'توصيل مجاني مرة كل شهر', 'عروض خاصة للأعضاء'],
        en: ['50% more points', 'Free delivery once a month', 'Members-only offers'],
      },
    },
  ],
  rewards: [
    freeItem('karak-tea', t('شاي كرك مجاني', 'Free Karak Tea'), 100),
    freeItem('chicken-shawarma', t('شاورما دجاج مجانية', 'Free Chicken Shawarma'), 200),
    freeItem('hummus', t('حمص مجاني', 'Free Hummus'), 250),
    freeItem('saudi-coffee', t('دلة قهوة سعودية مجانية', 'Free Saudi Coffee (Dallah)'), 300),
    freeItem('kunafa', t('كنافة مجانية', 'Free Kunafa'), 400),
    {
      shop: 'points',
      kind: 'fixed',
      name: t('خصم ١٥ ريال', 'SAR 15 off'),
      description: t('خصم ١٥ ريال على طلبك القادم.', 'SAR 15 off your next order.'),
      pointsCost: 280,
      amountHalalas: 1_500,
      validDays: 30,
    },
    {
      shop: 'points',
      kind: 'percent',
      name: t('خصم ١٠٪', '10% off'),
      description: t('خصم ١٠٪ على طلبك بحد أقصى ٢٠ ريال.', '10% off your order, up to SAR 20.'),
      pointsCost: 300,
      percentBasisPoints: 1_000,
      maxDiscountHalalas: 2_000,
      validDays: 30,
    },
    {
      shop: 'points',
      kind: 'gift',
      name: t('حقيبة سفرة القماشية', 'Sufra Tote Bag'),
      description: t('حقيبة قماشية تستلمها من الفرع.', 'A canvas tote bag to collect at the branch.'),
      pointsCost: 1_500,
      validDays: 60,
    },
    {
      shop: 'prize',
      kind: 'free_item',
      name: t('عصير برتقال طازج مجاني', 'Free Fresh Orange Juice'),
      description: t('جائزة: كوب عصير برتقال طازج.', 'A prize: a glass of fresh orange juice.'),
      pointsCost: 350,
      itemSlug: 'fresh-orange-juice',
      validDays: 14,
    },
    {
      shop: 'prize',
      kind: 'gift',
      name: t('هدية مفاجأة', 'Mystery Gift'),
      description: t(
        'جائزة تربحها في عجلة الحظ أو يمنحها لك المطعم.',
        'A prize you win on the wheel or the restaurant grants you.',
      ),
      pointsCost: null,
      validDays: 14,
    },
    {
      shop: 'prize',
      kind: 'fixed',
      name: t('اعتذار: خصم ٢٠ ريال', 'Apology: SAR 20 off'),
      description: t(
        'نعتذر عن تجربتك الأخيرة؛ خصم على طلبك القادم.',
        'We are sorry about your last visit: money off your next order.',
      ),
      pointsCost: null,
      amountHalalas: 2_000,
      validDays: 30,
    },
  ],
  // "Buy 5 hot drinks, the next Karak is on us": any item of the hot drinks category punches; a full card issues the
  // points shop's free Karak (issued, not bought). The demo diner has 3 of 5, so the landing page shows a card.
  punchCards: [
    {
      name: t('اشترِ ٥ مشروبات ساخنة والكرك علينا', 'Buy 5 hot drinks, the next Karak is on us'),
      itemSlugs: [],
      categoryKeys: ['hot-drinks'],
      itemsCount: 5,
      daysToComplete: 30,
      rewardName: 'Free Karak Tea',
      sampleCards: [{ phone: '+966555010203', fullName: 'نورة القحطاني', punches: 3 }],
    },
  ],
};

/** The demo's evaluation form: one question of each kind, points for answering, low at two stars or fewer. */
export const DEMO_EVALUATION: SeedEvaluationForm = {
  name: t('قيّم زيارتك', 'Rate your visit'),
  pointsReward: 50,
  lowRatingThreshold: 2,
  apologyRewardName: 'Apology: SAR 20 off',
  questions: [
    { kind: 'rating', label: t('كيف كان الطعام؟', 'How was the food?') },
    { kind: 'rating', label: t('كيف كانت الخدمة؟', 'How was the service?') },
    {
      kind: 'single',
      label: t('هل وصل طلبك في الوقت المناسب؟', 'Did your order arrive on time?'),
      options: [t('نعم', 'Yes'), t('تأخر قليلًا', 'A little late'), t('تأخر كثيرًا', 'Very late')],
    },
    {
      kind: 'multiple',
      label: t('ما الذي أعجبك؟', 'What did you like?'),
      options: [
        t('الطعم', 'The taste'),
        t('الكمية', 'The portion'),
        t('السعر', 'The price'),
        t('التغليف', 'The packaging'),
      ],
    },
    { kind: 'text', label: t('أخبرنا بالمزيد', 'Tell us more') },
  ],
};

function freeItem(slug: string, name: LocalizedText, pointsCost: number): SeedReward {
  return {
    shop: 'points',
    kind: 'free_item',
    name,
    description: t(
      'صنف مجاني من القائمة، تستلمه من الفرع أو تضيفه إلى طلبك.',
      'A free item from the menu, at the counter or in your order.',
    ),
    pointsCost,
    itemSlug: slug,
    validDays: 30,
  };
}

export const demoBrand: SeedBrand = {
  slug: 'sufra-kitchen',
  name: t('مطبخ سفرة', 'Sufra Kitchen'),
  logo: '/images/brand/logo.svg',
  cover: '/images/brand/cover.svg',
  hosts: ['sufra.localhost'],
  taxMode: 'inclusive',
  vatRateBasisPoints: 1500,
  branches: [olaya, malqa, kingFahd, yasmin],
  categories: [
    category('breakfast', 'الفطور', 'Breakfast'),
    category('appetizers', 'المقبلات', 'Appetizers'),
    category('salads', 'السلطات', 'Salads'),
    category('grills', 'المشويات', 'Grills'),
    category('rice', 'أطباق الأرز', 'Rice Dishes'),
    category('sandwiches', 'الساندويتشات', 'Sandwiches'),
    category('combos', 'الوجبات', 'Meals & Combos'),
    category('desserts', 'الحلويات', 'Desserts'),
    category('hot-drinks', 'المشروبات الساخنة', 'Hot Drinks'),
    category('cold-drinks', 'المشروبات الباردة', 'Cold Drinks'),
  ],
  modifierGroups,
  items,
  combos,
  popup: {
    backgroundImage: '/images/ads/popup.svg',
    text: t(
      'خصم ٢٠٪ على جميع الطلبات في عطلة نهاية الأسبوع، الجمعة والسبت',
      '20% off every order this weekend, Friday and Saturday',
    ),
    buttonText: t('شاهد العرض', 'See the offer'),
    redirectUrl: 'https://example.com/offers/weekend',
  },
  slides: [
    {
      image: '/images/ads/slide-1.svg',
      width: 1200,
      height: 500,
      title: t('كبسة لحم على أصولها', 'Lamb kabsa, the proper way'),
      redirectUrl: 'https://example.com/offers/kabsa',
    },
    {
      image: '/images/ads/slide-2.svg',
      width: 1200,
      height: 500,
      title: t('قهوة سعودية وتمر مع كل صباح', 'Saudi coffee and dates every morning'),
      redirectUrl: null,
    },
    {
      image: '/images/ads/slide-3.svg',
      width: 1200,
      height: 500,
      title: t('وجبات عائلية تكفي الجميع', 'Family meals for the whole table'),
      redirectUrl: null,
    },
  ],
  servicesOff: [],
  staff: DEMO_STAFF.map((s) => ({ ...s })),
  loyalty: DEMO_LOYALTY,
  evaluation: DEMO_EVALUATION,
  coupons: [
    {
      code: 'WELCOME10',
      name: t('خصم ١٠٪ للعملاء الجدد', '10% off for new customers'),
      kind: 'percent',
      percentBasisPoints: 1_000,
      maxDiscountHalalas: 2_000,
      perCustomerLimit: 1,
      newCustomersOnly: true,
      validDays: 365,
    },
    {
      code: 'SAVE15',
      name: t('خصم ١٥ ريال على ٦٠ ريال', 'SAR 15 off orders of SAR 60'),
      kind: 'fixed',
      amountHalalas: 1_500,
      minimumOrderHalalas: 6_000,
      perCustomerLimit: 3,
      validDays: 90,
    },
    {
      code: 'RAMADAN20',
      name: t('خصم ٢٠٪ حتى ٣٠ ريال', '20% off, up to SAR 30'),
      kind: 'percent',
      percentBasisPoints: 2_000,
      maxDiscountHalalas: 3_000,
      globalLimit: 500,
      validDays: 30,
    },
    {
      code: 'KARAK',
      name: t('شاي كرك مجاني', 'A free Karak Tea'),
      kind: 'free_item',
      itemSlug: 'karak-tea',
      perCustomerLimit: 1,
      validDays: 60,
    },
  ],
};
