import type { RewardShop } from '@sufra/shared/loyalty/rewards';
import type { Reward, ShopResponse } from '@sufra/shared/schemas/loyalty';
import { useCallback, useEffect, useState } from 'react';
import { ApiError } from '../../../lib/api-client';
import { showToast } from '../../../lib/toast';
import { useLanguage } from '../../../lib/use-language';
import { useTranslation } from '../../../lib/use-translation';
import { useAppSelector } from '../../../stores/root-state';
import { buyReward } from '../api/buy-reward';
import { useProgramme } from '../api/get-programme';
import { getShop } from '../api/get-shop';
import { useLoyaltyPage } from './use-loyalty-page';

/**
 * A shop's shelf and the diner's wallet (asked again when the session or language changes), the reward being bought,
 * and the purchase: one call that takes the points; the new wallet shows at once, each reward's "affordable" with it.
 */
export function useShop(uuid: string, shop: RewardShop) {
  const { t } = useTranslation();
  const language = useLanguage();
  const status = useAppSelector((s) => s.auth.status);
  const [data, setData] = useState<ShopResponse | null>(null);
  const [error, setError] = useState<unknown>(null);
  const [buying, setBuying] = useState<(Reward & { pointsCost: number }) | null>(null);
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
