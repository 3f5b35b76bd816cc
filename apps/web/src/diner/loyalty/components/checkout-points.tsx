import { pointsValue } from '@sufra/shared/loyalty/points';
import { formatSar } from '@sufra/shared/money';
import { useId } from 'react';
import type { CheckoutPointsProps } from '../../../lib/checkout-points-slot';
import { formatNumber } from '../../../lib/format-number';
import { useLanguage } from '../../../lib/use-language';
import { useTranslation } from '../../../lib/use-translation';
import { useCheckoutPoints } from '../hooks/use-checkout-points';
import { PointsControl } from './points-control';
import '../loyalty.css';
import '../../../components/ui/form.css';
import '../../../components/ui/cart-totals.css';

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
  const { rules, account, range } = useCheckoutPoints({ uuid, discountableHalalas, points, onChange, refusal });

  if (!rules || !account || account.walletPoints < rules.minPointsPerRedemption) {
    return refusal ? (
      <p className="form-alert" role="alert" data-testid="checkout-points-refusal">
        {refusal}
      </p>
    ) : null;
  }

  const set = (next: number) => onChange({ points: next, valueHalalas: pointsValue(next, rules) });
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
          points: formatNumber(account.walletPoints, language),
          amount: formatSar(account.walletValueHalalas, language),
        })}
      </p>
      {range ? (
        <PointsControl range={range} points={points} disabled={disabled} set={set} valueText={valueText} />
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
