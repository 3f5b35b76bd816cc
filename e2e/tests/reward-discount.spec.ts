import { expect, type Page, test } from '@playwright/test';
import { formatSar } from '../../packages/shared/src/money.ts';
import { ORDER_TYPES } from '../../packages/shared/src/order-types.ts';
import type { Customer } from '../../packages/shared/src/schemas/customer.ts';
import type { Order } from '../../packages/shared/src/schemas/order.ts';
import { BRANCHES, branchOption, dinerWithCart } from '../support/ordering.ts';
import { picture } from '../support/screenshots.ts';
import { staffApi } from '../support/staff-api.ts';
import { LANGUAGES, QR, useLanguage } from '../support/sufra.ts';

const TEXT = {
  reward: { ar: 'خصم ١٥ ريال', en: 'SAR 15 off' },
  addToOrder: { ar: 'أضفها إلى طلبي', en: 'Add to my order' },
  confirmBuy: { ar: 'اشترِ الآن', en: 'Buy now' },
  claimed: { ar: 'مستلمة', en: 'Claimed' },
} as const;

/** Points from a manager, enough for the points shop's "SAR 15 off" (280 points). */
async function creditPoints(page: Page, baseURL: string) {
  const me = (await (await page.request.get(`/api/customers/${QR.main}/me/`)).json()) as Customer;
  const manager = await staffApi(baseURL, 'manager');
  const credited = await manager.post(`/api/staff/customers/${me.id}/points/`, {
    data: { points: 500, reason: 'Reward discount journey' },
  });
  expect(credited.ok(), `POST points → ${credited.status()}`).toBeTruthy();
}

for (const language of LANGUAGES) {
  test.describe(`a reward's discount in an order (${language})`, () => {
    test.beforeEach(async ({ page }) => {
      if (language !== 'ar') await useLanguage(page, language);
    });

    test('bought in the points shop, added from My Rewards, its discount line at checkout, placed and Claimed', async ({
      page,
      request,
      baseURL,
    }) => {
      test.setTimeout(120_000);
      await dinerWithCart(page, request, baseURL ?? '', language);
      await creditPoints(page, baseURL ?? '');
      const name = TEXT.reward[language];
      const fifteen = formatSar(1_500, language);

      // The points shop: "SAR 15 off", bought after the confirmation.
      await page.goto(`/points-shop/${QR.main}`);
      const offer = page.getByTestId('shop-reward').filter({ hasText: name });
      await offer.getByTestId('buy-reward').click();
      const dialog = page.getByRole('dialog');
      await dialog.getByRole('button', { name: TEXT.confirmBuy[language] }).click();
      await expect(dialog).toBeHidden();

      // The cart's way to the diner's rewards → My Rewards → "Add to my order" → back in the cart, with the reward's
      // line taking SAR 15 off.
      await page.goto(`/cart/${QR.main}`);
      const useReward = page.getByTestId('use-reward');
      await useReward.scrollIntoViewIfNeeded();
      await picture(page, { path: `test-results/cart-use-reward-${language}.png`, animations: 'disabled' });
      await useReward.click();
      await expect(page).toHaveURL(new RegExp(`/my-rewards/${QR.main}$`));
      const card = page.getByTestId('owned-reward').filter({ hasText: name });
      await card.getByRole('button', { name: TEXT.addToOrder[language] }).click();
      await expect(page).toHaveURL(new RegExp(`/cart/${QR.main}$`));
      const line = page.getByTestId('cart-reward-line');
      await expect(line).toContainText(name);
      await expect(line.getByTestId('reward-line-price')).toHaveText(`−${fifteen}`);
      await expect(page.getByTestId('cart-discount')).toHaveText(`−${fifteen}`);
      await expect(useReward).toHaveCount(0);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
      await picture(page, { path: `test-results/cart-reward-discount-${language}.png`, animations: 'disabled' });

      await page.getByTestId('cart-continue').click();
      await page.getByTestId(`order-type-${ORDER_TYPES.pickup}`).check();
      await branchOption(page, BRANCHES.olaya[language]).locator('input').check();
      await page.getByTestId('continue').click();
      await page.getByTestId('continue').click();
      await expect(page).toHaveURL(new RegExp(`/checkout/${QR.main}$`));
      await expect(page.getByTestId('cart-reward-line').getByTestId('reward-line-price')).toHaveText(`−${fifteen}`);
      await expect(page.getByTestId('checkout-discount')).toHaveText(`−${fifteen}`);
      const shownTotal = await page.getByTestId('checkout-total').textContent();
      await page.getByTestId('cart-reward-line').scrollIntoViewIfNeeded();
      await picture(page, { path: `test-results/checkout-reward-discount-${language}.png`, animations: 'disabled' });

      const responded = page.waitForResponse(
        (r) => r.url().includes(`/api/orders/${QR.main}/`) && r.request().method() === 'POST',
      );
      await page.getByTestId('place-order').click();
      const response = await responded;
      expect(response.status(), await response.text()).toBe(201);
      const placed = (await response.json()) as Order;
      // The server's figures: SAR 15 off, the total the checkout showed.
      expect(placed.pricing.totalDiscount).toBe(1_500);
      expect(formatSar(placed.pricing.total, language)).toBe(shownTotal);
      await expect(page).toHaveURL(new RegExp(`/confirm-order/${QR.main}\\?order=\\d+$`));

      await page.goto(`/my-rewards/${QR.main}`);
      await expect(page.getByTestId('owned-reward').filter({ hasText: name }).getByTestId('owned-status')).toHaveText(
        TEXT.claimed[language],
      );
    });
  });
}
