import { useEffect, useRef } from 'react';
import { useTranslation } from '../../../lib/use-translation';

/**
 * While `dirty`, leaving the page asks first: closing the tab or reloading (the browser's own `beforeunload`
 * prompt), a click on a link to another address in the app (capture phase, before wouter's Link navigates), and the
 * browser's back and forward buttons (the address is put back when the person stays). Area pages call it with
 * their form's dirty flag; `confirmLeave()` asks the same question before a navigation of the page's own.
 */
export function useUnsavedChanges(dirty: boolean): { confirmLeave: () => boolean } {
  const { t } = useTranslation();
  const message = t('console.unsaved.confirm');
  const state = useRef({ dirty, message });
  state.current = { dirty, message };

  useEffect(() => {
    if (!dirty) return;
    // Where the person is while the form is dirty: put back when they choose to stay after back/forward.
    const here = window.location.pathname + window.location.search + window.location.hash;

    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      // Older browsers show the prompt only when returnValue is set.
      event.returnValue = '';
    };
    const onClick = (event: MouseEvent) => {
      if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey) return;
      const anchor = (event.target as Element | null)?.closest?.('a[href]');
      if (!(anchor instanceof HTMLAnchorElement) || anchor.target === '_blank' || anchor.hasAttribute('download'))
        return;
      const to = new URL(anchor.href, window.location.href);
      if (to.origin !== window.location.origin) return; // leaving the app: beforeunload asks
      if (to.pathname + to.search === window.location.pathname + window.location.search) return;
      if (!window.confirm(state.current.message)) {
        event.preventDefault();
        event.stopPropagation();
      }
    };
    const onPopState = () => {
      const now = window.location.pathname + window.location.search + window.location.hash;
      if (now === here) return;
      // Runs before React renders the new address (wouter re-reads the location on pushState too).
      if (!window.confirm(state.current.message)) window.history.pushState(window.history.state, '', here);
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    document.addEventListener('click', onClick, true);
    window.addEventListener('popstate', onPopState);
    return () => {
      window.removeEventListener('beforeunload', onBeforeUnload);
      document.removeEventListener('click', onClick, true);
      window.removeEventListener('popstate', onPopState);
    };
  }, [dirty]);

  return { confirmLeave: () => !state.current.dirty || window.confirm(state.current.message) };
}
