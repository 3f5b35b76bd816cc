import { useTranslation } from 'react-i18next';
import { formatNumber } from '../../../lib/format-number';
import { useLanguage } from '../../../lib/use-language';
import { MAX_QUANTITY } from '../../../stores/cart-slice';

interface Props {
  value: number;
  onChange: (value: number) => void;
}

/** 1–99, with buttons large enough for a thumb; the value is announced when it changes. */
export function QuantityStepper({ value, onChange }: Props) {
  const { t } = useTranslation();
  const language = useLanguage();
  return (
    // biome-ignore lint/a11y/useSemanticElements: a button pair with its value, not a form section
    <div className="stepper" role="group" aria-label={t('item.quantity')}>
      <button
        type="button"
        className="btn btn-icon stepper__button"
        onClick={() => onChange(Math.max(1, value - 1))}
        disabled={value <= 1}
        aria-label={t('item.decrease')}
      >
        <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true">
          <path d="M5 12h14" stroke="currentColor" strokeWidth="2.4" strokeLinecap="round" />
        </svg>
      </button>
      <output className="stepper__value" data-testid="quantity-value" data-value={value} aria-live="polite">
        {formatNumber(value, language)}
      </output>
      <button
        type="button"
        className="btn btn-icon stepper__button"
        onClick={() => onChange(Math.min(MAX_QUANTITY, value + 1))}
        disabled={value >= MAX_QUANTITY}
        aria-label={t('item.increase')}
      >
        <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true">
          <path d="M5 12h14M12 5v14" stroke="currentColor" strokeWidth="2.4" strokeLinecap="round" />
        </svg>
      </button>
    </div>
  );
}
