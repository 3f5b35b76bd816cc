import type { Language } from '@sufra/shared/language';
import type { GeocodePlace, GeocodeResponse } from '@sufra/shared/schemas/geocoding';
import { apiRequest } from './api-client';

type LatLng = { lat: number; lng: number };

/**
 * `GET /api/geocode/?q=&near=`: places matching an address search, best first (public, limited per client
 * address). In lib because the diner's address form (components/address) and the console's map both search.
 * `signal` cancels a search the next keystroke made stale.
 */
export async function searchPlaces(
  q: string,
  near: LatLng | null,
  language: Language,
  signal?: AbortSignal,
): Promise<GeocodePlace[]> {
  const query: Record<string, string> = { q };
  if (near) query.near = `${near.lat.toFixed(4)},${near.lng.toFixed(4)}`;
  const res = await apiRequest<GeocodeResponse>('/geocode/', { language, query, ...(signal ? { signal } : {}) });
  return res.places;
}
