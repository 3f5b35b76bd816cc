/**
 * Issue 26, "done when": a second branch set up from nothing in the console (details and hours, a delivery zone
 * drawn on the map, three tables with their printed QR cards, an item sold out today and another at the branch's own
 * price), and a diner who scans one of those printed codes ordering from it. One path in both languages: the owner
 * works in Arabic (the default), the diner in English; each part's detail in both languages is its own journey's
 * (manage-branches, console-tables, manage-menu) and the rules are the API suites'.
 */
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, type Page, test } from '@playwright/test';
import { ORDER_TYPES } from '../../packages/shared/src/order-types.ts';
import { signInByOtp, TEXTS } from '../support/accounts.ts';
import { picture, SHOTS } from '../support/screenshots.ts';
import { STAFF } from '../support/staff-api.ts';
import { cardOf, expectDocumentLanguage, fetchMenu, itemPath, useLanguage } from '../support/sufra.ts';

const shotsDir = resolve(dirname(fileURLToPath(import.meta.url)), '../../.tmp/shots/console');
const DESKTOP = { width: 1280, height: 800 } as const;
const LABEL = {
  number: 'رقم الطاولة',
  seats: 'المقاعد',
  area: 'المنطقة',
} as const;

async function shoot(page: Page, name: string) {
  if (!SHOTS) return;
  await picture(page, { path: join(shotsDir, `${name}.png`), animations: 'disabled', caret: 'hide' });
}

test('an owner sets up a second branch from nothing, and a diner scanning its printed table card orders there', async ({
  browser,
  baseURL,
  request,
}) => {
  // A long path on a shared 2-core machine: a branch, a zone, three tables and their cards, two menu changes, an order.
  test.setTimeout(240_000);
  const stamp = Date.now() % 100_000;
  const name = { ar: `فرع الرحلة ${stamp}`, en: `Journey branch ${stamp}` };

  // The owner, in Arabic, on a laptop.
  const context = await browser.newContext({ baseURL, viewport: DESKTOP });
  const page = await context.newPage();
  await page.goto('/staff/manage/branches');
  await expectDocumentLanguage(page, 'ar');
  await page.getByLabel(TEXTS.staffEmail.ar, { exact: true }).fill(STAFF.owner.email);
  await page.getByLabel(TEXTS.staffPassword.ar, { exact: true }).fill(STAFF.owner.password);
  await page.getByRole('button', { name: TEXTS.signIn.ar, exact: true }).click();
  await expect(page.getByTestId('branches-table')).toBeVisible();

  // 1. The branch: names, addresses, and open round the clock (00:00 to 00:00), so the journey passes at any hour.
  await page.getByTestId('branch-new').click();
  await page.getByTestId('branch-name-ar').fill(name.ar);
  await page.getByTestId('branch-name-en').fill(name.en);
  await page.getByTestId('branch-address-ar').fill('طريق الملك عبدالعزيز');
  await page.getByTestId('branch-address-en').fill('King Abdulaziz Road');
  const times = page.locator('[data-testid^="hours-day-"] input[type=time]');
  await expect(times).toHaveCount(14);
  for (const input of await times.all()) await input.fill('00:00');
  await page.getByTestId('save-bar-save').click();
  // Created: the page is the branch's own now, with its zones below.
  await expect(page).toHaveURL(/\/staff\/manage\/branches\/\d+$/);
  await expect(page.getByTestId('zone-draw')).toBeVisible();
  // It says so ("saved", not an untouched form), and Back goes to the list rather than an empty new form.
  await expect(page.getByTestId('save-bar')).toHaveAttribute('data-state', 'saved');
  const branchId = Number(new URL(page.url()).pathname.split('/').pop());

  // 2. A delivery zone drawn on the map around the branch.
  await page.getByTestId('zone-draw').click();
  const map = page.getByTestId('branch-map');
  await map.scrollIntoViewIfNeeded();
  const box = await map.boundingBox();
  if (!box) throw new Error('no map');
  const [cx, cy] = [box.width / 2, box.height / 2];
  for (const [x, y] of [
    [cx - 60, cy - 50],
    [cx + 60, cy - 50],
    [cx + 60, cy + 50],
    [cx - 60, cy + 50],
    [cx - 60, cy - 50],
  ] as const)
    await map.click({ position: { x, y } });
  await expect(page.getByTestId('zone-outline-status')).toContainText('٤');
  await page.getByTestId('zone-nameAr').fill('الحي المجاور');
  await page.getByTestId('zone-nameEn').fill('Next door');
  await page.getByTestId('zone-fee').fill('5');
  await page.getByTestId('zone-minimum').fill('0');
  await page.getByTestId('zone-save').click();
  await expect(page.getByTestId('zones-table')).toContainText('الحي المجاور');
  await shoot(page, 'second-branch-editor-ar-1280');

  // 3. Three tables at the new branch (listed at once: no second sign-in), and their printed cards.
  await page.getByTestId('console-nav-tables').click();
  await page.getByTestId('tables-branch').selectOption(String(branchId));
  const form = page.getByTestId('add-table');
  for (const n of [1, 2, 3]) {
    await form.getByLabel(LABEL.number, { exact: true }).fill(String(n));
    await form.getByLabel(LABEL.seats, { exact: true }).fill('4');
    await form.getByLabel(LABEL.area, { exact: true }).fill('الصالة');
    await page.getByTestId('add-table-submit').click();
    await expect(page.getByTestId('table-code-link')).toHaveCount(n);
    await expect(page.getByTestId('add-table-submit')).toBeEnabled();
  }
  const url = await page.getByTestId('table-code-link').nth(1).getAttribute('href');
  expect(url).toMatch(/\/qr\/[0-9a-f-]{36}$/);
  await page.getByTestId('tables-print').click();
  await expect(page.getByTestId('table-card')).toHaveCount(3);
  await expect(page.locator(`svg[data-qr-value="${url}"] path`)).toHaveCount(1);
  await shoot(page, 'second-branch-cards-ar-1280');
  const uuid = new URL(url ?? '').pathname.split('/').pop() ?? '';

  // 4. The menu at the new branch: one item sold out today, another at the branch's own price.
  const before = await fetchMenu(request, 'en', uuid);
  const [soldOut, repriced] = before.items.filter((i) => i.available && !i.combo && i.modifierGroupIds.length === 0);
  if (!soldOut || !repriced) throw new Error('the demo menu has too few plain items');
  await page.getByTestId('console-nav-menu').click();
  await page.getByTestId('menu-branch').selectOption(String(branchId));
  await page.getByTestId('menu-items-filter').fill(soldOut.slug);
  await page.getByTestId(`menu-item-soldout-${soldOut.slug}`).click();
  await expect(page.getByTestId(`menu-item-status-${soldOut.slug}`)).toHaveText(/نفد حتى/);
  await page.getByTestId('menu-items-filter').fill(repriced.slug);
  await page.getByTestId(`menu-item-price-${repriced.slug}`).fill('12.50');
  await page.getByTestId(`menu-item-price-save-${repriced.slug}`).click();
  await expect(page.getByTestId(`menu-item-price-save-${repriced.slug}`)).toBeDisabled();
  await context.close();

  // 5. A diner, in English, scans the printed card of table 2: that table, and that branch's menu.
  const diner = await browser.newContext({ baseURL, viewport: { width: 390, height: 844 } });
  const phone = await diner.newPage();
  await useLanguage(phone, 'en');
  await phone.goto(`/qr/${uuid}`);
  await expect(phone.getByText(name.en)).toBeVisible();
  const who = await signInByOtp(phone.request, baseURL ?? '', 'Second Branch Diner', uuid);
  await phone.evaluate(
    ([key, value]) => localStorage.setItem(key as string, value as string),
    ['sufra.customer.brands', JSON.stringify([who.brandId])],
  );
  await phone.goto(`/menu/${uuid}`);
  await expect(cardOf(phone, soldOut)).toContainText(/sold out/i);
  await expect(cardOf(phone, repriced)).toContainText('12.50');
  await phone.goto(itemPath(repriced, uuid));
  await phone.getByTestId('add-to-cart').click();
  await phone.goto(`/cart/${uuid}`);
  await expect(phone.getByTestId('cart-total')).toContainText('12.50');
  await phone.getByTestId('cart-continue').click();
  await expect(phone).toHaveURL(new RegExp(`/order-type/${uuid}$`));
  await expect(phone.getByTestId(`order-type-${ORDER_TYPES.dineIn}`)).toBeChecked();
  await expect(phone.getByTestId('dine-in-table-number')).toHaveText('Table 2');
  await phone.getByTestId('continue').click();
  await expect(phone).toHaveURL(new RegExp(`/order-data/${uuid}$`));
  await phone.getByTestId('continue').click();
  await expect(phone).toHaveURL(new RegExp(`/checkout/${uuid}$`));
  await expect(phone.getByTestId('checkout-total')).toContainText('12.50');
  await phone.getByTestId('place-order').click();
  await expect(phone).toHaveURL(new RegExp(`/confirm-order/${uuid}\\?order=\\d+$`));
  await expect(phone.getByTestId('confirm-table')).toHaveText('Table 2');
  await expect(phone.getByText(name.en).first()).toBeVisible();
  await shoot(phone, 'second-branch-order-en-390');
  await diner.close();
});
