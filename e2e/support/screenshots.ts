/**
 * The pictures in docs/screenshots/ (the README shows them), taken by the journeys that already reach each page, in
 * the state the journey has just checked: a separate spec walking every page again cost the run some 100 s.
 * Phone-sized (the project's viewport, 390×844) unless the journey resized the page (the staff board's tablet shot).
 */
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Locator, Page } from '@playwright/test';
import { imagesSettled } from './sufra.ts';

export const shotsDir = resolve(dirname(fileURLToPath(import.meta.url)), '../../docs/screenshots');

/**
 * Pictures are taken only when asked for: `npm run screenshots` (E2E_SHOTS=1) retakes them all; the test run checks and
 * takes none. On the 2-core machine the test run's 188 pictures (many at two sizes, each after its page settled) cost
 * its journeys minutes (docs/adr/0551-pictures-only-when-asked.md).
 */
export const SHOTS = process.env.E2E_SHOTS === '1';

/** A page's or an element's picture, saved only when pictures were asked for (SHOTS). */
export async function picture(target: Page | Locator, options: Parameters<Page['screenshot']>[0]): Promise<void> {
  if (SHOTS) await target.screenshot(options);
}

/**
 * Saves docs/screenshots/{name}.png once the page has stopped loading and its visible images are in. `settle: false`
 * for a page that is meant to be waiting on the network (the return page checking a payment).
 */
export async function shoot(page: Page, name: string, { settle = true }: { settle?: boolean } = {}) {
  if (!SHOTS) return;
  if (settle) {
    await page.waitForLoadState('networkidle');
    await imagesSettled(page);
  }
  await page.screenshot({ path: join(shotsDir, `${name}.png`), animations: 'disabled', caret: 'hide' });
}
