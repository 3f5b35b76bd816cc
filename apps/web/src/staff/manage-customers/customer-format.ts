import type { Language } from '@sufra/shared/language';

// How the customers pages write phones and dates: one digit system per language, the Gregorian calendar in both
// (ar-SA alone picks the Hijri one), days in Saudi Arabia's time.
const locale = (language: Language) => (language === 'ar' ? 'ar-SA-u-ca-gregory-nu-arab' : 'en-SA');
const dates = new Map<string, Intl.DateTimeFormat>();

function formatter(language: Language, withTime: boolean): Intl.DateTimeFormat {
  const key = `${language}:${withTime}`;
  let found = dates.get(key);
  if (!found) {
    found = new Intl.DateTimeFormat(locale(language), {
      dateStyle: 'medium',
      ...(withTime ? { timeStyle: 'short' } : {}),
      timeZone: 'Asia/Riyadh',
    });
    dates.set(key, found);
  }
  return found;
}

export const shortDate = (iso: string, language: Language) => formatter(language, false).format(new Date(iso));
export const dateTime = (iso: string, language: Language) => formatter(language, true).format(new Date(iso));

/** +966555010203 → "+966 55 501 0203" (Arabic-Indic digits in Arabic); other numbers kept as stored. */
export function phoneText(e164: string, language: Language): string {
  const saudi = /^\+966(\d{2})(\d{3})(\d{4})$/.exec(e164);
  const groups: string[] = saudi ? ['+966', saudi[1] ?? '', saudi[2] ?? '', saudi[3] ?? ''] : [e164];
  if (language === 'en') return groups.join(' ');
  // Arabic-Indic digits are "Arabic numbers" to the bidi algorithm: groups split by spaces would be laid out right
  // to left even inside dir="ltr". A left-to-right mark before each group keeps them in reading order.
  return groups.map((g) => `\u200e${g.replace(/\d/g, (d) => String.fromCharCode(0x0660 + Number(d)))}`).join(' ');
}
