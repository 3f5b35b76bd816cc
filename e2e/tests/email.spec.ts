import { expect, type Page, test } from '@playwright/test';
import { errorMessage } from '../../packages/shared/src/messages/errors.ts';
import type { Order } from '../../packages/shared/src/schemas/order.ts';
import { signInByOtp } from '../support/accounts.ts';
import { placeOrder } from '../support/diner-api.ts';
import { type CaughtMailSeen, caughtMail, foodicsBaseURL } from '../support/foodics.ts';
import { moveOrder } from '../support/ordering.ts';
import { shoot } from '../support/screenshots.ts';
import { asciiDigits, expectDocumentLanguage, LANGUAGES, QR, useLanguage } from '../support/sufra.ts';

/**
 * Issue 28 item 4: receipts by e-mail, on the server whose mail goes over SMTP (production's path) to a catcher
 * (support/serve-foodics.ts). A diner without an address is told the spec's words and adds one; "Email me this
 * receipt" then sends it, in the page's language; a completed order's receipt arrives by itself, once.
 */
test.use({ baseURL: foodicsBaseURL });

const completed = async (order: Order) => {
  for (const to of ['sent_to_kitchen', 'ready', 'delivered'] as const) await moveOrder(foodicsBaseURL, order.id, to);
};

/** The e-mails to this address, once `count` of them arrived. */
async function mailTo(address: string, count: number): Promise<CaughtMailSeen[]> {
  let found: CaughtMailSeen[] = [];
  await expect(async () => {
    found = (await caughtMail()).filter((m) => m.to.includes(address));
    expect(found.length).toBeGreaterThanOrEqual(count);
  }).toPass({ timeout: 20_000 });
  return found;
}

const mentions = (mail: CaughtMailSeen | undefined, order: Order) =>
  asciiDigits(mail?.subject ?? '').includes(String(order.number));

async function openReceipt(page: Page, order: Order) {
  await page.goto(`/receipt/${QR.main}?order=${order.id}`);
  await expect(page.getByTestId('receipt')).toBeVisible();
}

for (const language of LANGUAGES) {
  test(`a completed order's receipt is e-mailed once, and "Email me this receipt" sends it (${language})`, async ({
    page,
  }) => {
    test.setTimeout(90_000);
    if (language !== 'ar') await useLanguage(page, language);
    const name = `Diner ${Math.random().toString(36).slice(2, 7)}`;
    const signedIn = await signInByOtp(page.request, foodicsBaseURL, name);
    const diner = { request: page.request, name, phone: signedIn.phone };
    await page.goto(`/menu/${QR.main}`);
    await page.evaluate(
      (brandId) => localStorage.setItem('sufra.customer.brands', JSON.stringify([brandId])),
      signedIn.brandId,
    );

    // No address yet: completing the order sends nothing, and the receipt says the spec's words.
    const first = await placeOrder(diner);
    await completed(first);
    await openReceipt(page, first);
    await expectDocumentLanguage(page, language);
    await expect(page.getByTestId('receipt-email-no-address')).toContainText(
      errorMessage('receipt_email_no_address', language),
    );
    await expect(page.getByTestId('receipt-email-send')).toHaveCount(0);

    // The diner adds an address; "Email me this receipt" sends it in the page's language.
    const address = `${signedIn.phone.national}@diners.sufra.test`;
    const saved = await page.request.patch(`/api/customers/${QR.main}/me/`, { data: { email: address } });
    expect(saved.ok(), `PATCH me → ${saved.status()} ${await saved.text()}`).toBeTruthy();
    await page.reload();
    const send = page.getByTestId('receipt-email-send');
    await expect(send).toBeEnabled();
    expect((await send.boundingBox())?.height ?? 0).toBeGreaterThanOrEqual(44);
    await send.click();
    await expect(page.getByTestId('receipt-email-status')).toBeVisible();
    const [asked] = await mailTo(address, 1);
    expect(mentions(asked, first)).toBe(true);
    expect(asked?.language).toBe(language);
    await shoot(page, `email-receipt-sent-${language}`);

    // A second order, completed with the address known: its receipt arrives by itself, once.
    const second = await placeOrder(diner);
    await completed(second);
    const both = await mailTo(address, 2);
    expect(both.filter((m) => mentions(m, second))).toHaveLength(1);
    expect(both.filter((m) => mentions(m, first))).toHaveLength(1);
    // The relay marks it sent right after the SMTP server took it: the page says so once it is.
    await expect(async () => {
      await openReceipt(page, second);
      await expect(page.getByTestId('receipt-email-status')).toHaveAttribute('data-status', 'sent', { timeout: 2_000 });
    }).toPass({ timeout: 15_000 });
    // Moving on touches nothing: the one automatic receipt per order is the database's rule too (email.test.ts).
    expect((await caughtMail()).filter((m) => m.to.includes(address))).toHaveLength(2);
  });
}
