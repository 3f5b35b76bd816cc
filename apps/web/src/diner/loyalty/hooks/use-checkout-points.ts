import { pointsValue, redeemableRange } from '@sufra/shared/loyalty/points';
import { useEffect } from 'react';
import type { CheckoutPointsProps } from '../../../lib/checkout-points-slot';
import { useLanguage } from '../../../lib/use-language';
import { useAppSelector } from '../../../stores/root-state';
import { useLoyaltyAccount } from './use-loyalty-account';

type Options = Pick<CheckoutPointsProps, 'uuid' | 'discountableHalalas' | 'points' | 'onChange' | 'refusal'>;

/**
 * The programme's rules and the diner's wallet (asked again on each visit and after a refusal), and the range of
 * points this order may take; a chosen spend outside it is brought back inside.
 */
export function useCheckoutPoints({ uuid, discountableHalalas, points, onChange, refusal }: Options) {
  const language = useLanguage();
  const establishment = useAppSelector((s) => s.establishment.establishment);
  const on = establishment?.uuid === uuid && establishment.services.loyalty !== false;
  // The wallet as it is now (an earlier page's figure may be old): asked again on each visit to checkout.
  const { programme, account, signedIn } = useLoyaltyAccount(uuid, language, on);
  const { refetch } = account;
  // A refusal may mean the wallet or today's sums moved: ask again so the range is the server's.
  useEffect(() => {
    if (refusal && signedIn) refetch();
  }, [refusal, signedIn, refetch]);

  const rules = programme.data?.rules;
  const range =
    rules && account.data
      ? redeemableRange({
          wallet: account.data.walletPoints,
          today: account.data.redeemedToday,
          discountableHalalas,
          rules,
        })
      : null;

  // The order shrank (or the wallet did) below the chosen spend: keep it inside what may be spent.
  useEffect(() => {
    if (!rules || points === 0) return;
    if (!range) onChange({ points: 0, valueHalalas: 0 });
    else if (points > range.max || points < range.min)
      onChange({ points: range.max, valueHalalas: pointsValue(range.max, rules) });
  }, [rules, range, points, onChange]);

  return { rules, account: account.data, range };
}
