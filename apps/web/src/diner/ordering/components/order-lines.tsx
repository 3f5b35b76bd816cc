import { formatSar } from '@sufra/shared/money';
import { formatNumber } from '../../../lib/format-number';
import { useLanguage } from '../../../lib/use-language';
import { useTranslation } from '../../../lib/use-translation';

export interface ShownOrderLine {
  key: string;
  name: string;
  /** Combo slot choices and modifiers, in words. */
  details: string[];
  quantity: number;
  /** The line's price (quantity included), or null when it cannot be priced. */
  priceHalalas: number | null;
}

/** The lines of a cart under review or of a placed order: name, choices, quantity and price. */
export function OrderLines({ lines, testId }: { lines: ShownOrderLine[]; testId: string }) {
  const { t } = useTranslation();
  const language = useLanguage();
  return (
    <ul className="order-lines" data-testid={testId}>
      {lines.map((line) => (
        <li key={line.key} className="order-line" data-testid="order-line">
          <div>
            <span className="order-line__name">{line.name}</span>{' '}
            <span>{t('ordering.quantity', { quantity: formatNumber(line.quantity, language) })}</span>
            {line.details.length > 0 && <p className="order-line__details">{line.details.join(' · ')}</p>}
          </div>
          {line.priceHalalas !== null && (
            <span className="order-line__price">{formatSar(line.priceHalalas, language)}</span>
          )}
        </li>
      ))}
    </ul>
  );
}
