import { RATING_MAX, RATING_MIN } from '@sufra/shared/evaluation/answers';
import type { Language } from '@sufra/shared/language';
import { formatNumber } from '../../../lib/format-number';
import { useTranslation } from '../../../lib/use-translation';

const STARS = Array.from({ length: RATING_MAX - RATING_MIN + 1 }, (_, i) => RATING_MIN + i);

/**
 * Stars 1–5 as a real radio group (arrow keys move, one tab stop, each star a 44 px target with its number read out),
 * drawn as stars: every star up to the chosen one is filled.
 */
export function StarRating({
  name,
  labelledBy,
  value,
  invalid,
  language,
  onChange,
}: {
  name: string;
  labelledBy: string;
  value: number | undefined;
  invalid: boolean;
  language: Language;
  onChange: (stars: number) => void;
}) {
  const { t } = useTranslation();
  return (
    <div
      role="radiogroup"
      aria-labelledby={labelledBy}
      aria-invalid={invalid || undefined}
      className="star-rating"
      data-testid={`stars-${name}`}
    >
      {STARS.map((stars) => (
        <label key={stars} className="star-rating__star" data-filled={value !== undefined && stars <= value}>
          <input
            type="radio"
            name={name}
            value={stars}
            checked={value === stars}
            onChange={() => onChange(stars)}
            className="visually-hidden"
          />
          <span aria-hidden="true">★</span>
          <span className="visually-hidden">
            {t('evaluation.stars', { count: stars, number: formatNumber(stars, language) })}
          </span>
        </label>
      ))}
    </div>
  );
}
