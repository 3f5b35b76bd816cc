import { formatSar } from '@sufra/shared/money';
import type { CounterCouponResponse } from '@sufra/shared/schemas/coupons';
import { useLanguage } from '../../../lib/use-language';
import { useTranslation } from '../../../lib/use-translation';
import '../../../components/ui/review-list.css';

/** The coupon recorded: its discount and what to charge, then the next sale. */
export function CounterCouponDone({ done, onNext }: { done: CounterCouponResponse; onNext: () => void }) {
  const { t } = useTranslation();
  const language = useLanguage();
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
      <button type="button" className="btn btn-primary btn-large btn-block" onClick={onNext}>
        {t('staff.coupon.next')}
      </button>
    </section>
  );
}
