import type { StaffUser } from '@sufra/shared/schemas/staff';
import { useTranslation } from '../../../lib/use-translation';
import { ServicesPanel } from '../components/services-panel';
import { SwitchHistoryList } from '../components/switch-history';
import './services-section.css';

/**
 * `/staff/services` (issue 24 item 12): the brand's service switches, for managers and owners, apart from loyalty
 * (ordering and delivery are not loyalty), each switch-off confirmed, and the history of who switched what and when.
 */
export default function ServicesSection({ user, titleLevel }: { user: StaffUser; titleLevel?: 1 | 2 }) {
  const { t } = useTranslation();
  if (user.role === 'cashier') {
    return (
      <p className="notice notice--info" data-testid="services-managers-only">
        {t('staff.services.managersOnly')}
      </p>
    );
  }
  return (
    <div className="services-admin" data-testid="services-admin">
      <ServicesPanel brandName={user.brand.name} titleLevel={titleLevel} />
      <SwitchHistoryList />
    </div>
  );
}
