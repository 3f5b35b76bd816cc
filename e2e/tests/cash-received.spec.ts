import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, type Page, test } from '@playwright/test';
import type { Language } from '../../packages/shared/src/language.ts';
import { formatSar } from '../../packages/shared/src/money.ts';
import type { Order } from '../../packages/shared/src/schemas/order.ts';
import { STAFF, signInByOtp, TEXTS } from '../support/accounts.ts';
import { placeOrder } from '../support/diner-api.ts';
import { BRANCHES, moveOrder } from '../support/ordering.ts';
import { picture, SHOTS } from '../support/screenshots.ts';
import { expectDocumentLanguage, imagesSettled, LANGUAGES, QR, switchLanguage, useLanguage } from '../support/sufra.ts';

/**
 * Issue 13, items 16 and 17: a cash order's money is recorded with one tap on the board, and the diner's order and
 * history say it was paid; the history names the branch with each order's number (numbers count per branch).
 */
const shotsDir = resolve(dirname(fileURLToPath(import.meta.url)), '../../docs/screenshots');
/** The demo cashier (apps/api/src/db/seed/demo-brand.ts). */
const CASHIER_NAME = 'Sara Al-Otaibi';

const TEXT = {
  recordCash: { ar: /^تم استلام النقد · /, en: /^Cash received · / },
  cashReceived: { ar: 'استُلم النقد الساعة', en: 'Cash received at' },
  paidInCash: { ar: 'دُفع نقدًا', en: 'Paid in cash' },
  orderNumberAt: {
    ar: (number: string, branch: string) => `الطلب ${number} · ${branch}`,
    en: (number: string, branch: string) => `Order ${number} · ${branch}`,
  },
  viewOrderAt: {
    ar: (number: string, branch: string) => `عرض الطلب ${number} في ${branch}`,
    en: (number: string, branch: string) => `View order ${number} at ${branch}`,
  },
} as const;

/** "#12" as the app writes it: the language's digits, kept left to right by a bidi isolate. */
const numberText = (n: number, language: Language) =>
  `\u2066#${new Intl.NumberFormat(language === 'ar' ? 'ar-SA' : 'en-SA').format(n)}\u2069`;

async function shoot(page: Page, name: string) {
  await page.waitForLoadState('networkidle');
  if (!SHOTS) return;
  await imagesSettled(page);
  await picture(page, { path: join(shotsDir, `${name}.png`), animations: 'disabled', caret: 'hide' });
}

for (const language of LANGUAGES) {
  test(`the cashier records the cash taken with one tap, and the diner sees it paid (${language})`, async ({
    page,
    browser,
    baseURL,
  }) => {
    test.setTimeout(90_000);
    const base = baseURL ?? '';
    // The diner: signed in through the OTP flow in the page's own cookie jar, a cash pickup at Olaya placed by API.
    await page.setViewportSize({ width: 390, height: 844 });
    if (language !== 'ar') await useLanguage(page, language);
    const name = `Diner ${Math.random().toString(36).slice(2, 7)}`;
    const signedIn = await signInByOtp(page.request, base, name);
    const order = await placeOrder({ request: page.request, name, phone: signedIn.phone });
    await moveOrder(base, order.id, 'sent_to_kitchen');
    await moveOrder(base, order.id, 'ready');

    // The cashier's board on a tablet.
    const staff = await browser.newContext({ baseURL: base, viewport: { width: 1024, height: 768 } });
    const board = await staff.newPage();
    await board.goto('/staff');
    if (language !== 'ar') await switchLanguage(board, language);
    await expectDocumentLanguage(board, language);
    await board.getByLabel(TEXTS.staffEmail[language], { exact: true }).fill(STAFF.cashier.email);
    await board.getByLabel(TEXTS.staffPassword[language], { exact: true }).fill(STAFF.cashier.password);
    await board.getByRole('button', { name: TEXTS.signIn[language], exact: true }).click();
    await expect(board.getByTestId('board-connection')).toHaveAttribute('data-state', 'live', { timeout: 15_000 });
    const card = board.locator(`[data-testid="order-card"][data-order-id="${order.id}"]`);
    await expect(card).toHaveAttribute('data-status', 'ready');
    const record = card.getByRole('button', { name: TEXT.recordCash[language] });
    await expect(record).toContainText(formatSar(order.pricing.total, language));
    const box = await record.boundingBox();
    expect(box?.height ?? 0).toBeGreaterThanOrEqual(44);
    await card.scrollIntoViewIfNeeded();
    await shoot(board, `staff-board-cash-due-${language}`);

    await record.click();
    await expect(card.getByTestId('order-cash-received')).toContainText(TEXT.cashReceived[language]);
    await expect(card.getByTestId('order-cash-received')).toContainText(CASHIER_NAME);
    await expect(card.getByTestId('order-record-cash')).toHaveCount(0);
    await shoot(board, `staff-board-cash-received-${language}`);
    // A reload still shows who took it (stored, not only in this tab).
    await board.reload();
    await expect(card.getByTestId('order-cash-received')).toContainText(CASHIER_NAME);
    await staff.close();

    // The diner's confirmation page: paid in cash, and the branch beside the number.
    const number = numberText(order.number, language);
    const branch = BRANCHES.olaya[language];
    const hint = ['sufra.customer.brands', JSON.stringify([signedIn.brandId])];
    await page.goto(`/menu/${QR.main}`);
    await page.evaluate(([key, value]) => localStorage.setItem(key as string, value as string), hint);
    await page.goto(`/confirm-order/${QR.main}?order=${order.id}`);
    await expect(page.getByTestId('order-number')).toHaveText(TEXT.orderNumberAt[language](number, branch));
    await expect(page.getByTestId('payment-summary')).toContainText(TEXT.paidInCash[language]);
    await expect(page.getByTestId('payment-summary')).toHaveAttribute('data-payment', 'paid');
    await page.getByTestId('payment-summary').scrollIntoViewIfNeeded();
    await shoot(page, `confirm-order-cash-paid-${language}`);

    // The history: the same, and the link to the order names the branch too.
    await page.goto(`/orders/${QR.main}`);
    const listed = page.getByTestId('order-card').first();
    await expect(listed.getByTestId('order-number')).toHaveText(TEXT.orderNumberAt[language](number, branch));
    await expect(listed.getByTestId('order-payment')).toContainText(TEXT.paidInCash[language]);
    await expect(listed.getByTestId('order-payment')).toHaveAttribute('data-payment', 'cashPaid');
    // When, in the branch's time zone (Olaya: Riyadh), whatever the device's zone.
    const stored = (await (await page.request.get(`/api/orders/${QR.main}/${order.id}/`)).json()) as Order;
    const paidAt = new Intl.DateTimeFormat(language === 'ar' ? 'ar-SA' : 'en-SA', {
      timeStyle: 'short',
      timeZone: 'Asia/Riyadh',
    }).format(new Date(stored.cashReceivedAt ?? 0));
    await expect(listed.getByTestId('order-payment')).toContainText(paidAt);
    await expect(listed.getByRole('link', { name: TEXT.viewOrderAt[language](number, branch) })).toBeVisible();
    await shoot(page, `orders-cash-paid-${language}`);
  });
}
