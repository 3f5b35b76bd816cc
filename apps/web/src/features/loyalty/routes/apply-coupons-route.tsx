import { formatSar } from '@sufra/shared/money';
import type { CouponHistoryResponse, MyCouponsResponse } from '@sufra/shared/schemas/coupons';
import { useCallback, useEffect, useLayoutEffect, useMemo, useState } from 'react';
import { Link, useParams, useSearchParams } from 'wouter';
import { CartTotals } from '../../../components/ui/cart-totals';
import { LoadError, LoadingBlock } from '../../../components/ui/load-state';
import { paths } from '../../../config/paths';
import { priceCheckedCart } from '../../../lib/cart-pricing';
import { couponLineItems, couponPricingOf, getCouponHistory, getMyCoupons } from '../../../lib/coupons';
import { useMenu } from '../../../lib/get-menu';
import { checkCart } from '../../../lib/line-check';
import { useLanguage } from '../../../lib/use-language';
import { useTranslation } from '../../../lib/use-translation';
import { enterEstablishment } from '../../../stores/establishment-slice';
import { useAppDispatch, useAppSelector } from '../../../stores/root-state';
import { CouponField } from '../../coupons/coupon-field';
import { useLoyaltyPage, useSignedInOrSignIn } from '../hooks/use-loyalty-page';
import { formatLoyaltyDate } from '../loyalty-format';
import '../../../components/ui/form.css';
import '../loyalty.css';

/**
 * `/apply-coupons/{uuid}` (signed in; the spec's route): enter a code or pick one of the diner's own coupons, priced
 * on the current cart by the server and kept in the cart, with the totals the checkout will show. `?view=history`:
 * Coupons History (used and expired coupons, with the order each was used on).
 */
export default function ApplyCouponsRoute() {
  const { uuid = '' } = useParams();
  const [search] = useSearchParams();
  const history = search.get('view') === 'history';
  const { t } = useTranslation();
  const language = useLanguage();
  const dispatch = useAppDispatch();
  const here = `${paths.applyCoupons.build(uuid)}${history ? '?view=history' : ''}`;
  const status = useSignedInOrSignIn(uuid, here);
  const [mine, setMine] = useState<MyCouponsResponse['coupons'] | null>(null);
  const [entries, setEntries] = useState<CouponHistoryResponse['entries'] | null>(null);
  const [error, setError] = useState<unknown>(null);
  const { timeZone, deactivated } = useLoyaltyPage(uuid, ['coupons'], [error]);

  useLayoutEffect(() => {
    dispatch(enterEstablishment(uuid));
  }, [uuid, dispatch]);
  const cart = useAppSelector((s) => s.cart);
  const menu = useMenu(uuid, language);
  const check = useMemo(() => (menu.data ? checkCart(cart, menu.data) : null), [menu.data, cart]);
  const preview = useMemo(
    () =>
      check && menu.data
        ? priceCheckedCart(check, menu.data, {
            coupon: couponPricingOf(cart.coupon, couponLineItems(check)),
          })
        : null,
    [check, menu.data, cart.coupon],
  );
  const empty = cart.products.length === 0 && cart.combos.length === 0;

  const load = useCallback(() => {
    setError(null);
    if (history) getCouponHistory(uuid, language).then((answer) => setEntries(answer.entries), setError);
    else getMyCoupons(uuid, language).then((answer) => setMine(answer.coupons), setError);
  }, [uuid, language, history]);
  useEffect(() => {
    if (status === 'signedIn') load();
  }, [status, load]);

  if (deactivated || status !== 'signedIn') return null;
  const title = history ? t('coupons.history') : t('coupons.pageTitle');
  return (
    <div className="page loyalty-page" data-testid={history ? 'coupon-history-page' : 'apply-coupons-page'}>
      <title>{`${title} | ${t('app.name')}`}</title>
      <h1>{title}</h1>
      <p>
        {history ? (
          <Link to={paths.applyCoupons.build(uuid)} className="btn btn-ghost">
            {t('coupons.backToCoupons')}
          </Link>
        ) : (
          <Link to={`${paths.applyCoupons.build(uuid)}?view=history`} className="btn btn-ghost">
            {t('coupons.seeHistory')}
          </Link>
        )}
      </p>
      {error !== null && <LoadError error={error} onRetry={load} />}
      {history ? (
        entries === null ? (
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
        )
      ) : (
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
      )}
    </div>
  );
}
