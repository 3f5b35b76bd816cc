import { formatNumber } from '../../../lib/format-number';
import { useLanguage } from '../../../lib/use-language';
import { useTranslation } from '../../../lib/use-translation';
import '../../../components/ui/form.css';

/** How far one press of − or + moves: a tenth of the range, in whole points, at least one. */
function stepOf(range: { min: number; max: number }): number {
  return Math.max(1, Math.round((range.max - range.min) / 10));
}

type Props = {
  range: { min: number; max: number };
  points: number;
  disabled: boolean;
  set: (points: number) => void;
  valueText: (points: number) => string;
};

/** The switch to use points, then the slider with − and + (44 px) inside the range, and the range's limits. */
export function PointsControl({ range, points, disabled, set, valueText }: Props) {
  const { t } = useTranslation();
  const language = useLanguage();
  const using = points > 0;
  const pointsText = (n: number) => t('loyalty.checkout.points', { points: formatNumber(n, language) });
  return (
    <>
      <label className="switch checkout-points__use">
        <input
          type="checkbox"
          role="switch"
          aria-checked={using}
          checked={using}
          disabled={disabled}
          onChange={() => (using ? set(0) : set(range.max))}
          data-testid="checkout-points-use"
        />
        <span>{t('loyalty.checkout.use')}</span>
      </label>
      {using && (
        <div className="checkout-points__control">
          <button
            type="button"
            className="btn btn-secondary btn-icon checkout-points__step"
            aria-label={t('loyalty.checkout.less')}
            disabled={disabled || points <= range.min}
            onClick={() => set(Math.max(range.min, points - stepOf(range)))}
            data-testid="checkout-points-less"
          >
            −
          </button>
          <input
            type="range"
            className="checkout-points__slider"
            min={range.min}
            max={range.max}
            step={1}
            value={points}
            disabled={disabled}
            aria-label={t('loyalty.checkout.slider')}
            aria-valuetext={valueText(points)}
            onChange={(event) => set(Number(event.target.value))}
            data-testid="checkout-points-slider"
          />
          <button
            type="button"
            className="btn btn-secondary btn-icon checkout-points__step"
            aria-label={t('loyalty.checkout.more')}
            disabled={disabled || points >= range.max}
            onClick={() => set(Math.min(range.max, points + stepOf(range)))}
            data-testid="checkout-points-more"
          >
            +
          </button>
        </div>
      )}
      {using && (
        <p className="checkout-points__chosen" aria-live="polite" data-testid="checkout-points-chosen">
          {valueText(points)}
        </p>
      )}
      <p className="checkout-points__limits">
        {t('loyalty.checkout.limits', { min: pointsText(range.min), max: pointsText(range.max) })}
      </p>
    </>
  );
}
