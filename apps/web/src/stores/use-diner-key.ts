import type { QueryKey } from '../lib/use-api-query';
import { useAppSelector } from './root-state';

/**
 * The prefix of every query key that holds the signed-in diner's own data at this QR code (their wallet, rewards,
 * orders, addresses…): `['me', uuid, customerId]`, or null while no diner is signed in (nothing to ask for). The
 * customer's id in it keeps one diner's cached data from showing for the next one on the same device; a diner's
 * write invalidates `dinerPrefix(uuid)`, every query of theirs at that QR code.
 */
export function useDinerKey(uuid: string | undefined): QueryKey | null {
  const id = useAppSelector((s) => (s.auth.status === 'signedIn' ? (s.auth.userData?.id ?? 0) : null));
  return uuid && id !== null ? ['me', uuid, id] : null;
}

/** What a diner's write at this QR code invalidates: all of their data there. */
export const dinerPrefix = (uuid: string): QueryKey => ['me', uuid];
