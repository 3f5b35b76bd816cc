/**
 * The console's journeys' shared parts: its two screen sizes and its pictures. Pictures only when asked for
 * (`npm run screenshots`, SHOTS; docs/adr/0551-pictures-only-when-asked.md): each console picture is two PNGs at
 * twice the pixels, which the test run must not pay for.
 */
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { type Browser, expect, type Page } from '@playwright/test';
import type { Language } from '../../packages/shared/src/language.ts';
import { TEXTS } from './accounts.ts';
import { picture, SHOTS } from './screenshots.ts';
import { STAFF } from './staff-api.ts';
import { expectDocumentLanguage, switchLanguage } from './sufra.ts';

export const DESKTOP = { width: 1280, height: 800 } as const;
export const TABLET = { width: 1024, height: 768 } as const;

const here = dirname(fileURLToPath(import.meta.url));
/** The pictures the README and docs show (the 1280 one of a kept picture). */
export const keptDir = resolve(here, '../../docs/screenshots/console');
/** Every other picture, to look at while building (not committed). */
export const shotsDir = resolve(here, '../../.tmp/shots/console');

/**
 * A console page once its network is quiet (always: journeys rely on the settle), then, when pictures are asked for,
 * at 1280×800 and 1024×768: `keep` puts the 1280 one in docs/screenshots/console; `fullPage` takes the whole page
 * for the others (a kept picture stays the first screen, small).
 */
export async function shootConsole(page: Page, name: string, keep = false, { fullPage = false } = {}) {
  await page.waitForLoadState('networkidle');
  if (!SHOTS) return;
  for (const viewport of [DESKTOP, TABLET]) {
    await page.setViewportSize(viewport);
    const kept = keep && viewport === DESKTOP;
    await picture(page, {
      path: join(kept ? keptDir : shotsDir, `${name}-${viewport.width}.png`),
      animations: 'disabled',
      caret: 'hide',
      fullPage: fullPage && !kept,
    });
  }
  await page.setViewportSize(DESKTOP);
}

/** Signs `who` in on `path` of the console at `viewport`, in `language`. */
export async function consoleAs(
  browser: Browser,
  baseURL: string,
  who: keyof typeof STAFF,
  language: Language,
  path = '/staff/manage',
  viewport: { width: number; height: number } = DESKTOP,
): Promise<Page> {
  const context = await browser.newContext({ baseURL, viewport });
  const page = await context.newPage();
  await page.goto(path);
  if (language !== 'ar') await switchLanguage(page, language);
  await expectDocumentLanguage(page, language);
  await page.getByLabel(TEXTS.staffEmail[language], { exact: true }).fill(STAFF[who].email);
  await page.getByLabel(TEXTS.staffPassword[language], { exact: true }).fill(STAFF[who].password);
  await page.getByRole('button', { name: TEXTS.signIn[language], exact: true }).click();
  await expect(page.getByTestId('console')).toBeVisible();
  return page;
}
