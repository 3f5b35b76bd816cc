/** Interface languages. Arabic is the default (the spec calls it "sa"; on the wire and in <html lang> we use the BCP 47 code "ar"). */
export const LANGUAGES = ['ar', 'en'] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'ar';

export function isRtl(language: Language): boolean {
  return language === 'ar';
}

/** Picks our language from an Accept-Language header or a stored value ("sa" is accepted as Arabic). */
export function pickLanguage(input: string | null | undefined): Language {
  if (!input) return DEFAULT_LANGUAGE;
  for (const part of input.split(',')) {
    const tag = part.split(';')[0]?.trim().toLowerCase() ?? '';
    const primary = tag.split('-')[0];
    if (primary === 'en') return 'en';
    if (primary === 'ar' || primary === 'sa') return 'ar';
  }
  return DEFAULT_LANGUAGE;
}
