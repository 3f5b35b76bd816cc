import type { LocalizedText } from '@sufra/shared/schemas/common';
import type { SeedLoyalty, SeedReward, SeedSampleOrder } from '../seed-types.ts';
import { t } from './entries.ts';

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
  // points shop's free Karak (issued, not bought). The demo diner has 3 of 5 (from her orders), so the landing page
  // shows a card.
  punchCards: [
    {
      name: t('اشترِ ٥ مشروبات ساخنة والكرك علينا', 'Buy 5 hot drinks, the next Karak is on us'),
      itemSlugs: [],
      categoryKeys: ['hot-drinks'],
      itemsCount: 5,
      daysToComplete: 30,
      rewardName: 'Free Karak Tea',
      // The demo diner's 3 of 5 come from her sample orders' hot drinks (DEMO_SAMPLE_ORDERS), punched as orders punch.
    },
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

/**
 * The demo diners' orders (issue 24 item 8): the story the demo tells, made by the app's own reactions when the seed
 * completes them. Sara, invited by Noura with SUFRA226, ordered once 8 days ago: her lead is Converted, she earned
 * her points and both got their referral bonus. Noura's two recent orders had three hot drinks: her punch card is
 * at 3 of 5, and she earned their points.
 */
export const DEMO_SAMPLE_ORDERS: SeedSampleOrder[] = [
  {
    phone: '+966555010301',
    fullName: 'سارة العتيبي',
    branch: 'olaya',
    daysAgo: 8,
    lines: [
      { item: 'hummus', quantity: 1 },
      { item: 'fattoush', quantity: 1 },
    ],
  },
  {
    phone: '+966555010203',
    fullName: 'نورة القحطاني',
    branch: 'olaya',
    daysAgo: 1.5,
    lines: [
      { item: 'saudi-coffee', quantity: 2 },
      { item: 'balaleet', quantity: 1 },
    ],
  },
  {
    phone: '+966555010203',
    fullName: 'نورة القحطاني',
    branch: 'olaya',
    daysAgo: 0.5,
    lines: [
      { item: 'saudi-coffee', quantity: 1 },
      { item: 'sukkari-dates', quantity: 1 },
    ],
  },
];
