import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createSpaHtml, dataPreloads } from './spa-html.ts';

const INDEX =
  '<!doctype html><html><head><script type="module" crossorigin src="/assets/index-1.js"></script>\n  </head><body><div id="root"></div></body></html>';

// A Vite manifest shaped like the real one: the entry, a shared chunk, and the menu page with its CSS.
const MANIFEST = {
  'index.html': { file: 'assets/index-1.js', isEntry: true, imports: ['_react-1.js'], css: ['assets/index-1.css'] },
  '_react-1.js': { file: 'assets/react-1.js' },
  '_money-1.js': { file: 'assets/money-1.js', imports: ['_react-1.js'] },
  'src/features/menu/routes/menu-route.tsx': {
    file: 'assets/menu-route-1.js',
    isDynamicEntry: true,
    imports: ['index.html', '_react-1.js', '_money-1.js'],
    css: ['assets/menu-route-1.css'],
  },
};

describe('the SPA page HTML', () => {
  let dist: string;
  beforeEach(() => {
    dist = mkdtempSync(join(tmpdir(), 'sufra-spa-'));
    mkdirSync(join(dist, '.vite'));
    writeFileSync(join(dist, 'index.html'), INDEX);
    writeFileSync(join(dist, '.vite', 'manifest.json'), JSON.stringify(MANIFEST));
  });
  afterEach(() => rmSync(dist, { recursive: true, force: true }));

  it('preloads the menu page chunk, its imports beyond the entry, and its CSS', () => {
    const { html } = createSpaHtml(dist)({ path: '/menu/3f2b8c1e-7a4d-4e8b-9c2a-1d5e6f7a8b9c' });
    expect(html).toContain('<link rel="modulepreload" crossorigin href="/assets/menu-route-1.js">');
    expect(html).toContain('<link rel="modulepreload" crossorigin href="/assets/money-1.js">');
    expect(html).toContain('<link rel="stylesheet" crossorigin href="/assets/menu-route-1.css">');
    expect(html).not.toContain('href="/assets/react-1.js"'); // the entry's own import: already loaded
    expect(html.indexOf('menu-route-1.js')).toBeLessThan(html.indexOf('</head>'));
    expect(html).not.toContain('<script>'); // the CSP allows no inline script
  });

  it('matches page paths case-insensitively, as the router does', () => {
    expect(createSpaHtml(dist)({ path: '/MENU/abc' }).html).toContain('menu-route-1.js');
  });

  it('serves the plain index.html to pages without a known chunk', () => {
    expect(createSpaHtml(dist)({ path: '/somewhere/else' }).html).toBe(INDEX);
  });

  it('serves the plain index.html when the build has no manifest', () => {
    rmSync(join(dist, '.vite'), { recursive: true });
    expect(createSpaHtml(dist)({ path: '/menu/abc' }).html).toBe(INDEX);
  });

  it('gives each page version its own ETag and keeps it while the build is unchanged', () => {
    const spaHtml = createSpaHtml(dist);
    const menu = spaHtml({ path: '/menu/a' });
    expect(spaHtml({ path: '/menu/b' })).toBe(menu);
    expect(spaHtml({ path: '/other' }).etag).not.toBe(menu.etag);
  });

  it('picks up a new build', () => {
    const spaHtml = createSpaHtml(dist);
    spaHtml({ path: '/menu/a' });
    writeFileSync(join(dist, 'index.html'), INDEX.replace('index-1.js', 'index-2.js'));
    utimesSync(join(dist, 'index.html'), new Date(), new Date(Date.now() + 5000));
    expect(spaHtml({ path: '/menu/a' }).html).toContain('index-2.js');
  });
});

describe('preloading the first API calls of an establishment page', () => {
  const uuid = '3f2b8c1e-7a4d-4e8b-9c2a-1d5e6f7a8b9c';
  const link = (href: string) => `<link rel="preload" as="fetch" crossorigin="use-credentials" href="${href}">`;

  it('preloads the QR data and the Arabic menu on the menu page by default', () => {
    expect(dataPreloads({ path: `/menu/${uuid}` })).toEqual([
      link(`/api/restaurant/qr/${uuid}/data/`),
      link(`/api/menu/qr/${uuid}/?lang=ar`),
    ]);
  });

  it('preloads the menu in the language the app keeps in its cookie', () => {
    const [, menu] = dataPreloads({ path: `/menu/${uuid}`, cookie: 'a=1; sufra_language=en' });
    expect(menu).toBe(link(`/api/menu/qr/${uuid}/?lang=en`));
  });

  it('passes a valid utm_source on to the QR data, as the app does, and drops an invalid one', () => {
    expect(dataPreloads({ path: `/qr/${uuid}`, utmSource: ' flyer-1 ' })).toEqual([
      link(`/api/restaurant/qr/${uuid}/data/?utm_source=flyer-1`),
    ]);
    expect(dataPreloads({ path: `/qr/${uuid}`, utmSource: '"><script>' })).toEqual([
      link(`/api/restaurant/qr/${uuid}/data/`),
    ]);
  });

  it('preloads nothing for a path that is not a uuid page', () => {
    expect(dataPreloads({ path: '/menu/not-a-uuid"><b>' })).toEqual([]);
    expect(dataPreloads({ path: '/error' })).toEqual([]);
  });

  it('puts the preloads into the served page, with their own ETag', () => {
    const dist = mkdtempSync(join(tmpdir(), 'sufra-spa-'));
    try {
      writeFileSync(join(dist, 'index.html'), '<html><head><title>x</title></head><body></body></html>');
      const spaHtml = createSpaHtml(dist);
      const page = spaHtml({ path: `/menu/${uuid}` });
      expect(page.html).toContain(link(`/api/menu/qr/${uuid}/?lang=ar`));
      expect(page.etag).not.toBe(spaHtml({ path: '/error' }).etag);
    } finally {
      rmSync(dist, { recursive: true, force: true });
    }
  });
});
