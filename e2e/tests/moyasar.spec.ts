import { expect, type Page, test } from '@playwright/test';
import { expectNoSeriousViolations } from '../support/axe.ts';
import {
  fillMoyasarCard,
  MOYASAR_CARDS,
  MOYASAR_E2E,
  moyasarBaseURL,
  passFakeThreeDSecure,
} from '../support/moyasar.ts';
import { dinerAtCardCheckout, expectPaidConfirmation } from '../support/payment.ts';
import { shoot } from '../support/screenshots.ts';
import { DIR, errorText, LANGUAGES, QR, useLanguage } from '../support/sufra.ts';

/**
 * Card payments with PAYMENT_PROVIDER=moyasar (the second journey server, against the fake Moyasar): our card page
 * posts the card from the browser to Moyasar's tokens API, our API gets only the token, Moyasar's 3-D Secure step
 * sends the diner back to /payment/{uuid}, and the usual verify decides.
 */

/** Every request the page sends that carries these digits (spaces or not), by origin. */
function cardCarriers(page: Page, number: string): string[] {
  const digits = number.replace(/\D/g, '');
  const origins: string[] = [];
  page.on('request', (request) => {
    const body = (request.postData() ?? '').replace(/[\s-]/g, '');
    if (
      body.includes(digits) ||
      request
        .url()
        .replace(/[\s-]|%20/g, '')
        .includes(digits)
    ) {
      origins.push(new URL(request.url()).origin);
    }
  });
  return origins;
}

async function placeOnCardPage(page: Page) {
  await page.getByTestId('place-order').click();
  await expect(page).toHaveURL(new RegExp(`/card/${QR.main}\\?order=\\d+$`));
  await expect(page.getByTestId('card-pay')).toBeEnabled();
}

test.use({ baseURL: moyasarBaseURL });

for (const language of LANGUAGES) {
  test.describe(`card payments with Moyasar (${language})`, () => {
    test.use({ locale: language === 'ar' ? 'ar-SA' : 'en-US' });

    test.beforeEach(async ({ page }) => {
      if (language !== 'ar') await useLanguage(page, language);
    });

    test('a card typed on our page goes only to Moyasar, passes 3-D Secure and pays the order', async ({
      page,
      request,
    }) => {
      test.setTimeout(90_000);
      const carriers = cardCarriers(page, MOYASAR_CARDS.approved);
      await dinerAtCardCheckout(page, request, moyasarBaseURL, language);
      await placeOnCardPage(page);
      await expect(page.locator('html')).toHaveAttribute('dir', DIR[language]);
      await expect(page.getByTestId('card-amount')).toBeVisible();
      await expectNoSeriousViolations(page, `card page (${language})`);

      // Checked on the page first, with the spec's messages, focus on the first wrong field.
      await fillMoyasarCard(page, { number: '4111 1111 1111 1112', expiry: '01/20', cvv: '12' });
      await page.getByTestId('card-pay').click();
      await expect(page.getByTestId('card-number-error')).toHaveText(errorText('card_number_invalid', language));
      await expect(page.getByTestId('card-expiry-error')).toHaveText(errorText('card_expiry_invalid', language));
      await expect(page.getByTestId('card-cvv-error')).toHaveText(errorText('card_cvv_invalid', language));
      await expect(page.locator('#card-number')).toBeFocused();
      expect(carriers).toEqual([]);

      await fillMoyasarCard(page, { number: MOYASAR_CARDS.approved });
      await expect(page.getByTestId('card-brand')).toHaveAttribute('data-brand', 'visa');
      await page.getByTestId('card-pay').click();
      await passFakeThreeDSecure(page, language);
      const id = await expectPaidConfirmation(page);
      expect(new URL(page.url()).search).toBe(`?order=${id}`);
      // The number went to Moyasar's tokens endpoint, once, and never to our server.
      expect(carriers).toEqual([`http://127.0.0.1:${MOYASAR_E2E.fakePort}`]);
    });

    test('Moyasar out of reach is explained; a declined card lands on payment failed; the retry pays the same order', async ({
      page,
      request,
    }) => {
      test.setTimeout(90_000);
      await dinerAtCardCheckout(page, request, moyasarBaseURL, language);
      await placeOnCardPage(page);
      const orderId = Number(new URL(page.url()).searchParams.get('order'));
      await fillMoyasarCard(page, { number: MOYASAR_CARDS.declined });

      // Moyasar out of reach from the browser: a clear message, the button back, and the same page tries again.
      const tokens = `http://127.0.0.1:${MOYASAR_E2E.fakePort}/v1/tokens`;
      await page.route(tokens, (route) => route.abort('connectionrefused'));
      await page.getByTestId('card-pay').click();
      await expect(page.getByTestId('card-error')).toHaveText(errorText('payment_provider_unavailable', language));
      await expect(page.getByTestId('card-pay')).toBeEnabled();
      await page.unroute(tokens);

      await page.getByTestId('card-pay').click();
      await passFakeThreeDSecure(page, language);
      await expect(page).toHaveURL(new RegExp(`/payment-failed/${QR.main}\\?order=${orderId}$`), { timeout: 15_000 });
      await expect(page.getByTestId('payment-failed-text')).toHaveText(errorText('payment_declined', language));

      await page.getByTestId('payment-retry').click();
      await expect(page).toHaveURL(new RegExp(`/card/${QR.main}\\?order=${orderId}$`));
      await expect(page.getByTestId('card-pay')).toBeEnabled();
      await fillMoyasarCard(page, { number: MOYASAR_CARDS.approved });
      await shoot(page, `payment-moyasar-card-${language}`);
      // Paying on the retry reads no text: checked once, in Arabic.
      if (language !== 'ar') return;
      await page.getByTestId('card-pay').click();
      await passFakeThreeDSecure(page, language);
      expect(await expectPaidConfirmation(page)).toBe(orderId);
      await page.goto(`/orders/${QR.main}`);
      await expect(page.getByTestId('order-card').first()).toBeVisible();
      await expect(page.getByTestId('order-card')).toHaveCount(1);
    });
  });
}
