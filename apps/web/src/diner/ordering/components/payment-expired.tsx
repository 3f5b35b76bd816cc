import { errorMessage } from '@sufra/shared/messages/errors';
import type { Order } from '@sufra/shared/schemas/order';
import { Link } from 'wouter';
import { paths } from '../../../config/paths';
import { useLanguage } from '../../../lib/use-language';
import { useTranslation } from '../../../lib/use-translation';
import { useReorder } from '../hooks/use-reorder';

/** An order whose time to pay ran out can no longer be paid: said so, with the same order again or the menu. */
export function PaymentExpired({ uuid, title, order }: { uuid: string; title: string; order: Order | null }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const { ready, reorder } = useReorder(uuid);
  return (
    <div className="page page--center" data-testid="payment-failed-page" data-state="expired">
      <title>{`${title} | ${t('app.name')}`}</title>
      <h1>{title}</h1>
      <p className="page__lead" role="alert" data-testid="payment-expired-text">
        {errorMessage('payment_expired', language)}
      </p>
      <div className="page__actions">
        <button
          type="button"
          className="btn btn-primary"
          disabled={!order || !ready}
          onClick={() => order && reorder(order)}
          data-testid="payment-expired-reorder"
        >
          {t('ordering.reorder')}
        </button>
        <Link to={paths.menu.build(uuid)} className="btn btn-secondary">
          {t('ordering.expiredBackToMenu')}
        </Link>
      </div>
    </div>
  );
}
