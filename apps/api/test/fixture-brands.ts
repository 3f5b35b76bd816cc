import { DEMO_LOYALTY } from '../src/db/seed/demo-brand.ts';
import type { SeedBranch, SeedBrand, SeedItem } from '../src/db/seed/seed-types.ts';

/**
 * Small brands with known contents for API tests (the demo data may change; these don't).
 * Brand A: an always-open main branch and an always-closed branch; Brand B: another tenant;
 * Brand C: switched off by management.
 */
export const UUID = {
  aMain: 'a1a1a1a1-0000-4000-8000-000000000001',
  aTable: 'a1a1a1a1-0000-4000-8000-000000000002',
  aInactive: 'a1a1a1a1-0000-4000-8000-000000000003',
  aClosed: 'a1a1a1a1-0000-4000-8000-000000000004',
  bMain: 'b2b2b2b2-0000-4000-8000-000000000001',
  cMain: 'c3c3c3c3-0000-4000-8000-000000000001',
  unknown: 'd4d4d4d4-0000-4000-8000-000000000001',
} as const;

const allWeek = [0, 1, 2, 3, 4, 5, 6].map((day) => ({ day, opens: '00:00', closes: '00:00' }));

function item(
  key: string,
  category: string,
  en: string,
  ar: string,
  priceHalalas: number,
  extra: Partial<SeedItem> = {},
): SeedItem {
  return {
    key,
    category,
    slug: key,
    name: { ar, en },
    description: { ar: `وصف ${ar}`, en: `About ${en}` },
    image: `/images/menu/${key}.svg`,
    priceHalalas,
    taxRateBasisPoints: null,
    calories: 500,
    modifierGroups: [],
    ...extra,
  };
}

function branch(key: string, overrides: Partial<SeedBranch>): SeedBranch {
  return {
    key,
    name: { ar: `فرع ${key}`, en: `Branch ${key}` },
    address: { ar: 'الرياض', en: 'Riyadh' },
    phone: '+966500000000',
    lat: 24.7136,
    lng: 46.6753,
    timeZone: 'Asia/Riyadh',
    openingHours: allWeek,
    isMain: false,
    integrated: false,
    dineInRadiusMeters: 150,
    orderTypes: { dineIn: true, pickup: true, delivery: false },
    deliveryZones: [],
    tables: [],
    qrCodes: [],
    paymentChoices: [],
    itemsNotSold: [],
    itemsSoldOut: [],
    servicesOff: [],
    ...overrides,
  };
}

/** Fixture staff and their passwords (tests sign in with them). */
export const STAFF = {
  aOwner: { email: 'owner@brand-a.test', password: 'owner-pass-a' },
  aManager: { email: 'manager@brand-a.test', password: 'manager-pass-a' },
  aCashier: { email: 'cashier@brand-a.test', password: 'cashier-pass-a' },
  bManager: { email: 'manager@brand-b.test', password: 'manager-pass-b' },
} as const;

export const brandA: SeedBrand = {
  slug: 'test-brand-a',
  name: { ar: 'مطعم أ', en: 'Brand A' },
  logo: '/images/brand-a/logo.svg',
  cover: null,
  hosts: ['brand-a.test'],
  taxMode: 'inclusive',
  vatRateBasisPoints: 1500,
  vatNumber: '310122393500003',
  branches: [
    branch('a-main', {
      isMain: true,
      orderTypes: { dineIn: true, pickup: true, delivery: true },
      deliveryZones: [
        {
          name: { ar: 'وسط المدينة', en: 'Downtown' },
          feeHalalas: 1000,
          minimumOrderHalalas: 3000,
          geometry: {
            type: 'Polygon',
            coordinates: [
              [
                [46.6, 24.6],
                [46.8, 24.6],
                [46.8, 24.8],
                [46.6, 24.8],
                [46.6, 24.6],
              ],
            ],
          },
        },
      ],
      tables: [{ number: '1', status: 'free' }],
      qrCodes: [
        { uuid: UUID.aMain, table: null, active: true },
        { uuid: UUID.aTable, table: '1', active: true },
        { uuid: UUID.aInactive, table: null, active: false },
      ],
      paymentChoices: [
        { method: 'cash', name: { ar: 'نقدًا', en: 'Cash' }, orderTypes: [1, 2, 3] },
        { method: 'card', name: { ar: 'بطاقة', en: 'Card' }, orderTypes: [1, 2] },
      ],
      itemsNotSold: ['salad'],
      itemsSoldOut: ['juice'],
    }),
    branch('a-closed', {
      openingHours: [],
      qrCodes: [{ uuid: UUID.aClosed, table: null, active: true }],
    }),
  ],
  categories: [
    { key: 'mains', name: { ar: 'الأطباق الرئيسية', en: 'Mains' }, image: null },
    { key: 'drinks', name: { ar: 'المشروبات', en: 'Drinks' }, image: null },
  ],
  modifierGroups: [
    {
      key: 'size',
      name: { ar: 'الحجم', en: 'Size' },
      min: 1,
      max: 1,
      options: [
        { name: { ar: 'صغير', en: 'Small' }, priceHalalas: 0, calories: null },
        { name: { ar: 'كبير', en: 'Large' }, priceHalalas: 300, calories: 200 },
      ],
    },
    {
      key: 'extras',
      name: { ar: 'إضافات', en: 'Extras' },
      min: 0,
      max: 3,
      options: [{ name: { ar: 'جبنة', en: 'Cheese' }, priceHalalas: 200, calories: 90, available: false }],
    },
  ],
  // Data order puts a drink first: the menu must still follow category order.
  items: [
    item('juice', 'drinks', 'Orange juice', 'عصير برتقال', 1200),
    item('kabsa', 'mains', 'Chicken kabsa', 'كبسة دجاج', 3500, { modifierGroups: ['size'] }),
    item('salad', 'mains', 'Salad', 'سلطة', 1500),
    item('burger', 'mains', 'Burger', 'برجر', 2800, { modifierGroups: ['size', 'extras'], taxRateBasisPoints: 0 }),
    item('water', 'drinks', 'Water', 'ماء', 300),
  ],
  combos: [
    {
      item: item('meal', 'mains', 'Meal deal', 'وجبة', 4500),
      slots: [
        {
          name: { ar: 'الطبق', en: 'Main' },
          choices: [
            { item: 'kabsa', extraPriceHalalas: 0 },
            { item: 'burger', extraPriceHalalas: 200 },
            { item: 'salad', extraPriceHalalas: 0 },
          ],
        },
        {
          name: { ar: 'المشروب', en: 'Drink' },
          choices: [
            { item: 'juice', extraPriceHalalas: 100 },
            { item: 'water', extraPriceHalalas: 0 },
          ],
        },
      ],
    },
  ],
  popup: {
    backgroundImage: '/images/ads/popup.svg',
    text: { ar: 'خصم ٢٠٪ اليوم', en: '20% off today' },
    buttonText: { ar: 'اطلب الآن', en: 'Order now' },
    redirectUrl: 'https://brand-a.test/offer',
  },
  slides: [
    { image: '/images/ads/slide-1.svg', width: 1200, height: 500, title: { ar: 'جديد', en: 'New' }, redirectUrl: null },
    {
      image: 'https://cdn.example.com/slide-2.png',
      width: 1200,
      height: 500,
      title: { ar: 'عرض', en: 'Offer' },
      redirectUrl: 'https://brand-a.test/offer',
    },
  ],
  servicesOff: [],
  staff: [
    { ...STAFF.aOwner, name: 'Owner A', role: 'owner', branches: [] },
    { ...STAFF.aManager, name: 'Manager A', role: 'manager', branches: ['a-main', 'a-closed'] },
    { ...STAFF.aCashier, name: 'Cashier A', role: 'cashier', branches: ['a-main'] },
  ],
  // The demo's rule and levels (10 points per SAR, a point worth 5 halalas, levels at 0, 1,500 and 5,000 lifetime
  // points), with a small shop of this brand's own.
  loyalty: {
    ...DEMO_LOYALTY,
    // Punch card programmes are made by the tests that need them (test/punch-cards.ts), through the managers' API.
    punchCards: [],
    // The demo's referral rule without its sample diners (the tests make their own).
    referral: { referrerPoints: 200, friendPoints: 100, refundWindowDays: 14 },
    rewards: [
      {
        shop: 'points',
        kind: 'free_item',
        name: { ar: 'عصير مجاني', en: 'Free juice' },
        description: { ar: 'عصير برتقال', en: 'An orange juice' },
        pointsCost: 100,
        itemSlug: 'juice',
        validDays: 30,
      },
      {
        shop: 'points',
        kind: 'fixed',
        name: { ar: 'خصم ١٠ ريال', en: 'SAR 10 off' },
        description: { ar: 'خصم', en: 'Off your order' },
        pointsCost: 250,
        amountHalalas: 1_000,
        validDays: null,
      },
      {
        shop: 'prize',
        kind: 'gift',
        name: { ar: 'هدية', en: 'Gift' },
        description: { ar: 'هدية', en: 'A gift' },
        pointsCost: null,
        validDays: 14,
      },
    ],
  },
  evaluation: {
    name: { ar: 'قيّم زيارتك', en: 'Rate your visit' },
    pointsReward: 50,
    lowRatingThreshold: 2,
    apologyRewardName: 'Gift',
    questions: [
      { kind: 'rating', label: { ar: 'الطعام', en: 'Food' } },
      {
        kind: 'single',
        label: { ar: 'في الوقت؟', en: 'On time?' },
        options: [
          { ar: 'نعم', en: 'Yes' },
          { ar: 'لا', en: 'No' },
        ],
      },
      {
        kind: 'multiple',
        label: { ar: 'ما أعجبك؟', en: 'What did you like?' },
        options: [
          { ar: 'الطعم', en: 'Taste' },
          { ar: 'السعر', en: 'Price' },
          { ar: 'التغليف', en: 'Packaging' },
        ],
        required: false,
      },
      { kind: 'text', label: { ar: 'ملاحظات', en: 'Notes' }, required: false },
    ],
  },
};

export const brandB: SeedBrand = {
  slug: 'test-brand-b',
  name: { ar: 'مطعم ب', en: 'Brand B' },
  logo: null,
  cover: null,
  hosts: ['brand-b.test'],
  taxMode: 'exclusive',
  vatRateBasisPoints: 1500,
  branches: [
    branch('b-main', {
      isMain: true,
      qrCodes: [{ uuid: UUID.bMain, table: null, active: true }],
      paymentChoices: [{ method: 'cash', name: { ar: 'نقدًا', en: 'Cash' }, orderTypes: [2] }],
      servicesOff: ['wheel'],
    }),
  ],
  categories: [{ key: 'wraps', name: { ar: 'لفائف', en: 'Wraps' }, image: null }],
  modifierGroups: [],
  items: [item('shawarma', 'wraps', 'Shawarma', 'شاورما', 1800)],
  combos: [],
  popup: null,
  slides: [],
  servicesOff: [],
  staff: [{ ...STAFF.bManager, name: 'Manager B', role: 'manager', branches: ['b-main'] }],
};

export const brandC: SeedBrand = {
  ...brandB,
  slug: 'test-brand-c',
  name: { ar: 'مطعم ج', en: 'Brand C' },
  hosts: [],
  branches: [branch('c-main', { isMain: true, qrCodes: [{ uuid: UUID.cMain, table: null, active: true }] })],
  popup: brandA.popup,
  servicesOff: ['brand'],
  staff: [],
};

export const fixtureBrands = [brandA, brandB, brandC];
