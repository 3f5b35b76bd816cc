import { isRtl } from '@sufra/shared/language';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { initI18n } from './app/i18n';
import { createAppStore } from './app/store';
import { storedLanguage } from './lib/language';
import './app/global.css';

// Spec §1: any registered service worker is unregistered at start-up.
navigator.serviceWorker
  ?.getRegistrations()
  .then((registrations) => {
    for (const registration of registrations) void registration.unregister();
  })
  .catch(() => {});

const language = storedLanguage();
const store = createAppStore(undefined, isRtl(language));

void initI18n(language).then(() => {
  const container = document.getElementById('root');
  if (!container) throw new Error('#root is missing from index.html');
  createRoot(container).render(
    <StrictMode>
      <App store={store} />
    </StrictMode>,
  );
});
