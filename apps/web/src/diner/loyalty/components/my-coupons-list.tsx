import { formatSar } from '@sufra/shared/money';
import { Link } from 'wouter';
import { paths } from '../../../config/paths';
import { useMyCouponsQuery } from '../../../lib/coupons';
import { useLanguage } from '../../../lib/use-language';
import { useTranslation } from '../../../lib/use-translation';
import { useAppSelector } from '../../../stores/root-state';
import { useDinerKey } from '../../../stores/use-diner-key';

/**
 * My Rewards' coupons (issue 16): the brand's coupons the diner may use now, beside their rewards, with the way to use
 * one (/apply-coupons) and to Coupons History. Nothing when the coupons service is off or the list can't be loaded:
 * the rewards above are the page's subject.
 */
export function MyCouponsList({ uuid }: { uuid: string }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const servicesOn = useAppSelector((s) => s.establishment.establishment?.services.coupons !== false);
  const query = useMyCouponsQuery(useDinerKey(uuid), uuid, language, servicesOn);
  const coupons = query.error ? null : (query.data?.coupons ?? null);
  if (!servicesOn || coupons === null) return null;
  return (
    <section className="section" aria-labelledby="my-coupons-heading" data-testid="my-rewards-coupons">
      <h2 id="my-coupons-heading">{t('coupons.yours')}</h2>
      {coupons.length === 0 ? (
        <p className="field__hint">{t('coupons.noneYours')}</p>
      ) : (
        <ul className="reward-list" aria-labelledby="my-coupons-heading">
          {coupons.map((coupon) => (
            <li key={coupon.id} className="card reward-card">
              <p>
                <strong dir="ltr">{coupon.code}</strong> {coupon.name[language]}
              </p>
              {coupon.minimumOrderHalalas > 0 && (
                <p className="field__hint">
                  {t('coupons.minimum', { amount: formatSar(coupon.minimumOrderHalalas, language) })}
                </p>
              )}
            </li>
          ))}
        </ul>
      )}
      <p className="loyalty-actions">
        <Link to={paths.applyCoupons.build(uuid)} className="btn btn-secondary">
          {t('coupons.pageTitle')}
        </Link>{' '}
        <Link to={`${paths.applyCoupons.build(uuid)}?view=history`} className="btn btn-ghost">
          {t('coupons.history')}
        </Link>
      </p>
    </section>
  );
}
