// The entry is tiny on purpose: the browser first paints the HTML (the server's first paint of the menu, or the
// static shell), and only then evaluates the app, whose evaluation would otherwise come before the first paint.
// The app is evaluated in two tasks, React first, then the rest (app/boot.tsx), with a yield between: one task of
// ~110 KB gzip of JavaScript blocks input noticeably on a slow phone. The page's HTML preloads every chunk, so they
// are downloaded by the time they are needed (the server-painted menu: from its first paint on, see start()).
import { startStaffPreloads } from './app/staff-preloads';

/** /staff/manage and below (app/console-boot.tsx). */
const CONSOLE_PATH = /^\/staff\/manage(\/|$)/i;

const nextTask = () => new Promise((resolve) => setTimeout(resolve, 0));

let started = false;

async function start() {
  if (started) return;
  started = true;
  // The server-painted menu keeps its preloads (chunks, stylesheets, API calls) in a template until now
  // (apps/api/src/modules/web/spa-html.ts): put them in <head> before the imports, which find them there.
  const afterPaint = document.getElementById('after-paint') as HTMLTemplateElement | null;
  if (afterPaint) document.head.append(afterPaint.content);
  await import('react-dom/client');
  await nextTask();
  await import('./app/boot');
}

// The console's first API calls start with the HTML where a staff session may exist (docs/adr/0740).
startStaffPreloads(document, () => window.localStorage);

if (CONSOLE_PATH.test(window.location.pathname)) {
  // The management console has its own entry, without the diner's app (docs/adr/0770), and starts at once: its
  // HTML is a placeholder, and what it shows first waits for its data anyway (preloaded, as its chunks).
  void import('./app/console-boot');
} else if (document.visibilityState === 'hidden') {
  // A background tab gets no animation frames (and paints nothing): start now.
  void start();
} else if (document.getElementById('after-paint')) {
  // A page whose first screen is in its HTML loads nothing more before the browser has shown it
  // (docs/adr/0220-menu-preloads-after-first-paint.md). Paint entries are reported once the frame is presented,
  // later than the next animation frame; without one (an old browser), start after a second. The contentful paint,
  // not the first paint: that one can be the page's background alone, before the text (fonts) is drawn.
  new PerformanceObserver((list) => {
    if (list.getEntriesByName('first-contentful-paint').length > 0) setTimeout(() => void start(), 0);
  }).observe({ type: 'paint', buffered: true });
  setTimeout(() => void start(), 1000);
} else {
  requestAnimationFrame(() => setTimeout(() => void start(), 0));
}
