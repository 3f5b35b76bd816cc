// The web app's index.html for the SPA fallback, with each page's lazy chunk announced up front: the browser
// fetches the page's JavaScript and CSS in parallel with the entry instead of after it has run.
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { type Language, pickLanguage } from '@sufra/shared/language';
import type { Brand } from '@sufra/shared/schemas/establishment';
import type { MenuResponse } from '@sufra/shared/schemas/menu';
import { type LocaleStrings, menuPageTitle, renderMenuFirstPaint } from './menu-first-paint.view.ts';

/** The parts of Vite's build manifest (`build.manifest`) we read. */
interface ManifestChunk {
  file: string;
  isEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
}
type Manifest = Record<string, ManifestChunk>;

/** The console's own entry (apps/web/src/app/console-boot.tsx), which the tiny entry loads on /staff/manage. */
const CONSOLE_BOOT = 'src/app/console-boot.tsx';

/**
 * The console's entry (with its door, apps/web/src/app/console-door.tsx) and the strings it waits for before anything
 * shows: its own and the staff sign-in's ('account'), both languages (docs/adr/0740, 0770: the console's cold open).
 */
const CONSOLE_MODULES = [
  CONSOLE_BOOT,
  'src/app/console-door.tsx',
  'src/locales/console.ar.json',
  'src/locales/console.en.json',
  'src/locales/account.ar.json',
  'src/locales/account.en.json',
] as const;

/**
 * Page paths → the web source modules of their lazy route chunks (the manifest's keys), as in apps/web/src/app/router.tsx.
 * A path that matches none gets the plain index.html; a module the build lacks is skipped.
 */
const PAGE_MODULES: ReadonlyArray<readonly [RegExp, ...string[]]> = [
  [/^\/menu\/[^/]+\/?$/i, 'src/diner/menu/routes/menu-route.tsx'],
  [/^\/qr\/[^/]+(\/.*)?$/i, 'src/diner/landing/routes/landing-route.tsx'],
  [/^\/items\/[^/]+\/[^/]+(\/[^/]+)?\/?$/i, 'src/diner/item/routes/item-route.tsx'],
  [/^\/cart\/[^/]+\/?$/i, 'src/diner/cart/routes/cart-route.tsx'],
  [/^\/register\/[^/]+\/?$/i, 'src/diner/account/routes/register-route.tsx'],
  [/^\/edit-profile\/[^/]+\/?$/i, 'src/diner/account/routes/edit-profile-route.tsx'],
  [/^\/order-type\/[^/]+\/?$/i, 'src/diner/ordering/routes/order-type-route.tsx'],
  [/^\/order-data\/[^/]+\/?$/i, 'src/diner/ordering/routes/order-data-route.tsx'],
  [/^\/checkout\/[^/]+\/?$/i, 'src/diner/ordering/routes/checkout-route.tsx'],
  [/^\/confirm-order\/[^/]+\/?$/i, 'src/diner/ordering/routes/confirm-order-route.tsx'],
  [/^\/orders\/[^/]+\/?$/i, 'src/diner/ordering/routes/orders-route.tsx'],
  [/^\/payment-failed\/[^/]+\/?$/i, 'src/diner/ordering/routes/payment-failed-route.tsx'],
  [/^\/card\/[^/]+\/?$/i, 'src/diner/ordering/routes/card-route.tsx'],
  [/^\/staff\/?$/i, 'src/app/staff-app.tsx'],
  // The console opened on its item list: the menu page's chunk and strings too (the console's own lazy page).
  [
    /^\/staff\/manage\/menu(\/.*)?$/i,
    ...CONSOLE_MODULES,
    'src/staff/manage-menu/menu-page.tsx',
    'src/locales/manage-menu.ar.json',
    'src/locales/manage-menu.en.json',
  ],
  [/^\/staff\/manage(\/.*)?$/i, ...CONSOLE_MODULES],
  [/^\/deactivated\/[^/]+\/?$/i, 'src/diner/errors/routes/deactivated-route.tsx'],
  [/^\/error\/?$/i, 'src/diner/errors/routes/error-route.tsx'],
];

export interface SpaPage {
  html: string;
  etag: string;
}

/** The manifest keys a chunk needs before it runs: itself and its static imports, transitively. */
function staticClosure(manifest: Manifest, key: string, seen = new Set<string>()): Set<string> {
  const chunk = manifest[key];
  if (seen.has(key) || !chunk) return seen;
  seen.add(key);
  for (const imported of chunk.imports ?? []) staticClosure(manifest, imported, seen);
  return seen;
}

export interface PageHints {
  /** Stylesheets to inline: the entry's and the page's. */
  inlineCss: string[];
  /** `<link>`s for `<head>`: the page chunk and its imports beyond the entry (which index.html already loads). */
  head: string[];
  /** `<link>`s for the end of `<body>`: the page's stylesheets, already inlined. */
  body: string[];
}

/**
 * What a page needs beyond what index.html already loads (the entry and its static imports): the app's boot chunk,
 * which the tiny entry imports once the HTML has painted (apps/web/src/main.tsx), or on the console's pages the
 * console's own entry instead (docs/adr/0770), and the page's own chunk, each
 * with their static imports; and all their CSS, to inline.
 */
export function pageHints(manifest: Manifest, modules: string | readonly string[]): PageHints {
  const hints: PageHints = { inlineCss: [], head: [], body: [] };
  const entryKey = Object.keys(manifest).find((key) => manifest[key]?.isEntry);
  if (!entryKey) return hints;
  const entry = staticClosure(manifest, entryKey);
  const cssOf = (keys: Iterable<string>) => [...new Set([...keys].flatMap((key) => manifest[key]?.css ?? []))];
  const entryCss = cssOf(entry);
  const needed = new Set<string>();
  const pageModules = typeof modules === 'string' ? [modules] : modules;
  // The entry loads one of its two boots: the console's own on its pages (0770), the app's everywhere else.
  const consolePage = pageModules.includes(CONSOLE_BOOT);
  for (const boot of manifest[entryKey]?.dynamicImports ?? [])
    if (consolePage ? !/^src\/app\/boot\.tsx$/.test(boot) : boot !== CONSOLE_BOOT)
      staticClosure(manifest, boot, needed);
  for (const module of pageModules) if (module && manifest[module]) staticClosure(manifest, module, needed);
  const extra = [...needed].filter((key) => !entry.has(key));
  const extraCss = cssOf(extra).filter((file) => !entryCss.includes(file));
  hints.inlineCss.push(...entryCss, ...extraCss);
  // The same attributes as Vite's own links, so its preload helper finds them and does not fetch again.
  // Low priority: fetched early, but after what the first paint needs (the HTML is the first paint); at high
  // priority ~15 scripts compete with it on a slow connection (and Lighthouse counts them as render-blocking).
  // Not on the console's pages: their HTML is only a placeholder, and what they show first waits for these chunks;
  // Chromium holds low-priority requests (even disk-cache hits) until the parser is done (docs/adr/0800).
  const priority = consolePage ? '' : ' fetchpriority="low"';
  hints.head = extra.map((key) => `<link rel="modulepreload" crossorigin href="/${manifest[key]?.file}"${priority}>`);
  // On the console's pages the stylesheets' links are disabled (not fetched, their rules not applied a second time
  // over the inlined copy): they only tell Vite's chunk loader not to fetch them, as after the menu's first paint.
  const disabled = consolePage ? ' disabled' : '';
  hints.body = extraCss.map((file) => `<link rel="stylesheet" crossorigin href="/${file}"${disabled}>`);
  return hints;
}

/**
 * index.html with the hints applied. The CSS goes inline so the static shell paints without waiting for a stylesheet
 * (the CSP allows inline styles, not scripts); the page's own `<link rel="stylesheet">` stays, at the end of `<body>`
 * where it blocks nothing above it, because Vite's chunk loader looks for it and would otherwise fetch it again.
 */
function pageOf(html: string, hints: PageHints, readAsset: (file: string) => string | null): SpaPage {
  let body = html;
  const styles: string[] = [];
  for (const file of hints.inlineCss) {
    const css = readAsset(file);
    if (css === null || css.includes('</')) continue;
    styles.push(css);
    const link = `<link rel="stylesheet" crossorigin href="/${file}">`;
    body = body.replace(new RegExp(`\\n\\s*${link.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`), '');
  }
  const head = [...(styles.length ? [`<style>${styles.join('\n')}</style>`] : []), ...hints.head];
  if (head.length) body = body.replace('</head>', `    ${head.join('\n    ')}\n  </head>`);
  if (hints.body.length) body = body.replace('</body>', `    ${hints.body.join('\n    ')}\n  </body>`);
  return withEtag(body);
}

function withEtag(html: string): SpaPage {
  return { html, etag: `"${createHash('sha256').update(html).digest('base64url').slice(0, 27)}"` };
}

/** The cookie the web app keeps its interface language in for us (localStorage is out of the server's sight). */
const LANGUAGE_COOKIE = /(?:^|;\s*)sufra_language=(ar|en)(?:;|$)/;
const ESTABLISHMENT_PAGE =
  /^\/(menu|qr|items|cart)\/([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})(?:\/|$)/i;
const UTM_SOURCE = /^[\w.-]{1,100}$/;

export interface PageRequest {
  path: string;
  /** The page's utm_source query value, if any (the app passes it on to the QR's data). */
  utmSource?: unknown;
  /** The Cookie header. */
  cookie?: string | undefined;
}

/** What the menu's first paint needs: the brand and the branch menu of a QR code, or null when it has none to show. */
export type MenuPageData = (uuid: string, language: Language) => Promise<{ brand: Brand; menu: MenuResponse } | null>;

function cookieLanguage(cookie: string | undefined): Language {
  return pickLanguage(LANGUAGE_COOKIE.exec(cookie ?? '')?.[1] ?? 'ar');
}

/**
 * Preloads of the API calls the app makes first on an establishment's page, so they start with the HTML instead of
 * after the entry has run: the QR's data on every page, the menu on /menu and /cart. The URLs are exactly the ones the app
 * requests (apps/web/src/app/route-data-prefetch.ts; same-origin API), and `use-credentials` matches its fetch,
 * so the browser hands it the preloaded responses. Language from the app's cookie, Arabic by default, as in the app.
 */
export function dataPreloads({ path, utmSource, cookie }: PageRequest): string[] {
  const match = ESTABLISHMENT_PAGE.exec(path);
  if (!match) return [];
  const page = match[1]?.toLowerCase();
  const uuid = match[2] ?? '';
  const utm = typeof utmSource === 'string' ? utmSource.trim() : '';
  const qrData = `/api/restaurant/qr/${uuid}/data/${UTM_SOURCE.test(utm) ? `?utm_source=${utm}` : ''}`;
  const urls = [qrData];
  // The cart prices its lines from the menu.
  if (page === 'menu' || page === 'cart') urls.push(`/api/menu/qr/${uuid}/?lang=${cookieLanguage(cookie)}`);
  return urls.map((url) => `<link rel="preload" as="fetch" crossorigin="use-credentials" href="${url}">`);
}

/**
 * The web app's hint that this browser may hold a staff session (apps/web/src/app/staff-preloads.ts keeps it in step
 * with lib/staff-request.ts's), a cookie of path /staff: unlike the session's own (path /api), it reaches the page's
 * HTML request, so the console's first API calls can go in `<head>` and start with the HTML (docs/adr/0770). Only a
 * hint: the calls themselves are authenticated as ever.
 */
const STAFF_HINT_COOKIE = /(?:^|;\s*)sufra_staff=1(?:;|$)/;

/** The item list's first page as the console asks for it (apps/web/src/staff/manage-menu/routes/items-page.tsx). */
export const CONSOLE_ITEM_LIST_FIRST_PAGE = '/api/staff/manage/menu/items/?status=all&sort=menu&direction=asc&offset=0';
const CONSOLE_PAGE = /^\/staff\/manage(\/[^?#]*)?$/i;
const CONSOLE_ITEM_LIST = /^\/staff\/manage\/menu\/?$/i;

/**
 * The console's first API calls (docs/adr/0740): the session check, and on the item list its first page. The staff
 * cookies travel only to /api, so the server cannot tell a signed-in visitor: these go in `<template
 * id="staff-preloads">`, which the entry (apps/web/src/main.tsx) puts into `<head>` only where the browser may hold a
 * staff session, so they start with the HTML instead of after the app, the console's chunk and its strings have loaded.
 * With the staff hint cookie (STAFF_HINT_COOKIE) they go straight into `<head>` instead.
 */
export function staffPreloads(path: string): string[] {
  if (!CONSOLE_PAGE.test(path)) return [];
  const urls = ['/api/staff/me/'];
  if (CONSOLE_ITEM_LIST.test(path)) urls.push(CONSOLE_ITEM_LIST_FIRST_PAGE);
  return urls.map(
    (url) => `<link rel="preload" as="fetch" crossorigin="use-credentials" href="${url.replace(/&/g, '&amp;')}">`,
  );
}

const MENU_PAGE = /^\/menu\/([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})\/?$/i;
const STATIC_SHELL = /<div id="root">[^\n]*<\/div>/;

/**
 * /menu/{uuid}: the menu's first screen painted in the HTML (menu-first-paint.ts), in the cookie's language, which
 * the app hydrates. Anything unusual (unknown or inactive QR, menu switched off, no strings) keeps the static shell:
 * the app then shows the right screen itself.
 */
async function withMenuFirstPaint(
  html: string,
  request: PageRequest,
  menuPageData: MenuPageData,
  locales: Partial<Record<Language, LocaleStrings>>,
  imageHost: string,
): Promise<string> {
  const uuid = MENU_PAGE.exec(request.path)?.[1]?.toLowerCase();
  const language = cookieLanguage(request.cookie);
  const strings = locales[language];
  if (!uuid || !strings) return html;
  const data = await menuPageData(uuid, language).catch(() => null);
  if (!data) return html;
  const root = renderMenuFirstPaint({ uuid, language, strings, imageHost, ...data });
  if (!root) return html;
  const title = menuPageTitle(strings, data.brand, language).replace(/&/g, '&amp;').replace(/</g, '&lt;');
  return html
    .replace('<html lang="ar" dir="rtl">', `<html lang="${language}" dir="${language === 'ar' ? 'rtl' : 'ltr'}">`)
    .replace(/<title>[^<]*<\/title>/, `<title>${title}</title>`)
    .replace(STATIC_SHELL, () => `<div id="root" data-first-paint="menu" data-language="${language}">${root}</div>`);
}

/**
 * A page whose first screen is in the HTML (the menu) needs nothing else to paint it: its preloads (the page's
 * chunks, its already-inlined stylesheets, the API calls) move into `<template id="after-paint">`, which the entry
 * (apps/web/src/main.tsx) puts into `<head>` once the browser reports the first paint. Left in the HTML, they raced
 * the paint: on localhost they sometimes finished before it, and Lighthouse's simulation then counted ~15 chunks
 * over slow 4G before the LCP (~2.2 s instead of ~1.1 s; docs/adr/0220-menu-preloads-after-first-paint.md).
 */
function untilPainted(html: string, links: string[]): string {
  let body = html;
  for (const link of links) body = body.replace(`\n    ${link}`, '').replace(link, '');
  // The stylesheets are inline already: their links only tell Vite's chunk loader not to fetch them. Disabled, a
  // link is not fetched, so the browser does not restyle the whole page when it arrives after the paint.
  const deferred = links.map((link) =>
    link.startsWith('<link rel="stylesheet"') ? link.replace(/>$/, ' disabled>') : link,
  );
  return body.replace('</body>', `  <template id="after-paint">${deferred.join('')}</template>\n  </body>`);
}

/**
 * The strings the console loads in the interface language only: the sign-in's (apps/web/src/lib/language.ts,
 * `pageStrings`). The console's own and the menu page's load both languages at once (a language switch then needs no
 * load), so both stay preloaded.
 */
const LOCALE_MODULE = /^src\/locales\/account\.(ar|en)\.json$/;

/**
 * The sign-in's strings in the language the cookie names (the app keeps the cookie in step with its own choice): the
 * other language's chunk is left out of the preloads, which the browser would fetch and compile for nothing
 * (docs/adr/0800). Without the cookie (a first visit), both.
 */
function withoutOtherLanguage(modules: readonly string[], cookie: string | undefined): readonly string[] {
  const language = LANGUAGE_COOKIE.exec(cookie ?? '')?.[1];
  if (!language || !modules.includes(CONSOLE_BOOT)) return modules;
  return modules.filter((module) => (LOCALE_MODULE.exec(module)?.[1] ?? language) === language);
}

export interface SpaHtmlOptions {
  /** Enables the menu's first paint in the HTML. */
  menuPageData?: MenuPageData;
  /** Prefix for relative image paths in that paint, as the app's own (config IMAGE_HOST). */
  imageHost?: string;
}

/**
 * Serves `webDist/index.html` per page path, rendered once per page module and kept until index.html changes
 * (a new build). Without a manifest (an older build) every page gets the plain file.
 */
export function createSpaHtml(
  webDist: string,
  options: SpaHtmlOptions = {},
): (request: PageRequest) => Promise<SpaPage> {
  const indexPath = join(webDist, 'index.html');
  const manifestPath = join(webDist, '.vite', 'manifest.json');
  const localesPath = join(webDist, '.vite', 'locales.json');
  let builtAt = -1;
  let html = '';
  let manifest: Manifest = {};
  let locales: Partial<Record<Language, LocaleStrings>> = {};
  const pages = new Map<string, { page: SpaPage; hints: PageHints }>();

  const reloadIfRebuilt = () => {
    const mtime = statSync(indexPath).mtimeMs;
    if (mtime === builtAt) return;
    builtAt = mtime;
    html = readFileSync(indexPath, 'utf8');
    manifest = existsSync(manifestPath) ? (JSON.parse(readFileSync(manifestPath, 'utf8')) as Manifest) : {};
    locales = existsSync(localesPath) ? (JSON.parse(readFileSync(localesPath, 'utf8')) as typeof locales) : {};
    pages.clear();
  };

  const readAsset = (file: string) => {
    const path = join(webDist, file);
    return existsSync(path) ? readFileSync(path, 'utf8') : null;
  };

  return async (request) => {
    reloadIfRebuilt();
    // The entries after a page's pattern are module names (strings).
    const listed = (PAGE_MODULES.find(([pattern]) => pattern.test(request.path))?.slice(1) ?? []) as string[];
    const modules = withoutOtherLanguage(listed, request.cookie);
    const key = modules.join(' ');
    let built = pages.get(key);
    if (!built) {
      const hints = pageHints(manifest, modules);
      built = { page: pageOf(html, hints, readAsset), hints };
      pages.set(key, built);
    }
    const { page, hints } = built;
    const staff = staffPreloads(request.path);
    // A browser that says it may hold a staff session (0770) gets them in <head>, first: they start with the HTML.
    if (staff.length && STAFF_HINT_COOKIE.test(request.cookie ?? ''))
      return withEtag(page.html.replace(/<title>|<\/head>/, (tag) => `${staff.join('\n    ')}\n    ${tag}`));
    if (staff.length)
      return withEtag(
        page.html.replace('</body>', `  <template id="staff-preloads">${staff.join('')}</template>\n  </body>`),
      );
    const preloads = dataPreloads(request);
    if (!preloads.length) return page;
    // First in <head>: the data is what the page waits for longest.
    let body = page.html.replace('<title>', `${preloads.join('\n    ')}\n    <title>`);
    if (options.menuPageData) {
      const painted = await withMenuFirstPaint(body, request, options.menuPageData, locales, options.imageHost ?? '');
      if (painted !== body) body = untilPainted(painted, [...preloads, ...hints.head, ...hints.body]);
    }
    return withEtag(body);
  };
}
