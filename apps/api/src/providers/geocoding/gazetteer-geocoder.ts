import { distanceMeters } from '@sufra/shared/geo/distance';
import type { GeocodePlace } from '@sufra/shared/schemas/geocoding';
import { normalizeSearchText } from '@sufra/shared/text-search';
import type { GeocodingProvider } from './geocoding.ts';
import { SAUDI_GAZETTEER } from './saudi-gazetteer.ts';

/** The Arabic article and the English "Al"/"Ar"/"As"… forms are dropped, so "malaz", "al malaz" and "ملز" all match. */
function searchKey(text: string): string {
  return normalizeSearchText(text)
    .replace(/(^|\s)ال/g, '$1')
    .replace(/(^|\s)(al|an|ar|as|ash|at|ath|az|ad)[-\s]/g, '$1')
    .replace(/-/g, ' ')
    .trim();
}

interface Entry {
  place: GeocodePlace;
  key: string;
}

const ENTRIES: Entry[] = SAUDI_GAZETTEER.flatMap((city) => [
  {
    place: {
      name: { ar: city.ar, en: city.en },
      context: city.region,
      kind: 'city' as const,
      location: { lat: city.lat, lng: city.lng },
    },
    key: `${searchKey(city.ar)} ${searchKey(city.en)}`,
  },
  ...city.districts.map(([ar, en, lat, lng]) => ({
    place: {
      name: { ar, en },
      context: { ar: city.ar, en: city.en },
      kind: 'district' as const,
      location: { lat, lng },
    },
    // A district is found by its own name, and by "<district> <city>".
    key: `${searchKey(ar)} ${searchKey(en)} ${searchKey(city.ar)} ${searchKey(city.en)}`,
  })),
]);

/** The offline default: the bundled gazetteer, every word of the query in the place's names (either language). */
export function createGazetteerGeocoder(): GeocodingProvider {
  return {
    name: 'gazetteer',
    async search(query, { near, limit }) {
      const terms = searchKey(query).split(' ').filter(Boolean);
      if (terms.length === 0) return [];
      const found = ENTRIES.filter((e) => terms.every((t) => e.key.includes(t)));
      // Names that start with the query first, then cities before districts, then nearer places first.
      const rank = (e: Entry) => {
        const starts = terms[0] && e.key.split(' ').some((w) => w.startsWith(terms[0] as string)) ? 0 : 1;
        const distance = near ? distanceMeters(near, e.place.location) / 1e7 : 0;
        return starts * 10 + (e.place.kind === 'city' ? 0 : 1) + distance;
      };
      return found
        .sort((a, b) => rank(a) - rank(b))
        .slice(0, limit)
        .map((e) => e.place);
    },
  };
}
