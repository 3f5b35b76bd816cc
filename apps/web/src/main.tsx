// The entry is tiny on purpose: the browser first paints the HTML (the server's first paint of the menu, or the
// static shell), and only then evaluates the app, whose evaluation would otherwise come before the first paint.
// The app is evaluated in two tasks, React first, then the rest (app/boot.tsx), with a yield between: one task of
// ~110 KB gzip of JavaScript blocks input noticeably on a slow phone. The page's HTML preloads every chunk, so they
// are downloaded by the time they are needed (the server-painted menu: from its first paint on, see start()).
const nextTask = () => new Promise((resolve) => setTimeout(resolve, 0));

async function start() {
  // The server-painted menu keeps its preloads (chunks, stylesheets, API calls) in a template until now
  // (apps/api/src/modules/web/spa-html.ts): put them in <head> before the imports, which find them there.
  const afterPaint = document.getElementById('after-paint');
  if (afterPaint instanceof HTMLTemplateElement) document.head.append(afterPaint.content);
  await import('react-dom/client');
  await nextTask();
  await import('./app/boot');
}

/**
 * Runs `then` once the browser has shown the first paint: when a page's first screen is in its HTML, nothing it
 * loads may finish before that paint (docs/adr/0220-menu-preloads-after-first-paint.md). The paint entry is
 * reported after the frame is presented, later than the next animation frame; a page that never reports one
 * (an old browser) starts after a second.
 */
function afterFirstPaint(then: () => void) {
  let started = false;
  const once = () => {
    if (started) return;
    started = true;
    then();
  };
  if (typeof PerformanceObserver !== 'undefined' && PerformanceObserver.supportedEntryTypes?.includes('paint')) {
    const observer = new PerformanceObserver((list) => {
      if (list.getEntriesByName('first-contentful-paint').length === 0) return;
      observer.disconnect();
      setTimeout(once, 0);
    });
    observer.observe({ type: 'paint', buffered: true });
  }
  setTimeout(once, 1000);
}

if (document.visibilityState === 'hidden') {
  // A background tab gets no animation frames (and paints nothing): start now.
  void start();
} else if (document.getElementById('after-paint')) {
  afterFirstPaint(() => void start());
} else {
  requestAnimationFrame(() => setTimeout(() => void start(), 0));
}
