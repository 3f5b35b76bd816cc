import { pointsValue, redeemableRange } from '@sufra/shared/loyalty/points';
import { useEffect } from 'react';
import type { CheckoutPointsProps } from '../../../lib/checkout-points-slot';
import { useApiQuery } from '../../../lib/use-api-query';
import { useLanguage } from '../../../lib/use-language';
import { useAppSelector } from '../../../stores/root-state';
import { getLoyaltyAccount } from '../api/get-loyalty-account';
import { useProgramme } from '../api/get-programme';

type Options = Pick<CheckoutPointsProps, 'uuid' | 'discountableHalalas' | 'points' | 'onChange' | 'refusal'>;

/**
 * The programme's rules and the diner's wallet (asked again on each visit and after a refusal), and the range of
 * points this order may take; a chosen spend outside it is brought back inside.
 */
export function useCheckoutPoints({ uuid, discountableHalalas, points, onChange, refusal }: Options) {
  const language = useLanguage();
  const establishment = useAppSelector((s) => s.establishment.establishment);
  const status = useAppSelector((s) => s.auth.status);
  const on = establishment?.uuid === uuid && establishment.services.loyalty !== false;
  const programme = useProgramme(on ? uuid : undefined, language);
  const signedIn = on && status === 'signedIn' && programme.data !== undefined;
  const account = useApiQuery(signedIn ? `loyalty-account:${uuid}:${language}` : null, () =>
    getLoyaltyAccount(uuid, language),
  );
  // The wallet as it is now (an earlier page's figure may be old): asked again on each visit to checkout.
  const { refetch } = account;
  useEffect(() => {
    if (signedIn) refetch();
  }, [signedIn, refetch]);
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
