import { announceAuth } from './auth-channel';
import { local, readJson } from './storage';

/**
 * A customer belongs to one brand and the server keeps one cookie session per brand, so everything here is per brand:
 * the hint that this browser may be signed in, the refresh lock, the sign-in and sign-out news between tabs.
 *
 * The hint (brand ids in localStorage, set at sign-in, cleared at sign-out or a refused refresh) exists because the
 * cookies are httpOnly: without it every anonymous visit would spend two requests finding out it has no session.
 */
const SIGNED_IN_BRANDS_KEY = 'sufra.customer.brands';
const brandOfUuid = new Map<string, number>();

/** The layout tells which brand a QR uuid belongs to once its data has arrived. */
export function rememberBrand(uuid: string, brandId: number): void {
  brandOfUuid.set(uuid, brandId);
}

export const brandOf = (uuid: string): number | undefined => brandOfUuid.get(uuid);

function signedInBrands(): number[] {
  const list = readJson<unknown>(local, SIGNED_IN_BRANDS_KEY);
  return Array.isArray(list) ? list.filter((id): id is number => typeof id === 'number') : [];
}

export const maybeSignedIn = (brandId: number): boolean => signedInBrands().includes(brandId);

export function markSignedIn(brandId: number): void {
  local.setItem(SIGNED_IN_BRANDS_KEY, JSON.stringify([...new Set([...signedInBrands(), brandId])]));
  announceAuth({ scope: 'customer', type: 'signedIn', brandId });
}

/** The session of this brand is over (signed out, or the server refused the refresh): its tabs clear their user data. */
export function markSignedOut(brandId: number | undefined): void {
  if (brandId === undefined) return;
  local.setItem(SIGNED_IN_BRANDS_KEY, JSON.stringify(signedInBrands().filter((id) => id !== brandId)));
  announceAuth({ scope: 'customer', type: 'signedOut', brandId });
}
