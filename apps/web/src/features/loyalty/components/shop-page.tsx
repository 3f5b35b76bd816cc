import type { RewardShop } from '@sufra/shared/loyalty/rewards';
import type { Reward, ShopResponse } from '@sufra/shared/schemas/loyalty';
import { useCallback, useEffect, useState } from 'react';
import { Link } from 'wouter';
import { AppImage } from '../../../components/ui/app-image';
import { LoadError, LoadingBlock } from '../../../components/ui/load-state';
import { paths } from '../../../config/paths';
import { ApiError, errorText } from '../../../lib/api-client';
import { formatNumber } from '../../../lib/format-number';
import { showToast } from '../../../lib/toast';
import { useLanguage } from '../../../lib/use-language';
import { useTranslation } from '../../../lib/use-translation';
import { useAppSelector } from '../../../stores/root-state';
import { buyReward } from '../api/buy-reward';
import { useProgramme } from '../api/get-programme';
import { getShop } from '../api/get-shop';
import { useLoyaltyPage } from '../hooks/use-loyalty-page';
import { rewardKindText } from '../loyalty-format';
import { BuyDialog } from './buy-dialog';
import { LoyaltyNav } from './loyalty-nav';

type ShopReward = ShopResponse['rewards'][number];

/**
 * A shop of rewards (the points shop, or the prize shop's available prizes): what each gives and costs, what the wallet
 * affords. Buying is one call that takes the points and issues the reward; the new wallet shows at once and the
 * reward is then in My Rewards. Signed out, the shop is on view with a sign-in link that comes back here.
 */
export function ShopPage({ uuid, shop }: { uuid: string; shop: RewardShop }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const status = useAppSelector((s) => s.auth.status);
  const [data, setData] = useState<ShopResponse | null>(null);
  const [error, setError] = useState<unknown>(null);
  const [buying, setBuying] = useState<(Reward & { pointsCost: number }) | null>(null);
  const here = shop === 'points' ? paths.pointsShop.build(uuid) : paths.prizeShop.build(uuid);
  // The shop answers without a programme too (an empty shelf); the programme says whether there is one at all.
  const programme = useProgramme(uuid, language);
  const noProgramme = programme.error instanceof ApiError && programme.error.code === 'loyalty_not_set_up';
  const { deactivated } = useLoyaltyPage(
    uuid,
    ['loyalty', shop === 'points' ? 'points_shop' : 'prize_shop'],
    [error, programme.error],
  );

  const load = useCallback(() => {
    if (status === 'unknown') return;
    setError(null);
    getShop(uuid, shop, status === 'signedIn', language).then(setData, setError);
  }, [uuid, shop, status, language]);
  useEffect(load, [load]);

  const title = shop === 'points' ? t('loyalty.pointsShopTitle') : t('loyalty.prizeShopTitle');
  const wallet = data?.walletPoints ?? null;

  const buy = async (reward: Reward) => {
    const answer = await buyReward(uuid, reward.id, shop, language);
    setData((current) =>
      current
        ? {
            walletPoints: answer.walletPoints,
            rewards: current.rewards.map((r) => ({
              ...r,
              affordable: r.pointsCost !== null && r.pointsCost <= answer.walletPoints,
            })),
          }
        : current,
    );
    void showToast(t('loyalty.bought', { reward: reward.name[language] }));
  };

  if (deactivated) return null;
  if (noProgramme) {
    return (
      <div className="page loyalty-page" data-testid={`${shop}-shop-page`}>
        <title>{`${title} | ${t('app.name')}`}</title>
        <h1>{title}</h1>
        <div className="state-box" data-testid="no-programme">
          <p className="state-box__title">{errorText(programme.error, language)}</p>
          <Link to={paths.menu.build(uuid)} className="btn btn-primary">
            {t('loyalty.toMenu')}
          </Link>
        </div>
      </div>
    );
  }
  return (
    <div className="page loyalty-page" data-testid={`${shop}-shop-page`}>
      <title>{`${title} | ${t('app.name')}`}</title>
      <LoyaltyNav uuid={uuid} current={shop === 'points' ? 'pointsShop' : 'prizeShop'} />
      <h1>{title}</h1>
      {shop === 'prize' && <h2 className="loyalty-section-title">{t('loyalty.availablePrizes')}</h2>}
      {wallet !== null && (
        <p className="shop-wallet" data-testid="shop-wallet" aria-live="polite">
          {t('loyalty.yourWallet', { points: formatNumber(wallet, language) })}
        </p>
      )}
      {status === 'signedOut' && (
        <Link
          to={paths.register.build(uuid, { mode: 'signin', next: here })}
          className="btn btn-primary btn-block"
          data-testid="shop-sign-in"
        >
          {t('loyalty.signInToBuy')}
        </Link>
      )}
      {error !== null && <LoadError error={error} onRetry={load} />}
      {!data && error === null && <LoadingBlock />}
      {data && data.rewards.length === 0 && (
        <div className="state-box" data-testid="shop-empty">
          <p className="state-box__title">{t('loyalty.shopEmpty')}</p>
        </div>
      )}
      {data && data.rewards.length > 0 && (
        <ul className="reward-list">
          {data.rewards.map((reward) => (
            <ShopItem
              key={reward.id}
              reward={reward}
              signedIn={status === 'signedIn'}
              onBuy={(priced) => setBuying(priced)}
            />
          ))}
        </ul>
      )}
      {buying && wallet !== null && (
        <BuyDialog reward={buying} walletPoints={wallet} onBuy={() => buy(buying)} onClose={() => setBuying(null)} />
      )}
    </div>
  );
}

function ShopItem({
  reward,
  signedIn,
  onBuy,
}: {
  reward: ShopReward;
  signedIn: boolean;
  onBuy: (reward: Reward & { pointsCost: number }) => void;
}) {
  const { t } = useTranslation();
  const language = useLanguage();
  const name = reward.name[language];
  const titleId = `reward-${reward.id}-name`;
  const cost = reward.pointsCost;
  return (
    <li className="card reward-card" data-testid="shop-reward" aria-labelledby={titleId}>
      {reward.image && <AppImage src={reward.image} alt="" width={96} height={96} className="reward-card__image" />}
      <div className="reward-card__head">
        <h3 id={titleId} className="reward-card__name">
          {name}
        </h3>
        <span className="reward-card__cost" data-testid="reward-cost">
          {cost === null ? t('loyalty.notForSale') : t('loyalty.cost', { points: formatNumber(cost, language) })}
        </span>
      </div>
      <p className="reward-card__kind">{rewardKindText(reward, language, t)}</p>
      {reward.description[language] && <p className="reward-card__description">{reward.description[language]}</p>}
      {reward.validDays !== null && (
        <p className="reward-card__window">
          {t('loyalty.validDays', { count: reward.validDays, days: formatNumber(reward.validDays, language) })}
        </p>
      )}
      {signedIn && cost !== null && (
        <button
          type="button"
          className="btn btn-primary btn-block"
          disabled={!reward.affordable}
          aria-label={
            reward.affordable
              ? t('loyalty.buyFor', { reward: name, points: formatNumber(cost, language) })
              : `${t('loyalty.notEnough')}: ${name}`
          }
          onClick={() => onBuy({ ...reward, pointsCost: cost })}
          data-testid="buy-reward"
        >
          {reward.affordable ? t('loyalty.buy') : t('loyalty.notEnough')}
        </button>
      )}
    </li>
  );
}
