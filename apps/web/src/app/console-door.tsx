import { use } from 'react';
import { i18n } from '../lib/i18n';
import { StaffSignIn } from '../staff/board/components/staff-sign-in';
import ConsoleApp from '../staff/console/console-app';

/**
 * The management console's lazy boundary (app/router.tsx loads this module with the staff strings; it waits for its
 * own, `consoleStrings`):
 * the console's shell and registry, and the staff app's sign-in handed to it (a feature never imports another; the
 * app layer composes them). docs/adr/0420-console-beside-the-staff-app.md.
 */
export default function ConsoleDoor() {
  // Suspends until the console's strings are in (asked for when this chunk loaded).
  use(consoleStrings);
  return <ConsoleApp signIn={(onSignedIn) => <StaffSignIn onSignedIn={onSignedIn} />} />;
}

/**
 * The console's strings (locales/console.{ar,en}.json), both languages at once, asked for as this chunk loads, so
 * the language switch needs no load of its own: here rather than in lib/language.ts's page strings, whose table is
 * in the diner's first load (the menu route's budget, scripts/web-bundle.test.ts).
 */
const consoleStrings = Promise.all([import('../locales/console.ar.json'), import('../locales/console.en.json')]).then(
  ([ar, en]) => {
    i18n.addResourceBundle('ar', 'translation', ar.default, true, false);
    i18n.addResourceBundle('en', 'translation', en.default, true, false);
  },
);
