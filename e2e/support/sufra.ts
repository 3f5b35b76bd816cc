/**
 * What the journeys share: the demo QR codes, the two languages, and small helpers that read the
 * real API (its menu, for the picks in demo-menu.ts) and drive the language switch.
 */
import { type APIRequestContext, type BrowserContext, expect, type Locator, type Page } from '@playwright/test';
import type { Language } from '../../packages/shared/src/language.ts';
import type { ErrorCode } from '../../packages/shared/src/messages/errors.ts';
import { ERRORS } from '../../packages/shared/src/messages/errors.ts';
import type { Popup } from '../../packages/shared/src/schemas/ads.ts';
import type { MenuItem, MenuResponse } from '../../packages/shared/src/schemas/menu.ts';

export const QR = {
  main: '3f2b8c1e-7a4d-4e8b-9c2a-1d5e6f7a8b9c',
  mainTable1: '5a1c9e2d-3b4f-4a6e-8d7c-2e9f1a3b4c5d',
  inactive: '9d8c7b6a-5f4e-4d3c-8b2a-1a0f9e8d7c6b',
  deactivatedBrand: '2b3c4d5e-6f70-4182-93a4-b5c6d7e8f901',
  secondBrand: '7e6d5c4b-3a29-4180-9f7e-6d5c4b3a2918',
  /** Well-formed, but no QR code has it. */
  unknown: '0f0f0f0f-0f0f-4f0f-8f0f-0f0f0f0f0f0f',
} as const;

export const LANGUAGES = ['ar', 'en'] as const satisfies readonly Language[];

export const DIR: Record<Language, 'rtl' | 'ltr'> = { ar: 'rtl', en: 'ltr' };

export function errorText(code: ErrorCode, language: Language): string {
  return ERRORS[code][language];
}

/** Texts of the interface the journeys look for, as patterns loose enough to survive copy edits. */
export const TEXT = {
  viewMenu: { ar: /اطلب الآن|القائمة|المنيو/, en: /order now|menu/i },
  soldOut: { ar: /نفد|نفذ|غير متوفر|غير متاح/, en: /sold out|unavailable/i },
  noResults: {
    ar: /لا توجد|لا يوجد|لم يتم العثور|لا نتائج/,
    en: /no (dishes|items|results|matches)|nothing found|not found/i,
  },
  search: { ar: /بحث|ابحث/, en: /search/i },
  comboIncomplete: { ar: /يجب.*اختيار|اختر.*لكل|اختيار منتج لكل/, en: /You should choose product for each option/i },
  backToMenu: { ar: /القائمة/, en: /back to menu/i },
  notFound: { ar: /404|غير موجود|غير موجودة/, en: /404|not found|doesn't exist/i },
  increase: { ar: /زيادة|إضافة واحد|\+/, en: /increase|more|add one|\+/i },
  decrease: { ar: /إنقاص|تقليل|نقص|−|-/, en: /decrease|less|remove one|−|-/i },
  currency: /SAR|ر\.س|﷼/,
} as const;

/** Arabic-Indic digits → ASCII, so counts read the same in both languages. */
export function asciiDigits(text: string): string {
  return text
    .replace(/[٠-٩]/g, (d) => String(d.charCodeAt(0) - 0x0660))
    .replace(/[۰-۹]/g, (d) => String(d.charCodeAt(0) - 0x06f0));
}

/** The first number shown in an element (Arabic or Latin digits). */
export async function numberIn(locator: Locator): Promise<number> {
  const text = asciiDigits(((await locator.textContent()) ?? '').trim());
  const match = text.match(/\d+/);
  return match ? Number(match[0]) : 0;
}

export async function expectDocumentLanguage(page: Page, language: Language) {
  await expect(page.locator('html')).toHaveAttribute('lang', language);
  await expect(page.locator('html')).toHaveAttribute('dir', DIR[language]);
}

/**
 * Waits until the app has taken the page over. The menu arrives painted in the HTML, so it is visible (and
 * clickable) before the app's handlers exist; a click in that moment is lost, most often on a loaded machine.
 */
export async function waitForApp(page: Page) {
  await expect(page.locator('html[data-app="ready"]')).toHaveCount(1, { timeout: 15_000 });
}

/**
 * Puts the app in `language` for every page this browser context opens, the way the language switch leaves it: the
 * choice in localStorage (`sufra.language`, apps/web/src/lib/language.ts) and the `sufra_language` cookie that tells
 * the server which language to paint the menu in. Stored rather than clicked: switching through the UI cost every
 * English journey a menu load and a switch (about 3 s each, some 120 journeys); the switch itself is language.spec's
 * and staff-board.spec's. The stored choice is only a default: a journey that switches language keeps its switch.
 */
export async function useLanguage(page: Page, language: Language) {
  const context = page.context();
  // Cookies are not told apart by port: one cookie serves the main server and the Moyasar one.
  await context.addCookies([{ name: 'sufra_language', value: language, domain: '127.0.0.1', path: '/' }]);
  await context.addInitScript((chosen) => {
    try {
      if (!localStorage.getItem('sufra.language')) localStorage.setItem('sufra.language', chosen);
    } catch {
      // A page without storage of its own (about:blank): nothing to choose there.
    }
  }, language);
}

/** Sets the language with the language-switch control (a toggle button/link or a select); no-op when already set. */
export async function switchLanguage(page: Page, language: Language) {
  const html = page.locator('html');
  const control = page.getByTestId('language-switch');
  await expect(control).toBeVisible();
  await expect(async () => {
    if ((await html.getAttribute('lang')) !== language) {
      const tag = await control.evaluate((el) => el.tagName.toLowerCase());
      if (tag === 'select') await control.selectOption(language);
      else await control.click();
    }
    await expect(html).toHaveAttribute('lang', language, { timeout: 3_000 });
  }).toPass({ timeout: 15_000 });
}

/** Waits for the landing pop-up (it opens once its content has loaded), closes it with Escape, waits until it is gone. */
export async function dismissPopup(page: Page) {
  const popup = page.getByTestId('popup');
  await expect(popup).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(popup).toBeHidden();
}

/**
 * Closes the toasts on screen with their close buttons, as a diner in a hurry would: a toast lies over the header for
 * its five seconds, and a click on what it covers waits them out. A toast already gone by itself is as good (on a
 * loaded machine it may be); one that has not come yet is only waited out by the click, as before.
 */
export async function closeToasts(page: Page) {
  const close = page.locator('#toasts').getByRole('button').first();
  await expect(async () => {
    if (await close.isVisible()) await close.click({ timeout: 1_000 });
    await expect(page.locator('#toasts [role=alert]')).toHaveCount(0, { timeout: 1_000 });
  }).toPass({ timeout: 15_000 });
}

/** Answers every request that leaves the test server with a tiny page, so external redirects work offline. */
export async function stubExternalRequests(context: BrowserContext, baseURL: string) {
  const origin = new URL(baseURL).origin;
  await context.route(
    (url) => url.origin !== origin && (url.protocol === 'http:' || url.protocol === 'https:'),
    (route) => route.fulfill({ status: 200, contentType: 'text/html', body: '<!doctype html><title>external</title>' }),
  );
}

/** The landing pop-up of a QR code's branch, in one language (null when the branch has none). */
export async function fetchPopup(request: APIRequestContext, language: Language, uuid: string = QR.main) {
  const headers = { 'Accept-Language': language };
  const data = await request.get(`/api/restaurant/qr/${uuid}/data/`, { headers });
  expect(data.ok(), `GET /api/restaurant/qr/${uuid}/data/ → ${data.status()}`).toBeTruthy();
  const { branch } = (await data.json()) as { branch: { id: number } };
  const popup = await request.get(`/api/ads/popup/${branch.id}`, { headers });
  if (popup.status() === 204) return null;
  expect(popup.ok(), `GET /api/ads/popup/${branch.id} → ${popup.status()}`).toBeTruthy();
  return (await popup.json()) as Popup;
}

export async function fetchMenu(request: APIRequestContext, language: Language, uuid: string = QR.main) {
  const response = await request.get(`/api/menu/qr/${uuid}/`, { headers: { 'Accept-Language': language } });
  expect(response.ok(), `GET /api/menu/qr/${uuid}/ → ${response.status()}`).toBeTruthy();
  return (await response.json()) as MenuResponse;
}

export function itemPath(item: MenuItem, uuid: string = QR.main): string {
  return `/items/${uuid}/${item.id}/${encodeURIComponent(item.slug)}`;
}

/** The item cards whose text contains the item's name. */
export function cardOf(page: Page, item: MenuItem): Locator {
  return page.getByTestId('item-card').filter({ hasText: item.name });
}

/** The cart bar's item count (0 when the bar is not shown). */
export async function cartCount(page: Page): Promise<number> {
  const bar = page.getByTestId('cart-bar');
  if (!(await bar.isVisible())) return 0;
  const count = bar.getByTestId('cart-count');
  return numberIn((await count.count()) > 0 ? count.first() : bar);
}

/** Waits until every <img> in the viewport has loaded (or failed), so screenshots are stable. Lazy images below the fold are ignored. */
export async function imagesSettled(page: Page) {
  await page.waitForFunction(
    () =>
      Array.from(document.images).every((img) => {
        const box = img.getBoundingClientRect();
        const inView = box.bottom > 0 && box.top < window.innerHeight && box.width > 0;
        return !inView || img.complete;
      }),
    undefined,
    { timeout: 10_000 },
  );
}

/**
 * Saves a cart for an establishment the way the app does (`sufra.cart.<uuid>` in localStorage), from the server's
 * health answer: a page of the same origin that runs none of the app, where the menu page cost every cart journey a
 * full menu load before its subject (docs/adr/0382-journey-set-up-without-the-menu-page.md). The app reads the cart
 * when it enters the establishment, on the page the journey opens next.
 */
export async function saveCart(page: Page, cart: unknown, uuid: string = QR.main) {
  const health = await page.goto('/api/health');
  expect(health?.ok(), 'GET /api/health').toBeTruthy();
  await page.evaluate(
    ([key, value]) => localStorage.setItem(key as string, value as string),
    [`sufra.cart.${uuid}`, JSON.stringify(cart)],
  );
}
