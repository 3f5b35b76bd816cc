// The entry is tiny on purpose: the browser first paints the HTML (the server's first paint of the menu, or the
// static shell), and only then evaluates the app, whose evaluation would otherwise come before the first paint.
// The app is evaluated in two tasks, React first, then the rest (app/boot.tsx), with a yield between: one task of
// ~110 KB gzip of JavaScript blocks input noticeably on a slow phone. The page's HTML preloads every chunk, so they
// are downloaded by the time they are needed.
const nextTask = () => new Promise((resolve) => setTimeout(resolve, 0));

async function start() {
  await import('react-dom/client');
  await nextTask();
  await import('./app/boot');
}

if (document.visibilityState === 'hidden') {
  // A background tab gets no animation frames: start now.
  void start();
} else {
  requestAnimationFrame(() => setTimeout(() => void start(), 0));
}
