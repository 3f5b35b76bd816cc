/**
 * The hint that this browser may hold a staff session (the session's cookies are httpOnly, path /api): in
 * localStorage for the app (lib/staff-request.ts), and as a cookie of path /staff for the server, which reads it on
 * the console's HTML requests to put the console's first API calls in `<head>` (docs/adr/0740, 0770). No
 * imports: the entry reads it (app/staff-preloads.ts).
 */
export const STAFF_HINT_KEY = 'sufra.staff.signedIn';
export const STAFF_HINT_COOKIE = 'sufra_staff';

/** Sets or ends the hint cookie, in step with the localStorage hint (one plain cookie: the Cookie Store API is not in every browser we target). */
export function syncStaffHintCookie(doc: Document, signedIn: boolean): void {
  doc.cookie = signedIn
    ? `${STAFF_HINT_COOKIE}=1; path=/staff; max-age=31536000; samesite=lax`
    : `${STAFF_HINT_COOKIE}=; path=/staff; max-age=0; samesite=lax`;
}
