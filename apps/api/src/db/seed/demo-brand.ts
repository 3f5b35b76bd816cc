/**
 * The demo brand: a Riyadh restaurant with four branches chosen to show every branch state
 * (open round the clock, closed by its hours, POS-integrated, pickup/delivery only and open past midnight).
 * QR uuids are fixed because tests, the README and printed demo codes link to them.
 */
import { kingFahd, malqa, olaya, yasmin } from './demo-brand/branches.ts';
import { combos } from './demo-brand/combos.ts';
import { DEMO_CUSTOMER_ORDERS } from './demo-brand/customers.ts';
import { t } from './demo-brand/entries.ts';
import { DEMO_EVALUATION } from './demo-brand/evaluation.ts';
import { DEMO_LOYALTY, DEMO_SAMPLE_ORDERS } from './demo-brand/loyalty.ts';
import { breakfastAndStarterItems } from './demo-brand/menu-breakfast-and-starters.ts';
import { dessertAndDrinkItems } from './demo-brand/menu-desserts-and-drinks.ts';
import { mainItems } from './demo-brand/menu-mains.ts';
import { modifierGroups } from './demo-brand/modifier-groups.ts';
import { DEMO_STAFF } from './demo-brand/staff.ts';
import type { SeedBrand } from './seed-types.ts';

// The data lives in demo-brand/ by concern; the seed's callers import these names from here, as before.
export { DEMO_COUNTER_QR, DEMO_INACTIVE_QR, DEMO_TABLE_1_QR } from './demo-brand/branches.ts';
export { DEMO_EVALUATION } from './demo-brand/evaluation.ts';
export { DEMO_LOYALTY } from './demo-brand/loyalty.ts';
export { DEMO_STAFF } from './demo-brand/staff.ts';

/** In menu order: the three category files' items, one list as they always were. */
const items = [...breakfastAndStarterItems, ...mainItems, ...dessertAndDrinkItems];

const category = (key: string, ar: string, en: string) => ({
  key,
  name: t(ar, en),
  image: `/images/categories/${key}.svg`,
});

export const demoBrand: SeedBrand = {
  slug: 'sufra-kitchen',
  name: t('مطبخ سفرة', 'Sufra Kitchen'),
  logo: '/images/brand/logo.svg',
  cover: '/images/brand/cover.svg',
  hosts: ['sufra.localhost'],
  taxMode: 'inclusive',
  vatRateBasisPoints: 1500,
  vatNumber: '300000000000003',
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
  sampleOrders: [...DEMO_SAMPLE_ORDERS, ...DEMO_CUSTOMER_ORDERS],
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
