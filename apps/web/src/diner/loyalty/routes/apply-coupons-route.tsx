import { Link, useParams, useSearchParams } from 'wouter';
import { LoadError } from '../../../components/ui/load-state';
import { paths } from '../../../config/paths';
import { useTranslation } from '../../../lib/use-translation';
import { ApplyCoupon, CouponHistory } from '../components/coupon-pages';
import { useCouponCart, useMyCoupons } from '../hooks/use-coupon-pages';
import { useLoyaltyPage, useSignedInOrSignIn } from '../hooks/use-loyalty-page';
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
  const here = `${paths.applyCoupons.build(uuid)}${history ? '?view=history' : ''}`;
  const status = useSignedInOrSignIn(uuid, here);
  const { mine, entries, error, load } = useMyCoupons(uuid, history, status === 'signedIn');
  const { timeZone, deactivated } = useLoyaltyPage(uuid, ['coupons'], [error]);
  const couponCart = useCouponCart(uuid);

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
        <CouponHistory uuid={uuid} title={title} entries={entries} error={error} timeZone={timeZone} />
      ) : (
        <ApplyCoupon uuid={uuid} mine={mine} {...couponCart} />
      )}
    </div>
  );
}
