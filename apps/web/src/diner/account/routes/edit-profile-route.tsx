import { type ReactNode, Suspense, useEffect } from 'react';
import { Link, useLocation, useParams } from 'wouter';
import { PageFallback } from '../../../components/ui/page-fallback';
import { paths } from '../../../config/paths';
import { useTranslation } from '../../../lib/use-translation';
import { useAppSelector } from '../../../stores/root-state';
import { useBrandName } from '../../../stores/use-brand-name';
import { AddressBook } from '../components/address-book';
import { DeleteAccount } from '../components/delete-account';
import { PhoneChange } from '../components/phone-change';
import { ProfileForm } from '../components/profile-form';
import { ProfileSummary } from '../components/profile-summary';
import { SignOut } from '../components/sign-out';
import { SmsPreferences } from '../components/sms-preferences';
import '../../../components/ui/form.css';
import './account.css';
import { LoyaltyCardSlot } from '../../shared/loyalty-card-slot';

/**
 * `/edit-profile/{uuid}`: signed-in only (otherwise sign-in, coming back here). `loyaltyCard` is the loyalty feature's
 * compact card with its link to My Rewards, given by the router (features do not import each other).
 */
export default function EditProfileRoute({ loyaltyCard }: { loyaltyCard?: ReactNode }) {
  const { t } = useTranslation();
  const brandName = useBrandName();
  const { uuid = '' } = useParams();
  const [, navigate] = useLocation();
  const status = useAppSelector((s) => s.auth.status);
  const customer = useAppSelector((s) => s.auth.userData);

  useEffect(() => {
    if (status === 'signedOut') {
      navigate(paths.register.build(uuid, { mode: 'signin', next: paths.editProfile.build(uuid) }), { replace: true });
    }
  }, [status, uuid, navigate]);

  const title = t('account.editProfile');
  if (status !== 'signedIn' || !customer) {
    return (
      <>
        <title>{`${title} | ${brandName}`}</title>
        <PageFallback />
      </>
    );
  }
  return (
    <div className="page account-page" data-testid="edit-profile-page">
      <title>{`${title} | ${brandName}`}</title>
      <h1>{title}</h1>
      <ProfileSummary customer={customer} />
      <Link to={paths.orders.build(uuid)} className="btn btn-secondary" data-testid="my-orders-link">
        {t('account.myOrders')}
      </Link>
      {/* Loads on its own, keeping its place meanwhile: the page stays while it does. */}
      <Suspense fallback={<LoyaltyCardSlot />}>{loyaltyCard}</Suspense>
      <ProfileForm uuid={uuid} customer={customer} />
      <PhoneChange uuid={uuid} customer={customer} />
      <AddressBook uuid={uuid} />
      <SmsPreferences uuid={uuid} />
      <SignOut uuid={uuid} />
      <DeleteAccount uuid={uuid} />
    </div>
  );
}
