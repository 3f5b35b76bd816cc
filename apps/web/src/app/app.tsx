import { pickLanguage } from '@sufra/shared/language';
import { useEffect } from 'react';
import { Router } from 'wouter';
import { useAppLocation } from '../lib/navigation';
import { useTranslation } from '../lib/use-translation';
import { setRtl } from '../stores/layout-slice';
import { StoreProvider } from '../stores/store-context';
import { AppRoutes } from './router';
import type { AppStore } from './store';

/** Keeps layout.isRTL in step with the interface language (spec §2). */
function LanguageSync({ store }: { store: AppStore }) {
  const { i18n } = useTranslation();
  useEffect(() => {
    const sync = (language: string) => store.dispatch(setRtl(pickLanguage(language) === 'ar'));
    sync(i18n.language);
    i18n.on('languageChanged', sync);
    return () => i18n.off('languageChanged', sync);
  }, [i18n, store]);
  return null;
}

export function App({ store }: { store: AppStore }) {
  // Handlers are attached from here on: a tap on the server-painted menu before this is not seen by the app.
  // Browser tests wait for the mark before they click (e2e/support/sufra.ts waitForApp).
  useEffect(() => {
    document.documentElement.dataset.app = 'ready';
  }, []);
  return (
    <StoreProvider store={store}>
      <LanguageSync store={store} />
      <Router hook={useAppLocation}>
        <AppRoutes />
      </Router>
    </StoreProvider>
  );
}
