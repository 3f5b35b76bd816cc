import type { GeocodePlace } from '@sufra/shared/schemas/geocoding';
import type { GeocodingProvider } from './geocoding.ts';

interface NominatimHit {
  lat: string;
  lon: string;
  name?: string;
  display_name?: string;
  addresstype?: string;
}

/**
 * A Nominatim-compatible server (self-hosted, or a provider speaking its /search API) at `baseUrl`, limited to Saudi
 * Arabia. One request per language asked for; the other language's name repeats it (Nominatim answers in one).
 */
export function createNominatimGeocoder(baseUrl: string, timeoutMs = 5000): GeocodingProvider {
  return {
    name: 'nominatim',
    async search(query, { language, near, limit }) {
      const url = new URL('search', baseUrl.endsWith('/') ? baseUrl : `${baseUrl}/`);
      url.search = new URLSearchParams({
        q: query,
        format: 'jsonv2',
        countrycodes: 'sa',
        limit: String(limit),
        'accept-language': language,
        ...(near ? { viewbox: `${near.lng - 0.5},${near.lat + 0.5},${near.lng + 0.5},${near.lat - 0.5}` } : {}),
      }).toString();
      const res = await fetch(url, { signal: AbortSignal.timeout(timeoutMs), headers: { 'user-agent': 'Sufra' } });
      if (!res.ok) throw new Error(`geocoder answered ${res.status}`);
      const hits = (await res.json()) as NominatimHit[];
      return hits.slice(0, limit).map((hit): GeocodePlace => {
        const name = hit.name || hit.display_name || query;
        const context = (hit.display_name ?? '').split(',').slice(1, 3).join(',').trim();
        return {
          name: { ar: name, en: name },
          context: { ar: context, en: context },
          kind: hit.addresstype === 'city' ? 'city' : hit.addresstype === 'suburb' ? 'district' : 'place',
          location: { lat: Number(hit.lat), lng: Number(hit.lon) },
        };
      });
    },
  };
}
