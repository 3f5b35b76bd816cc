import type { Language } from '@sufra/shared/language';
import { useAppSelector } from '../../../stores/root-state';
import { useLoyaltyAccountQuery } from '../api/get-loyalty-account';
import { useProgramme } from '../api/get-programme';

/**
 * The brand's programme (while loyalty is `on`) and, for a signed-in diner once the programme is known, their
 * account. Points change behind the diner's back (staff complete an order), so each visit asks for the account
 * again (useLoyaltyAccountQuery); the old figure stays on screen meanwhile.
 * Used by the loyalty card and by checkout's points.
 */
export function useLoyaltyAccount(uuid: string, language: Language, on: boolean) {
  const status = useAppSelector((s) => s.auth.status);
  const programme = useProgramme(on ? uuid : undefined, language);
  const signedIn = on && status === 'signedIn' && programme.data !== undefined;
  // The old figure stays on screen while this visit's is asked for.
  const account = useLoyaltyAccountQuery(uuid, language, signedIn, 1);
  return { status, programme, account, signedIn };
}
