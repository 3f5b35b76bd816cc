import { isRtl, type Language, pickLanguage } from '@sufra/shared/language';
import ar from '../locales/ar.json';
import { i18n } from './i18n';
import { local } from './storage';

/** Where the chosen language is remembered (spec §2). */
export const LANGUAGE_KEY = 'sufra.language';

export function storedLanguage(): Language {
  return pickLanguage(local.getItem(LANGUAGE_KEY));
}

/** The languages whose main strings (locales/{ar,en}.json) are in the translator. */
const mainStringsLoaded = new Set<Language>();

/**
 * Arabic, the default, ships in the entry chunk; English is fetched the first time it is needed. Tracked on its own,
 * not by "has a translation bundle": a feature's strings (the loyalty card's, both languages at once) may have made
 * the English bundle before the main English strings came, and the page then stayed in Arabic after a switch.
 */
export async function loadLanguageBundle(language: Language): Promise<void> {
  if (mainStringsLoaded.has(language)) return;
  const bundle = language === 'en' ? (await import('../locales/en.json')).default : ar;
  // Deep-merged into whatever a feature added first, without overwriting its keys.
  i18n.addResourceBundle(language, 'translation', bundle, true, false);
  mainStringsLoaded.add(language);
}

/**
 * The strings of pages other than the menu are not in the entry: the menu's initial JavaScript has a budget
 * (docs/adr/0035-strings-in-lazy-locale-bundles.md). Each bundle loads with the route chunks that need it
 * (app/router.tsx), and once it has been asked for, a language switch loads it for the new language too. The key
 * says whether the bundle is in the translator already.
 */
const pageStrings = {
  // The account and staff pages' (locales/account.{ar,en}.json).
  account: [
    'account.signInTitle',
    (language: Language) =>
      language === 'en' ? import('../locales/account.en.json') : import('../locales/account.ar.json'),
  ],
  // The ordering pages' (locales/ordering.{ar,en}.json).
  ordering: [
    'ordering.typeTitle',
    (language: Language) =>
      language === 'en' ? import('../locales/ordering.en.json') : import('../locales/ordering.ar.json'),
  ],
  // The coupon field's and the coupon pages' (locales/coupons.{ar,en}.json): the cart, checkout and loyalty pages.
  coupons: [
    'coupons.title',
    (language: Language) =>
      language === 'en' ? import('../locales/coupons.en.json') : import('../locales/coupons.ar.json'),
  ],
  // The cart page's own (locales/cart.{ar,en}.json): its lines, states and announcements; the cart bar's stay in the entry.
  cart: [
    'cartPage.title',
    (language: Language) => (language === 'en' ? import('../locales/cart.en.json') : import('../locales/cart.ar.json')),
  ],
  // The not-found and deactivated pages' (locales/errors.{ar,en}.json).
  errors: [
    'notFound.title',
    (language: Language) =>
      language === 'en' ? import('../locales/errors.en.json') : import('../locales/errors.ar.json'),
  ],
} as const;

export type PageStrings = keyof typeof pageStrings;
const pageStringsWanted = new Set<PageStrings>();

async function addPageStrings(name: PageStrings, language: Language): Promise<void> {
  const [key, load] = pageStrings[name];
  if (i18n.exists(key, language)) return;
  i18n.addResourceBundle(language, 'translation', (await load(language)).default, true, false);
}

export async function loadPageStrings(name: PageStrings): Promise<void> {
  pageStringsWanted.add(name);
  await addPageStrings(name, pickLanguage(i18n.language));
}

export function applyLanguageToDocument(language: Language): void {
  const root = document.documentElement;
  root.lang = language;
  root.dir = isRtl(language) ? 'rtl' : 'ltr';
}

/**
 * The server cannot read localStorage; this cookie tells it which language's menu to preload in the page's HTML
 * (apps/api/src/modules/web/spa-html.ts). Only a hint: the app itself goes by the stored language.
 */
export function shareLanguageWithServer(language: Language): void {
  // biome-ignore lint/suspicious/noDocumentCookie: one plain cookie; the Cookie Store API is not in every browser we target
  document.cookie = `sufra_language=${language}; path=/; max-age=31536000; samesite=lax`;
}

export async function switchLanguage(language: Language): Promise<void> {
  await loadLanguageBundle(language);
  for (const name of pageStringsWanted) await addPageStrings(name, language);
  await i18n.changeLanguage(language);
  applyLanguageToDocument(language);
  local.setItem(LANGUAGE_KEY, language);
  shareLanguageWithServer(language);
}

export { ar as arabicBundle };
