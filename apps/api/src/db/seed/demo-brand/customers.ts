import type { SeedSampleOrder } from '../seed-types.ts';

/**
 * The console's customer list and segments (issue 27 item 8) need diners to show: three dozen more, each with a few
 * orders completed through the app's reactions (so their points and levels are the ledger's own rows, as for the
 * demo story's diners). Some ordered lately, some not for over 30 days (the lapsed segment), a few spend a lot
 * (Silver and Gold). Their orders are at Al Malqa, King Fahd Road and Al Yasmin, leaving Olaya's numbers (where the
 * demo's cashier works) as they were.
 */
const NAMES = [
  'عبدالله الشهري',
  'ريم الدوسري',
  'فهد الغامدي',
  'لمى الزهراني',
  'خالد المطيري',
  'هيفاء العنزي',
  'سلطان الحربي',
  'جود السبيعي',
  'ماجد القرني',
  'نوف الشمري',
  'تركي العمري',
  'دانة البقمي',
  'بندر الرشيدي',
  'أمل الجهني',
  'يوسف المالكي',
  'غادة السهلي',
  'Omar Farouk',
  'Layla Haddad',
  'مشاري الخالدي',
  'شهد الثبيتي',
  'راكان العصيمي',
  'منيرة الفيفي',
  'نايف الشهراني',
  'أروى الحازمي',
  'David Miller',
  'Aisha Khan',
  'سعود البلوي',
  'وعد الأحمدي',
  'طلال الرويلي',
  'رهف العسيري',
  'زياد الحمدان',
  'لينا الصاعدي',
  'حمد الدغيثر',
  'بشاير المري',
  'عمر باوزير',
  'سارة بن لادن',
] as const;

const BRANCHES = ['malqa', 'king-fahd-road', 'yasmin'] as const;
const MENUS: SeedSampleOrder['lines'][] = [
  [
    { item: 'hummus', quantity: 1 },
    { item: 'fattoush', quantity: 1 },
  ],
  [
    { item: 'balaleet', quantity: 2 },
    { item: 'sukkari-dates', quantity: 1 },
  ],
  [
    { item: 'saudi-coffee', quantity: 2 },
    { item: 'hummus', quantity: 2 },
  ],
  [
    { item: 'fattoush', quantity: 3 },
    { item: 'balaleet', quantity: 3 },
    { item: 'hummus', quantity: 4 },
  ],
];

/** Diner i: 1 to 4 orders; every third has none in the last 30 days; every seventh orders big. */
export const DEMO_CUSTOMER_ORDERS: SeedSampleOrder[] = NAMES.flatMap((fullName, i) => {
  const phone = `+9665550204${String(i).padStart(2, '0')}`;
  const lapsed = i % 3 === 2;
  const big = i % 7 === 0;
  const count = (i % 4) + 1;
  return Array.from({ length: count }, (_, n) => ({
    phone,
    fullName,
    branch: BRANCHES[(i + n) % BRANCHES.length] as string,
    daysAgo: (lapsed ? 35 : 1) + ((i * 7 + n * 11) % 25) + n * 3 + 0.25,
    lines: (big ? MENUS[3] : MENUS[(i + n) % 3]) as SeedSampleOrder['lines'],
  }));
});
