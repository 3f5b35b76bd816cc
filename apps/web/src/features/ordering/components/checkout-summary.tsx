import type { MenuResponse } from '@sufra/shared/schemas/menu';
import { CartTotals } from '../../../components/ui/cart-totals';
import type { CartTotals as PricedCart } from '../../../lib/cart-pricing';
import { useTranslation } from '../../../lib/use-translation';

/** The checkout's "Summary": subtotal, VAT, delivery fee and total from the preview, or why it cannot be priced. */
export function CheckoutSummary({ preview, menu }: { preview: PricedCart | null; menu: MenuResponse | undefined }) {
  const { t } = useTranslation();
  return (
    <section className="card cart-totals" aria-labelledby="checkout-summary-heading">
      <h2 id="checkout-summary-heading" className="cart-totals__title">
        {t('cart.summary')}
      </h2>
      {preview && menu ? (
        <CartTotals
          pricing={preview.pricing}
          vatRateBasisPoints={menu.vatRateBasisPoints}
          singleRate={false}
          testId="checkout"
        />
      ) : (
        <p className="notice notice--warning">{t('cart.unpriced')}</p>
      )}
    </section>
  );
}
