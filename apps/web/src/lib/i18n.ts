import { pickLanguage } from '@sufra/shared/language';
import { formatInterpolatedValue } from './number-interpolation';

/**
 * The app's translator: the part of i18next the app used, in ~1 KB gzip where i18next weighed 15.3 KB of the
 * menu route's initial JavaScript (budget 100 KB: docs/adr/0030-web-bundle-budget.md; the choice:
 * docs/adr/0032-own-translator-not-i18next.md). It keeps i18next's names and behaviour for what the app does, so
 * strings and call sites read as before:
 * - keys are paths in nested strings ("cart.items"); a key found in neither the language nor Arabic (the fallback)
 *   comes back as the options' `defaultValue`, else as the key itself;
 * - plurals by `count` with i18next's suffixes (`_zero` … `_other`, chosen by Intl.PluralRules, `_zero` for 0 in
 *   any language, then the bare key, then `_other`);
 * - `{{name}}` filled from the options, every value through formatInterpolatedValue (numbers in the language's
 *   digits); a name the options lack stays as written, as i18next leaves it; no escaping (React escapes).
 * Not here, because no string uses them: namespaces, context, nesting ($t), formats after a comma, returnObjects.
 */

export interface Strings {
  [key: string]: string | Strings;
}
/**
 * Values for the `{{name}}` markers; a numeric `count` also picks the plural form; `lng` a language for this call;
 * `defaultValue` the text when neither language has the key (filled like a string's).
 */
export type TOptions = { lng?: string; defaultValue?: string } & Record<string, unknown>;
export type TFunction = (key: string, options?: TOptions) => string;

const FALLBACK_LANGUAGE = 'ar';
const PLURAL_SUFFIXES = new Set(['zero', 'one', 'two', 'few', 'many', 'other']);

function lookup(strings: Strings | undefined, key: string): string | undefined {
  let node: string | Strings | undefined = strings;
  for (const part of key.split('.')) {
    if (typeof node !== 'object') return undefined;
    node = node[part];
  }
  return typeof node === 'string' ? node : undefined;
}

/** Deep merge of `source` into `target`; a key `target` already has is kept (a feature's strings win). */
function mergeKeeping(target: Strings, source: Strings): void {
  for (const [key, value] of Object.entries(source)) {
    const current = target[key];
    if (typeof value === 'object' && typeof current === 'object') mergeKeeping(current, value);
    else if (current === undefined) target[key] = typeof value === 'object' ? structuredClone(value) : value;
  }
}

/** Plural rules per language, made once and shared by every translator (they hold no state of a translator's). */
const pluralRules = new Map<string, Intl.PluralRules>();

function pluralCategory(language: string, count: number) {
  let rules = pluralRules.get(language);
  if (!rules) {
    rules = new Intl.PluralRules(language);
    pluralRules.set(language, rules);
  }
  return rules.select(count);
}

/** The keys to try in one language, best first. */
function candidates(key: string, language: string, count: unknown): string[] {
  if (typeof count !== 'number') return [key];
  const category = pluralCategory(language, count);
  const keys = count === 0 ? [`${key}_zero`] : [];
  keys.push(`${key}_${PLURAL_SUFFIXES.has(category) ? category : 'other'}`, key, `${key}_other`);
  return keys;
}

/** The string for `key` in `language`, else in the fallback language; undefined when neither has it. */
function resolve(bundles: Map<string, Strings>, key: string, language: string, count: unknown): string | undefined {
  for (const lng of language === FALLBACK_LANGUAGE ? [language] : [language, FALLBACK_LANGUAGE]) {
    for (const candidate of candidates(key, lng, count)) {
      const found = lookup(bundles.get(lng), candidate);
      if (found !== undefined) return found;
    }
  }
  return undefined;
}

/** `{{name}}` markers filled from the options; a name the options lack stays as written. */
function interpolate(text: string, options: TOptions | undefined, language: string): string {
  if (!text.includes('{{')) return text;
  return text.replace(/\{\{(.+?)\}\}/g, (marker, inner: string) => {
    const name = inner.split(',')[0]?.trim() ?? '';
    if (!options || !Object.hasOwn(options, name)) return marker;
    const value = formatInterpolatedValue(options[name], pickLanguage(language));
    return value == null ? '' : String(value);
  });
}

export function createTranslator() {
  const bundles = new Map<string, Strings>();
  const listeners = new Set<(language: string) => void>();

  const translator = {
    /** The current language (set by `init`, changed by `changeLanguage`). */
    language: FALLBACK_LANGUAGE,

    init({ language, strings }: { language: string; strings: Record<string, Strings> }): void {
      for (const [lng, bundle] of Object.entries(strings)) translator.addResourceBundle(lng, 'translation', bundle);
      translator.language = language;
    },

    t(key: string, options?: TOptions): string {
      const language = options?.lng ?? translator.language;
      const found = resolve(bundles, key, language, options?.count) ?? options?.defaultValue ?? key;
      return interpolate(found, options, language);
    },

    /** A `t` for one language, whatever the current one is. */
    getFixedT(language: string): TFunction {
      return (key, options) => translator.t(key, { ...options, lng: language });
    },

    /** Whether `language` itself (not the fallback) has the key. */
    exists(key: string, language: string): boolean {
      return lookup(bundles.get(language), key) !== undefined;
    },

    hasResourceBundle(language: string, _namespace: 'translation' = 'translation'): boolean {
      return bundles.has(language);
    },

    /**
     * i18next's signature, so a feature's strings load as they did: deep-merged, never overwriting a key the
     * language already has. The one namespace is "translation".
     */
    addResourceBundle(language: string, _namespace: 'translation', strings: Strings, _deep = true, _overwrite = false) {
      let bundle = bundles.get(language);
      if (!bundle) {
        bundle = {};
        bundles.set(language, bundle);
      }
      mergeKeeping(bundle, strings);
    },

    async changeLanguage(language: string): Promise<void> {
      translator.language = language;
      for (const listener of [...listeners]) listener(language);
    },

    on(_event: 'languageChanged', listener: (language: string) => void): void {
      listeners.add(listener);
    },

    off(_event: 'languageChanged', listener: (language: string) => void): void {
      listeners.delete(listener);
    },
  };
  return translator;
}

export type Translator = ReturnType<typeof createTranslator>;

/** The app's one translator. */
export const i18n: Translator = createTranslator();
