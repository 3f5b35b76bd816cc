import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, type Page, test } from '@playwright/test';
import type { Language } from '../../packages/shared/src/language.ts';
import { ORDER_TYPES } from '../../packages/shared/src/order-types.ts';
import type { Customer } from '../../packages/shared/src/schemas/customer.ts';
import type { LoyaltyAccount } from '../../packages/shared/src/schemas/loyalty.ts';
import { expectNoSeriousViolations } from '../support/axe.ts';
import { BRANCHES, branchOption, dinerWithCart } from '../support/ordering.ts';
import { picture } from '../support/screenshots.ts';
import { staffApi } from '../support/staff-api.ts';
import { asciiDigits, errorText, imagesSettled, LANGUAGES, QR, useLanguage } from '../support/sufra.ts';

const shotsDir = resolve(dirname(fileURLToPath(import.meta.url)), '../../docs/screenshots');
const PICKUP = ORDER_TYPES.pickup;

async function customerId(page: Page): Promise<number> {
  const me = await page.request.get(`/api/customers/${QR.main}/me/`);
  expect(me.ok(), `GET customers/me → ${me.status()}`).toBeTruthy();
  return ((await me.json()) as Customer).id;
}

async function account(page: Page): Promise<LoyaltyAccount> {
  const res = await page.request.get(`/api/loyalty/${QR.main}/me/`);
  expect(res.ok(), `GET loyalty/me → ${res.status()}`).toBeTruthy();
  return (await res.json()) as LoyaltyAccount;
}

/** A manager's adjustment through the staff API (the manager's own screen is loyalty-admin.spec.ts's). */
async function adjust(page: Page, baseURL: string, points: number, reason: string) {
  const manager = await staffApi(baseURL, 'manager');
  const res = await manager.post(`/api/staff/customers/${await customerId(page)}/points/`, {
    data: { points, reason },
  });
  expect(res.ok(), `POST points → ${res.status()} ${await res.text()}`).toBeTruthy();
}

/** SAR amounts in the page's text, read as halalas ("SAR 12.50", "١٢٫٥٠ ر.س."). */
function halalasIn(text: string): number {
  const ascii = asciiDigits(text)
    .replace(/[٫]/g, '.')
    .replace(/[,٬\u066C]/g, '');
  const match = ascii.match(/\d+(?:\.\d+)?/);
  return Math.round(Number(match?.[0] ?? Number.NaN) * 100);
}

/** From the order-type step to the checkout, pickup at Olaya. */
async function toCheckout(page: Page, language: Language) {
  await page.getByTestId(`order-type-${PICKUP}`).check();
  await branchOption(page, BRANCHES.olaya[language]).locator('input').check();
  await page.getByTestId('continue').click();
  await expect(page).toHaveURL(new RegExp(`/order-data/${QR.main}$`));
  await page.getByTestId('continue').click();
  await expect(page).toHaveURL(new RegExp(`/checkout/${QR.main}$`));
  await expect(page.getByTestId('checkout-total')).toBeVisible();
}

for (const language of LANGUAGES) {
  test.describe(`points at checkout and in the cart (${language})`, () => {
    test.beforeEach(async ({ page }) => {
      if (language !== 'ar') await useLanguage(page, language);
    });

    test('the diner spends points at checkout: the discount in the totals, the order placed, the points gone from the wallet', async ({
      page,
      request,
      baseURL,
    }) => {
      test.setTimeout(120_000);
      await dinerWithCart(page, request, baseURL ?? '', language);
      await adjust(page, baseURL ?? '', 1_000, language === 'ar' ? 'هدية' : 'A gift');

      // Back on the cart: the nudges to the next level and the next reward, in the language's digits.
      await page.goto(`/cart/${QR.main}`);
      const nudges = page.getByTestId('cart-nudges');
      await expect(nudges.getByTestId('nudge-level')).toBeVisible();
      await expect(nudges.getByTestId('nudge-level')).toContainText(language === 'ar' ? 'فضي' : 'Silver');
      await expect(nudges).not.toHaveText(language === 'ar' ? /[0-9]/ : /[٠-٩]/);
      await picture(page, { path: join(shotsDir, `cart-nudges-${language}.png`), animations: 'disabled' });
      await page.getByTestId('cart-continue').click();
      await expect(page).toHaveURL(new RegExp(`/order-type/${QR.main}$`));
      await toCheckout(page, language);

      const before = halalasIn((await page.getByTestId('checkout-total').textContent()) ?? '');
      const control = page.getByTestId('checkout-points');
      await expect(control.getByTestId('checkout-points-wallet')).toBeVisible();
      await control.getByTestId('checkout-points-use').check();
      const slider = control.getByRole('slider');
      await expect(slider).toBeVisible();
      // From the keyboard: End is the most this order takes, Home the least (the minimum per redemption, 100).
      await slider.focus();
      await page.keyboard.press('Home');
      await expect(slider).toHaveValue('100');
      const valueText = (await slider.getAttribute('aria-valuetext')) ?? '';
      expect(valueText).toMatch(language === 'ar' ? /١٠٠/ : /100/);
      expect(valueText).not.toMatch(language === 'ar' ? /[0-9]/ : /[٠-٩]/);
      // Three presses of "+" of 44 px.
      const more = control.getByTestId('checkout-points-more');
      const box = await more.boundingBox();
      expect(box?.width ?? 0).toBeGreaterThanOrEqual(44);
      expect(box?.height ?? 0).toBeGreaterThanOrEqual(44);
      await more.click();
      const chosen = Number(await slider.inputValue());
      expect(chosen).toBeGreaterThan(100);
      // Each point is worth 5 halalas: the total falls by exactly that.
      await expect(async () => {
        const after = halalasIn((await page.getByTestId('checkout-total').textContent()) ?? '');
        expect(before - after).toBe(chosen * 5);
      }).toPass();
      await picture(page, { path: join(shotsDir, `checkout-points-${language}.png`), animations: 'disabled' });
      await expectNoSeriousViolations(page, 'checkout with points');

      await page.getByTestId('place-order').click();
      await expect(page).toHaveURL(new RegExp(`/confirm-order/${QR.main}\\?order=\\d+$`));
      const after = await account(page);
      expect(after.walletPoints).toBe(1_000 - chosen);
      expect(after.redeemedToday).toEqual({ points: chosen, count: 1 });
    });

    test('a refusal from the server shows beside the points control, which resets; the rest of the checkout stays', async ({
      page,
      request,
      baseURL,
    }) => {
      test.setTimeout(120_000);
      await dinerWithCart(page, request, baseURL ?? '', language);
      await adjust(page, baseURL ?? '', 500, 'Test');
      await toCheckout(page, language);
      const control = page.getByTestId('checkout-points');
      await control.getByTestId('checkout-points-use').check();
      await expect(control.getByRole('slider')).toBeVisible();
      // Meanwhile the wallet is emptied (a manager's adjustment): the server refuses the spend.
      await adjust(page, baseURL ?? '', -500, 'Test');
      await page.getByTestId('place-order').click();
      await expect(page.getByTestId('checkout-points-refusal')).toHaveText(errorText('points_insufficient', language));
      await expect(page).toHaveURL(new RegExp(`/checkout/${QR.main}$`));
      await expect(page.getByTestId('checkout-points-use')).toHaveCount(0);
      await expect(page.getByTestId('place-order')).toBeEnabled();
      // The order goes through without points.
      await page.getByTestId('place-order').click();
      await expect(page).toHaveURL(new RegExp(`/confirm-order/${QR.main}\\?order=\\d+$`));
      expect((await account(page)).walletPoints).toBe(0);
      await imagesSettled(page);
    });
  });
}
