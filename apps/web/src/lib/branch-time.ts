import type { Language } from '@sufra/shared/language';

/**
 * Staff times on one clock (issue 24 item 14): the branch's time zone, whatever the device's, in the Gregorian
 * calendar in both languages (ar-SA alone picks the Hijri one), and the zone named next to them.
 */
const formats = new Map<string, Intl.DateTimeFormat>();

export function branchTimeLocale(language: Language): string {
  return language === 'ar' ? 'ar-SA-u-ca-gregory-nu-arab' : 'en-SA';
}

function formatter(language: Language, timeZone: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = `${language}|${timeZone}|${JSON.stringify(options)}`;
  let found = formats.get(key);
  if (!found) {
    try {
      found = new Intl.DateTimeFormat(branchTimeLocale(language), { ...options, timeZone });
    } catch {
      // An unknown zone name must not break the page: the device's zone is the best left.
      found = new Intl.DateTimeFormat(branchTimeLocale(language), options);
    }
    formats.set(key, found);
  }
  return found;
}

/** A date and time as the branch's clock reads it ("11/28/26, 11:53 AM"). */
export function formatBranchDateTime(iso: string, timeZone: string, language: Language): string {
  return formatter(language, timeZone, { dateStyle: 'short', timeStyle: 'short' }).format(new Date(iso));
}

/** The zone's name as the language says it ("Arabia Standard Time"); the zone id when the runtime has no name. */
export function timeZoneName(timeZone: string, language: Language, at: Date = new Date()): string {
  try {
    // An unknown zone throws here (the formatter below would fall back to the device's and name that instead).
    new Intl.DateTimeFormat('en', { timeZone });
    const parts = formatter(language, timeZone, { timeZoneName: 'long' }).formatToParts(at);
    return parts.find((p) => p.type === 'timeZoneName')?.value ?? timeZone;
  } catch {
    return timeZone;
  }
}
