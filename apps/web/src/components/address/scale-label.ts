import type { Language } from '@sufra/shared/language';

/** The largest 1, 2 or 5 × 10ⁿ not above `meters`. */
export function roundScaleMeters(meters: number): number {
  if (!(meters > 0)) return 0;
  const power = 10 ** Math.floor(Math.log10(meters));
  const leading = meters / power;
  return (leading >= 5 ? 5 : leading >= 2 ? 2 : 1) * power;
}

/** "200 m" / "٢٠٠ م", "2 km" / "٢ كم": Intl's units, so each language keeps its own digits and words. */
export function scaleLabel(meters: number, language: Language): string {
  const locale = language === 'ar' ? 'ar-SA' : 'en-SA';
  const km = meters >= 1000;
  return new Intl.NumberFormat(locale, {
    style: 'unit',
    unit: km ? 'kilometer' : 'meter',
    unitDisplay: 'short',
  }).format(km ? meters / 1000 : meters);
}
