import { StaffSignIn } from '../staff/board/components/staff-sign-in';
import ConsoleApp from '../staff/console/console-app';

/**
 * The management console's lazy boundary (app/router.tsx loads this module with the staff and console strings):
 * the console's shell and registry, and the staff app's sign-in handed to it (a feature never imports another; the
 * app layer composes them). docs/adr/0420-console-beside-the-staff-app.md.
 */
export default function ConsoleDoor() {
  return <ConsoleApp signIn={(onSignedIn) => <StaffSignIn onSignedIn={onSignedIn} />} />;
}
