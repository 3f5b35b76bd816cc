import { errorMessage } from '@sufra/shared/messages/errors';
import type { Reward } from '@sufra/shared/schemas/loyalty';
import { describe, expect, it } from 'vitest';
import { rewardValue, typedPresentation } from './redeem-input';

const phone = { dial: '966', number: '501234567' };

describe('typedPresentation', () => {
  it('reads a code typed in lower case, with spaces and Arabic-Indic digits, as the stored code', () => {
    expect(typedPresentation({ code: ' ٧kq٢ m9xd ', phone, branchId: 3 }, 'ar')).toEqual({
      body: { code: '7KQ2M9XD', phone: { phone_number: '501234567', dial_code: '966' }, branchId: 3 },
    });
    expect(typedPresentation({ code: '7kq2-m9xd', phone, branchId: 3 }, 'en')).toMatchObject({
      body: { code: '7KQ2M9XD' },
    });
  });

  it("names each field's problem in the catalogue's words, in the interface language", () => {
    expect(typedPresentation({ code: '', phone: { dial: '966', number: '' }, branchId: 3 }, 'en')).toEqual({
      errors: { code: errorMessage('field_required', 'en'), phone: errorMessage('phone_required', 'en') },
    });
    expect(typedPresentation({ code: '7KQ2', phone, branchId: 3 }, 'ar')).toEqual({
      errors: { code: errorMessage('reward_code_invalid', 'ar') },
    });
    expect(typedPresentation({ code: '7KQ2M9XD', phone: { dial: '966', number: '12' }, branchId: 3 }, 'en')).toEqual({
      errors: { phone: errorMessage('phone_invalid', 'en') },
    });
  });
});

describe('rewardValue', () => {
  const base: Reward = {
    id: 1,
    shop: 'points',
    kind: 'gift',
    name: { ar: 'هدية', en: 'Gift' },
    description: { ar: '', en: '' },
    image: null,
    pointsCost: 100,
    itemId: null,
    percentBasisPoints: null,
    maxDiscountHalalas: null,
    amountHalalas: null,
    validDays: 30,
  };

  it('writes a percentage and its cap, and a fixed amount, in the language’s digits', () => {
    const percent = { ...base, kind: 'percent' as const, percentBasisPoints: 1_000, maxDiscountHalalas: 2_000 };
    expect(rewardValue(percent, 'en')).toEqual({ percent: '10%', max: expect.stringContaining('20.00') });
    const ar = rewardValue(percent, 'ar');
    expect(ar.percent).toMatch(/١٠/);
    expect(ar.max).toMatch(/٢٠/);
    expect(rewardValue({ ...base, kind: 'fixed', amountHalalas: 1_500 }, 'en').amount).toContain('15.00');
  });

  it('has no value line for a free item or a gift', () => {
    expect(rewardValue(base, 'en')).toEqual({});
    expect(rewardValue({ ...base, kind: 'free_item', itemId: 4 }, 'ar')).toEqual({});
  });
});
