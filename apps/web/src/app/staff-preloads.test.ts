// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest';
import { startStaffPreloads } from './staff-preloads';

/** The template as the server writes it for /staff/manage/menu (apps/api/src/modules/web/spa-html.view.ts). */
function serverTemplate() {
  document.body.insertAdjacentHTML(
    'beforeend',
    '<template id="staff-preloads"><link rel="preload" as="fetch" crossorigin="use-credentials" href="/api/staff/me/">' +
      '<link rel="preload" as="fetch" crossorigin="use-credentials" href="/api/staff/manage/menu/items/?status=all&amp;sort=menu&amp;direction=asc&amp;offset=0"></template>',
  );
}
const preloadsInHead = () =>
  [...document.head.querySelectorAll('link[rel="preload"]')].map((link) => link.getAttribute('href'));
const storage = (hint: string | null) => () => ({ getItem: () => hint });

afterEach(() => {
  document.head.innerHTML = '';
  document.body.innerHTML = '';
});

describe("the console's first API calls from the HTML (docs/adr/0740)", () => {
  it('starts the session check and the first page where the browser may hold a staff session', () => {
    serverTemplate();
    expect(startStaffPreloads(document, storage('1'))).toBe(2);
    expect(preloadsInHead()).toEqual([
      '/api/staff/me/',
      '/api/staff/manage/menu/items/?status=all&sort=menu&direction=asc&offset=0',
    ]);
    expect(document.getElementById('staff-preloads')).toBeNull();
  });

  it('asks for nothing without the hint, or when storage is refused', () => {
    serverTemplate();
    expect(startStaffPreloads(document, storage(null))).toBe(0);
    serverTemplate();
    expect(
      startStaffPreloads(document, () => {
        throw new DOMException('denied', 'SecurityError');
      }),
    ).toBe(0);
    expect(preloadsInHead()).toEqual([]);
  });

  it('does nothing on a page without the template (every diner page)', () => {
    expect(startStaffPreloads(document, storage('1'))).toBe(0);
    expect(preloadsInHead()).toEqual([]);
  });

  it("keeps the staff hint cookie in step with the app's hint, for the server (docs/adr/0770)", () => {
    window.history.replaceState(null, '', '/staff/manage/menu');
    const hintCookie = () => /(?:^|;\s*)sufra_staff=1(?:;|$)/.test(document.cookie);
    serverTemplate();
    startStaffPreloads(document, storage('1'));
    expect(hintCookie()).toBe(true);
    // Served with the calls in <head> (the server saw the cookie), but the app's hint is gone: the cookie ends.
    document.head.innerHTML = '';
    document.head.insertAdjacentHTML(
      'beforeend',
      '<link rel="preload" as="fetch" crossorigin="use-credentials" href="/api/staff/me/">',
    );
    expect(startStaffPreloads(document, storage(null))).toBe(0);
    expect(hintCookie()).toBe(false);
    serverTemplate();
    startStaffPreloads(document, storage('1'));
    expect(hintCookie()).toBe(true);
    serverTemplate();
    startStaffPreloads(document, storage(null));
    expect(hintCookie()).toBe(false);
  });
});
