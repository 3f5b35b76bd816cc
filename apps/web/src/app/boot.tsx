// The app itself: loaded by main.tsx once the browser has painted the page's HTML.
import { isRtl } from '@sufra/shared/language';
import { StrictMode, startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { storedLanguage } from '../lib/language';
import { App } from './app';
import { initI18n } from './i18n';
import { prefetchRouteData } from './route-data-prefetch';
import { preloadFirstPage } from './router';
import { createAppStore } from './store';
import './global.css';

const language = storedLanguage();
// The first page's data is requested before anything else, in parallel with its lazy chunk.
const firstData = prefetchRouteData(window.location, language);
// The translator knows the language before the first page's chunk starts: a page that brings its own strings
// (the cart's coupon field, lib/language.ts) loads them in that language.
const languageReady = initI18n(language);
const firstChunk = preloadFirstPage(window.location.pathname);
const store = createAppStore(undefined, isRtl(language));
/** How long the first render waits for the page's chunk and data before showing it loading. */
const FIRST_RENDER_WAIT_MS = 3000;

function render() {
  const container = document.getElementById('root');
  if (!container) throw new Error('#root is missing from index.html');
  const app = (
    <StrictMode>
      <App store={store} />
    </StrictMode>
  );
  // The server painted the menu's first screen in the cookie's language (apps/api/src/modules/web/menu-first-paint.ts):
  // adopt that markup instead of rebuilding it. Should it differ from the app's first render anyway, React renders
  // the page afresh; the attribute tells the browser tests, which fail on it.
  if (container.dataset.firstPaint && container.dataset.language === language) {
    // In a transition, hydration too is done in slices that yield to the browser.
    startTransition(() => {
      hydrateRoot(container, app, {
        onRecoverableError(error) {
          document.documentElement.dataset.hydration = 'recovered';
          console.error('The first paint did not match the app; rendered afresh.', error);
        },
      });
    });
    return;
  }
  const root = createRoot(container);
  // Replaces the static shell of index.html. A transition renders in slices that yield to the browser
  // (no long task while the page is built); only the commit is one piece.
  startTransition(() => root.render(app));
}

// The first render waits for the page's chunk and data (started above, in parallel) so it shows the page whole,
// instead of a skeleton replaced a moment later; Arabic ships in the entry, English waits for its chunk.
const waitCap = new Promise((resolve) => setTimeout(resolve, FIRST_RENDER_WAIT_MS));
void Promise.race([Promise.all([firstData, firstChunk, languageReady]), waitCap]).then(render);

// Spec §1: any registered service worker is unregistered at start-up (after the first render: it does not paint).
setTimeout(() => {
  navigator.serviceWorker
    ?.getRegistrations()
    .then((registrations) => {
      for (const registration of registrations) void registration.unregister();
    })
    .catch(() => {});
}, 0);
