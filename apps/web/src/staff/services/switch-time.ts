import type { Language } from '@sufra/shared/language';

const formats = new Map<string, Intl.DateTimeFormat>();
const zoneNames = new Map<string, Intl.DateTimeFormat>();

/**
 * A switch's time in the branch's zone (Gregorian in both languages: staff compare it with their own records),
 * with the zone's name as a label ("Arabian Standard Time", "التوقيت العربي الرسمي"), never its IANA id.
 */
export function formatSwitchTime(iso: string, timeZone: string, language: Language): { text: string; zone: string } {
  const locale = language === 'ar' ? 'ar-SA-u-ca-gregory' : 'en-SA';
  const key = `${locale}|${timeZone}`;
  let format = formats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(locale, { timeZone, dateStyle: 'medium', timeStyle: 'short' });
    formats.set(key, format);
  }
  let zone = zoneNames.get(key);
  if (!zone) {
    zone = new Intl.DateTimeFormat(locale, { timeZone, timeZoneName: 'longGeneric' });
    zoneNames.set(key, zone);
  }
  const at = new Date(iso);
  return {
    text: format.format(at),
    zone: zone.formatToParts(at).find((p) => p.type === 'timeZoneName')?.value ?? timeZone,
  };
}
