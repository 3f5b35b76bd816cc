import type { MenuResponse } from '@sufra/shared/schemas/menu';
import type { ReactNode } from 'react';
import { TotalsSummary } from '../../../components/ui/cart-totals';
import type { priceCheckedCart } from '../../../lib/cart-pricing';
import { couponLineItems } from '../../../lib/coupons';
import type { CartCheck } from '../../../lib/line-check';
import { useTranslation } from '../../../lib/use-translation';
import { CouponField } from '../../coupons/coupon-field';
import { details, type ShownLine, unitAndQuantity } from '../shown-lines';
import { CartLine } from './cart-line';
import { RewardLine } from './reward-line';

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
              details={details(line, (slot, product) => t('cart.slotChoice', { slot, product }))}
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
      <RewardLine removable />
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
