import type { CartCombo, CartProduct } from '../../../lib/cart-lines';
import type { CartTotals } from '../../../lib/cart-pricing';
import type { CartCheck, CheckedLine } from '../../../lib/line-check';
import { useTranslation } from '../../../lib/use-translation';
import { OrderLines, type ShownOrderLine } from './order-lines';
import '../../../components/ui/cart-totals.css';

function productLine(checked: CheckedLine<CartProduct>): Omit<ShownOrderLine, 'priceHalalas'> {
  const { line } = checked;
  return {
    key: checked.id,
    name: line.name,
    details: line.modifiers.map((m) => m.name),
    quantity: line.productQuantity,
  };
}

function comboLine(
  checked: CheckedLine<CartCombo>,
  slotText: (slot: string, product: string) => string,
): Omit<ShownOrderLine, 'priceHalalas'> {
  const { line } = checked;
  return {
    key: checked.id,
    name: line.name,
    details: [...line.slots.map((s) => slotText(s.slotName, s.name)), ...line.modifiers.map((m) => m.name)],
    quantity: line.comboQuantity,
  };
}

/** The checkout's "Your order": each checked line with its options and its price from the preview. */
export function CheckoutLines({ check, preview }: { check: CartCheck; preview: CartTotals | null }) {
  const { t } = useTranslation();
  const lines: ShownOrderLine[] = [
    ...check.products.map((c) => ({
      ...productLine(c),
      priceHalalas: preview?.byLine.get(c.id)?.subtotal ?? null,
    })),
    ...check.combos.map((c) => ({
      ...comboLine(c, (slot, product) => t('ordering.slotChoice', { slot, product })),
      priceHalalas: preview?.byLine.get(c.id)?.subtotal ?? null,
    })),
  ];
  return (
    <section className="card" aria-labelledby="review-lines-heading">
      <h2 id="review-lines-heading" className="cart-totals__title">
        {t('ordering.yourOrder')}
      </h2>
      <OrderLines lines={lines} testId="checkout-lines" />
    </section>
  );
}
