import { formatSar } from '@sufra/shared/money';
import type { CouponHistoryResponse, MyCouponsResponse } from '@sufra/shared/schemas/coupons';
import { Link } from 'wouter';
import { CartTotals } from '../../../components/ui/cart-totals';
import { LoadingBlock } from '../../../components/ui/load-state';
import { paths } from '../../../config/paths';
import { couponLineItems } from '../../../lib/coupons';
import { useLanguage } from '../../../lib/use-language';
import { useTranslation } from '../../../lib/use-translation';
import { CouponField } from '../../coupons/coupon-field';
import type { useCouponCart } from '../hooks/use-coupon-pages';
import { formatLoyaltyDate } from '../loyalty-format';
import '../../../components/ui/cart-totals.css';

type HistoryProps = {
  uuid: string;
  title: string;
  entries: CouponHistoryResponse['entries'] | null;
  error: unknown;
  timeZone: string | undefined;
};

/** Coupons History: used and expired coupons, with the order each was used on and what it saved. */
export function CouponHistory({ uuid, title, entries, error, timeZone }: HistoryProps) {
  const { t } = useTranslation();
  const language = useLanguage();
  return (
    <>
      {entries === null ? (
        error === null && <LoadingBlock />
      ) : entries.length === 0 ? (
        <div className="state-box" data-testid="coupon-history-empty">
          <p className="state-box__title">{t('coupons.historyEmpty')}</p>
        </div>
      ) : (
        <ul className="reward-list" aria-label={title} data-testid="coupon-history">
          {entries.map((entry) => (
            <li key={`${entry.coupon.id}-${entry.status}-${entry.at}`} className="card reward-card">
              <p>
                <strong dir="ltr">{entry.coupon.code}</strong> {entry.coupon.name[language]}
              </p>
              <p>
                <span className={`reward-status reward-status--${entry.status === 'used' ? 'claimed' : 'expired'}`}>
                  {t(`coupons.status.${entry.status}`)}
                </span>{' '}
                {formatLoyaltyDate(entry.at, language, timeZone)}
              </p>
              {entry.order && (
                <p>
                  <Link to={paths.confirmOrder.build(uuid, entry.order.id)}>
                    {t('coupons.onOrder', {
                      number: new Intl.NumberFormat(language === 'ar' ? 'ar-SA' : 'en-SA', {
                        useGrouping: false,
                      }).format(entry.order.number),
                    })}
                  </Link>
                </p>
              )}
              {entry.status === 'used' && entry.discountHalalas ? (
                <p>{t('coupons.saved', { amount: formatSar(entry.discountHalalas, language) })}</p>
              ) : null}
            </li>
          ))}
        </ul>
      )}
    </>
  );
}

type ApplyProps = { uuid: string; mine: MyCouponsResponse['coupons'] | null } & ReturnType<typeof useCouponCart>;

/** A code typed or one of the diner's own, priced on the current cart, with the totals the checkout will show. */
export function ApplyCoupon({ uuid, mine, cart, menu, check, preview, empty }: ApplyProps) {
  const { t } = useTranslation();
  const language = useLanguage();
  return (
    <>
      {empty && (
        <div className="state-box" data-testid="apply-coupons-empty">
          <p className="state-box__title">{t('coupons.emptyCart')}</p>
          <Link to={paths.menu.build(uuid)} className="btn btn-primary">
            {t('cart.browseMenu')}
          </Link>
        </div>
      )}
      {!empty && (
        <CouponField
          uuid={uuid}
          lineItems={couponLineItems(check)}
          subtotalHalalas={preview?.pricing.subtotal ?? null}
          suggestions={mine ?? []}
          testId="apply-coupon"
        />
      )}
      {empty && mine && mine.length > 0 && (
        <ul className="reward-list" aria-label={t('coupons.yours')} data-testid="my-coupons">
          {mine.map((coupon) => (
            <li key={coupon.id} className="card reward-card">
              <p>
                <strong dir="ltr">{coupon.code}</strong> {coupon.name[language]}
              </p>
            </li>
          ))}
        </ul>
      )}
      {!empty && preview && menu.data && (
        <section className="card cart-totals" aria-labelledby="apply-summary-heading">
          <h2 id="apply-summary-heading" className="cart-totals__title">
            {t('cart.summary')}
          </h2>
          <CartTotals
            pricing={preview.pricing}
            vatRateBasisPoints={menu.data.vatRateBasisPoints}
            singleRate={false}
            testId="apply"
          />
          <Link
            to={cart.orderType === null ? paths.cart.build(uuid) : paths.checkout.build(uuid)}
            className="btn btn-primary btn-block btn-large"
          >
            {t('coupons.toCheckout')}
          </Link>
        </section>
      )}
    </>
  );
}
