import type { OrderType } from '@sufra/shared/order-types';
import { useTranslation } from '../../../lib/use-translation';
import '../../../components/ui/option-card.css';

type Props = { title: string; types: OrderType[]; type: OrderType | null; choose: (type: OrderType) => void };

/** The order types the QR's branch has on, each with what it means. */
export function OrderTypeOptions({ title, types, type, choose }: Props) {
  const { t } = useTranslation();
  return (
    <fieldset className="option-list" data-testid="order-types">
      <legend className="visually-hidden">{title}</legend>
      {types.map((option) => (
        <label key={option} className="option-card">
          <input
            type="radio"
            name="order-type"
            value={option}
            checked={type === option}
            onChange={() => choose(option)}
            data-testid={`order-type-${option}`}
          />
          <span className="option-card__body">
            <span className="option-card__title">{t(`ordering.types.${option}`)}</span>
            <span className="option-card__hint">{t(`ordering.typeHints.${option}`)}</span>
          </span>
        </label>
      ))}
    </fieldset>
  );
}
