import { STAFF_HINT_KEY, syncStaffHintCookie } from '../lib/staff-hint';

/**
 * The console's first API calls (the session check, the item list's first page), which the server lists in
 * `<template id="staff-preloads">` because the staff cookies never reach it (path /api;
 * apps/api/src/modules/web/spa-html.view.ts): put into `<head>`, so they start with the HTML, only where this browser
 * may hold a staff session. The app's own requests are then handed the preloaded answers (docs/adr/0740).
 * Runs in the entry (main.tsx) before anything else; returns how many it started.
 */
export function startStaffPreloads(doc: Document, storage: () => Pick<Storage, 'getItem'>): number {
  const template = doc.getElementById('staff-preloads');
  const signedIn = hinted(storage);
  if (!(template instanceof HTMLTemplateElement)) {
    // The server saw the hint cookie and put the calls in <head> already (0770): end a cookie the app's own hint
    // no longer backs (storage cleared), or it would ask for them on every load.
    if (!signedIn && doc.head.querySelector('link[rel="preload"][href="/api/staff/me/"]'))
      syncStaffHintCookie(doc, false);
    return 0;
  }
  // The template means the server did not see the hint cookie: set (or end) it for the next load.
  syncStaffHintCookie(doc, signedIn);
  template.remove();
  if (!signedIn) return 0;
  const links = template.content.querySelectorAll('link').length;
  doc.head.append(template.content);
  return links;
}

function hinted(storage: () => Pick<Storage, 'getItem'>): boolean {
  try {
    return storage().getItem(STAFF_HINT_KEY) === '1';
  } catch {
    return false; // storage refused (a sandboxed frame, private mode): the app asks for them itself
  }
}
