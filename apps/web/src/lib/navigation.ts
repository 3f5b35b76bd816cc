import { useLayoutEffect } from 'react';
import { useHistoryState, usePathname } from 'wouter/use-browser-location';

/**
 * The two things wouter leaves to the app (docs/adr/0031-wouter-not-react-router.md):
 * - every history entry of the visit carries `idx`, its position in the visit (0 = the page the visit started on),
 *   so a Back button knows whether there is a page of ours to go back to;
 * - scroll: to the top on push and replace, back to where the diner was on back/forward.
 * Page state given to `navigate(to, { state })` sits beside `idx`; pages read it with wouter's `useHistoryState()`.
 */
export interface NavigateOptions {
  replace?: boolean;
  state?: object;
}

const scrollPositions = new Map<number, number>();
let currentIdx = 0;
let restoring = false;

const entryIdx = (): number | undefined => {
  const idx = (window.history.state as { idx?: unknown } | null)?.idx;
  return typeof idx === 'number' ? idx : undefined;
};

// Before the first render, so this popstate listener runs before wouter's re-render and saves the position left.
if (typeof window !== 'undefined') {
  if (entryIdx() === undefined) window.history.replaceState({ idx: 0 }, '');
  currentIdx = entryIdx() ?? 0;
  window.history.scrollRestoration = 'manual';
  window.addEventListener('popstate', () => {
    scrollPositions.set(currentIdx, window.scrollY);
    const idx = entryIdx();
    // An in-page anchor (the skip link) makes an entry without idx: the browser scrolls to it.
    if (idx === undefined) return;
    currentIdx = idx;
    restoring = true;
  });
}

/** wouter's browser navigation plus `idx` in the entry's state. Link and useLocation() use it through <Router hook>. */
export function navigate(to: string, { replace = false, state }: NavigateOptions = {}) {
  scrollPositions.set(currentIdx, window.scrollY);
  if (!replace) currentIdx += 1;
  restoring = false;
  const entry = { ...state, idx: currentIdx };
  if (replace) window.history.replaceState(entry, '', to);
  else window.history.pushState(entry, '', to);
}

/** The location hook for wouter's <Router hook>. */
export const useAppLocation = (): [string, typeof navigate] => [usePathname(), navigate];

/** Whether this visit has a page of ours before the current one (false on a deep link or a scanned QR). */
export const canGoBack = (): boolean => currentIdx > 0;

/** Call once above the routes: runs after the new page has rendered. */
export function useScrollRestoration() {
  const entry = useHistoryState();
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs for every new history entry (a new state object)
  useLayoutEffect(() => {
    if (restoring) window.scrollTo(0, scrollPositions.get(currentIdx) ?? 0);
    else if (!window.location.hash) window.scrollTo(0, 0);
    restoring = false;
  }, [entry]);
}
