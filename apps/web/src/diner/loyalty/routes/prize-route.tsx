import { isRedeemable } from '@sufra/shared/loyalty/rewards';
import { Link, useParams } from 'wouter';
import { paths } from '../../../config/paths';
import { useLanguage } from '../../../lib/use-language';
import { useTranslation } from '../../../lib/use-translation';
import { useMyRewards } from '../api/get-my-rewards';
import { LoyaltyNav } from '../components/loyalty-nav';
import { OwnedRewardCard } from '../components/owned-reward-card';
import { useLoyaltyPage, useSignedInOrSignIn } from '../hooks/use-loyalty-page';
import { isPrize } from '../loyalty-format';
import '../../../components/ui/form.css';
import '../loyalty.css';
import { LoadError, LoadingBlock } from '../../../components/ui/load-state';

/**
 * `/prize/{uuid}` (signed in; docs/adr/0090-loyalty-pages-and-checkout-points.md): the diner's prizes. Claimable
 * prizes (may be redeemed now, or later once their window opens) with their code and QR, then the prizes history
 * (claimed or expired).
 */
export default function PrizeRoute() {
  const { uuid = '' } = useParams();
  const { t } = useTranslation();
  const language = useLanguage();
  const status = useSignedInOrSignIn(uuid, paths.prize.build(uuid));
  const rewards = useMyRewards(uuid, language, status === 'signedIn');
  const prizes = rewards.data ? rewards.data.rewards.filter(isPrize) : null;
  const error = rewards.error ?? null;
  const { timeZone, deactivated } = useLoyaltyPage(uuid, ['loyalty', 'prize_shop'], [error]);

  const load = rewards.refetch;

  if (deactivated || status !== 'signedIn') return null;
  const title = t('loyalty.prizeTitle');
  const claimable = prizes?.filter((p) => isRedeemable(p.status) || p.status === 'not_claimable') ?? [];
  const past = prizes?.filter((p) => p.status === 'claimed' || p.status === 'expired') ?? [];
  return (
    <div className="page loyalty-page" data-testid="prize-page">
      <title>{`${title} | ${t('app.name')}`}</title>
      <LoyaltyNav uuid={uuid} current="prizes" />
      <h1>{title}</h1>
      {error !== null && <LoadError error={error} onRetry={load} />}
      {!prizes && error === null && <LoadingBlock />}
      {prizes && (
        <>
          <section aria-labelledby="claimable-title" className="loyalty-section">
            <h2 id="claimable-title" className="loyalty-section-title">
              {t('loyalty.claimablePrizes')}
            </h2>
            {claimable.length === 0 ? (
              <div className="state-box" data-testid="no-claimable">
                <p className="state-box__title">{t('loyalty.noClaimable')}</p>
                <Link to={paths.prizeShop.build(uuid)} className="btn btn-secondary">
                  {t('loyalty.tabs.prizeShop')}
                </Link>
              </div>
            ) : (
              <ul className="reward-list" data-testid="claimable-prizes">
                {claimable.map((owned) => (
                  <OwnedRewardCard key={owned.id} uuid={uuid} owned={owned} timeZone={timeZone} />
                ))}
              </ul>
            )}
          </section>
          <section aria-labelledby="prize-history-title" className="loyalty-section">
            <h2 id="prize-history-title" className="loyalty-section-title">
              {t('loyalty.prizesHistory')}
            </h2>
            {past.length === 0 ? (
              <p className="loyalty-muted" data-testid="no-prize-history">
                {t('loyalty.noPrizeHistory')}
              </p>
            ) : (
              <ul className="reward-list" data-testid="prize-history">
                {past.map((owned) => (
                  <OwnedRewardCard key={owned.id} uuid={uuid} owned={owned} timeZone={timeZone} />
                ))}
              </ul>
            )}
          </section>
        </>
      )}
    </div>
  );
}
