import { Link } from 'wouter';
import { paths } from '../../../config/paths';
import { useTranslation } from '../../../lib/use-translation';

/** A page about one order opened without one (an old or cut link): it says so and offers the order history. */
export function MissingOrder({ uuid, title, testId }: { uuid: string; title: string; testId?: string }) {
  const { t } = useTranslation();
  return (
    <div className="page page--center" data-testid={testId}>
      <title>{`${title} | ${t('app.name')}`}</title>
      <h1>{title}</h1>
      <p>{t('ordering.missingOrder')}</p>
      <Link to={paths.orders.build(uuid)} className="btn btn-primary">
        {t('ordering.myOrders')}
      </Link>
    </div>
  );
}
