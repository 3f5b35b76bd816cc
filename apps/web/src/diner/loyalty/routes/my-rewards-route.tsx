import { Link, useParams, useSearchParams } from 'wouter';
import { paths } from '../../../config/paths';
import { useLanguage } from '../../../lib/use-language';
import { useTranslation } from '../../../lib/use-translation';
import { useLoyaltyAccountQuery } from '../api/get-loyalty-account';
import { useMyRewards } from '../api/get-my-rewards';
import { useProgramme } from '../api/get-programme';
import { LevelsAndRules } from '../components/levels-rules';
import { LoyaltyNav, usePlaceOn } from '../components/loyalty-nav';
import { MyCouponsList } from '../components/my-coupons-list';
import { OwnedRewardCard } from '../components/owned-reward-card';
import { PointsHistory } from '../components/points-history';
import { PointsSummary } from '../components/points-summary';
import { PunchCardsList } from '../components/punch-cards-list';
import { useLoyaltyPage, useSignedInOrSignIn } from '../hooks/use-loyalty-page';
import '../../../components/ui/form.css';
import '../loyalty.css';
import { LoadError, LoadingBlock } from '../../../components/ui/load-state';

type View = 'rewards' | 'history' | 'levels';
const viewOf = (value: string | null): View => (value === 'history' || value === 'levels' ? value : 'rewards');

/**
 * `/my-rewards/{uuid}` (signed in): the diner's points (wallet and its SAR value, lifetime, level, progress), then one
 * of three views named in the query so a reload or a shared link opens the same one: every owned reward with its
 * status, window, code and QR (`?view=` absent), the points history (`?view=history`), levels and rules
 * (`?view=levels`).
 */
export default function MyRewardsRoute() {
  const { uuid = '' } = useParams();
  const [search] = useSearchParams();
  const view = viewOf(search.get('view'));
  const { t } = useTranslation();
  const language = useLanguage();
  const here = `${paths.myRewards.build(uuid)}${view === 'rewards' ? '' : `?view=${view}`}`;
  const status = useSignedInOrSignIn(uuid, here);
  const programme = useProgramme(uuid, language);
  const signedIn = status === 'signedIn';
  const accountQuery = useLoyaltyAccountQuery(uuid, language, signedIn);
  const rewardsQuery = useMyRewards(uuid, language, signedIn);
  const account = accountQuery.data ?? null;
  const rewards = rewardsQuery.data?.rewards ?? null;
  const error = accountQuery.error ?? rewardsQuery.error ?? null;
  const { timeZone, deactivated } = useLoyaltyPage(uuid, ['loyalty'], [error, programme.error]);
  // A way to a switched-off shop is not offered (issue 24 item 5).
  const placeOn = usePlaceOn(uuid);

  const load = () => {
    accountQuery.refetch();
    rewardsQuery.refetch();
  };

  if (deactivated || status !== 'signedIn') return null;
  const title = t('loyalty.myRewardsTitle');
  return (
    <div className="page loyalty-page" data-testid="my-rewards-page">
      <title>{`${title} | ${t('app.name')}`}</title>
      <LoyaltyNav uuid={uuid} current={view} />
      <h1>{title}</h1>
      {error !== null && <LoadError error={error} onRetry={load} />}
      {account ? (
        <div className="card card--raised loyalty-card">
          <PointsSummary account={account} timeZone={timeZone} />
        </div>
      ) : (
        error === null && <LoadingBlock />
      )}
      {view === 'rewards' && <PunchCardsList uuid={uuid} timeZone={timeZone} />}
      {view === 'rewards' && rewards && rewards.length === 0 && (
        <div className="state-box" data-testid="no-rewards">
          <p className="state-box__title">{t('loyalty.noRewards')}</p>
          {placeOn('pointsShop') && (
            <Link to={paths.pointsShop.build(uuid)} className="btn btn-primary">
              {t('loyalty.visitShop')}
            </Link>
          )}
        </div>
      )}
      {view === 'rewards' && rewards && rewards.length > 0 && (
        <ul className="reward-list" aria-label={title}>
          {rewards.map((owned) => (
            <OwnedRewardCard key={owned.id} uuid={uuid} owned={owned} timeZone={timeZone} />
          ))}
        </ul>
      )}
      {view === 'rewards' && <MyCouponsList uuid={uuid} />}
      {view === 'history' && <PointsHistory uuid={uuid} timeZone={timeZone} />}
      {view === 'levels' && programme.data && (
        <LevelsAndRules programme={programme.data} levelId={account?.level?.id ?? null} />
      )}
    </div>
  );
}
