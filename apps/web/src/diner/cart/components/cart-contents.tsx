import type { MenuResponse } from '@sufra/shared/schemas/menu';
import type { ReactNode } from 'react';
import { Link } from 'wouter';
import { TotalsSummary } from '../../../components/ui/cart-totals';
import { paths } from '../../../config/paths';
import type { priceCheckedCart } from '../../../lib/cart-pricing';
import { couponLineItems } from '../../../lib/coupons';
import type { CartCheck } from '../../../lib/line-check';
import { useTranslation } from '../../../lib/use-translation';
import { useAppSelector } from '../../../stores/root-state';
import { RewardLine } from '../../shared/cart/reward-line';
import { CouponField } from '../../shared/coupons/coupon-field';
import { details, type ShownLine, unitAndQuantity } from '../shown-lines';
import { CartLine } from './cart-line';

type Props = {
  uuid: string;
  check: CartCheck;
  lines: ShownLine[];
  totals: ReturnType<typeof priceCheckedCart> | null;
  menuData: MenuResponse | undefined;
  nudges?: (cartHalalas: number) => ReactNode;
  onQuantity: (line: ShownLine, quantity: number) => void;
  onRemove: (line: ShownLine, position: number) => void;
};

/**
 * The way from the cart to the diner's rewards (issue 24 item 3: a reward is picked at the cart), while none is in it:
 * signed in, with loyalty on. My Rewards' "Add to my order" brings the diner back here with it.
 */
function UseRewardLink({ uuid }: { uuid: string }) {
  const { t } = useTranslation();
  const hasReward = useAppSelector((s) => s.cart.reward !== null);
  const signedIn = useAppSelector((s) => s.auth.status === 'signedIn');
  const loyaltyOn = useAppSelector(
    (s) => s.establishment.establishment?.uuid === uuid && s.establishment.establishment.services.loyalty !== false,
  );
  if (hasReward || !signedIn || !loyaltyOn) return null;
  return (
    <Link
      to={paths.myRewards.build(uuid)}
      className="btn btn-secondary btn-block cart-use-reward"
      data-testid="use-reward"
    >
      {t('cartPage.useReward')}
    </Link>
  );
}

/** A cart with lines: the lines, the reward, the loyalty nudges, the coupon and the totals. */
export function CartContents({ uuid, check, lines, totals, menuData, nudges, onQuantity, onRemove }: Props) {
  const { t } = useTranslation();
  const singleRate =
    menuData !== undefined &&
    lines.every(
      (l) =>
        l.checked.problem !== null ||
        l.checked.line.taxRateBasisPoints === null ||
        l.checked.line.taxRateBasisPoints === menuData.vatRateBasisPoints,
    );
  return (
    <>
      <ul className="cart-lines" data-testid="cart-lines">
        {lines.map((line, position) => {
          const { checked } = line;
          const priced = totals?.byLine.get(checked.id);
          const own = unitAndQuantity(line);
          const unit = priced?.unitPriceHalalas ?? own?.unit ?? null;
          return (
            <CartLine
              key={checked.id}
              position={position}
              name={typeof checked.line.name === 'string' ? checked.line.name : ''}
              image={typeof checked.line.image === 'string' ? checked.line.image : null}
              details={details(line, (slot, product) => t('cartPage.slotChoice', { slot, product }))}
              unitPriceHalalas={unit}
              linePriceHalalas={priced?.subtotal ?? (own ? own.unit * own.quantity : null)}
              quantity={own?.quantity ?? 1}
              problem={checked.problem}
              onQuantity={(q) => onQuantity(line, q)}
              onRemove={() => onRemove(line, position)}
            />
          );
        })}
      </ul>
      <RewardLine removable menu={menuData} discountHalalas={totals?.pricing.rewardDiscount} />
      <UseRewardLink uuid={uuid} />
      {totals && nudges?.(totals.pricing.total - totals.pricing.deliveryFee)}
      <CouponField
        uuid={uuid}
        lineItems={couponLineItems(check)}
        subtotalHalalas={totals?.pricing.subtotal ?? null}
        testId="cart-coupon"
      />
      <TotalsSummary
        headingId="cart-summary-title"
        className="cart-totals"
        pricing={totals?.pricing}
        vatRateBasisPoints={menuData?.vatRateBasisPoints}
        singleRate={singleRate}
      />
    </>
  );
}
