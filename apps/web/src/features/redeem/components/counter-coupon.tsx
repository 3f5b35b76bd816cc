import { formatSar } from '@sufra/shared/money';
import type { CounterCouponResponse } from '@sufra/shared/schemas/coupons';
import { type FormEvent, useState } from 'react';
import { FormAlert, FormField } from '../../../components/ui/form-field';
import { PhoneField } from '../../../components/ui/phone-field';
import type { PhoneValue } from '../../../lib/account-form';
import { errorText } from '../../../lib/api-client';
import { parseSarInput } from '../../../lib/sar-input';
import { useLanguage } from '../../../lib/use-language';
import { useTranslation } from '../../../lib/use-translation';
import { redeemCoupon } from '../api/redeem-coupon';

/**
 * A coupon used in a walk-in sale at the counter (issue 16): the code, the sale's amount, and the diner's phone when
 * the coupon needs a customer. The server checks and records it; the cashier sees the discount and what to charge.
 */
export function CounterCoupon({ branchId }: { branchId: number }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const [code, setCode] = useState('');
  const [sale, setSale] = useState('');
  const [phone, setPhone] = useState<PhoneValue>({ dial: '966', number: '' });
  const [saleError, setSaleError] = useState<string | null>(null);
  const [alert, setAlert] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState<CounterCouponResponse | null>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const saleHalalas = parseSarInput(sale);
    setSaleError(saleHalalas === null || saleHalalas < 1 ? t('staff.coupon.saleInvalid') : null);
    if (saleHalalas === null || saleHalalas < 1 || !code.trim()) return;
    setBusy(true);
    setAlert(null);
    try {
      const body = {
        code,
        branchId,
        saleHalalas,
        ...(phone.number.trim() ? { phone: { phone_number: phone.number, dial_code: phone.dial } } : {}),
      };
      setDone(await redeemCoupon(body, language));
    } catch (error) {
      setAlert(errorText(error, language));
    } finally {
      setBusy(false);
    }
  };

  if (done) {
    return (
      <section className="card redeem__card" aria-labelledby="coupon-done-heading" data-testid="counter-coupon-done">
        <h3 id="coupon-done-heading">{t('staff.coupon.doneTitle')}</h3>
        <p>
          <strong dir="ltr">{done.coupon.code}</strong> {done.coupon.name[language]}
        </p>
        <dl className="review-list">
          <div className="review-row">
            <dt>{t('staff.coupon.discount')}</dt>
            <dd data-testid="counter-coupon-discount">{formatSar(done.discountHalalas, language)}</dd>
          </div>
          <div className="review-row">
            <dt>{t('staff.coupon.pay')}</dt>
            <dd data-testid="counter-coupon-pay">{formatSar(done.payHalalas, language)}</dd>
          </div>
        </dl>
        <button
          type="button"
          className="btn btn-primary btn-large btn-block"
          onClick={() => {
            setDone(null);
            setCode('');
            setSale('');
            setPhone({ dial: '966', number: '' });
          }}
        >
          {t('staff.coupon.next')}
        </button>
      </section>
    );
  }

  return (
    <section className="card redeem__card" aria-labelledby="counter-coupon-heading" data-testid="counter-coupon">
      <h3 id="counter-coupon-heading">{t('staff.coupon.title')}</h3>
      <p className="page__lead">{t('staff.coupon.lead')}</p>
      <form onSubmit={(event) => void submit(event)} noValidate>
        <FormAlert message={alert} testId="counter-coupon-alert" />
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
              onChange={(event) => setCode(event.target.value)}
            />
          )}
        </FormField>
        <FormField id="counter-coupon-sale" label={t('staff.coupon.sale')} error={saleError}>
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
              onChange={(event) => setSale(event.target.value)}
            />
          )}
        </FormField>
        <PhoneField
          id="counter-coupon-phone"
          label={t('staff.coupon.phoneOptional')}
          value={phone}
          onChange={setPhone}
          disabled={busy}
        />
        <button type="submit" className="btn btn-primary btn-large btn-block" disabled={busy}>
          {busy ? t('staff.coupon.submitting') : t('staff.coupon.submit')}
        </button>
      </form>
    </section>
  );
}
