import { pickLanguage } from '@sufra/shared/language';
import type { FormatterModule, InitOptions } from 'i18next';
import { formatNumber } from './format-number';

/**
 * Every number put into a translated string goes through Intl for the string's language, so an Arabic sentence does
 * not show "اختر حتى 1" or "طاولة 1" beside prices in Arabic-Indic digits. Strings (already formatted prices, names,
 * order codes) pass through untouched. Installed as i18next's formatter, with `alwaysFormat` so no string needs a
 * `{{count, number}}` marker that one forgotten place would lack.
 */
export const numberFormatter: FormatterModule = {
  type: 'formatter',
  init() {},
  add() {},
  addCached() {},
  format(value, _format, lng) {
    return typeof value === 'number' ? formatNumber(value, pickLanguage(lng)) : value;
  },
};

export const interpolationOptions: InitOptions['interpolation'] = {
  escapeValue: false, // React escapes
  alwaysFormat: true,
};
