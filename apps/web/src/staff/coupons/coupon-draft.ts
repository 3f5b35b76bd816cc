import { DEFAULT_LANGUAGE, type Language } from '@sufra/shared/language';
import type { CouponKind } from '@sufra/shared/loyalty/coupons';
import { errorMessage } from '@sufra/shared/messages/errors';
import type { CouponBody, StaffCoupon } from '@sufra/shared/schemas/coupons';
import type { ApiError } from '../../lib/api-client';
import { parseSarInput } from '../../lib/sar-input';

/** Halalas → the riyals the form shows ("45.50"), ASCII digits: the inputs are `dir="ltr"` money fields. */
const sarText = (halalas: number | null) => (halalas === null ? '' : (halalas / 100).toFixed(2));
/** ISO → the `datetime-local` value in the browser's zone. */
function localInput(iso: string | null): string {
  if (!iso) return '';
  const date = new Date(iso);
  return new Date(date.getTime() - date.getTimezoneOffset() * 60_000).toISOString().slice(0, 16);
}
const wholeOrNull = (text: string) => (text.trim() === '' ? null : Number.parseInt(text, 10));

export interface Draft {
  code: string;
  nameAr: string;
  nameEn: string;
  kind: CouponKind;
  percent: string;
  max: string;
  amount: string;
  itemId: string;
  minimum: string;
  startsAt: string;
  endsAt: string;
  globalLimit: string;
  perCustomerLimit: string;
  newCustomersOnly: boolean;
  combinesWithPoints: boolean;
  isActive: boolean;
}

export function draftOf(coupon: StaffCoupon | null): Draft {
  return {
    code: coupon?.code ?? '',
    nameAr: coupon?.name.ar ?? '',
    nameEn: coupon?.name.en ?? '',
    kind: coupon?.kind ?? 'percent',
    percent: coupon?.percentBasisPoints ? String(coupon.percentBasisPoints / 100) : '',
    max: sarText(coupon?.maxDiscountHalalas ?? null),
    amount: sarText(coupon?.amountHalalas ?? null),
    itemId: coupon?.itemId ? String(coupon.itemId) : '',
    minimum: coupon?.minimumOrderHalalas ? sarText(coupon.minimumOrderHalalas) : '',
    startsAt: localInput(coupon?.startsAt ?? null),
    endsAt: localInput(coupon?.endsAt ?? null),
    globalLimit: coupon?.globalLimit ? String(coupon.globalLimit) : '',
    perCustomerLimit: coupon?.perCustomerLimit ? String(coupon.perCustomerLimit) : '',
    newCustomersOnly: coupon?.newCustomersOnly ?? false,
    combinesWithPoints: coupon?.combinesWithPoints ?? false,
    isActive: coupon?.isActive ?? true,
  };
}

/** The draft as the API takes it: money in halalas, percentages in basis points, times in ISO, blanks as null. */
export function bodyOf(draft: Draft): CouponBody {
  const money = (value: string) => (value.trim() === '' ? null : parseSarInput(value));
  return {
    code: draft.code,
    name: { ar: draft.nameAr, en: draft.nameEn },
    kind: draft.kind,
    percentBasisPoints: draft.kind === 'percent' && draft.percent ? Math.round(Number(draft.percent) * 100) : null,
    maxDiscountHalalas: draft.kind === 'percent' ? money(draft.max) : null,
    amountHalalas: draft.kind === 'fixed' ? money(draft.amount) : null,
    itemId: draft.kind === 'free_item' ? wholeOrNull(draft.itemId) : null,
    minimumOrderHalalas: money(draft.minimum) ?? 0,
    startsAt: draft.startsAt ? new Date(draft.startsAt).toISOString() : null,
    endsAt: draft.endsAt ? new Date(draft.endsAt).toISOString() : null,
    globalLimit: wholeOrNull(draft.globalLimit),
    perCustomerLimit: wholeOrNull(draft.perCustomerLimit),
    newCustomersOnly: draft.newCustomersOnly,
    combinesWithPoints: draft.combinesWithPoints,
    isActive: draft.isActive,
  };
}

/**
 * A refusal's fields, named as the form names them (the server's body names them as the API does), each with its
 * own message: every broken field shows its error at once, next to it (issue 24 item 14).
 */
export function fieldErrorsOf(fields: NonNullable<ApiError['fields']>): Record<string, string> {
  const byField: Record<string, string> = {};
  const rename: Record<string, keyof Draft> = {
    'name.ar': 'nameAr',
    'name.en': 'nameEn',
    name: DEFAULT_LANGUAGE === 'ar' ? 'nameAr' : 'nameEn',
    percentBasisPoints: 'percent',
    maxDiscountHalalas: 'max',
    amountHalalas: 'amount',
    minimumOrderHalalas: 'minimum',
  };
  for (const [field, message] of Object.entries(fields)) {
    const key = rename[field] ?? rename[field.split('.')[0] ?? field] ?? field.split('.')[0] ?? field;
    byField[key] ??= message;
  }
  return byField;
}

/** The brand's default language's name field: required (the other language's may be left blank). */
export const REQUIRED_NAME: keyof Draft = DEFAULT_LANGUAGE === 'ar' ? 'nameAr' : 'nameEn';

/**
 * What the form can tell before a round trip, every field at once: the code, the default language's name and the
 * kind's own figure are required (the server says the same, and more).
 */
export function draftProblems(draft: Draft, language: Language): Record<string, string> {
  const required = errorMessage('field_required', language);
  const problems: Record<string, string> = {};
  if (draft.code.trim() === '') problems.code = required;
  if (draft[REQUIRED_NAME].toString().trim() === '') problems[REQUIRED_NAME] = required;
  if (draft.kind === 'percent' && draft.percent.trim() === '') problems.percent = required;
  if (draft.kind === 'fixed' && draft.amount.trim() === '') problems.amount = required;
  if (draft.kind === 'free_item' && draft.itemId.trim() === '') problems.itemId = required;
  return problems;
}
