import { pointsValue, redeemableRange } from '@sufra/shared/loyalty/points';
import { formatSar } from '@sufra/shared/money';
import { useEffect, useId } from 'react';
import type { CheckoutPointsProps } from '../../../lib/checkout-points-slot';
import { formatNumber } from '../../../lib/format-number';
import { useApiQuery } from '../../../lib/use-api-query';
import { useLanguage } from '../../../lib/use-language';
import { useTranslation } from '../../../lib/use-translation';
import { useAppSelector } from '../../../stores/root-state';
import { getLoyaltyAccount } from '../api/get-loyalty-account';
import { useProgramme } from '../api/get-programme';
import '../loyalty.css';

/** How far one press of − or + moves: a tenth of the range, in whole points, at least one. */
function stepOf(range: { min: number; max: number }): number {
  return Math.max(1, Math.round((range.max - range.min) / 10));
}

/**
 * Spend points at checkout (given to the checkout page by app/router.tsx): shown when the diner is signed in, the brand
 * has a programme, loyalty is on and the wallet reaches the minimum per redemption. The slider (and − / + of 44 px)
 * stays inside the shared `redeemableRange`: the minimum per redemption, the maximum per order, what is left of
 * today's points and redemptions, the wallet and what the order's lines are worth, so every value it offers is one
 * the server takes unless the wallet moved meanwhile; then the server's message shows here and the control resets.
 */
export default function CheckoutPoints({
  uuid,
  discountableHalalas,
  points,
  onChange,
  refusal,
  disabled,
}: CheckoutPointsProps) {
  const { t } = useTranslation();
  const language = useLanguage();
  const id = useId();
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

  if (!rules || !account.data || account.data.walletPoints < rules.minPointsPerRedemption) {
    return refusal ? (
      <p className="form-alert" role="alert" data-testid="checkout-points-refusal">
        {refusal}
      </p>
    ) : null;
  }

  const set = (next: number) => onChange({ points: next, valueHalalas: pointsValue(next, rules) });
  const using = points > 0 && range !== null;
  const pointsText = (n: number) => t('loyalty.checkout.points', { points: formatNumber(n, language) });
  const valueText = (n: number) =>
    t('loyalty.checkout.pointsWorth', {
      points: formatNumber(n, language),
      amount: formatSar(pointsValue(n, rules), language),
    });

  return (
    <section className="card checkout-points" aria-labelledby={`${id}-title`} data-testid="checkout-points">
      <h2 id={`${id}-title`} className="cart-totals__title">
        {t('loyalty.checkout.title')}
      </h2>
      <p className="checkout-points__wallet" data-testid="checkout-points-wallet">
        {t('loyalty.checkout.wallet', {
          points: formatNumber(account.data.walletPoints, language),
          amount: formatSar(account.data.walletValueHalalas, language),
        })}
      </p>
      {range ? (
        <>
          <label className="switch checkout-points__use">
            <input
              type="checkbox"
              role="switch"
              aria-checked={using}
              checked={using}
              disabled={disabled}
              onChange={() => (using ? set(0) : set(range.max))}
              data-testid="checkout-points-use"
            />
            <span>{t('loyalty.checkout.use')}</span>
          </label>
          {using && (
            <div className="checkout-points__control">
              <button
                type="button"
                className="btn btn-secondary btn-icon checkout-points__step"
                aria-label={t('loyalty.checkout.less')}
                disabled={disabled || points <= range.min}
                onClick={() => set(Math.max(range.min, points - stepOf(range)))}
                data-testid="checkout-points-less"
              >
                −
              </button>
              <input
                type="range"
                className="checkout-points__slider"
                min={range.min}
                max={range.max}
                step={1}
                value={points}
                disabled={disabled}
                aria-label={t('loyalty.checkout.slider')}
                aria-valuetext={valueText(points)}
                onChange={(event) => set(Number(event.target.value))}
                data-testid="checkout-points-slider"
              />
              <button
                type="button"
                className="btn btn-secondary btn-icon checkout-points__step"
                aria-label={t('loyalty.checkout.more')}
                disabled={disabled || points >= range.max}
                onClick={() => set(Math.min(range.max, points + stepOf(range)))}
                data-testid="checkout-points-more"
              >
                +
              </button>
            </div>
          )}
          {using && (
            <p className="checkout-points__chosen" aria-live="polite" data-testid="checkout-points-chosen">
              {valueText(points)}
            </p>
          )}
          <p className="checkout-points__limits">
            {t('loyalty.checkout.limits', { min: pointsText(range.min), max: pointsText(range.max) })}
          </p>
        </>
      ) : (
        <p className="checkout-points__limits" data-testid="checkout-points-none">
          {t('loyalty.checkout.notThisOrder')}
        </p>
      )}
      {refusal && (
        <p className="form-alert" role="alert" data-testid="checkout-points-refusal">
          {refusal}
        </p>
      )}
    </section>
  );
}
