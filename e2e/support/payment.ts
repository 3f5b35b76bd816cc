/**
 * What the card payment journeys share: a diner at checkout with card chosen, and the built-in test gateway's hosted
 * pages (apps/api/src/providers/payment/test-gateway/test-gateway-page.ts), filled as a diner would.
 */
import { type APIRequestContext, expect, type Page } from '@playwright/test';
import type { Language } from '../../packages/shared/src/language.ts';
import type { ErrorCode } from '../../packages/shared/src/messages/errors.ts';
import { ORDER_TYPES } from '../../packages/shared/src/order-types.ts';
import { BRANCHES, branchOption, dinerWithCart } from './ordering.ts';
import { errorText, QR } from './sufra.ts';

/** The gateway's documented test cards (test-cards.ts): what each one does. */
export const TEST_CARDS = {
  visa: '4111 1111 1111 1111',
  declined: '4000 0000 0000 0002',
  threeDsFails: '4000 0000 0000 3220',
  /** Fails after 3-D Secure and the gateway holds every answer about it: the return page keeps waiting. */
  timeout: '4000 0000 0000 0119',
} as const;

/** A month that has not passed: December of next year (MM/YY). */
export function futureExpiry(now = new Date()): string {
  return `12/${String((now.getUTCFullYear() + 1) % 100).padStart(2, '0')}`;
}

/** A signed-in diner with the demo cart, pickup at Olaya, on the checkout page with card chosen. */
export async function dinerAtCardCheckout(page: Page, request: APIRequestContext, baseURL: string, language: Language) {
  const diner = await dinerWithCart(page, request, baseURL, language);
  await page.getByTestId(`order-type-${ORDER_TYPES.pickup}`).check();
  await branchOption(page, BRANCHES.olaya[language]).locator('input').check();
  await page.getByTestId('continue').click();
  await expect(page).toHaveURL(new RegExp(`/order-data/${QR.main}$`));
  await page.getByTestId('continue').click();
  await expect(page).toHaveURL(new RegExp(`/checkout/${QR.main}$`));
  await expect(page.getByTestId('checkout-total')).toBeVisible();
  // Cash is offered first and chosen; card is the branch's other choice.
  await expect(page.getByTestId('payment-cash')).toBeChecked();
  await page.getByTestId('payment-card').check();
  await expect(page.getByTestId('payment-card')).toBeChecked();
  return diner;
}

/** "Place order" with card: the order is made and the browser goes to the provider's hosted card page. */
export async function placeCardOrder(page: Page) {
  await page.getByTestId('place-order').click();
  await expect(page).toHaveURL(/\/test-gateway\/pay\//);
  await expect(page.locator('#card-form')).toBeVisible();
}

export async function fillCard(page: Page, card: { number: string; expiry?: string; cvv?: string; holder?: string }) {
  await page.locator('#number').fill(card.number);
  await page.locator('#holder').fill(card.holder ?? 'Noura Alqahtani');
  await page.locator('#expiry').fill(card.expiry ?? futureExpiry());
  await page.locator('#cvv').fill(card.cvv ?? '123');
}

export async function submitCard(page: Page) {
  await page.locator('#card-form button[type=submit]').click();
}

/** The simulated 3-D Secure step: type the one-time code the page shows (any code, for the card that fails it). */
export async function passThreeDs(page: Page, code?: string) {
  await expect(page.locator('#three-ds-form')).toBeVisible();
  const shown = ((await page.locator('#shown-code').textContent()) ?? '').trim();
  await page.locator('#code').fill(code ?? shown);
  await page.locator('#three-ds-form button[type=submit]').click();
}

/** On the provider's pages: the card typed and sent, then its 3-D Secure code (whether it pays is the card's doing). */
export async function payOnHostedPage(page: Page, number: string) {
  await fillCard(page, { number });
  await submitCard(page);
  await passThreeDs(page);
}

/**
 * The payment failed: the payment-failed page saying what happened (`code`: the spec's technical error unless the
 * provider said why). Returns the order it offers to pay again.
 */
export async function expectPaymentFailed(page: Page, language: Language, code: ErrorCode = 'payment_failed') {
  await expect(page).toHaveURL(new RegExp(`/payment-failed/${QR.main}\\?order=\\d+$`), { timeout: 15_000 });
  await expect(page.getByTestId('payment-failed-text')).toHaveText(errorText(code, language));
  return Number(new URL(page.url()).searchParams.get('order'));
}

/** A new payment attempt, never a second order: the diner's history holds exactly one. */
export async function expectOneOrder(page: Page) {
  await page.goto(`/orders/${QR.main}`);
  await expect(page.getByTestId('order-card').first()).toBeVisible();
  await expect(page.getByTestId('order-card')).toHaveCount(1);
}

/** Back on our side: the return page waits for the server's verdict, then the confirmation shows the order paid. */
export async function expectPaidConfirmation(page: Page) {
  await expect(page).toHaveURL(new RegExp(`/confirm-order/${QR.main}\\?order=\\d+$`), { timeout: 15_000 });
  await expect(page.getByTestId('order-number')).toBeVisible();
  await expect(page.getByTestId('payment-summary')).toHaveAttribute('data-payment', 'paid');
  return Number(new URL(page.url()).searchParams.get('order'));
}

/** The newest order of the signed-in diner (the page's cookies), as the order history lists it. */
export async function latestOrderId(page: Page): Promise<number> {
  const response = await page.request.get(`/api/orders/${QR.main}/`);
  expect(response.ok(), `GET orders → ${response.status()}`).toBeTruthy();
  const body = (await response.json()) as { orders: { id: number }[] };
  const id = body.orders[0]?.id;
  expect(id, 'the diner has an order').toBeDefined();
  return id ?? 0;
}
