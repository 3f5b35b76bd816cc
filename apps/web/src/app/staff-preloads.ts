/** lib/staff-request.ts's hint that this browser may hold a staff session (read here without its imports). */
const STAFF_HINT_KEY = 'sufra.staff.signedIn';

/**
 * The console's first API calls (the session check, the item list's first page), which the server lists in
 * `<template id="staff-preloads">` because the staff cookies never reach it (path /api;
 * apps/api/src/modules/web/spa-html.view.ts): put into `<head>`, so they start with the HTML, only where this browser
 * may hold a staff session. The app's own requests are then handed the preloaded answers (docs/adr/0740).
 * Runs in the entry (main.tsx) before anything else; returns how many it started.
 */
export function startStaffPreloads(doc: Document, storage: () => Pick<Storage, 'getItem'>): number {
  const template = doc.getElementById('staff-preloads');
  if (!(template instanceof HTMLTemplateElement)) return 0;
  let signedIn = false;
  try {
    signedIn = storage().getItem(STAFF_HINT_KEY) === '1';
  } catch {
    // storage refused (a sandboxed frame, private mode): the app asks for them itself
  }
  template.remove();
  if (!signedIn) return 0;
  const links = template.content.querySelectorAll('link').length;
  doc.head.append(template.content);
  return links;
}
