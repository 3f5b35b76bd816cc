import { join } from 'node:path';
import { expect, type Page, test } from '@playwright/test';
import type { Language } from '../../packages/shared/src/language.ts';
import type { Order } from '../../packages/shared/src/schemas/order.ts';
import type { SmsOutboxEntry } from '../../packages/shared/src/schemas/staff.ts';
import { STAFF, signInByOtp, TEXTS } from '../support/accounts.ts';
import { placeOrder } from '../support/diner-api.ts';
import { cashier, foodicsBaseURL, foodicsOrderOf, INTEGRATED_QR } from '../support/foodics.ts';
import { picture, shoot, shotsDir } from '../support/screenshots.ts';
import { staffApi } from '../support/staff-api.ts';
import { expectDocumentLanguage, LANGUAGES, switchLanguage, useLanguage } from '../support/sufra.ts';

/**
 * Issue 28, "Done when": an order at the demo's integrated branch (King Fahd Road) goes to Foodics (the fake, on the
 * Foodics journeys' server: support/serve-foodics.ts), and the cashier's moves there reach the diner by Foodics'
 * webhooks: the order page, the inbox and the "ready" text; a declined order reaches the diner with the cashier's
 * reason, and the board says it in the staff's language with Foodics' words beside it.
 */
test.use({ baseURL: foodicsBaseURL });

const READY_TEXT = /جاهز للاستلام|ready for pickup/i;

/** A new diner at the integrated branch, signed in in the page's cookie jar, with a pickup cash order placed. */
async function dinerWithOrder(page: Page, language: Language): Promise<{ order: Order; phone: string }> {
  if (language !== 'ar') await useLanguage(page, language);
  const name = `Diner ${Math.random().toString(36).slice(2, 7)}`;
  const signedIn = await signInByOtp(page.request, foodicsBaseURL, name, INTEGRATED_QR);
  const order = await placeOrder(
    { request: page.request, name, phone: signedIn.phone },
    { uuid: INTEGRATED_QR, orderType: 2 },
  );
  // The page's session hint (the app asks for the session only where it has signed in: lib/session-hint.ts).
  await page.goto(`/menu/${INTEGRATED_QR}`);
  await page.evaluate(
    (brandId) => localStorage.setItem('sufra.customer.brands', JSON.stringify([brandId])),
    signedIn.brandId,
  );
  await page.goto(`/confirm-order/${INTEGRATED_QR}?order=${order.id}`);
  await expectDocumentLanguage(page, language);
  return { order, phone: signedIn.phone.e164 };
}

for (const language of LANGUAGES) {
  test(`a pickup order goes to Foodics, is accepted and closed there; the page, inbox and text follow (${language})`, async ({
    page,
  }) => {
    test.setTimeout(90_000);
    const { order, phone } = await dinerWithOrder(page, language);
    const timeline = page.getByTestId('status-timeline');
    await expect(timeline).toHaveAttribute('data-status', 'pending');
    await expect(page.getByTestId('live-state')).toHaveAttribute('data-state', 'live');

    // At Foodics once, as a pickup (type 2), Pending until the cashier accepts it.
    const made = await foodicsOrderOf(order.id);
    expect(made).toMatchObject({ type: 2, status: 1 });

    await cashier(order.id, 'accept');
    await expect(timeline).toHaveAttribute('data-status', 'sent_to_kitchen');
    await cashier(order.id, 'ready');
    await expect(timeline).toHaveAttribute('data-status', 'ready');

    // The "ready for pickup" text, to the diner's number, naming the order.
    const owner = await staffApi(foodicsBaseURL, 'owner');
    await expect(async () => {
      const res = await owner.get('/api/staff/sms-outbox/');
      expect(res.ok()).toBeTruthy();
      const { messages } = (await res.json()) as { messages: SmsOutboxEntry[] };
      const ready = messages.filter((m) => m.to === phone && READY_TEXT.test(m.body));
      expect(ready).toHaveLength(1);
      expect(ready[0]?.body).toContain(String(order.number));
    }).toPass({ timeout: 15_000 });

    await cashier(order.id, 'close');
    await expect(timeline).toHaveAttribute('data-status', 'delivered');
    await expect(page.getByTestId('live-state')).toHaveCount(0);

    // The inbox heard every move: the bell counts them (read when the page loads).
    await page.reload();
    await expect(timeline).toHaveAttribute('data-status', 'delivered');
    const bell = page.getByTestId('inbox-bell');
    await expect(bell).not.toHaveAttribute('data-unread', '0');
    await shoot(page, `foodics-closed-${language}`);
    await bell.click();
    // The order's moves, and the points its completion earned (closed at Foodics = completed here).
    const list = page.getByTestId('inbox-list');
    await expect(list.locator('li[data-kind="points_earned"]')).toHaveCount(1);
    await expect(list.locator('li[data-kind="order_status"]').first()).toBeVisible();
    await expect(bell).toHaveAttribute('data-unread', '0');

    // Created once at Foodics, whatever the webhooks and polls did.
    expect((await foodicsOrderOf(order.id)).status).toBe(4);
  });

  test(`a declined order reaches the diner with the cashier's reason, and the board says why (${language})`, async ({
    page,
    browser,
  }) => {
    test.setTimeout(90_000);
    const { order } = await dinerWithOrder(page, language);
    await foodicsOrderOf(order.id);
    const reason = 'Out of chicken today';
    await cashier(order.id, 'decline', reason);
    await expect(page.getByTestId('status-timeline')).toHaveAttribute('data-status', 'canceled');
    await expect(page.getByTestId('confirm-reason')).toContainText(reason);
    await shoot(page, `foodics-declined-${language}`);

    // The manager's board at the branch: declined at Foodics, said in the staff's language, Foodics' words beside.
    const staff = await browser.newContext({ baseURL: foodicsBaseURL, viewport: { width: 1280, height: 800 } });
    const board = await staff.newPage();
    await board.goto(`/staff?branch=${order.branchId}`);
    if (language !== 'ar') await switchLanguage(board, language);
    await board.getByLabel(TEXTS.staffEmail[language], { exact: true }).fill(STAFF.manager.email);
    await board.getByLabel(TEXTS.staffPassword[language], { exact: true }).fill(STAFF.manager.password);
    await board.getByRole('button', { name: TEXTS.signIn[language], exact: true }).click();
    // A canceled order is among the finished ones, folded away: opened as staff would.
    await board.getByTestId('board-finished').locator('summary').click();
    const card = board.locator(`[data-testid="order-card"][data-order-id="${order.id}"]`);
    await expect(card).toBeVisible();
    await expect(card.getByTestId('order-pos')).toHaveAttribute('data-pos', 'declined');
    const why = card.getByTestId('order-pos-reason');
    await expect(why).toContainText(
      language === 'ar' ? 'رفضه الكاشير في فودكس.' : 'Declined by the cashier in Foodics.',
    );
    const technical = card.getByTestId('order-pos-technical');
    await expect(technical).toHaveText(reason);
    await expect(technical).toHaveAttribute('dir', 'ltr');
    await card.scrollIntoViewIfNeeded();
    await picture(board, { path: join(shotsDir, 'console', `board-foodics-declined-${language}.png`) });
    await staff.close();
  });
}
