import { FormAlert, FormField } from '../../../components/ui/form-field';
import { PhoneField } from '../../../components/ui/phone-field';
import { useTranslation } from '../../../lib/use-translation';
import { useCounterCoupon } from '../hooks/use-counter-coupon';
import { CounterCouponDone } from './counter-coupon-done';
import '../../../components/ui/form.css';

/**
 * A coupon used in a walk-in sale at the counter (issue 16): the code, the sale's amount, and the diner's phone when
 * the coupon needs a customer. The server checks and records it; the cashier sees the discount and what to charge.
 */
export function CounterCoupon({ branchId }: { branchId: number }) {
  const { t } = useTranslation();
  const c = useCounterCoupon(branchId);
  const { code, sale, phone, busy } = c;
  if (c.done) return <CounterCouponDone done={c.done} onNext={c.next} />;

  return (
    <section className="card redeem__card" aria-labelledby="counter-coupon-heading" data-testid="counter-coupon">
      <h3 id="counter-coupon-heading">{t('staff.coupon.title')}</h3>
      <p className="page__lead">{t('staff.coupon.lead')}</p>
      <form onSubmit={(event) => void c.submit(event)} noValidate>
        <FormAlert message={c.alert} testId="counter-coupon-alert" />
        <FormField id="counter-coupon-code" label={t('staff.coupon.code')}>
          {(control) => (
            <input
              {...control}
              className="input input--ltr"
              dir="ltr"
              autoComplete="off"
              autoCapitalize="characters"
              spellCheck={false}
              maxLength={64}
              value={code}
              disabled={busy}
              onChange={(event) => c.setCode(event.target.value)}
            />
          )}
        </FormField>
        <FormField id="counter-coupon-sale" label={t('staff.coupon.sale')} error={c.saleError}>
          {(control) => (
            <input
              {...control}
              className="input input--ltr"
              dir="ltr"
              inputMode="decimal"
              autoComplete="off"
              maxLength={12}
              value={sale}
              disabled={busy}
              onChange={(event) => c.setSale(event.target.value)}
            />
          )}
        </FormField>
        <PhoneField
          id="counter-coupon-phone"
          label={t('staff.coupon.phoneOptional')}
          value={phone}
          onChange={c.setPhone}
          disabled={busy}
        />
        <button type="submit" className="btn btn-primary btn-large btn-block" disabled={busy}>
          {busy ? t('staff.coupon.submitting') : t('staff.coupon.submit')}
        </button>
      </form>
    </section>
  );
}
