import { useMemo, useSyncExternalStore } from 'react';
import { i18n, type TFunction } from './i18n';

/**
 * The one piece of react-i18next the app used, in a few lines: the current `t` (new after a language change, so
 * memoised labels follow) and the translator (lib/i18n.ts). react-i18next cost 2.3 KB gzip of the menu route's
 * initial JavaScript (budget 100 KB). Like its default, it re-renders on `languageChanged` only.
 */
function subscribe(onChange: () => void) {
  i18n.on('languageChanged', onChange);
  return () => i18n.off('languageChanged', onChange);
}

const currentLanguage = () => i18n.language;

export function useTranslation(): { t: TFunction; i18n: typeof i18n } {
  // The same read while hydrating the server's first paint (the language is set before the first render).
  const language = useSyncExternalStore(subscribe, currentLanguage, currentLanguage);
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new function per language is the point
  const t = useMemo<TFunction>(() => (key, options) => i18n.t(key, options), [language]);
  return { t, i18n };
}
