import type { Language } from '@sufra/shared/language';
import { isRedeemable } from '@sufra/shared/loyalty/rewards';
import type { OwnedReward } from '@sufra/shared/schemas/loyalty';
import { useState } from 'react';
import { useLocation } from 'wouter';
import { paths } from '../../../config/paths';
import type { TFunction } from '../../../lib/i18n';
import { showToast } from '../../../lib/toast';
import { useLanguage } from '../../../lib/use-language';
import { useTranslation } from '../../../lib/use-translation';
import { type CartReward, setReward } from '../../../stores/cart-slice';
import { useAppDispatch, useAppSelector } from '../../../stores/root-state';
import { formatLoyaltyDate, rewardKindText } from '../loyalty-format';
import { RewardQr } from './reward-qr';

/**
 * One owned reward: what it is, its status, its validity window, its code large and copyable, and (while it may be
 * redeemed) its QR code on demand.
 */
export function OwnedRewardCard({
  uuid,
  owned,
  timeZone,
}: {
  uuid: string;
  owned: OwnedReward;
  timeZone?: string | undefined;
}) {
  const { t } = useTranslation();
  const language = useLanguage();
  const titleId = `owned-${owned.id}-name`;

  return (
    <li className="card reward-card" data-testid="owned-reward" data-status={owned.status} aria-labelledby={titleId}>
      <div className="reward-card__head">
        <h3 id={titleId} className="reward-card__name">
          {owned.reward.name[language]}
        </h3>
        <span className={`status-pill status-pill--${owned.status}`} data-testid="owned-status">
          {t(`loyalty.status.${owned.status}`)}
        </span>
      </div>
      <p className="reward-card__kind">{rewardKindText(owned.reward, language, t)}</p>
      <p className="reward-card__window" data-testid="owned-window">
        {ownedWindowText(owned, t, language, (iso) => formatLoyaltyDate(iso, language, timeZone))}
      </p>
      {/* The API sends the code as shown ("7KQ2-M9XD", formatRewardCode). */}
      <RewardCode code={owned.code} titleId={titleId} />
      {isRedeemable(owned.status) && <RedeemableActions uuid={uuid} owned={owned} titleId={titleId} />}
    </li>
  );
}

/** The validity window in words: from when (not yet claimable), when and where it was claimed, or until when. */
function ownedWindowText(owned: OwnedReward, t: TFunction, language: Language, date: (iso: string) => string) {
  if (owned.status === 'not_claimable') return t('loyalty.validFrom', { date: date(owned.validFrom) });
  if (owned.claimedAt)
    return owned.claimedBranch
      ? t('loyalty.claimedAt', { date: date(owned.claimedAt), branch: owned.claimedBranch[language] })
      : t('loyalty.claimedOn', { date: date(owned.claimedAt) });
  return owned.expiresAt ? t('loyalty.validUntil', { date: date(owned.expiresAt) }) : t('loyalty.noEnd');
}

/** The code, large, and a button that copies it. */
function RewardCode({ code, titleId }: { code: string; titleId: string }) {
  const { t } = useTranslation();
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(code);
      void showToast(t('loyalty.codeCopied'));
    } catch {
      // Clipboard refused (insecure origin, permissions): the code stays selectable on screen.
    }
  };
  return (
    <div className="reward-card__code">
      <span className="reward-card__code-label">{t('loyalty.code')}</span>
      {/* Left to right inside Arabic text: the cashier types it in that order. */}
      <bdi dir="ltr" className="reward-code" data-testid="owned-code">
        {code}
      </bdi>
      <button
        type="button"
        className="btn btn-small btn-secondary reward-card__copy"
        onClick={copy}
        aria-describedby={titleId}
      >
        {t('loyalty.copyCode')}
      </button>
    </div>
  );
}

/**
 * While the reward may be redeemed: its QR code on demand, and (a free item or a discount: issue 24 item 3) its way
 * into the cart. A discount replaces a coupon chosen before (one offer an order), and says so.
 */
function RedeemableActions({ uuid, owned, titleId }: { uuid: string; owned: OwnedReward; titleId: string }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const [showQr, setShowQr] = useState(false);
  const dispatch = useAppDispatch();
  const [, navigate] = useLocation();
  const inCart = useAppSelector((s) => s.cart.reward?.ownedId === owned.id);
  const hasCoupon = useAppSelector((s) => s.cart.coupon !== null);
  const cartReward = cartRewardOf(owned);
  return (
    <>
      <button
        type="button"
        className="btn btn-primary btn-block"
        aria-expanded={showQr}
        aria-describedby={titleId}
        onClick={() => setShowQr((shown) => !shown)}
        data-testid="toggle-qr"
      >
        {showQr ? t('loyalty.hideQr') : t('loyalty.showQr')}
      </button>
      {cartReward && (
        <button
          type="button"
          className="btn btn-secondary btn-block"
          aria-describedby={titleId}
          data-testid="reward-to-cart"
          onClick={() => {
            // One reward an order: choosing this one replaces another chosen before.
            dispatch(setReward(cartReward));
            if (cartReward.discount && hasCoupon) void showToast(t('loyalty.rewardReplacedCoupon'));
            navigate(paths.cart.build(uuid));
          }}
        >
          {inCart ? t('loyalty.inYourOrder') : t('loyalty.addToOrder')}
        </button>
      )}
      {showQr && (
        <RewardQr
          uuid={uuid}
          ownedId={owned.id}
          label={t('loyalty.qrLabel', { reward: owned.reward.name[language] })}
        />
      )}
    </>
  );
}

/** The reward as the cart keeps it, when an order can use it (a free item, a fixed or percent discount; not a gift). */
function cartRewardOf(owned: OwnedReward): CartReward | null {
  const { reward } = owned;
  if (reward.kind === 'free_item' && reward.itemId !== null) {
    return { ownedId: owned.id, name: reward.name, itemId: reward.itemId };
  }
  if (reward.kind === 'fixed' && reward.amountHalalas !== null) {
    return { ownedId: owned.id, name: reward.name, discount: { kind: 'fixed', amountHalalas: reward.amountHalalas } };
  }
  if (reward.kind === 'percent' && reward.percentBasisPoints !== null) {
    return {
      ownedId: owned.id,
      name: reward.name,
      discount: { kind: 'percentage', basisPoints: reward.percentBasisPoints, maxHalalas: reward.maxDiscountHalalas },
    };
  }
  return null;
}
