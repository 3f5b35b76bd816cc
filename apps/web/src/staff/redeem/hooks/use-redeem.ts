import type { RedemptionBody, RedemptionLookupResponse } from '@sufra/shared/schemas/loyalty';
import { useEffect, useRef, useState } from 'react';
import { errorText } from '../../../lib/api-client';
import { useLanguage } from '../../../lib/use-language';
import { lookupRedemption } from '../api/lookup-redemption';
import { redeemReward } from '../api/redeem-reward';

/** Redeeming the looked-up reward: the facts as they stand, the refusal (looked up or on redeeming), the outcome. */
export function useRedeem(body: RedemptionBody, found: RedemptionLookupResponse) {
  const language = useLanguage();
  const [result, setResult] = useState(found);
  const [refusal, setRefusal] = useState(found.refusalMessage);
  const [redeemed, setRedeemed] = useState(false);
  const [sending, setSending] = useState(false);
  const heading = useRef<HTMLHeadingElement>(null);

  // Each answer is a new screen for the keyboard and the screen reader: focus its heading.
  // biome-ignore lint/correctness/useExhaustiveDependencies: on each new state of this screen
  useEffect(() => {
    heading.current?.focus();
  }, [redeemed, refusal]);

  const redeem = async () => {
    setSending(true);
    try {
      setResult(await redeemReward(body, language));
      setRedeemed(true);
    } catch (error) {
      // Lost to another cashier, expired in the meantime, a stale QR: the reason, and no second try from here.
      setRefusal(errorText(error, language));
      // The facts as they are now (claimed, expired), when the reward can still be looked up.
      lookupRedemption(body, language).then(setResult, () => {});
    } finally {
      setSending(false);
    }
  };

  return { result, refusal, redeemed, sending, heading, redeem };
}
