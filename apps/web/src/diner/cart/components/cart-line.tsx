import { formatSar } from '@sufra/shared/money';
import { AppImage } from '../../../components/ui/app-image';
import { QuantityStepper } from '../../../components/ui/quantity-stepper';
import type { LineProblem } from '../../../lib/line-check';
import { useLanguage } from '../../../lib/use-language';
import { useTranslation } from '../../../lib/use-translation';

export interface CartLineProps {
  /** Position among the lines on screen: focus lands on the line that takes a removed line's place. */
  position: number;
  name: string;
  image: string | null;
  /** Chosen options and combo products, one phrase each. */
  details: string[];
  /** Null for a saved line that is not a line at all (nothing to price). */
  unitPriceHalalas: number | null;
  linePriceHalalas: number | null;
  quantity: number;
  problem: LineProblem | null;
  onQuantity: (quantity: number) => void;
  onRemove: () => void;
}

function ProblemText({ problem }: { problem: LineProblem }) {
  const { t } = useTranslation();
  const name = 'name' in problem ? problem.name : '';
  return <>{t(`cartPage.problem.${problem.reason}`, { name })}</>;
}

/** One line of the cart: what it is, what it costs, its quantity; a line that can't be ordered says why. */
export function CartLine(props: CartLineProps) {
  const { position, name, image, details, unitPriceHalalas, linePriceHalalas, quantity, problem } = props;
  const { t } = useTranslation();
  const language = useLanguage();
  const nameId = `cart-line-${position}-name`;
  const problemId = `cart-line-${position}-problem`;
  return (
    <li
      className={`cart-line${problem ? ' cart-line--problem' : ''}`}
      data-testid="cart-line"
      data-line-position={position}
      data-problem={problem?.reason}
      tabIndex={-1}
      aria-labelledby={nameId}
      aria-describedby={problem ? problemId : undefined}
    >
      <AppImage src={image} alt="" width={72} height={72} className="cart-line__image" />
      <div className="cart-line__body">
        <div className="cart-line__head">
          <h2 id={nameId} className="cart-line__name" data-testid="line-name">
            {name}
          </h2>
          <span className="cart-line__price" data-testid="line-price">
            {linePriceHalalas === null ? '—' : formatSar(linePriceHalalas, language)}
          </span>
        </div>
        {details.length > 0 && (
          <ul className="cart-line__details" data-testid="line-details">
            {details.map((detail, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: two options may read alike
              <li key={i}>{detail}</li>
            ))}
          </ul>
        )}
        {unitPriceHalalas !== null && (
          <p className="cart-line__unit" data-testid="line-unit-price">
            {t('cartPage.each', { price: formatSar(unitPriceHalalas, language) })}
          </p>
        )}
        {problem && (
          <p id={problemId} className="notice notice--warning cart-line__problem" data-testid="line-problem">
            <ProblemText problem={problem} /> <span className="cart-line__excluded">{t('cartPage.notInTotal')}</span>
          </p>
        )}
        <div className="cart-line__actions">
          {!problem && (
            <QuantityStepper
              value={quantity}
              onChange={props.onQuantity}
              onRemove={props.onRemove}
              removeLabel={t('cart.removeNamed', { name })}
              labels={{
                group: t('cartPage.lineQuantity', { name }),
                increase: t('cartPage.increase', { name }),
                decrease: t('cartPage.decrease', { name }),
              }}
              announce={false}
            />
          )}
          <button
            type="button"
            className={`btn btn-small ${problem ? 'btn-primary' : 'btn-secondary'} cart-line__remove`}
            onClick={props.onRemove}
            aria-label={t('cart.removeNamed', { name })}
            data-testid="line-remove"
          >
            {t('cart.remove')}
          </button>
        </div>
      </div>
    </li>
  );
}
