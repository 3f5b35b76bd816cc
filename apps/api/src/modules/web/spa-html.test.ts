import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { CONSOLE_ITEM_LIST_FIRST_PAGE, createSpaHtml, dataPreloads, staffPreloads } from './spa-html.view.ts';

const INDEX =
  '<!doctype html><html><head><script type="module" crossorigin src="/assets/index-1.js"></script>\n  </head><body><div id="root"></div></body></html>';

// A Vite manifest shaped like the real one: the entry, a shared chunk, and the menu page with its CSS.
const MANIFEST = {
  'index.html': { file: 'assets/index-1.js', isEntry: true, imports: ['_react-1.js'], css: ['assets/index-1.css'] },
  '_react-1.js': { file: 'assets/react-1.js' },
  '_money-1.js': { file: 'assets/money-1.js', imports: ['_react-1.js'] },
  'src/diner/menu/routes/menu-route.tsx': {
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

  it('preloads the menu page chunk, its imports beyond the entry, and its CSS', async () => {
    const { html } = await createSpaHtml(dist)({ path: '/menu/3f2b8c1e-7a4d-4e8b-9c2a-1d5e6f7a8b9c' });
    expect(html).toContain('<link rel="modulepreload" crossorigin href="/assets/menu-route-1.js" fetchpriority="low">');
    expect(html).toContain('<link rel="modulepreload" crossorigin href="/assets/money-1.js" fetchpriority="low">');
    expect(html).toContain('<link rel="stylesheet" crossorigin href="/assets/menu-route-1.css">');
    expect(html).not.toContain('href="/assets/react-1.js"'); // the entry's own import: already loaded
    expect(html.indexOf('menu-route-1.js')).toBeLessThan(html.indexOf('</head>'));
    expect(html).not.toContain('<script>'); // the CSP allows no inline script
  });

  it('preloads the boot chunk the entry imports after the first paint, on every page, with its CSS inlined', async () => {
    const withBoot = {
      ...MANIFEST,
      'index.html': { file: 'assets/index-1.js', isEntry: true, dynamicImports: ['src/app/boot.tsx'] },
      'src/app/boot.tsx': {
        file: 'assets/boot-1.js',
        isDynamicEntry: true,
        imports: ['_react-1.js'],
        css: ['assets/boot-1.css'],
      },
    };
    writeFileSync(join(dist, '.vite', 'manifest.json'), JSON.stringify(withBoot));
    for (const path of ['/menu/abc', '/somewhere/else']) {
      const { html } = await createSpaHtml(dist)({ path });
      expect(html).toContain('<link rel="modulepreload" crossorigin href="/assets/boot-1.js" fetchpriority="low">');
      expect(html).toContain('<link rel="modulepreload" crossorigin href="/assets/react-1.js" fetchpriority="low">');
    }
  });

  it('matches page paths case-insensitively, as the router does', async () => {
    expect((await createSpaHtml(dist)({ path: '/MENU/abc' })).html).toContain('menu-route-1.js');
  });

  it('serves the plain index.html to pages without a known chunk (and a build without a boot chunk)', async () => {
    expect((await createSpaHtml(dist)({ path: '/somewhere/else' })).html).toBe(INDEX);
  });

  it('serves the plain index.html when the build has no manifest', async () => {
    rmSync(join(dist, '.vite'), { recursive: true });
    expect((await createSpaHtml(dist)({ path: '/menu/abc' })).html).toBe(INDEX);
  });

  it('gives each page version its own ETag and keeps it while the build is unchanged', async () => {
    const spaHtml = createSpaHtml(dist);
    const menu = await spaHtml({ path: '/menu/a' });
    expect(await spaHtml({ path: '/menu/b' })).toBe(menu);
    expect((await spaHtml({ path: '/other' })).etag).not.toBe(menu.etag);
  });

  it("preloads the console's door, its strings and, on the item list, the menu page's chunk (docs/adr/0740)", async () => {
    const chunk = (file: string, imports: string[] = []) => ({ file, isDynamicEntry: true, imports });
    const withConsole = {
      ...MANIFEST,
      'src/app/console-door.tsx': {
        ...chunk('assets/console-door-1.js', ['_money-1.js']),
        css: ['assets/console-1.css'],
      },
      'src/locales/console.ar.json': chunk('assets/console.ar-1.js'),
      'src/locales/console.en.json': chunk('assets/console.en-1.js'),
      'src/locales/account.ar.json': chunk('assets/account.ar-1.js'),
      'src/locales/account.en.json': chunk('assets/account.en-1.js'),
      'src/staff/manage-menu/menu-page.tsx': chunk('assets/menu-page-1.js'),
      'src/locales/manage-menu.ar.json': chunk('assets/manage-menu.ar-1.js'),
      'src/locales/manage-menu.en.json': chunk('assets/manage-menu.en-1.js'),
    };
    writeFileSync(join(dist, '.vite', 'manifest.json'), JSON.stringify(withConsole));
    const spaHtml = createSpaHtml(dist);
    const preloaded = (html: string) =>
      [...html.matchAll(/rel="modulepreload" crossorigin href="\/assets\/([^"]+)"/g)].map((m) => m[1]).sort();
    const door = ['account.ar-1.js', 'account.en-1.js', 'console-door-1.js', 'console.ar-1.js', 'console.en-1.js'];
    const list = (await spaHtml({ path: '/staff/manage/menu' })).html;
    expect(preloaded(list)).toEqual(
      [...door, 'manage-menu.ar-1.js', 'manage-menu.en-1.js', 'menu-page-1.js', 'money-1.js'].sort(),
    );
    expect(list).toContain('<link rel="stylesheet" crossorigin href="/assets/console-1.css" disabled>');
    expect(preloaded((await spaHtml({ path: '/staff/manage/tables' })).html)).toEqual([...door, 'money-1.js'].sort());
    expect(preloaded((await spaHtml({ path: '/staff/manage' })).html)).toEqual([...door, 'money-1.js'].sort());
    expect(preloaded((await spaHtml({ path: '/staff/managers' })).html)).toEqual([]);

    // With the language cookie, the sign-in's strings in that language only (the app loads them so; the console's
    // and the menu page's come in both languages at once): docs/adr/0800.
    const english = (await spaHtml({ path: '/staff/manage/menu', cookie: 'sufra_language=en; sufra_staff=1' })).html;
    const withoutAccount = (language: string) => door.filter((file) => file !== `account.${language}-1.js`);
    expect(preloaded(english)).toEqual(
      [...withoutAccount('ar'), 'manage-menu.ar-1.js', 'manage-menu.en-1.js', 'menu-page-1.js', 'money-1.js'].sort(),
    );
    const arabic = (await spaHtml({ path: '/staff/manage/tables', cookie: 'sufra_language=ar' })).html;
    expect(preloaded(arabic)).toEqual([...withoutAccount('en'), 'money-1.js'].sort());
  });

  it("fetches the console's chunks at the default priority and applies its stylesheets once, inlined (docs/adr/0800)", async () => {
    const withConsole = {
      ...MANIFEST,
      'src/app/console-door.tsx': {
        file: 'assets/console-door-1.js',
        isDynamicEntry: true,
        imports: ['_money-1.js'],
        css: ['assets/console-1.css'],
      },
    };
    writeFileSync(join(dist, '.vite', 'manifest.json'), JSON.stringify(withConsole));
    const spaHtml = createSpaHtml(dist);
    const consoleHtml = (await spaHtml({ path: '/staff/manage/menu', cookie: 'sufra_staff=1' })).html;
    expect(consoleHtml).toContain('<link rel="modulepreload" crossorigin href="/assets/console-door-1.js">');
    expect(consoleHtml).toContain('<link rel="modulepreload" crossorigin href="/assets/money-1.js">');
    expect(consoleHtml).not.toContain('fetchpriority');
    expect(consoleHtml).toContain('<link rel="stylesheet" crossorigin href="/assets/console-1.css" disabled>');
    // The diner's pages as before: low priority (their HTML is their first paint), their stylesheets' links live.
    const diner = (await spaHtml({ path: '/menu/abc' })).html;
    expect(diner).toContain('<link rel="modulepreload" crossorigin href="/assets/money-1.js" fetchpriority="low">');
    expect(diner).toContain('<link rel="stylesheet" crossorigin href="/assets/menu-route-1.css">');
  });

  it("preloads the console's own entry on its pages and the app's boot everywhere else, never both (docs/adr/0770)", async () => {
    const chunk = (file: string, imports: string[] = []) => ({ file, isDynamicEntry: true, imports });
    const twoBoots = {
      ...MANIFEST,
      'index.html': {
        file: 'assets/index-1.js',
        isEntry: true,
        dynamicImports: ['src/app/boot.tsx', 'src/app/console-boot.tsx'],
      },
      'src/app/boot.tsx': chunk('assets/boot-1.js', ['_store-1.js']),
      '_store-1.js': { file: 'assets/store-1.js' },
      'src/app/console-boot.tsx': chunk('assets/console-boot-1.js', ['src/app/console-door.tsx']),
      'src/app/console-door.tsx': chunk('assets/console-door-1.js', ['_money-1.js']),
    };
    writeFileSync(join(dist, '.vite', 'manifest.json'), JSON.stringify(twoBoots));
    const spaHtml = createSpaHtml(dist);
    const preloaded = (html: string) =>
      [...html.matchAll(/rel="modulepreload" crossorigin href="\/assets\/([^"]+)"/g)].map((m) => m[1]).sort();
    for (const path of ['/staff/manage/menu', '/staff/manage/tables', '/staff/manage']) {
      const html = (await spaHtml({ path })).html;
      expect(preloaded(html), path).toEqual(expect.arrayContaining(['console-boot-1.js', 'console-door-1.js']));
      expect(preloaded(html), path).not.toContain('boot-1.js');
      expect(preloaded(html), path).not.toContain('store-1.js');
    }
    for (const path of ['/menu/abc', '/staff', '/somewhere/else']) {
      const html = (await spaHtml({ path })).html;
      expect(preloaded(html), path).toEqual(expect.arrayContaining(['boot-1.js', 'store-1.js']));
      expect(preloaded(html), path).not.toContain('console-boot-1.js');
    }
  });

  it("puts the console's first API calls first in <head> for a browser with the staff hint cookie (docs/adr/0770)", async () => {
    const spaHtml = createSpaHtml(dist);
    const hinted = (await spaHtml({ path: '/staff/manage/menu', cookie: 'sufra_language=en; sufra_staff=1' })).html;
    const head = hinted.slice(0, hinted.indexOf('</head>'));
    expect(head).toContain('<link rel="preload" as="fetch" crossorigin="use-credentials" href="/api/staff/me/">');
    expect(head).toContain(CONSOLE_ITEM_LIST_FIRST_PAGE.replace(/&/g, '&amp;'));
    // In the built page they come before <title> (and the entry's script): the data is what the page waits for longest.
    expect(head.indexOf('/api/staff/me/')).toBeGreaterThan(-1);
    expect(hinted).not.toContain('staff-preloads');
    // Without the cookie (or with another value), the template as before; other pages never get them.
    for (const cookie of [undefined, 'sufra_staff=0', 'xsufra_staff=1']) {
      const html = (await spaHtml({ path: '/staff/manage/menu', cookie })).html;
      expect(html.slice(0, html.indexOf('</head>')), String(cookie)).not.toContain('/api/staff/me/');
      expect(html).toContain('<template id="staff-preloads">');
    }
    expect((await spaHtml({ path: '/staff', cookie: 'sufra_staff=1' })).html).not.toContain('/api/staff/me/');
  });

  it("lists the console's first API calls in a template the entry starts only for a staff session", async () => {
    const { html } = await createSpaHtml(dist)({ path: '/staff/manage/menu' });
    const template = /<template id="staff-preloads">(.*?)<\/template>/.exec(html)?.[1];
    expect(template).toBe(
      '<link rel="preload" as="fetch" crossorigin="use-credentials" href="/api/staff/me/">' +
        '<link rel="preload" as="fetch" crossorigin="use-credentials" href="/api/staff/manage/menu/items/?status=all&amp;sort=menu&amp;direction=asc&amp;offset=0">',
    );
    // Nothing is fetched from <head>: a signed-out visitor's browser asks for none of it.
    expect(html.slice(0, html.indexOf('<template'))).not.toContain('as="fetch"');
  });

  it('picks up a new build', async () => {
    const spaHtml = createSpaHtml(dist);
    await spaHtml({ path: '/menu/a' });
    writeFileSync(join(dist, 'index.html'), INDEX.replace('index-1.js', 'index-2.js'));
    utimesSync(join(dist, 'index.html'), new Date(), new Date(Date.now() + 5000));
    expect((await spaHtml({ path: '/menu/a' })).html).toContain('index-2.js');
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

  it('preloads the menu on the cart page too (the cart prices its lines from it)', () => {
    expect(dataPreloads({ path: `/cart/${uuid}`, cookie: 'sufra_language=en' })).toEqual([
      link(`/api/restaurant/qr/${uuid}/data/`),
      link(`/api/menu/qr/${uuid}/?lang=en`),
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

  it('puts the preloads into the served page, with their own ETag', async () => {
    const dist = mkdtempSync(join(tmpdir(), 'sufra-spa-'));
    try {
      writeFileSync(join(dist, 'index.html'), '<html><head><title>x</title></head><body></body></html>');
      const spaHtml = createSpaHtml(dist);
      const page = await spaHtml({ path: `/menu/${uuid}` });
      expect(page.html).toContain(link(`/api/menu/qr/${uuid}/?lang=ar`));
      expect(page.etag).not.toBe((await spaHtml({ path: '/error' })).etag);
    } finally {
      rmSync(dist, { recursive: true, force: true });
    }
  });
});

describe("painting the menu's first screen in the HTML", () => {
  const uuid = '3f2b8c1e-7a4d-4e8b-9c2a-1d5e6f7a8b9c';
  const strings = (language: 'ar' | 'en') => ({
    app: {
      skipToContent: language === 'ar' ? 'انتقل' : 'Skip',
      back: 'Back',
      languageSwitch: 'Switch',
      otherLanguage: language === 'ar' ? 'English' : 'العربية',
    },
    menu: {
      title: language === 'ar' ? 'القائمة' : 'Menu',
      search: 'Search',
      searchPlaceholder: 'Find a dish',
      categories: 'Categories',
      soldOut: 'Sold out',
      bookmark: 'Bookmark {{name}}',
    },
  });
  const item = (id: number, categoryId: number, name: string, available = true) => ({
    id,
    categoryId,
    slug: `dish-${id}`,
    name,
    description: `About ${name}`,
    image: `/images/${id}.webp`,
    priceHalalas: 1250,
    taxRateBasisPoints: null,
    calories: null,
    available,
    modifierGroupIds: [],
    combo: null,
  });
  const menu = {
    branchId: 1,
    language: 'en' as const,
    currency: 'SAR' as const,
    taxMode: 'inclusive' as const,
    vatRateBasisPoints: 1500,
    categories: [
      { id: 1, name: 'Breakfast', image: null },
      { id: 2, name: 'Empty', image: null },
      { id: 3, name: 'Drinks & <juice>', image: null },
    ],
    items: [
      ...Array.from({ length: 6 }, (_, i) => item(i + 1, 1, `Dish ${i + 1}`)),
      ...Array.from({ length: 5 }, (_, i) => item(i + 20, 3, `Drink ${i + 1}`, i !== 0)),
    ],
    modifierGroups: [],
  };
  const brand = { id: 1, slug: 'demo', name: { ar: 'مطعم', en: 'Diner' }, logo: null } as never;

  let dist: string;
  beforeEach(() => {
    dist = mkdtempSync(join(tmpdir(), 'sufra-spa-'));
    mkdirSync(join(dist, '.vite'));
    writeFileSync(
      join(dist, 'index.html'),
      `<!doctype html>\n<html lang="ar" dir="rtl"><head><title>Sufra</title></head><body>\n<div id="root"><header>shell</header></div>\n</body></html>`,
    );
    writeFileSync(join(dist, '.vite', 'manifest.json'), JSON.stringify(MANIFEST));
    writeFileSync(join(dist, '.vite', 'locales.json'), JSON.stringify({ ar: strings('ar'), en: strings('en') }));
  });
  afterEach(() => rmSync(dist, { recursive: true, force: true }));

  const page = async (cookie?: string, data: unknown = { brand, menu }) =>
    (
      await createSpaHtml(dist, { menuPageData: async () => data as never })({
        path: `/menu/${uuid}`,
        cookie,
      })
    ).html;

  it('replaces the static shell with the first eight cards, every section heading and the tabs, in the cookie language', async () => {
    const html = await page('sufra_language=en');
    expect(html).toContain('<html lang="en" dir="ltr">');
    expect(html).toContain('<title>Menu | Diner</title>');
    expect(html).toContain('<div id="root" data-first-paint="menu" data-language="en">');
    expect(html).not.toContain('shell');
    expect(html.match(/data-testid="item-card"/g)).toHaveLength(8);
    // Six dishes, then two drinks; the three drinks left keep their space (3 × 121 px).
    expect(html).toContain('<div style="block-size:363px"></div>');
    expect(html).not.toContain('id="category-2"'); // a category without items has no section
    expect(html).toContain('aria-current="true">Breakfast</a>');
    expect(html).toContain(`href="/items/${uuid}/1/dish-1"`);
    expect(html).toContain('fetchpriority="high"');
  });

  it('loads nothing but the entry before the painted menu shows: its preloads wait in the after-paint template', async () => {
    const html = await page('sufra_language=en');
    const [beforeTemplate = '', template = ''] = html.split('<template id="after-paint">');
    // Before the template: the entry script only (and the cards' images); no chunk, stylesheet or API call.
    expect(beforeTemplate).not.toMatch(/<link rel="(modulepreload|preload|stylesheet)"/);
    expect(beforeTemplate).toContain('<div id="root" data-first-paint="menu" data-language="en">');
    expect(template).toContain(
      '<link rel="modulepreload" crossorigin href="/assets/menu-route-1.js" fetchpriority="low">',
    );
    expect(template).toContain('<link rel="modulepreload" crossorigin href="/assets/money-1.js" fetchpriority="low">');
    // Inline already: the link is only for Vite's chunk loader, and disabled it is not fetched.
    expect(template).toContain('<link rel="stylesheet" crossorigin href="/assets/menu-route-1.css" disabled>');
    expect(template).toContain(
      `<link rel="preload" as="fetch" crossorigin="use-credentials" href="/api/menu/qr/${uuid}/?lang=en">`,
    );
    expect(template).toContain(`href="/api/restaurant/qr/${uuid}/data/"`);
    expect(template.indexOf('</template>')).toBeLessThan(template.indexOf('</body>'));
  });

  it('keeps the preloads in the HTML when it shows the static shell instead (the app paints the page)', async () => {
    const html = await page('sufra_language=en', null);
    expect(html).not.toContain('after-paint');
    expect(html).toContain(
      `<link rel="preload" as="fetch" crossorigin="use-credentials" href="/api/menu/qr/${uuid}/?lang=en">`,
    );
    expect(html).toContain('<link rel="modulepreload" crossorigin href="/assets/menu-route-1.js" fetchpriority="low">');
  });

  it('escapes names from the database and marks sold-out dishes', async () => {
    const html = await page('sufra_language=en');
    expect(html).toContain('Drinks &amp; &lt;juice&gt;');
    expect(html).not.toContain('<juice>');
    expect(html).toContain(
      '<li class="item-card item-card--unavailable" data-testid="item-card"><div class="item-card__link" aria-disabled="true">',
    );
    expect(html).toContain('<span class="badge badge--muted">Sold out</span>');
  });

  it('paints Arabic right to left by default, with prices formatted as the app does', async () => {
    const html = await page();
    expect(html).toContain('<html lang="ar" dir="rtl">');
    expect(html).toContain(
      new Intl.NumberFormat('ar-SA', { style: 'currency', currency: 'SAR', minimumFractionDigits: 2 }).format(12.5),
    );
  });

  it('keeps the static shell when the menu cannot be shown (the app then says why)', async () => {
    expect(await page(undefined, null)).toContain('<header>shell</header>');
    expect(await page(undefined, { brand, menu: { ...menu, items: [] } })).toContain('<header>shell</header>');
    const failing = createSpaHtml(dist, {
      menuPageData: async () => {
        throw new Error('qr_not_found');
      },
    });
    expect((await failing({ path: `/menu/${uuid}` })).html).toContain('<header>shell</header>');
  });
});

describe("the console's first API calls (docs/adr/0740)", () => {
  const link = (href: string) => `<link rel="preload" as="fetch" crossorigin="use-credentials" href="${href}">`;

  it('the session check on every console page, and the first page of the item list on it only', () => {
    expect(staffPreloads('/staff/manage/menu')).toEqual([
      link('/api/staff/me/'),
      link(CONSOLE_ITEM_LIST_FIRST_PAGE.replace(/&/g, '&amp;')),
    ]);
    expect(staffPreloads('/staff/manage/menu/')).toHaveLength(2);
    expect(staffPreloads('/staff/manage')).toEqual([link('/api/staff/me/')]);
    expect(staffPreloads('/staff/manage/menu/categories')).toEqual([link('/api/staff/me/')]);
    expect(staffPreloads('/staff/manage/tables')).toEqual([link('/api/staff/me/')]);
  });

  it('nothing elsewhere: the staff app, a diner page', () => {
    expect(staffPreloads('/staff')).toEqual([]);
    expect(staffPreloads('/staff/managers')).toEqual([]);
    expect(staffPreloads('/menu/3f2b8c1e-7a4d-4e8b-9c2a-1d5e6f7a8b9c')).toEqual([]);
  });
});
