/**
 * Two small brands beside the demo brand, to prove tenancy: a café whose item keys and slugs
 * deliberately repeat the demo brand's (e.g. `saudi-coffee`) yet must never leak across brands,
 * and a brand switched off as a whole, whose QR must land on /deactivated/{uuid}.
 */
import type { LocalizedText } from '@sufra/shared/schemas/common';
import type { SeedBranch, SeedBrand, SeedItem } from './seed-types.ts';

/** Counter QR of the café's only branch. */
export const SECOND_BRAND_QR = '7e6d5c4b-3a29-4180-9f7e-6d5c4b3a2918';
/** Counter QR of the deactivated brand's only branch. */
export const DEACTIVATED_BRAND_QR = '2b3c4d5e-6f70-4182-93a4-b5c6d7e8f901';

const t = (ar: string, en: string): LocalizedText => ({ ar, en });

const paymentChoices: SeedBranch['paymentChoices'] = [
  { method: 'cash', name: t('نقداً', 'Cash'), orderTypes: [1, 2, 3] },
  { method: 'card', name: t('بطاقة (مدى، فيزا، ماستركارد)', 'Card (mada, Visa, Mastercard)'), orderTypes: [1, 2, 3] },
];

const item = (
  category: string,
  key: string,
  name: LocalizedText,
  description: LocalizedText,
  image: string,
  priceHalalas: number,
  calories: number,
  modifierGroups: string[] = [],
): SeedItem => ({
  key,
  category,
  slug: key,
  name,
  description,
  image: `/images/menu/${image}.svg`,
  priceHalalas,
  taxRateBasisPoints: null,
  calories,
  modifierGroups,
});

export const secondBrand: SeedBrand = {
  slug: 'qahwat-al-bait',
  name: t('قهوة البيت', 'Qahwat Al Bait'),
  logo: '/images/brand/qahwat-al-bait-logo.svg',
  cover: null,
  hosts: ['qahwa.localhost'],
  // Prices before VAT, unlike the demo brand: shows that the tax mode is per brand.
  taxMode: 'exclusive',
  vatRateBasisPoints: 1500,
  branches: [
    {
      key: 'tahlia',
      name: t('التحلية', 'Tahlia'),
      address: t(
        'شارع الأمير محمد بن عبدالعزيز (التحلية)، حي الروضة، جدة 23432',
        'Prince Mohammed bin Abdulaziz Street (Tahlia), Al Rawdah, Jeddah 23432',
      ),
      phone: '+966126601234',
      lat: 21.561,
      lng: 39.158,
      timeZone: 'Asia/Riyadh',
      // Round the clock: the journeys that switch its ordering or pause it must see only that, at
      // any hour CI runs (06:00–02:00 closed it from 23:00 to 03:00 UTC, and the landing said "closed" instead).
      openingHours: [0, 1, 2, 3, 4, 5, 6].map((day) => ({ day, opens: '00:00', closes: '24:00' })),
      isMain: true,
      integrated: false,
      dineInRadiusMeters: 100,
      orderTypes: { dineIn: true, pickup: true, delivery: false },
      deliveryZones: [],
      tables: [],
      qrCodes: [{ uuid: SECOND_BRAND_QR, table: null, active: true }],
      paymentChoices,
      itemsNotSold: [],
      itemsSoldOut: [],
      servicesOff: [],
    },
  ],
  categories: [
    { key: 'coffee', name: t('القهوة', 'Coffee'), image: '/images/categories/hot-drinks.svg' },
    { key: 'sweets', name: t('الحلى', 'Sweets'), image: '/images/categories/desserts.svg' },
  ],
  modifierGroups: [
    {
      key: 'milk',
      name: t('نوع الحليب', 'Milk'),
      min: 0,
      max: 1,
      options: [
        { name: t('حليب كامل الدسم', 'Full-fat milk'), priceHalalas: 0, calories: 60 },
        { name: t('حليب الشوفان', 'Oat milk'), priceHalalas: 400, calories: 50 },
        { name: t('حليب اللوز', 'Almond milk'), priceHalalas: 400, calories: 30 },
      ],
    },
  ],
  items: [
    item(
      'coffee',
      'saudi-coffee',
      t('قهوة سعودية', 'Saudi Coffee'),
      t('قهوة خولانية بالهيل تقدم في دلة صغيرة.', 'Khawlani coffee with cardamom, served in a small dallah.'),
      'saudi-coffee',
      1500,
      30,
    ),
    item(
      'coffee',
      'v60',
      t('في ٦٠', 'V60 Pour-Over'),
      t('قهوة مقطرة يدوياً من محصول إثيوبي.', 'Hand-poured filter coffee from an Ethiopian single origin.'),
      'coffee-cup',
      1900,
      5,
    ),
    item(
      'coffee',
      'flat-white',
      t('فلات وايت', 'Flat White'),
      t('شوتان من الإسبريسو مع حليب مخملي.', 'Two espresso shots with velvety steamed milk.'),
      'coffee-cup',
      1700,
      120,
      ['milk'],
    ),
    item(
      'coffee',
      'iced-latte',
      t('لاتيه بارد', 'Iced Latte'),
      t('إسبريسو وحليب بارد على الثلج.', 'Espresso and cold milk over ice.'),
      'iced-coffee',
      1800,
      150,
      ['milk'],
    ),
    item(
      'coffee',
      'karak',
      t('كرك', 'Karak'),
      t('شاي بالحليب والهيل والزعفران.', 'Milk tea with cardamom and saffron.'),
      'karak',
      700,
      150,
      ['milk'],
    ),
    item(
      'sweets',
      'kleija',
      t('كليجا', 'Kleija'),
      t('كعك قصيمي محشو بالتمر والهيل.', 'Qassim cookies filled with dates and cardamom.'),
      'dates',
      1200,
      320,
    ),
    item(
      'sweets',
      'date-cake',
      t('كيكة التمر', 'Date Cake'),
      t('شريحة كيكة تمر بصوص التوفي.', 'A slice of date cake with toffee sauce.'),
      'cake',
      1800,
      480,
    ),
    item(
      'sweets',
      'san-sebastian',
      t('سان سيباستيان', 'San Sebastián Cheesecake'),
      t('تشيز كيك محروق بقوام كريمي.', 'Burnt Basque cheesecake with a creamy centre.'),
      'cake',
      2400,
      520,
    ),
  ],
  combos: [],
  popup: null,
  slides: [],
  servicesOff: [],
  // A manager of another brand: tenancy checks (and the demo) sign in as both.
  staff: [
    {
      email: 'manager@qahwat.demo',
      name: 'Khalid Al-Mutairi',
      role: 'manager',
      password: 'qahwat-demo-2026',
      branches: ['tahlia'],
    },
  ],
};

export const deactivatedBrand: SeedBrand = {
  slug: 'deira-grills',
  name: t('مشويات الديرة', 'Al Deira Grills'),
  logo: null,
  cover: null,
  hosts: ['deira.localhost'],
  taxMode: 'inclusive',
  vatRateBasisPoints: 1500,
  branches: [
    {
      key: 'deira',
      name: t('الديرة', 'Al Deira'),
      address: t(
        'شارع الإمام تركي بن عبدالله، حي الديرة، الرياض 12651',
        'Imam Turki bin Abdullah Street, Al Deira, Riyadh 12651',
      ),
      phone: '+966114110022',
      lat: 24.631,
      lng: 46.713,
      timeZone: 'Asia/Riyadh',
      // Open round the clock on purpose: the brand switch alone must be what turns diners away, at any hour.
      openingHours: [0, 1, 2, 3, 4, 5, 6].map((day) => ({ day, opens: '00:00', closes: '24:00' })),
      isMain: true,
      integrated: false,
      dineInRadiusMeters: 150,
      orderTypes: { dineIn: true, pickup: true, delivery: false },
      deliveryZones: [],
      tables: [],
      qrCodes: [{ uuid: DEACTIVATED_BRAND_QR, table: null, active: true }],
      paymentChoices,
      itemsNotSold: [],
      itemsSoldOut: [],
      servicesOff: [],
    },
  ],
  categories: [{ key: 'grills', name: t('المشويات', 'Grills'), image: '/images/categories/grills.svg' }],
  modifierGroups: [],
  items: [
    item(
      'grills',
      'shish-tawook',
      t('شيش طاووق', 'Shish Tawook'),
      t('دجاج متبل مشوي على الفحم.', 'Marinated chicken grilled over charcoal.'),
      'grill-skewers',
      3500,
      600,
    ),
    item(
      'grills',
      'lamb-kebab',
      t('كباب لحم', 'Lamb Kebab'),
      t('أسياخ لحم مفروم مشوية على الفحم.', 'Minced lamb skewers grilled over charcoal.'),
      'grill-skewers',
      4200,
      700,
    ),
  ],
  combos: [],
  popup: null,
  slides: [],
  servicesOff: ['brand'],
};
