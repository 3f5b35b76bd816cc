import type { CouponKind } from '@sufra/shared/loyalty/coupons';
import type { CouponBody, StaffCoupon } from '@sufra/shared/schemas/coupons';
import { type FormEvent, useState } from 'react';
import { FormAlert, FormField } from '../../../components/ui/form-field';
import { ApiError, errorText } from '../../../lib/api-client';
import { parseSarInput } from '../../../lib/sar-input';
import { useLanguage } from '../../../lib/use-language';
import { useTranslation } from '../../../lib/use-translation';
import { saveStaffCoupon } from '../api/staff-coupons';

/** Halalas → the riyals the form shows ("45.50"), ASCII digits: the inputs are `dir="ltr"` money fields. */
const sarText = (halalas: number | null) => (halalas === null ? '' : (halalas / 100).toFixed(2));
/** ISO → the `datetime-local` value in the browser's zone. */
function localInput(iso: string | null): string {
  if (!iso) return '';
  const date = new Date(iso);
  return new Date(date.getTime() - date.getTimezoneOffset() * 60_000).toISOString().slice(0, 16);
}
const wholeOrNull = (text: string) => (text.trim() === '' ? null : Number.parseInt(text, 10));

interface Draft {
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

function draftOf(coupon: StaffCoupon | null): Draft {
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

/**
 * A manager's coupon form (issue 16; the full console comes later): every rule of a coupon, money typed in riyals.
 * The server validates it all again and answers field by field.
 */
export function CouponForm({
  coupon,
  onSaved,
  onCancel,
}: {
  coupon: StaffCoupon | null;
  onSaved: (saved: StaffCoupon) => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  const language = useLanguage();
  const [draft, setDraft] = useState<Draft>(() => draftOf(coupon));
  const [busy, setBusy] = useState(false);
  const [alert, setAlert] = useState<string | null>(null);
  const [fields, setFields] = useState<Record<string, string>>({});
  const set = <K extends keyof Draft>(key: K, value: Draft[K]) => setDraft((d) => ({ ...d, [key]: value }));
  const text = (
    key: keyof Draft,
    label: string,
    extra: { ltr?: boolean; mode?: 'decimal' | 'numeric'; type?: string } = {},
  ) => (
    <FormField id={`coupon-${key}`} label={label} error={fields[key] ?? null}>
      {(control) => (
        <input
          {...control}
          className={`input${extra.ltr ? ' input--ltr' : ''}`}
          dir={extra.ltr ? 'ltr' : undefined}
          type={extra.type ?? 'text'}
          inputMode={extra.mode}
          value={draft[key] as string}
          disabled={busy}
          onChange={(event) => set(key, event.target.value as never)}
        />
      )}
    </FormField>
  );

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const money = (value: string) => (value.trim() === '' ? null : parseSarInput(value));
    const body: CouponBody = {
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
    setBusy(true);
    setAlert(null);
    setFields({});
    try {
      onSaved(await saveStaffCoupon(coupon?.id ?? null, body, language));
    } catch (error) {
      setBusy(false);
      if (error instanceof ApiError && error.fields) {
        const byField: Record<string, string> = {};
        const rename: Record<string, keyof Draft> = {
          name: 'nameEn',
          percentBasisPoints: 'percent',
          maxDiscountHalalas: 'max',
          amountHalalas: 'amount',
          minimumOrderHalalas: 'minimum',
        };
        for (const [field] of Object.entries(error.fields)) {
          const key = rename[field.split('.')[0] ?? field] ?? field.split('.')[0] ?? field;
          byField[key] = error.message;
        }
        setFields(byField);
      }
      setAlert(errorText(error, language));
    }
  };

  const check = (key: 'newCustomersOnly' | 'combinesWithPoints' | 'isActive', label: string) => (
    <label className="option-card coupon-form__check">
      <input
        type="checkbox"
        checked={draft[key]}
        disabled={busy}
        onChange={(event) => set(key, event.target.checked)}
      />
      <span className="option-card__body">{label}</span>
    </label>
  );

  return (
    <form className="card coupon-form" onSubmit={(event) => void submit(event)} noValidate data-testid="coupon-form">
      <FormAlert message={alert} testId="coupon-form-alert" />
      <div className="coupon-form__grid">
        {text('code', t('staff.coupon.manage.code'), { ltr: true })}
        {text('nameAr', t('staff.coupon.manage.nameAr'))}
        {text('nameEn', t('staff.coupon.manage.nameEn'))}
        <FormField id="coupon-kind" label={t('staff.coupon.manage.kind')}>
          {(control) => (
            <select
              {...control}
              className="input"
              value={draft.kind}
              disabled={busy}
              onChange={(event) => set('kind', event.target.value as CouponKind)}
            >
              {(['percent', 'fixed', 'free_item'] as const).map((kind) => (
                <option key={kind} value={kind}>
                  {t(`staff.coupon.manage.kinds.${kind}`)}
                </option>
              ))}
            </select>
          )}
        </FormField>
        {draft.kind === 'percent' && text('percent', t('staff.coupon.manage.percent'), { ltr: true, mode: 'decimal' })}
        {draft.kind === 'percent' && text('max', t('staff.coupon.manage.max'), { ltr: true, mode: 'decimal' })}
        {draft.kind === 'fixed' && text('amount', t('staff.coupon.manage.amount'), { ltr: true, mode: 'decimal' })}
        {draft.kind === 'free_item' && text('itemId', t('staff.coupon.manage.itemId'), { ltr: true, mode: 'numeric' })}
        {text('minimum', t('staff.coupon.manage.minimum'), { ltr: true, mode: 'decimal' })}
        {text('startsAt', t('staff.coupon.manage.startsAt'), { type: 'datetime-local' })}
        {text('endsAt', t('staff.coupon.manage.endsAt'), { type: 'datetime-local' })}
        {text('globalLimit', t('staff.coupon.manage.globalLimit'), { ltr: true, mode: 'numeric' })}
        {text('perCustomerLimit', t('staff.coupon.manage.perCustomerLimit'), { ltr: true, mode: 'numeric' })}
      </div>
      {check('newCustomersOnly', t('staff.coupon.manage.newCustomersOnly'))}
      {check('combinesWithPoints', t('staff.coupon.manage.combinesWithPoints'))}
      {check('isActive', t('staff.coupon.manage.active'))}
      <div className="coupon-form__actions">
        <button type="submit" className="btn btn-primary btn-large" disabled={busy} data-testid="coupon-form-save">
          {busy ? t('staff.coupon.manage.saving') : t('staff.coupon.manage.save')}
        </button>
        <button type="button" className="btn btn-ghost btn-large" disabled={busy} onClick={onCancel}>
          {t('staff.coupon.manage.cancel')}
        </button>
      </div>
    </form>
  );
}
