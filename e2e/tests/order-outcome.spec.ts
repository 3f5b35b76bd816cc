import { readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, type Page, test } from '@playwright/test';
import type { Language } from '../../packages/shared/src/language.ts';
import { formatSar } from '../../packages/shared/src/money.ts';
import { moveOrder } from '../support/ordering.ts';
import {
  dinerAtCardCheckout,
  expectPaidConfirmation,
  expectPaymentFailed,
  fillCard,
  payOnHostedPage,
  placeCardOrder,
  submitCard,
  TEST_CARDS,
} from '../support/payment.ts';
import { picture, SHOTS } from '../support/screenshots.ts';
import { staffApi } from '../support/staff-api.ts';
import { asciiDigits, DIR, imagesSettled, LANGUAGES, QR, useLanguage } from '../support/sufra.ts';

/**
 * What a diner reads after the order is out of their hands (issue 13 items 12–14): the confirmation's headline, icon
 * and words follow the order (canceled with its reason and where the money is, delivered), a failed card says what
 * happened and what to do, and the provider's pages open in the diner's language, not the browser's. Each state is
 * also photographed at phone size for docs/screenshots/.
 */

const here = dirname(fileURLToPath(import.meta.url));
const shotsDir = resolve(here, '../../docs/screenshots');
const locale = (language: Language) =>
  (
    JSON.parse(readFileSync(resolve(here, `../../apps/web/src/locales/ordering.${language}.json`), 'utf8')) as {
      ordering: Record<string, string>;
    }
  ).ordering;

async function shoot(page: Page, name: string) {
  await page.waitForLoadState('networkidle');
  if (!SHOTS) return;
  await imagesSettled(page);
  await picture(page, { path: join(shotsDir, `${name}.png`), animations: 'disabled', caret: 'hide' });
}

const REASON = { ar: 'نفد الأرز', en: 'Out of rice' } as const;

for (const language of LANGUAGES) {
  test.describe(`after the order (${language})`, () => {
    test.use({ locale: language === 'ar' ? 'ar-SA' : 'en-US' });
    const words = locale(language);

    test.beforeEach(async ({ page, request, baseURL }) => {
      test.setTimeout(120_000);
      if (language !== 'ar') await useLanguage(page, language);
      await dinerAtCardCheckout(page, request, baseURL ?? '', language);
    });

    test('a paid card order canceled by staff reads canceled, with the reason and the refund', async ({
      page,
      baseURL,
    }) => {
      await placeCardOrder(page);
      await payOnHostedPage(page, TEST_CARDS.visa);
      const id = await expectPaidConfirmation(page);
      const head = page.getByTestId('confirm-head');
      await expect(head).toHaveAttribute('data-state', 'placed');
      const total = await (await page.request.get(`/api/orders/${QR.main}/${id}/`)).json();

      const staff = await staffApi(baseURL ?? '', 'cashier');
      const canceled = await staff.patch(`/api/staff/orders/${id}/status/`, {
        data: { to: 'canceled', reason: REASON[language] },
      });
      expect(canceled.ok(), await canceled.text()).toBeTruthy();

      // Live: the headline turns, then the refund the provider confirms (the refund relay runs at once).
      await expect(head).toHaveAttribute('data-state', 'canceled');
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(words.confirmCanceledTitle ?? '');
      await expect(page.getByTestId('confirm-reason')).toHaveText(
        `${words.confirmCanceledReason}`.replace('{{reason}}', REASON[language]),
      );
      const amount = formatSar((total as { pricing: { total: number } }).pricing.total, language);
      await expect(page.getByTestId('confirm-money')).toHaveText(
        `${words.confirmRefundDone}`.replace('{{total}}', amount),
        { timeout: 20_000 },
      );
      await expect(page.getByTestId('confirm-head')).not.toContainText(words.thanks ?? '');
      await shoot(page, `confirm-order-canceled-refunded-${language}`);
    });

    test('a handed-over pickup order reads picked up, not delivered', async ({ page, baseURL }) => {
      await page.getByTestId('payment-cash').check();
      await page.getByTestId('place-order').click();
      await expect(page).toHaveURL(new RegExp(`/confirm-order/${QR.main}\\?order=\\d+$`));
      const id = Number(new URL(page.url()).searchParams.get('order'));
      for (const to of ['sent_to_kitchen', 'ready', 'delivered'] as const) await moveOrder(baseURL ?? '', id, to);
      await expect(page.getByTestId('confirm-head')).toHaveAttribute('data-state', 'delivered');
      // The data keeps the spec's "delivered"; nobody delivers a pickup order, so the diner reads "picked up".
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(
        words.confirmPickedUpTitle ?? 'confirmPickedUpTitle',
      );
      await expect(page.getByTestId('confirm-text')).toHaveText(words.confirmDeliveredText ?? '');
      await expect(page.getByTestId('status-step').last()).toContainText(
        language === 'ar' ? 'تم الاستلام' : 'Picked up',
      );
      await shoot(page, `confirm-order-delivered-${language}`);
    });

    test('a declined card says what happened and what to do: another card, or the same order paid cash', async ({
      page,
    }) => {
      await placeCardOrder(page);
      await fillCard(page, { number: TEST_CARDS.declined });
      await submitCard(page);
      await expectPaymentFailed(page, language, 'payment_insufficient_funds');
      await expect(page.getByTestId('payment-retry')).toBeEnabled();
      await expect(page.getByTestId('payment-failed-reorder')).toHaveText(words.reorderToPayCash ?? '');
      await shoot(page, `payment-failed-declined-${language}`);
    });

    test('"order again and pay cash" after a declined card puts the order back once, never a second copy', async ({
      page,
    }) => {
      await placeCardOrder(page);
      await fillCard(page, { number: TEST_CARDS.declined });
      await submitCard(page);
      await expectPaymentFailed(page, language, 'payment_insufficient_funds');
      const id = Number(new URL(page.url()).searchParams.get('order'));
      const order = (await (await page.request.get(`/api/orders/${QR.main}/${id}/`)).json()) as {
        lines: { quantity: number }[];
      };
      const quantities = order.lines.map((line) => line.quantity).sort();
      // The cart as the cart page shows it: one line per order line, each with the order's quantity.
      const expectOrderInCart = async () => {
        await expect(page).toHaveURL(new RegExp(`/cart/${QR.main}$`));
        await expect(page.getByTestId('cart-line')).toHaveCount(order.lines.length);
        const shown = await page.getByTestId('cart-line').getByTestId('quantity-value').allTextContents();
        expect(shown.map((text) => Number(asciiDigits(text).replace(/\D/g, ''))).sort()).toEqual(quantities);
      };
      // The placed card order kept the cart (the payment could still be retried): "order again" replaces it.
      await page.getByTestId('payment-failed-reorder').click();
      await expectOrderInCart();
      // And again from the history: still one copy.
      await page.goto(`/orders/${QR.main}`);
      await page.getByTestId('order-card').first().getByTestId('reorder').click();
      await expectOrderInCart();
    });
  });
}

// The diner's language is the app's, whatever the phone's browser says: the provider's pages follow the app.
for (const language of LANGUAGES) {
  const other: Language = language === 'ar' ? 'en' : 'ar';
  test.describe(`the provider's page in the app's language (${language} app, ${other} browser)`, () => {
    test.use({ locale: other === 'ar' ? 'ar-SA' : 'en-US' });

    test("opens the hosted card page and its 3-D Secure step in the diner's language", async ({
      page,
      request,
      baseURL,
    }) => {
      test.setTimeout(120_000);
      await useLanguage(page, language);
      await dinerAtCardCheckout(page, request, baseURL ?? '', language);
      await placeCardOrder(page);
      await expect(page.locator('html')).toHaveAttribute('lang', language);
      await expect(page.locator('html')).toHaveAttribute('dir', DIR[language]);
      await fillCard(page, { number: TEST_CARDS.visa });
      await submitCard(page);
      await expect(page.locator('#three-ds-form')).toBeVisible();
      await expect(page.locator('html')).toHaveAttribute('lang', language);
    });
  });
}
