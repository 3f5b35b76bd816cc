import type { Language } from '@sufra/shared/language';
import { normalizeRewardCode } from '@sufra/shared/loyalty/rewards';
import { errorMessage } from '@sufra/shared/messages/errors';
import { formatSar } from '@sufra/shared/money';
import type { RedemptionBody, Reward } from '@sufra/shared/schemas/loyalty';
import { type PhoneValue, phoneError } from '../../lib/account-form';

/**
 * A typed code and the diner's phone as the redemption calls take them, or each field's problem in the catalogue's
 * words. The code is read as leniently as the server reads it (lower case, spaces, dashes, Arabic-Indic digits:
 * shared normalizeRewardCode), so what the cashier sees refused here would be refused there too.
 */
export function typedPresentation(
  input: { code: string; phone: PhoneValue; branchId: number },
  language: Language,
): { body: RedemptionBody } | { errors: { code?: string; phone?: string } } {
  const errors: { code?: string; phone?: string } = {};
  const code = normalizeRewardCode(input.code);
  if (input.code.trim() === '') errors.code = errorMessage('field_required', language);
  else if (!code) errors.code = errorMessage('reward_code_invalid', language);
  const phone = phoneError(input.phone, language);
  if (phone) errors.phone = phone;
  if (!code || errors.phone) return { errors };
  return {
    body: {
      code,
      phone: { phone_number: input.phone.number.trim(), dial_code: input.phone.dial },
      branchId: input.branchId,
    },
  };
}

/** What a reward is worth, in the interface language's digits: "10% · up to SAR 20", "SAR 15"; null for items and gifts. */
export function rewardValue(reward: Reward, language: Language): { percent?: string; max?: string; amount?: string } {
  const locale = language === 'ar' ? 'ar-SA' : 'en-SA';
  if (reward.kind === 'percent' && reward.percentBasisPoints !== null) {
    const percent = new Intl.NumberFormat(locale, { style: 'percent', maximumFractionDigits: 2 }).format(
      reward.percentBasisPoints / 10_000,
    );
    return reward.maxDiscountHalalas === null
      ? { percent }
      : { percent, max: formatSar(reward.maxDiscountHalalas, language) };
  }
  if (reward.kind === 'fixed' && reward.amountHalalas !== null)
    return { amount: formatSar(reward.amountHalalas, language) };
  return {};
}

/** A date and time as the branch's clock reads them (house rule 6), in the interface language. */
export function formatBranchDateTime(iso: string, timeZone: string, language: Language): string {
  const options: Intl.DateTimeFormatOptions = { dateStyle: 'medium', timeStyle: 'short' };
  const locale = language === 'ar' ? 'ar-SA' : 'en-SA';
  try {
    return new Intl.DateTimeFormat(locale, { ...options, timeZone }).format(new Date(iso));
  } catch {
    // An unknown zone name must not break the counter: the device's zone is the best left.
    return new Intl.DateTimeFormat(locale, options).format(new Date(iso));
  }
}
