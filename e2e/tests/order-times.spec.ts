import { type Browser, expect, type Page, test } from '@playwright/test';
import type { Language } from '../../packages/shared/src/language.ts';
import { declineReasonLabel } from '../../packages/shared/src/order-times.ts';
import type { Order } from '../../packages/shared/src/schemas/order.ts';
import { STAFF, signInByOtp, TEXTS } from '../support/accounts.ts';
import { placeOrder } from '../support/diner-api.ts';
import { shoot } from '../support/screenshots.ts';
import { expectDocumentLanguage, LANGUAGES, QR, switchLanguage, useLanguage } from '../support/sufra.ts';

/**
 * Issue 28 item 3: the board accepts an order with "ready in 25 min" and the diner's confirmation page moves its
 * estimate to that time, live; the board declines another with a reason from the list, which the diner reads in
 * their language. Both sides show each status's time.
 */
const TEXT = {
  readyAround: { ar: 'جاهز حوالي', en: 'Ready around' },
  acceptWithTime: { ar: 'قبول مع وقت التجهيز', en: 'Accept with a time' },
  decline: { ar: 'رفض', en: 'Decline' },
  minutes25: { ar: '٢٥ دقيقة', en: '25 min' },
} as const;

/** The demo branches are in Riyadh; the page writes times on the branch's clock in the language's digits. */
const clock = (iso: string, language: Language) =>
  new Intl.DateTimeFormat(language === 'ar' ? 'ar-SA' : 'en-SA', {
    timeStyle: 'short',
    timeZone: 'Asia/Riyadh',
  }).format(new Date(iso));

/** The diner on a phone, signed in through the OTP flow in the page's own cookie jar, with a cash pickup at Olaya. */
async function dinerWithOrder(page: Page, base: string, language: Language): Promise<Order> {
  await page.setViewportSize({ width: 390, height: 844 });
  if (language !== 'ar') await useLanguage(page, language);
  const name = `Diner ${Math.random().toString(36).slice(2, 7)}`;
  const signedIn = await signInByOtp(page.request, base, name);
  const order = await placeOrder({ request: page.request, name, phone: signedIn.phone });
  // The page reads the session when it knows the diner has one at this brand (as after signing in on the page).
  const hint = ['sufra.customer.brands', JSON.stringify([signedIn.brandId])];
  await page.goto(`/menu/${QR.main}`);
  await page.evaluate(([key, value]) => localStorage.setItem(key as string, value as string), hint);
  await page.goto(`/confirm-order/${QR.main}?order=${order.id}`);
  await expect(page.getByTestId('live-state')).toHaveAttribute('data-state', 'live', { timeout: 15_000 });
  return order;
}

/** The cashier's board on a tablet, live. */
async function board(browser: Browser, base: string, language: Language): Promise<Page> {
  const staff = await browser.newContext({ baseURL: base, viewport: { width: 1024, height: 768 } });
  const page = await staff.newPage();
  await page.goto('/staff');
  if (language !== 'ar') await switchLanguage(page, language);
  await expectDocumentLanguage(page, language);
  await page.getByLabel(TEXTS.staffEmail[language], { exact: true }).fill(STAFF.cashier.email);
  await page.getByLabel(TEXTS.staffPassword[language], { exact: true }).fill(STAFF.cashier.password);
  await page.getByRole('button', { name: TEXTS.signIn[language], exact: true }).click();
  await expect(page.getByTestId('board-connection')).toHaveAttribute('data-state', 'live', { timeout: 15_000 });
  return page;
}

test.describe.configure({ mode: 'serial' });

for (const language of LANGUAGES) {
  test(`the board accepts with "ready in 25 min" and the diner sees the new ready time (${language})`, async ({
    page,
    browser,
    baseURL,
  }) => {
    test.setTimeout(90_000);
    const base = baseURL ?? '';
    const order = await dinerWithOrder(page, base, language);
    const estimate = page.getByTestId('order-estimate');
    const placedAt = order.times.estimate?.readyAt ?? '';
    await expect(estimate).toHaveAttribute('data-at', placedAt);
    await expect(estimate).toContainText(`${TEXT.readyAround[language]} ${clock(placedAt, language)}`);

    const staff = await board(browser, base, language);
    const card = staff.locator(`[data-testid="order-card"][data-order-id="${order.id}"]`);
    await expect(card).toHaveAttribute('data-status', 'pending');
    await card.getByRole('button', { name: TEXT.acceptWithTime[language], exact: true }).click();
    const dialog = staff.getByTestId('accept-dialog');
    await expect(dialog).toBeVisible();
    await dialog.getByRole('radio', { name: TEXT.minutes25[language], exact: true }).check();
    await shoot(staff, `order-times-accept-dialog-${language}`);
    await dialog.getByTestId('accept-dialog-confirm').click();
    await expect(dialog).toBeHidden();
    await expect(card).toHaveAttribute('data-status', 'sent_to_kitchen');
    await expect(card.getByTestId('order-status-time')).toHaveCount(1);
    await expect(card.getByTestId('order-estimate')).toContainText(TEXT.minutes25[language]);

    // The diner's page follows live: the server's new estimate (accepted + 25 min) and the acceptance's time.
    const fresh = (await (await page.request.get(`/api/orders/${QR.main}/${order.id}/`)).json()) as Order;
    const acceptedAt = fresh.times.statusTimes.sent_to_kitchen ?? '';
    const readyAt = new Date(Date.parse(acceptedAt) + 25 * 60_000).toISOString();
    expect(fresh.times.estimate?.readyAt).toBe(readyAt);
    await expect(estimate).toHaveAttribute('data-at', readyAt);
    await expect(estimate).toContainText(`${TEXT.readyAround[language]} ${clock(readyAt, language)}`);
    await expect(page.getByTestId('status-step-time')).toHaveText([
      clock(order.createdAt, language),
      clock(acceptedAt, language),
    ]);
    await shoot(page, `order-times-accepted-${language}`);
    await staff.context().close();
  });

  test(`the board declines with a reason from the list and the diner reads it (${language})`, async ({
    page,
    browser,
    baseURL,
  }) => {
    test.setTimeout(90_000);
    const base = baseURL ?? '';
    const order = await dinerWithOrder(page, base, language);
    const staff = await board(browser, base, language);
    const card = staff.locator(`[data-testid="order-card"][data-order-id="${order.id}"]`);
    await expect(card).toHaveAttribute('data-status', 'pending');
    await card.getByRole('button', { name: TEXT.decline[language], exact: true }).click();
    const dialog = staff.getByTestId('decline-dialog');
    await expect(dialog).toBeVisible();
    // Nothing chosen yet: declining waits for a reason.
    await expect(dialog.getByTestId('decline-dialog-confirm')).toBeDisabled();
    const reason = declineReasonLabel('item_unavailable', language);
    await dialog.getByRole('radio', { name: reason, exact: true }).check();
    await shoot(staff, `order-times-decline-dialog-${language}`);
    await dialog.getByTestId('decline-dialog-confirm').click();
    await expect(dialog).toBeHidden();
    await expect(card).toHaveAttribute('data-status', 'canceled');

    await expect(page.getByTestId('decline-reason')).toContainText(reason);
    await expect(page.getByTestId('order-estimate')).toHaveCount(0);
    await expect(page.getByTestId('status-timeline')).toHaveAttribute('data-status', 'canceled');
    await shoot(page, `order-times-declined-${language}`);
    await staff.context().close();
  });
}
