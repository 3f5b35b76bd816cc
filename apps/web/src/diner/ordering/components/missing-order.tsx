import { Link } from 'wouter';
import { paths } from '../../../config/paths';
import { useTranslation } from '../../../lib/use-translation';
import { useBrandName } from '../../../stores/use-brand-name';

/**
 * A page about one order opened without one (an old or cut link), or about an order that is not the diner's or does
 * not exist: it says so (`message`, by default "this link doesn't name an order") and offers the order history.
 */
export function MissingOrder({
  uuid,
  title,
  message,
  testId,
}: {
  uuid: string;
  title: string;
  message?: string;
  testId?: string;
}) {
  const { t } = useTranslation();
  const brandName = useBrandName();
  return (
    <div className="page page--center" data-testid={testId}>
      <title>{`${title} | ${brandName}`}</title>
      <h1>{title}</h1>
      <p>{message ?? t('ordering.missingOrder')}</p>
      <Link to={paths.orders.build(uuid)} className="btn btn-primary">
        {t('ordering.myOrders')}
      </Link>
    </div>
  );
}
