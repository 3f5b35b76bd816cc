import { formatSar } from '@sufra/shared/money';
import type { PaymentMethod } from '@sufra/shared/schemas/order';
import { useLanguage } from '../../../lib/use-language';
import { useTranslation } from '../../../lib/use-translation';

interface Props {
  method: PaymentMethod | undefined;
  sending: boolean;
  disabled: boolean;
  /** The zone's minimum when the order is under it (delivery), else null. */
  belowMinimum: number | null;
  error: string | null;
  onPlace: () => void;
}

/** The checkout's last part: why the order cannot go yet (under the zone's minimum, a failed attempt) and the button. */
export function PlaceOrderButton({ method, sending, disabled, belowMinimum, error, onPlace }: Props) {
  const { t } = useTranslation();
  const language = useLanguage();
  return (
    <div className="ordering-actions">
      {belowMinimum !== null && (
        <p className="form-alert" role="alert" data-testid="below-minimum">
          {t('ordering.belowMinimum', { amount: formatSar(belowMinimum, language) })}
        </p>
      )}
      {error && (
        <p className="form-alert" role="alert" data-testid="checkout-error">
          {error}
        </p>
      )}
      <button
        type="button"
        className="btn btn-primary btn-block btn-large"
        disabled={sending || disabled}
        aria-busy={sending}
        onClick={onPlace}
        data-testid="place-order"
      >
        {sending
          ? t(method === 'card' ? 'ordering.placingCard' : 'ordering.placing')
          : t(method === 'card' ? 'ordering.placeOrderCard' : 'ordering.placeOrder')}
      </button>
    </div>
  );
}
