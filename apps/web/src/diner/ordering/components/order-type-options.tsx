import type { OrderType } from '@sufra/shared/order-types';
import { useTranslation } from '../../../lib/use-translation';
import '../../../components/ui/option-card.css';

type Props = {
  title: string;
  types: OrderType[];
  type: OrderType | null;
  choose: (type: OrderType) => void;
  /** Types shown but not choosable now, each with why (dine-in at a paused branch, at a reserved table). */
  blocked?: Partial<Record<OrderType, string>>;
};

/** The order types the QR's branch has on, each with what it means; one that cannot work now says why. */
export function OrderTypeOptions({ title, types, type, choose, blocked = {} }: Props) {
  const { t } = useTranslation();
  return (
    <fieldset className="option-list" data-testid="order-types">
      <legend className="visually-hidden">{title}</legend>
      {types.map((option) => {
        const why = blocked[option];
        return (
          <label key={option} className={`option-card${why ? ' option-card--disabled' : ''}`}>
            <input
              type="radio"
              name="order-type"
              value={option}
              checked={type === option}
              disabled={why !== undefined}
              aria-describedby={why ? `order-type-${option}-why` : undefined}
              onChange={() => choose(option)}
              data-testid={`order-type-${option}`}
            />
            <span className="option-card__body">
              <span className="option-card__title">{t(`ordering.types.${option}`)}</span>
              <span className="option-card__hint">{t(`ordering.typeHints.${option}`)}</span>
              {why && (
                <span id={`order-type-${option}-why`} className="pill pill--closed" data-testid="order-type-blocked">
                  {why}
                </span>
              )}
            </span>
          </label>
        );
      })}
    </fieldset>
  );
}
