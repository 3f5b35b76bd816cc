import { expect, test } from '@playwright/test';
import { signInDiner } from '../support/accounts.ts';
import { expectNoSeriousViolations } from '../support/axe.ts';
import {
  dinerAtCardCheckout,
  expectOneOrder,
  expectPaidConfirmation,
  expectPaymentFailed,
  fillCard,
  latestOrderId,
  passThreeDs,
  payOnHostedPage,
  placeCardOrder,
  submitCard,
  TEST_CARDS,
} from '../support/payment.ts';
import { shoot } from '../support/screenshots.ts';
import { errorText, LANGUAGES, QR, useLanguage } from '../support/sufra.ts';

const PAID_BY_CARD = { ar: 'مدفوع بالبطاقة', en: 'Paid by card' } as const;

for (const language of LANGUAGES) {
  test.describe(`card payments (${language})`, () => {
    // The diner's browser language: the provider's hosted page follows it (Accept-Language), as a real one would.
    test.use({ locale: language === 'ar' ? 'ar-SA' : 'en-US' });

    // Every journey starts as a signed-in diner at checkout with card chosen; a journey that needs more asks for it.
    test.beforeEach(async ({ page, request, baseURL }) => {
      test.setTimeout(90_000);
      if (language !== 'ar') await useLanguage(page, language);
      await dinerAtCardCheckout(page, request, baseURL ?? '', language);
    });

    test('a Visa card with 3-D Secure pays the order, and the confirmation says paid', async ({ page }) => {
      await expectNoSeriousViolations(page, `checkout with card (${language})`);
      await page.getByTestId('payment-choices').scrollIntoViewIfNeeded();
      await shoot(page, `checkout-card-${language}`);
      await placeCardOrder(page);
      await expect(page.locator('html')).toHaveAttribute('lang', language);
      await fillCard(page, { number: TEST_CARDS.visa });
      await expect(page.locator('#brand')).toHaveAttribute('data-brand', 'visa');
      await shoot(page, `payment-gateway-card-${language}`);
      await submitCard(page);
      await expect(page.locator('#three-ds-form')).toBeVisible();
      await shoot(page, `payment-gateway-3ds-${language}`);
      await passThreeDs(page);
      const id = await expectPaidConfirmation(page);
      await expect(page.getByTestId('payment-summary')).toContainText(PAID_BY_CARD[language]);
      // The provider's query (?id=&status=) never reaches the confirmation's address: ours only.
      expect(new URL(page.url()).search).toBe(`?order=${id}`);
      // The cart was emptied once the order was paid.
      await page.goto(`/cart/${QR.main}`);
      await expect(page.getByTestId('cart-empty')).toBeVisible();
    });

    test('a declined card lands on payment failed saying why; the same cart placed again pays that order', async ({
      page,
    }) => {
      await placeCardOrder(page);
      await fillCard(page, { number: TEST_CARDS.declined });
      await submitCard(page);
      const failedId = await expectPaymentFailed(page, language, 'payment_insufficient_funds');
      await expect(page.getByTestId('payment-retry')).toBeEnabled();
      await expectNoSeriousViolations(page, `payment failed (${language})`);

      // The cart is kept until a payment goes through: placing it again pays that same order, not a second one.
      // Nothing from here on reads a text: checked once, in Arabic.
      if (language !== 'ar') return;
      await page.goto(`/checkout/${QR.main}`);
      await page.getByTestId('payment-card').check();
      await placeCardOrder(page);
      await payOnHostedPage(page, TEST_CARDS.visa);
      expect(await expectPaidConfirmation(page)).toBe(failedId);
      await expectOneOrder(page);
    });

    test('a failed 3-D Secure, then a retry with a good card, pays the one order', async ({ page }) => {
      test.setTimeout(120_000);
      await placeCardOrder(page);
      await payOnHostedPage(page, TEST_CARDS.threeDsFails);
      const failedId = await expectPaymentFailed(page, language, 'payment_3ds_failed');

      // The retry reads no text: checked once, in Arabic.
      if (language !== 'ar') return;
      await page.getByTestId('payment-retry').click();
      await expect(page).toHaveURL(/\/test-gateway\/pay\//);
      await payOnHostedPage(page, TEST_CARDS.visa);
      expect(await expectPaidConfirmation(page)).toBe(failedId);
      await expectOneOrder(page);
    });

    test("the provider's page refuses a wrong card number, a past expiry and a short CVV", async ({ page }) => {
      await placeCardOrder(page);
      const gateway = page.url();
      await fillCard(page, { number: '4111 1111 1111 1112', expiry: '01/20', cvv: '12' });
      await submitCard(page);
      await expect(page.locator('#number-error')).toHaveText(errorText('card_number_invalid', language));
      await expect(page.locator('#expiry-error')).toHaveText(errorText('card_expiry_invalid', language));
      await expect(page.locator('#cvv-error')).toHaveText(errorText('card_cvv_invalid', language));
      await expect(page.locator('#number')).toHaveAttribute('aria-invalid', 'true');
      // Nothing was sent: still the card page, with focus on the first wrong field.
      expect(page.url()).toBe(gateway);
      await expect(page.locator('#number')).toBeFocused();
    });

    test('a payment not finished yet keeps the return page waiting, then offers to check again', async ({ page }) => {
      await placeCardOrder(page);
      // The diner leaves the provider's page without paying and comes back: the provider has no verdict yet.
      const id = await latestOrderId(page);
      // The page's own clock (Date, timers) is Playwright's from here, so its half minute of asking can be skipped
      // instead of waited for; time still flows as usual.
      await page.clock.install();
      await page.goto(`/payment/${QR.main}?order=${id}`);
      const status = page.getByTestId('payment-status');
      await expect(status).toBeVisible();
      await expect(status).toHaveAttribute('aria-live', 'polite');
      await expect(page.getByTestId('payment-page')).toHaveAttribute('data-state', 'checking');
      await expectNoSeriousViolations(page, `payment pending (${language})`);
      // The verification is in flight: no waiting for an idle network for this picture.
      await shoot(page, `payment-pending-${language}`, { settle: false });
      // The page stops asking after its half minute and says so, with a way to ask again. Its clock jumps ahead
      // without firing timers early: fastForward would also fire an in-flight request's timeout ("Network error").
      await page.clock.setSystemTime(Date.now() + 31_000);
      await expect(page.getByTestId('payment-page')).toHaveAttribute('data-state', 'stalled');
      await expect(page.getByTestId('payment-check-again')).toBeVisible();
      await expect(page).toHaveURL(new RegExp(`/payment/${QR.main}\\?order=${id}$`));
      await page.getByTestId('payment-check-again').click();
      await expect(page.getByTestId('payment-page')).toHaveAttribute('data-state', 'checking');

      // The same unpaid order on the payment-failed page offers to pay it again (the README's picture).
      await page.goto(`/payment-failed/${QR.main}?order=${id}`);
      await expect(page.getByTestId('payment-retry')).toBeVisible();
      await shoot(page, `payment-failed-retry-${language}`);
    });
  });

  test.describe(`card payments, the return page (${language})`, () => {
    test.use({ locale: language === 'ar' ? 'ar-SA' : 'en-US' });

    // A signed-in diner is all this page needs: no cart, no checkout.
    test.beforeEach(async ({ page, baseURL }) => {
      if (language !== 'ar') await useLanguage(page, language);
      await signInDiner(page, baseURL ?? '');
    });

    test('the return page with an order that is not the diner’s explains and offers to check again', async ({
      page,
    }) => {
      // The signed-in diner on a return address naming an unknown order.
      await page.goto(`/payment/${QR.main}?order=2147483000&id=forged&status=paid`);
      await expect(page.getByTestId('payment-error')).toHaveText(errorText('order_not_found', language));
      await expect(page).toHaveURL(new RegExp(`/payment/${QR.main}`));
      await expect(page.getByTestId('payment-check-again')).toBeVisible();
      await expectNoSeriousViolations(page, `payment return (${language})`);
    });
  });
}
