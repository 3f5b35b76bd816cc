import type { KeyValueStorage } from '../../lib/storage';

/**
 * Favourite dishes kept in this browser for a diner who is not signed in (one list per brand, item ids). Signed in,
 * the server keeps them (api/favourites.ts); the ones made before signing in are handed over then.
 */
export const favouritesKey = (brandId: number) => `sufra.favourites.${brandId}`;

/** A list only: anything else in the key (an older format, a hand edit) reads as none. */
export function readLocalFavourites(storage: KeyValueStorage, brandId: number): number[] {
  let parsed: unknown;
  try {
    parsed = JSON.parse(storage.getItem(favouritesKey(brandId)) ?? '[]');
  } catch {
    return [];
  }
  if (!Array.isArray(parsed)) return [];
  return [...new Set(parsed.filter((id): id is number => Number.isSafeInteger(id) && id > 0))];
}

export function writeLocalFavourites(storage: KeyValueStorage, brandId: number, ids: readonly number[]): void {
  if (ids.length === 0) storage.removeItem(favouritesKey(brandId));
  else storage.setItem(favouritesKey(brandId), JSON.stringify(ids));
}

/** The list with `id` added at the end, or taken out when it was there. */
export function toggleFavourite(ids: readonly number[], id: number): number[] {
  return ids.includes(id) ? ids.filter((x) => x !== id) : [...ids, id];
}
