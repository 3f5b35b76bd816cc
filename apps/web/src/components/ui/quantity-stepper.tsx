import { MAX_QUANTITY } from '../../lib/cart-lines';
import { formatNumber } from '../../lib/format-number';
import { useLanguage } from '../../lib/use-language';
import { useTranslation } from '../../lib/use-translation';
import './quantity-stepper.css';

interface Props {
  value: number;
  onChange: (value: number) => void;
  /** Names the buttons after what they change (a cart has one stepper per line); default: "quantity". */
  labels?: { group: string; increase: string; decrease: string } | undefined;
  /**
   * Given, − at 1 removes (a bin icon named `removeLabel`) instead of stopping there: the cart's lines.
   * Absent, − stops at 1: the item page.
   */
  onRemove?: (() => void) | undefined;
  removeLabel?: string | undefined;
  /** The value is a live region, unless the page announces the change itself (the cart says the new total too). */
  announce?: boolean;
}

/** 1–99, with buttons large enough for a thumb; the value is announced when it changes. */
export function QuantityStepper({ value, onChange, labels, onRemove, removeLabel, announce = true }: Props) {
  const { t } = useTranslation();
  const language = useLanguage();
  const removes = onRemove !== undefined && value <= 1;
  return (
    // biome-ignore lint/a11y/useSemanticElements: a button pair with its value, not a form section
    <div className="stepper" role="group" aria-label={labels?.group ?? t('item.quantity')}>
      <button
        type="button"
        className="btn btn-icon stepper__button"
        onClick={() => (removes ? onRemove() : onChange(Math.max(1, value - 1)))}
        disabled={value <= 1 && !removes}
        aria-label={removes ? removeLabel : (labels?.decrease ?? t('item.decrease'))}
        data-testid={removes ? 'stepper-remove' : 'stepper-decrease'}
      >
        {removes ? (
          <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true">
            <path
              d="M4 7h16M10 11v6M14 11v6M6 7l1 12a2 2 0 0 0 2 2h6a2 2 0 0 0 2-2l1-12M9 7V4h6v3"
              fill="none"
              stroke="currentColor"
              strokeWidth="2"
              strokeLinecap="round"
              strokeLinejoin="round"
            />
          </svg>
        ) : (
          <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true">
            <path d="M5 12h14" stroke="currentColor" strokeWidth="2.4" strokeLinecap="round" />
          </svg>
        )}
      </button>
      <output
        className="stepper__value"
        data-testid="quantity-value"
        data-value={value}
        aria-live={announce ? 'polite' : 'off'}
      >
        {formatNumber(value, language)}
      </output>
      <button
        type="button"
        className="btn btn-icon stepper__button"
        onClick={() => onChange(Math.min(MAX_QUANTITY, value + 1))}
        disabled={value >= MAX_QUANTITY}
        aria-label={labels?.increase ?? t('item.increase')}
        data-testid="stepper-increase"
      >
        <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true">
          <path d="M5 12h14M12 5v14" stroke="currentColor" strokeWidth="2.4" strokeLinecap="round" />
        </svg>
      </button>
    </div>
  );
}
