import type { Language } from '@sufra/shared/language';
import { integerText, isPlainInteger } from '@sufra/shared/number-text';

const formatters = new Map<Language, Intl.NumberFormat>();

/**
 * Plain numbers in the interface language's digits (Arabic-Indic for ar-SA, as formatSar does): whole numbers written
 * by hand as Intl writes them (@sufra/shared/number-text: no ICU set-up on a fresh page), others by Intl.
 */
export function formatNumber(value: number, language: Language): string {
  if (isPlainInteger(value)) return integerText(value, language);
  let formatter = formatters.get(language);
  if (!formatter) {
    formatter = new Intl.NumberFormat(language === 'ar' ? 'ar-SA' : 'en-SA');
    formatters.set(language, formatter);
  }
  return formatter.format(value);
}

/** A wait as m:ss in the interface language's digits (resend countdowns, Retry-After). */
export function formatWait(seconds: number, language: Language): string {
  const whole = Math.max(0, Math.ceil(seconds));
  const minutes = Math.floor(whole / 60);
  const rest = whole % 60;
  return `${formatNumber(minutes, language)}:${rest < 10 ? formatNumber(0, language) : ''}${formatNumber(rest, language)}`;
}
