import type { RewardShop } from '@sufra/shared/loyalty/rewards';
import type { Reward, ShopResponse } from '@sufra/shared/schemas/loyalty';
import { Link } from 'wouter';
import { AppImage } from '../../../components/ui/app-image';
import { LoadError, LoadingBlock } from '../../../components/ui/load-state';
import { paths } from '../../../config/paths';
import { errorText } from '../../../lib/api-client';
import { formatNumber } from '../../../lib/format-number';
import { useLanguage } from '../../../lib/use-language';
import { useTranslation } from '../../../lib/use-translation';
import { type ShopState, useShop } from '../hooks/use-shop';
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
  const state = useShop(uuid, shop);
  const { status, wallet, buying } = state;
  const here = shop === 'points' ? paths.pointsShop.build(uuid) : paths.prizeShop.build(uuid);
  const title = shop === 'points' ? t('loyalty.pointsShopTitle') : t('loyalty.prizeShopTitle');

  if (state.deactivated) return null;
  if (state.noProgramme) return <NoProgramme uuid={uuid} shop={shop} title={title} error={state.programmeError} />;
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
      <ShopShelf state={state} />
      {buying && wallet !== null && (
        <BuyDialog
          reward={buying}
          walletPoints={wallet}
          onBuy={() => state.buy(buying)}
          onClose={() => state.setBuying(null)}
        />
      )}
    </div>
  );
}

/** The brand has no programme: the page says so and leads back to the menu. */
function NoProgramme({ uuid, shop, title, error }: { uuid: string; shop: RewardShop; title: string; error: unknown }) {
  const { t } = useTranslation();
  const language = useLanguage();
  return (
    <div className="page loyalty-page" data-testid={`${shop}-shop-page`}>
      <title>{`${title} | ${t('app.name')}`}</title>
      <h1>{title}</h1>
      <div className="state-box" data-testid="no-programme">
        <p className="state-box__title">{errorText(error, language)}</p>
        <Link to={paths.menu.build(uuid)} className="btn btn-primary">
          {t('loyalty.toMenu')}
        </Link>
      </div>
    </div>
  );
}

/** The shelf as it loads: its error with a retry, the loading block, "empty", or the rewards. */
function ShopShelf({ state }: { state: ShopState }) {
  const { t } = useTranslation();
  const { data, error } = state;
  return (
    <>
      {error !== null && <LoadError error={error} onRetry={state.load} />}
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
              signedIn={state.status === 'signedIn'}
              onBuy={(priced) => state.setBuying(priced)}
            />
          ))}
        </ul>
      )}
    </>
  );
}

/** One reward on the shelf: what it gives and costs; its buy button, disabled with the reason (sold out, not enough points). */
export function ShopItem({
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
  // Sold out before "not enough points": raising the wallet would not help.
  const buyable = reward.affordable && !reward.soldOut;
  const reason = reward.soldOut ? t('loyalty.soldOut') : t('loyalty.notEnough');
  return (
    <li
      className={reward.soldOut ? 'card reward-card reward-card--sold-out' : 'card reward-card'}
      data-testid="shop-reward"
      aria-labelledby={titleId}
    >
      {reward.image && <AppImage src={reward.image} alt="" width={96} height={96} className="reward-card__image" />}
      <div className="reward-card__head">
        <h3 id={titleId} className="reward-card__name">
          {name}
        </h3>
        <span className="reward-card__cost" data-testid="reward-cost">
          {cost === null ? t('loyalty.notForSale') : t('loyalty.cost', { points: formatNumber(cost, language) })}
        </span>
      </div>
      {reward.soldOut && (
        <p className="reward-card__sold-out" data-testid="reward-sold-out">
          {t('loyalty.soldOut')}
        </p>
      )}
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
          disabled={!buyable}
          aria-label={
            buyable ? t('loyalty.buyFor', { reward: name, points: formatNumber(cost, language) }) : `${reason}: ${name}`
          }
          onClick={() => onBuy({ ...reward, pointsCost: cost })}
          data-testid="buy-reward"
        >
          {buyable ? t('loyalty.buy') : reason}
        </button>
      )}
    </li>
  );
}
