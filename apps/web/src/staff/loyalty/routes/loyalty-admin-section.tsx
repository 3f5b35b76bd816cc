import type { StaffUser } from '@sufra/shared/schemas/staff';
import { useTranslation } from '../../../lib/use-translation';
import { CustomerPoints } from '../components/customer-points';
import '../../../components/ui/form.css';
import './loyalty-admin.css';

/**
 * `/staff/loyalty`: the managers' loyalty screen (owners and managers; the API refuses cashiers too): a diner's
 * points found by phone, with their ledger and adjustments. The service switches have their own tab (`/staff/services`).
 */
export default function LoyaltyAdminSection({ user }: { user: StaffUser }) {
  const { t } = useTranslation();
  if (user.role === 'cashier') {
    return (
      <p className="notice notice--info" data-testid="loyalty-admin-managers-only">
        {t('staff.loyalty.managersOnly')}
      </p>
    );
  }
  return (
    <div className="loyalty-admin" data-testid="loyalty-admin">
      <CustomerPoints />
    </div>
  );
}
