import { isRtl } from '@sufra/shared/language';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { initI18n } from './app/i18n';
import { prefetchRouteData } from './app/route-data-prefetch';
import { createAppStore } from './app/store';
import { storedLanguage } from './lib/language';
import './app/global.css';

const language = storedLanguage();
// The first page's data is requested before anything else, in parallel with its lazy chunk.
prefetchRouteData(window.location, language);
const store = createAppStore(undefined, isRtl(language));

function render() {
  const container = document.getElementById('root');
  if (!container) throw new Error('#root is missing from index.html');
  // Replaces the static shell of index.html.
  createRoot(container).render(
    <StrictMode>
      <App store={store} />
    </StrictMode>,
  );
}

// Arabic (the default) is in the entry, so the first render is synchronous; English waits for its chunk.
const pending = initI18n(language);
if (pending) void pending.then(render);
else render();

// Spec §1: any registered service worker is unregistered at start-up (after the first render: it does not paint).
setTimeout(() => {
  navigator.serviceWorker
    ?.getRegistrations()
    .then((registrations) => {
      for (const registration of registrations) void registration.unregister();
    })
    .catch(() => {});
}, 0);
