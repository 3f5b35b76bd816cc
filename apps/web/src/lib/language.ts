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
 * The account and staff pages' strings (locales/account.{ar,en}.json) are not in the entry: the menu's initial
 * JavaScript has a budget (docs/adr/0035-strings-in-lazy-locale-bundles.md). Their route chunks wait for them, and
 * once they have been asked for, a language switch loads them for the new language too.
 */
let accountStringsWanted = false;

async function addAccountStrings(language: Language): Promise<void> {
  if (i18n.exists('account.signInTitle', language)) return;
  const bundle =
    language === 'en'
      ? (await import('../locales/account.en.json')).default
      : (await import('../locales/account.ar.json')).default;
  i18n.addResourceBundle(language, 'translation', bundle, true, false);
}

export async function loadAccountStrings(): Promise<void> {
  accountStringsWanted = true;
  await addAccountStrings(pickLanguage(i18n.language));
}

/** The ordering pages' strings (locales/ordering.{ar,en}.json), loaded like the account strings. */
let orderingStringsWanted = false;

async function addOrderingStrings(language: Language): Promise<void> {
  if (i18n.exists('ordering.typeTitle', language)) return;
  const bundle =
    language === 'en'
      ? (await import('../locales/ordering.en.json')).default
      : (await import('../locales/ordering.ar.json')).default;
  i18n.addResourceBundle(language, 'translation', bundle, true, false);
}

export async function loadOrderingStrings(): Promise<void> {
  orderingStringsWanted = true;
  await addOrderingStrings(pickLanguage(i18n.language));
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
  if (accountStringsWanted) await addAccountStrings(language);
  if (orderingStringsWanted) await addOrderingStrings(language);
  await i18n.changeLanguage(language);
  applyLanguageToDocument(language);
  local.setItem(LANGUAGE_KEY, language);
  shareLanguageWithServer(language);
}

export { ar as arabicBundle };
