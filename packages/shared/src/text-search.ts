/**
 * Menu search that forgives how people type Arabic on a phone: diacritics (tashkeel) and tatweel are
 * dropped, alef forms (أ إ آ ٱ) become ا, taa marbuta ة becomes ه, alef maksura ى becomes ي, hamza on
 * waw/yaa (ؤ ئ) becomes و/ي, Arabic-Indic digits become ASCII, Latin is lower-cased without accents.
 */
const ARABIC_INDIC_ZERO = 0x0660;
const EXTENDED_ARABIC_INDIC_ZERO = 0x06f0;

export function normalizeSearchText(text: string): string {
  return (
    text
      // NFKD splits أ into ا + hamza mark, é into e + accent, and presentation forms into plain letters.
      .normalize('NFKD')
      .replace(/\p{M}/gu, '')
      .replace(/\u0640/g, '') // tatweel
      .replace(/[\u0671\u0672\u0673\u0675]/g, 'ا')
      .replace(/\u0649/g, 'ي')
      .replace(/\u0629/g, 'ه')
      .replace(/[\u0660-\u0669]/g, (d) => String(d.charCodeAt(0) - ARABIC_INDIC_ZERO))
      .replace(/[\u06f0-\u06f9]/g, (d) => String(d.charCodeAt(0) - EXTENDED_ARABIC_INDIC_ZERO))
      .toLowerCase()
      .replace(/\s+/g, ' ')
      .trim()
  );
}

/** Splits a query into normalized words; an empty result means "no filter". */
export function searchTerms(query: string): string[] {
  const normalized = normalizeSearchText(query);
  return normalized ? normalized.split(' ') : [];
}

/** True when every word of the query appears somewhere in the (already normalized) haystack. */
export function matchesTerms(normalizedHaystack: string, terms: readonly string[]): boolean {
  for (const term of terms) if (!normalizedHaystack.includes(term)) return false;
  return true;
}

/** Convenience for one-off checks: does `query` match any of `fields`? */
export function matchesSearch(query: string, ...fields: (string | null | undefined)[]): boolean {
  const terms = searchTerms(query);
  if (terms.length === 0) return true;
  return matchesTerms(normalizeSearchText(fields.filter(Boolean).join(' ')), terms);
}

/**
 * What a dish is found by: its names in both languages and its description. A diner types "shawarma" in the Arabic
 * interface or "شاورما" in the English one as often as the other way round.
 */
export function dishSearchText(dish: { name: string; altName: string; description: string }): string {
  return normalizeSearchText(`${dish.name} ${dish.altName} ${dish.description}`);
}
