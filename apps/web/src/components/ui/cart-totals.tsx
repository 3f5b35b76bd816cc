import type { Language } from '@sufra/shared/language';
import { formatSar } from '@sufra/shared/money';
import type { CartPricing } from '@sufra/shared/pricing/price-cart';
import { useLanguage } from '../../lib/use-language';
import { useTranslation } from '../../lib/use-translation';
import './cart-totals.css';

const percentFormats = new Map<Language, Intl.NumberFormat>();

/** 1500 basis points → "15%" ("١٥٪؜" in Arabic). */
function formatRate(basisPoints: number, language: Language): string {
  let format = percentFormats.get(language);
  if (!format) {
    format = new Intl.NumberFormat(language === 'ar' ? 'ar-SA' : 'en-SA', {
      style: 'percent',
      maximumFractionDigits: 2,
    });
    percentFormats.set(language, format);
  }
  return format.format(basisPoints / 10_000);
}

interface Props {
  /** A preview (priceCart) or an order's own figures from the server: the same fields. */
  pricing: Pick<CartPricing, 'taxMode' | 'subtotal' | 'taxesPrice' | 'total'> &
    Partial<Pick<CartPricing, 'deliveryFee' | 'totalDiscount'>>;
  /** The brand's VAT, named in the tax row when every line is taxed at it; otherwise the row says "taxes". */
  vatRateBasisPoints: number;
  singleRate: boolean;
  /** data-testid prefix of the figures (a page showing two sets tells them apart). */
  testId?: string;
}

/** Subtotal, taxes and total, as priceCart computed them. Inclusive prices already hold the VAT: it is shown as such. */
export function CartTotals({ pricing, vatRateBasisPoints, singleRate, testId = 'cart' }: Props) {
  const { t } = useTranslation();
  const language = useLanguage();
  const sar = (amount: number) => formatSar(amount, language);
  const rate = formatRate(vatRateBasisPoints, language);
  const inclusive = pricing.taxMode === 'inclusive';
  const taxLabel = inclusive
    ? singleRate
      ? t('cart.vatIncluded', { rate })
      : t('cart.taxesIncluded')
    : singleRate
      ? t('cart.vat', { rate })
      : t('cart.taxes');
  const taxRow = (
    <div className={`cart-totals__row${inclusive ? ' cart-totals__row--note' : ''}`}>
      <dt>{taxLabel}</dt>
      <dd data-testid={`${testId}-taxes`}>{sar(pricing.taxesPrice)}</dd>
    </div>
  );
  return (
    <dl className="cart-totals__list" data-testid={`${testId}-totals`} data-tax-mode={pricing.taxMode}>
      <div className="cart-totals__row">
        <dt>{t('cart.subtotal')}</dt>
        <dd data-testid={`${testId}-subtotal`}>{sar(pricing.subtotal)}</dd>
      </div>
      {pricing.deliveryFee ? (
        <div className="cart-totals__row">
          <dt>{t('cart.deliveryFee')}</dt>
          <dd data-testid={`${testId}-delivery-fee`}>{sar(pricing.deliveryFee)}</dd>
        </div>
      ) : null}
      {pricing.totalDiscount ? (
        <div className="cart-totals__row">
          <dt>{t('cart.discount')}</dt>
          <dd data-testid={`${testId}-discount`}>{`−${sar(pricing.totalDiscount)}`}</dd>
        </div>
      ) : null}
      {!inclusive && taxRow}
      <div className="cart-totals__row cart-totals__row--total">
        <dt>{t('cart.total')}</dt>
        <dd data-testid={`${testId}-total`}>{sar(pricing.total)}</dd>
      </div>
      {inclusive && taxRow}
    </dl>
  );
}

interface SummaryProps {
  /** The section's heading id (a page names its summary once). */
  headingId: string;
  className: string;
  /** Undefined while the cart cannot be priced (menu not loaded, a line no longer orderable). */
  pricing: Props['pricing'] | undefined;
  vatRateBasisPoints: number | undefined;
  singleRate: boolean;
  testId?: string;
}

/** The cart's or checkout's "Summary" section: the totals, or why the cart cannot be priced. */
export function TotalsSummary({ headingId, className, pricing, vatRateBasisPoints, singleRate, testId }: SummaryProps) {
  const { t } = useTranslation();
  return (
    <section className={className} aria-labelledby={headingId}>
      <h2 id={headingId} className="cart-totals__title">
        {t('cart.summary')}
      </h2>
      {pricing && vatRateBasisPoints !== undefined ? (
        <CartTotals pricing={pricing} vatRateBasisPoints={vatRateBasisPoints} singleRate={singleRate} testId={testId} />
      ) : (
        <p className="notice notice--warning">{t('cart.unpriced')}</p>
      )}
    </section>
  );
}
