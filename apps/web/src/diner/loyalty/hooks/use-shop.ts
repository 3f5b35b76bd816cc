import type { RewardShop } from '@sufra/shared/loyalty/rewards';
import type { Reward, ShopResponse } from '@sufra/shared/schemas/loyalty';
import { useState } from 'react';
import { ApiError } from '../../../lib/api-client';
import { setQueryData } from '../../../lib/query-writes';
import { showToast } from '../../../lib/toast';
import { useApiMutation } from '../../../lib/use-api-mutation';
import { useLanguage } from '../../../lib/use-language';
import { useTranslation } from '../../../lib/use-translation';
import { useAppSelector } from '../../../stores/root-state';
import { dinerPrefix } from '../../../stores/use-diner-key';
import { buyReward } from '../api/buy-reward';
import { useProgramme } from '../api/get-programme';
import { useShopKey, useShopQuery } from '../api/get-shop';
import { useLoyaltyPage } from './use-loyalty-page';

/**
 * A shop's shelf and the diner's wallet (asked again when the session or language changes), the reward being bought,
 * and the purchase: one call that takes the points; the new wallet shows at once, each reward's "affordable" with it.
 */
export function useShop(uuid: string, shop: RewardShop) {
  const { t } = useTranslation();
  const language = useLanguage();
  const status = useAppSelector((s) => s.auth.status);
  const signedIn = status === 'signedIn';
  const shelf = useShopQuery(uuid, shop, signedIn, language, status !== 'unknown');
  const shelfKey = useShopKey(uuid, shop, signedIn, language);
  const data = shelf.data ?? null;
  const error = shelf.error ?? null;
  const [buying, setBuying] = useState<(Reward & { pointsCost: number }) | null>(null);
  // The shop answers without a programme too (an empty shelf); the programme says whether there is one at all.
  const programme = useProgramme(uuid, language);
  const noProgramme = programme.error instanceof ApiError && programme.error.code === 'loyalty_not_set_up';
  const { deactivated } = useLoyaltyPage(
    uuid,
    ['loyalty', shop === 'points' ? 'points_shop' : 'prize_shop'],
    [error, programme.error],
  );

  const load = shelf.refetch;
  // The wallet, the rewards owned and the points history all move: every query of the diner's here is asked again.
  const purchase = useApiMutation((reward: Reward) => buyReward(uuid, reward.id, shop, language), {
    invalidates: [dinerPrefix(uuid)],
  });

  const buy = async (reward: Reward) => {
    const answer = await purchase.mutate(reward);
    // The new wallet shows at once, each reward's "affordable" with it, while the shelf is asked again.
    if (shelfKey)
      setQueryData<ShopResponse | undefined>(shelfKey, (current) =>
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

  return {
    status,
    data,
    error,
    load,
    wallet: data?.walletPoints ?? null,
    buying,
    setBuying,
    buy,
    programmeError: programme.error,
    noProgramme,
    deactivated,
  };
}

export type ShopState = ReturnType<typeof useShop>;
