import type { Language } from '@sufra/shared/language';
import { use } from 'react';
import { i18n } from '../lib/i18n';
import { loadPageStrings } from '../lib/language';
import { staffMaybeSignedIn } from '../lib/staff-request';
import { checkStaffSession, type StaffSession } from '../lib/use-staff-session';
import { StaffSignIn } from '../staff/board/components/staff-sign-in';
import ConsoleApp, { preloadConsolePage } from '../staff/console/console-app';

/**
 * The management console's lazy boundary (app/router.tsx loads this module with the staff strings; it waits for its
 * own, `consoleStrings`), and the console's own entry's (app/console-boot.tsx, which opens it with `openConsole`):
 * the console's shell and registry, and the staff app's sign-in handed to it (a feature never imports another; the
 * app layer composes them). docs/adr/0420-console-beside-the-staff-app.md.
 */
export default function ConsoleDoor({ initialSession }: { initialSession?: StaffSession | undefined }) {
  // Suspends until the console's strings are in (asked for when this chunk loaded). Not once they are: `use` of a
  // promise React has not seen suspends even when it has settled, and a shown fallback holds the page back ~300 ms
  // (React's reveal throttle; docs/adr/0770).
  if (!stringsIn) use(consoleStrings);
  return (
    <ConsoleApp initialSession={initialSession} signIn={(onSignedIn) => <StaffSignIn onSignedIn={onSignedIn} />} />
  );
}

/**
 * The console's strings (locales/console.{ar,en}.json), both languages at once, asked for as this chunk loads, so
 * the language switch needs no load of its own: here rather than in lib/language.ts's page strings, whose table is
 * in the diner's first load (the menu route's budget, scripts/web-bundle.test.ts).
 */
let stringsIn = false;
const consoleStrings = Promise.all([import('../locales/console.ar.json'), import('../locales/console.en.json')]).then(
  ([ar, en]) => {
    i18n.addResourceBundle('ar', 'translation', ar.default, true, false);
    i18n.addResourceBundle('en', 'translation', en.default, true, false);
    stringsIn = true;
  },
);

/**
 * Everything the console's first render needs, side by side (docs/adr/0770): its strings and the sign-in's, the
 * session check (the HTML preloaded it, 0740) and, where a session may exist, the addressed page's chunk with what
 * it waits for (the item list: its first page). Settles with the session: the first render then draws the frame
 * and the page at once instead of a fallback, the frame, then the rows.
 */
export async function openConsole(location: string, language: Language): Promise<StaffSession> {
  const page = staffMaybeSignedIn() ? preloadConsolePage(location) : undefined;
  const [session] = await Promise.all([checkStaffSession(language), consoleStrings, loadPageStrings('account'), page]);
  return session;
}
