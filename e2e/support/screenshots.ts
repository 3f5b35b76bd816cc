/**
 * The pictures in docs/screenshots/ (the README shows them), taken by the journeys that already reach each page, in
 * the state the journey has just checked: a separate spec walking every page again cost the run some 100 s.
 * Phone-sized (the project's viewport, 390×844) unless the journey resized the page (the staff board's tablet shot).
 */
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Page } from '@playwright/test';
import { imagesSettled } from './sufra.ts';

export const shotsDir = resolve(dirname(fileURLToPath(import.meta.url)), '../../docs/screenshots');

/**
 * Saves docs/screenshots/{name}.png once the page has stopped loading and its visible images are in. `settle: false`
 * for a page that is meant to be waiting on the network (the return page checking a payment).
 */
export async function shoot(page: Page, name: string, { settle = true }: { settle?: boolean } = {}) {
  if (settle) {
    await page.waitForLoadState('networkidle');
    await imagesSettled(page);
  }
  await page.screenshot({ path: join(shotsDir, `${name}.png`), animations: 'disabled', caret: 'hide' });
}
