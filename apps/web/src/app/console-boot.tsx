// The management console's own entry (docs/adr/0770): main.tsx loads this instead of app/boot.tsx on /staff/manage.
// No diner app shell (store, the diner's routes, cart): the console needs none of them. It opens the console (its
// strings, the session check and the addressed page's chunk and first data, all preloaded from the HTML, 0740)
// before its first render, and renders the frame and the page in one pass. Leaving the console for another page of
// the app (the order board, a staff section) loads that page afresh.
import { StrictMode, Suspense, useEffect, useLayoutEffect } from 'react';
import { createRoot } from 'react-dom/client';
import { Route, Router, Switch } from 'wouter';
import { ErrorBoundary } from '../components/ui/error-boundary';
import { ChunkErrorScreen, PageFallback } from '../components/ui/page-fallback';
import { paths } from '../config/paths';
import { storedLanguage } from '../lib/language';
import { useAppLocation } from '../lib/navigation';
import type { StaffSession } from '../lib/use-staff-session';
import ConsoleDoor, { openConsole } from './console-door';
import { initI18n } from './i18n';
import './global.css';

const language = storedLanguage();
const languageReady = initI18n(language);
const consolePath = window.location.pathname.replace(/^\/staff\/manage/i, '') || '/';
const opened = openConsole(consolePath, language);
/** How long the first render waits for the console to open before showing it loading (as app/boot.tsx). */
const FIRST_RENDER_WAIT_MS = 3000;

/** The session checked before the first render: handed to the console once (a later return re-checks). */
let firstSession: StaffSession | undefined;

function OpenedConsole() {
  const initial = firstSession;
  useEffect(() => {
    firstSession = undefined;
  }, []);
  return <ConsoleDoor initialSession={initial} />;
}

/**
 * Another page of the app (the order board, a staff section the sidebar links to): this entry has none of them, so
 * the browser loads that address afresh, as a link to another app would (the session is in the cookies).
 */
function ElsewhereInTheApp() {
  useLayoutEffect(() => window.location.reload(), []);
  return <PageFallback />;
}

function ConsoleRoot() {
  // Browser tests wait for this mark before they click (e2e/support/sufra.ts waitForApp), as app/app.tsx sets it.
  useEffect(() => {
    document.documentElement.dataset.app = 'ready';
  }, []);
  return (
    <Router hook={useAppLocation}>
      <ErrorBoundary resetKey="console" fallback={() => <ChunkErrorScreen />}>
        <Suspense fallback={<PageFallback />}>
          <Switch>
            <Route path={paths.staffManage.pattern} nest>
              <OpenedConsole />
            </Route>
            <Route>
              <ElsewhereInTheApp />
            </Route>
          </Switch>
        </Suspense>
      </ErrorBoundary>
    </Router>
  );
}

function render() {
  const container = document.getElementById('root');
  if (!container) throw new Error('#root is missing from index.html');
  // One render of the opened console (not in a transition: nothing is on screen to keep responsive meanwhile).
  createRoot(container).render(
    <StrictMode>
      <ConsoleRoot />
    </StrictMode>,
  );
}

const waitCap = new Promise<undefined>((resolve) => setTimeout(resolve, FIRST_RENDER_WAIT_MS, undefined));
// A chunk that failed to load renders too: the console's own boundary then shows the error screen.
void Promise.race([Promise.all([opened, languageReady]).then(([session]) => session), waitCap])
  .catch(() => undefined)
  .then((session) => {
    firstSession = session;
    render();
  });

// Spec §1: any registered service worker is unregistered at start-up (as app/boot.tsx does).
setTimeout(() => {
  navigator.serviceWorker
    ?.getRegistrations()
    .then((registrations) => {
      for (const registration of registrations) void registration.unregister();
    })
    .catch(() => {});
}, 0);
