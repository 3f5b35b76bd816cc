import { Link } from 'wouter';
import { paths } from '../../../config/paths';
import { useTranslation } from '../../../lib/use-translation';

/**
 * "Receipt" on an order (the confirmation page, each order in the history): a plain link to the receipts feature's
 * page (its route is the router's), so nothing of that feature loads before it is opened.
 */
export function ReceiptLink({ uuid, orderId }: { uuid: string; orderId: number }) {
  const { t } = useTranslation();
  return (
    <Link to={paths.receipt.build(uuid, orderId)} className="btn btn-secondary" data-testid="receipt-link">
      {t('ordering.receiptLink')}
    </Link>
  );
}
