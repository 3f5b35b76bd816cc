import type { CardBrand } from '@sufra/shared/payments/card';

/**
 * The test gateway's documented cards (README, and the "test cards" box on its page). Any other valid card
 * succeeds too; these numbers pick an outcome. Expiry: any month from now on; CVV: any, of the brand's length.
 */
export type TestCardOutcome = 'success' | 'declined' | '3ds_failed' | 'timeout';

export interface TestCard {
  number: string;
  brand: CardBrand;
  outcome: TestCardOutcome;
  label: { en: string; ar: string };
}

export const TEST_CARDS: readonly TestCard[] = [
  {
    number: '5888 4500 0000 0011',
    brand: 'mada',
    outcome: 'success',
    label: { en: 'mada: success', ar: 'مدى: ناجحة' },
  },
  {
    number: '4111 1111 1111 1111',
    brand: 'visa',
    outcome: 'success',
    label: { en: 'Visa: success', ar: 'فيزا: ناجحة' },
  },
  {
    number: '5555 5555 5555 4444',
    brand: 'mastercard',
    outcome: 'success',
    label: { en: 'Mastercard: success', ar: 'ماستركارد: ناجحة' },
  },
  {
    number: '2223 0000 4841 0010',
    brand: 'mastercard',
    outcome: 'success',
    label: { en: 'Mastercard (2-series): success', ar: 'ماستركارد (سلسلة 2): ناجحة' },
  },
  {
    number: '3782 822463 10005',
    brand: 'amex',
    outcome: 'success',
    label: { en: 'Amex: success (4-digit CVV)', ar: 'أمريكان إكسبريس: ناجحة (CVV من 4 أرقام)' },
  },
  {
    number: '4000 0000 0000 0002',
    brand: 'visa',
    outcome: 'declined',
    label: { en: 'Declined: insufficient funds', ar: 'مرفوضة: الرصيد غير كافٍ' },
  },
  {
    number: '4000 0000 0000 3220',
    brand: 'visa',
    outcome: '3ds_failed',
    label: { en: '3-D Secure fails (any code)', ar: 'يفشل التحقق الآمن (أي رمز)' },
  },
  {
    number: '4000 0000 0000 0119',
    brand: 'visa',
    outcome: 'timeout',
    label: {
      en: 'Timeout: the payment fails and the API holds every answer about it',
      ar: 'انتهاء المهلة: يفشل الدفع وتتأخر كل إجابات الواجهة البرمجية عنه',
    },
  },
];

/** The outcome a card number picks (digits only); any other valid card succeeds. */
export function testCardOutcome(digits: string): TestCardOutcome {
  return TEST_CARDS.find((card) => card.number.replace(/\s/g, '') === digits)?.outcome ?? 'success';
}
