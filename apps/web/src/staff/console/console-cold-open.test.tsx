// @vitest-environment happy-dom
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Router } from 'wouter';
import ConsoleApp from './console-app';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

let container: HTMLElement;
let root: Root;
/** Answers the session check with this person (null: no request is ever answered). */
let me: unknown = null;
/** Every request's path, none of them ever answered (the session check stays on its way); and with their queries. */
let asked: string[];
let askedUrls: string[];
beforeEach(() => {
  asked = [];
  askedUrls = [];
  vi.stubGlobal(
    'fetch',
    vi.fn((input: string) => {
      const url = new URL(input, 'http://localhost');
      asked.push(url.pathname);
      askedUrls.push(`${url.pathname}${url.search}`);
      if (me && url.pathname.endsWith('/staff/me/'))
        return Promise.resolve(
          new Response(JSON.stringify(me), { status: 200, headers: { 'content-type': 'application/json' } }),
        );
      return new Promise<Response>(() => {});
    }),
  );
  container = document.createElement('div');
  document.body.append(container);
  root = createRoot(container);
});
afterEach(() => {
  me = null;
  act(() => root.unmount());
  container.remove();
  window.localStorage.clear();
  vi.unstubAllGlobals();
});

describe('the console opened cold on the item list (docs/adr/0710)', () => {
  it("asks for the list's first page while the session check is still on its way", async () => {
    window.history.replaceState(null, '', '/staff/manage/menu');
    window.localStorage.setItem('sufra.staff.signedIn', '1');
    act(() =>
      root.render(
        <Router base="/staff/manage">
          <ConsoleApp signIn={() => null} />
        </Router>,
      ),
    );
    expect(asked.some((path) => path.endsWith('/staff/me/'))).toBe(true);
    // The menu page's chunk loads beside the session check, and asks for its first page as it arrives.
    await vi.waitFor(() => expect(asked.some((path) => path.endsWith('/staff/manage/menu/items/'))).toBe(true), {
      timeout: 10_000,
    });
    // Exactly the URLs the server's HTML preloads for this page (apps/api/src/modules/web/spa-html.view.ts,
    // staffPreloads; docs/adr/0740): another URL would be a second request, not the preloaded answer.
    expect(askedUrls).toContain('/api/staff/me/');
    expect(askedUrls).toContain('/api/staff/manage/menu/items/?status=all&sort=menu&direction=asc&offset=0');
  });

  it('waits for nothing it cannot use: without a session hint, neither the chunk nor the list is asked for', async () => {
    window.history.replaceState(null, '', '/staff/manage/menu');
    act(() =>
      root.render(
        <Router base="/staff/manage">
          <ConsoleApp signIn={() => null} />
        </Router>,
      ),
    );
    await act(async () => new Promise((resolve) => setTimeout(resolve, 300)));
    expect(asked).toEqual([]);
  });

  it("asks for the signed-in person once: the frame starts from the session check's answer (docs/adr/0740)", async () => {
    me = {
      id: 1,
      name: 'Noura Owner',
      email: 'owner@sufra.demo',
      role: 'owner',
      brand: { id: 1, name: { ar: 'سفرة', en: 'Sufra' } },
      branches: [{ id: 1, name: { ar: 'العليا', en: 'Olaya' }, timeZone: 'Asia/Riyadh' }],
    };
    window.history.replaceState(null, '', '/staff/manage/menu');
    window.localStorage.setItem('sufra.staff.signedIn', '1');
    act(() =>
      root.render(
        <Router base="/staff/manage">
          <ConsoleApp signIn={() => null} />
        </Router>,
      ),
    );
    await vi.waitFor(() =>
      expect(container.querySelector('[data-testid="console-user"]')?.textContent).toBe('Noura Owner'),
    );
    await act(async () => new Promise((resolve) => setTimeout(resolve, 100)));
    expect(asked.filter((path) => path.endsWith('/staff/me/'))).toHaveLength(1);
  });

  it('draws the frame in its first render when the session was checked before it, and asks for no one (docs/adr/0770)', () => {
    const user = {
      id: 1,
      name: 'Noura Owner',
      email: 'owner@sufra.demo',
      role: 'owner',
      brand: { id: 1, name: { ar: 'سفرة', en: 'Sufra' } },
      branches: [{ id: 1, name: { ar: 'العليا', en: 'Olaya' }, timeZone: 'Asia/Riyadh' }],
    } as const;
    window.history.replaceState(null, '', '/staff/manage');
    window.localStorage.setItem('sufra.staff.signedIn', '1');
    act(() =>
      root.render(
        <Router base="/staff/manage">
          <ConsoleApp
            signIn={() => null}
            initialSession={{ status: 'signedIn', user: { ...user, branches: [...user.branches] } }}
          />
        </Router>,
      ),
    );
    expect(container.querySelector('[data-testid="console-user"]')?.textContent).toBe('Noura Owner');
    expect(asked.filter((path) => path.endsWith('/staff/me/'))).toEqual([]);
  });
});
