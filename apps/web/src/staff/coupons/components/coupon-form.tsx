import type { CouponKind } from '@sufra/shared/loyalty/coupons';
import type { StaffCoupon } from '@sufra/shared/schemas/coupons';
import { FormAlert, FormField } from '../../../components/ui/form-field';
import { useTranslation } from '../../../lib/use-translation';
import { type Draft, REQUIRED_NAME } from '../coupon-draft';
import { useCouponForm } from '../hooks/use-coupon-form';
import '../../../components/ui/form.css';
import '../../../components/ui/option-card.css';

type CouponFormState = ReturnType<typeof useCouponForm>;

/** One text, number or date field of the draft; money and numbers left to right in both languages. */
function textField(
  form: CouponFormState,
  key: keyof Draft,
  label: string,
  extra: { ltr?: boolean; mode?: 'decimal' | 'numeric'; type?: string; optional?: boolean } = {},
) {
  const { draft, busy, fields, set } = form;
  return (
    <FormField id={`coupon-${key}`} label={label} error={fields[key] ?? null} optional={extra.optional ?? false}>
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
}

/** One of the draft's yes/no rules as a checkbox card. */
function checkField(form: CouponFormState, key: 'newCustomersOnly' | 'combinesWithPoints' | 'isActive', label: string) {
  const { draft, busy, set } = form;
  return (
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
}

/** The coupon's kind: percent, fixed amount or a free item; the fields below follow it. */
function KindField({ form }: { form: CouponFormState }) {
  const { t } = useTranslation();
  const { draft, busy, set } = form;
  return (
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
  );
}

/**
 * A manager's coupon form (issue 16; the full console comes later): every rule of a coupon, money typed in riyals,
 * its fields in the order the manager fills them. The server validates it all again and answers field by field.
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
  const form = useCouponForm(coupon, onSaved);
  const { draft, busy, alert, submit } = form;
  const text = (key: keyof Draft, label: string, extra?: Parameters<typeof textField>[3]) =>
    textField(form, key, label, extra);
  const check = (key: Parameters<typeof checkField>[1], label: string) => checkField(form, key, label);

  return (
    <form className="card coupon-form" onSubmit={(event) => void submit(event)} noValidate data-testid="coupon-form">
      <FormAlert message={alert} testId="coupon-form-alert" />
      <div className="coupon-form__grid">
        {text('code', t('staff.coupon.manage.code'), { ltr: true })}
        {/* The brand's default language's name is required; the other may be left blank (it reads the first). */}
        {text('nameAr', t('staff.coupon.manage.nameAr'), { optional: REQUIRED_NAME !== 'nameAr' })}
        {text('nameEn', t('staff.coupon.manage.nameEn'), { optional: REQUIRED_NAME !== 'nameEn' })}
        <KindField form={form} />
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
