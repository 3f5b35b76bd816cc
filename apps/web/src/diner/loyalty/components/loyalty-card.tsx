import { Link, useParams } from 'wouter';
import { paths } from '../../../config/paths';
import { useLanguage } from '../../../lib/use-language';
import { useTranslation } from '../../../lib/use-translation';
import { useAppSelector } from '../../../stores/root-state';
import { LoyaltyCardSlot } from '../../shared/loyalty-card-slot';
import { useLoyaltyAccount } from '../hooks/use-loyalty-account';
import { HowToEarn } from './how-to-earn';
import { PointsSummary } from './points-summary';
import '../loyalty.css';

/**
 * The compact loyalty card of the landing page and the profile (passed in by app/router.tsx, so those features do not
 * import this one). Shown only when the brand has a programme and loyalty is on; a signed-out diner sees how points
 * are earned and a sign-in link that comes back here.
 */
export default function LoyaltyCard() {
  const { uuid = '' } = useParams();
  const { t } = useTranslation();
  const language = useLanguage();
  const establishment = useAppSelector((s) => s.establishment.establishment);
  const current = establishment?.uuid === uuid ? establishment : null;
  const on = current !== null && current.services.loyalty !== false;
  const { status, programme, account } = useLoyaltyAccount(uuid, language, on);

  // No programme (loyalty_not_set_up), loyalty off, or any other refusal: the card simply is not there.
  if (!on || programme.error) return null;
  // Still asking: a signed-in diner's card keeps its place meanwhile (the page under it does not jump).
  if (!programme.data) return <LoyaltyCardSlot />;
  const here = typeof window === 'undefined' ? paths.qr.build(uuid) : window.location.pathname;
  return (
    <section
      className={`card card--raised loyalty-card${status === 'signedIn' && !account.data ? ' loyalty-card-slot' : ''}`}
      aria-labelledby="loyalty-card-title"
      data-testid="loyalty-card"
    >
      <h2 id="loyalty-card-title" className="loyalty-card__title">
        {t('loyalty.cardTitle')}
      </h2>
      {status === 'signedIn' && account.data && (
        <PointsSummary account={account.data} timeZone={current.branch.timeZone} />
      )}
      {status === 'signedIn' && !account.data && !account.error && (
        <div role="status">
          <span className="visually-hidden">{t('app.loading')}</span>
          <div className="skeleton skeleton--line" />
        </div>
      )}
      {status !== 'signedIn' && <HowToEarn rules={programme.data.rules} />}
      {status === 'signedIn' ? (
        <Link to={paths.myRewards.build(uuid)} className="btn btn-secondary btn-block" data-testid="my-rewards-link">
          {t('loyalty.openRewards')}
        </Link>
      ) : (
        <Link
          to={paths.register.build(uuid, { mode: 'signin', next: here })}
          className="btn btn-secondary btn-block"
          data-testid="loyalty-sign-in"
        >
          {t('loyalty.signInToEarn')}
        </Link>
      )}
      {current.services.referral !== false && (
        <Link to={paths.referral.build(uuid)} className="btn btn-secondary btn-block" data-testid="referral-link">
          {t('loyalty.inviteFriends')}
        </Link>
      )}
    </section>
  );
}
