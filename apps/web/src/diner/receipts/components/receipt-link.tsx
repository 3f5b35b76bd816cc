import { Link } from 'wouter';
import { paths } from '../../../config/paths';
import { useTranslation } from '../../../lib/use-translation';

/** "Receipt" on an order (the confirmation page, each order in the history), given to them by the router. */
export default function ReceiptLink({ uuid, orderId }: { uuid: string; orderId: number }) {
  const { t } = useTranslation();
  return (
    <Link to={paths.receipt.build(uuid, orderId)} className="btn btn-secondary" data-testid="receipt-link">
      {t('receipts.open')}
    </Link>
  );
}
