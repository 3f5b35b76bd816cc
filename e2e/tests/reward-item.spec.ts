import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, type Page, test } from '@playwright/test';
import type { Language } from '../../packages/shared/src/language.ts';
import { ORDER_TYPES } from '../../packages/shared/src/order-types.ts';
import type { Customer } from '../../packages/shared/src/schemas/customer.ts';
import type { ShopResponse } from '../../packages/shared/src/schemas/loyalty.ts';
import type { Order } from '../../packages/shared/src/schemas/order.ts';
import { BRANCHES, branchOption, dinerWithCart } from '../support/ordering.ts';
import { picture } from '../support/screenshots.ts';
import { staffApi } from '../support/staff-api.ts';
import { LANGUAGES, QR, useLanguage } from '../support/sufra.ts';

const shotsDir = resolve(dirname(fileURLToPath(import.meta.url)), '../../docs/screenshots');

const TEXT = {
  addToOrder: { ar: 'أضفها إلى طلبي', en: 'Add to my order' },
  claimed: { ar: 'مستلمة', en: 'Claimed' },
  sugar: { ar: 'السكر', en: 'Sugar' },
  regularSugar: { ar: 'سكر وسط', en: 'Regular sugar' },
} as const;

/** Points from a manager, then the points shop's free Karak Tea bought through the API: its name in `language`. */
async function ownKarak(page: Page, baseURL: string, language: Language): Promise<string> {
  const me = (await (await page.request.get(`/api/customers/${QR.main}/me/`)).json()) as Customer;
  const manager = await staffApi(baseURL, 'manager');
  const credited = await manager.post(`/api/staff/customers/${me.id}/points/`, {
    data: { points: 500, reason: 'Reward item journey' },
  });
  expect(credited.ok(), `POST points → ${credited.status()}`).toBeTruthy();
  const shop = (await (await page.request.get(`/api/loyalty/${QR.main}/shop/?shop=points`)).json()) as ShopResponse;
  const karak = shop.rewards.find((r) => r.name.en === 'Free Karak Tea');
  if (!karak) throw new Error('the demo points shop has no Free Karak Tea');
  const bought = await page.request.post(`/api/loyalty/${QR.main}/shop/${karak.id}/buy/?shop=points`);
  expect(bought.ok(), `POST buy → ${bought.status()} ${await bought.text()}`).toBeTruthy();
  return karak.name[language];
}

for (const language of LANGUAGES) {
  test.describe(`a reward's free item in an order (${language})`, () => {
    test.beforeEach(async ({ page }) => {
      if (language !== 'ar') await useLanguage(page, language);
    });

    test('from My Rewards to the cart at no price, its required choices picked, placed with the order, and Claimed afterwards', async ({
      page,
      request,
      baseURL,
    }) => {
      test.setTimeout(120_000);
      await dinerWithCart(page, request, baseURL ?? '', language);
      const name = await ownKarak(page, baseURL ?? '', language);

      await page.goto(`/my-rewards/${QR.main}`);
      const card = page.getByTestId('owned-reward').filter({ hasText: name });
      await card.getByRole('button', { name: TEXT.addToOrder[language] }).click();
      await expect(page).toHaveURL(new RegExp(`/cart/${QR.main}$`));
      const line = page.getByTestId('cart-reward-line');
      await expect(line).toContainText(name);
      // Its required choices are the diner's (issue 24 item 10): the free Karak need not come without sugar.
      await line.getByLabel(TEXT.sugar[language]).selectOption({ label: TEXT.regularSugar[language] });
      await line.evaluate((element) => element.scrollIntoView({ block: 'end' }));
      await picture(page, { path: join(shotsDir, `cart-reward-item-${language}.png`), animations: 'disabled' });

      await page.getByTestId('cart-continue').click();
      await page.getByTestId(`order-type-${ORDER_TYPES.pickup}`).check();
      await branchOption(page, BRANCHES.olaya[language]).locator('input').check();
      await page.getByTestId('continue').click();
      await page.getByTestId('continue').click();
      await expect(page).toHaveURL(new RegExp(`/checkout/${QR.main}$`));
      await expect(page.getByTestId('cart-reward-line')).toContainText(name);
      await expect(page.getByTestId('reward-choices-text')).toContainText(TEXT.regularSugar[language]);
      const responded = page.waitForResponse(
        (r) => r.url().includes(`/api/orders/${QR.main}/`) && r.request().method() === 'POST',
      );
      await page.getByTestId('place-order').click();
      const placed = (await (await responded).json()) as Order;
      // The reward's item is one more line of the order, at no price.
      const free = placed.lines.find((l) => l.unitPriceHalalas === 0);
      expect(free, 'a line at no price').toBeTruthy();
      expect(free?.modifiers.map((m) => m.name[language])).toContain(TEXT.regularSugar[language]);
      await expect(page).toHaveURL(new RegExp(`/confirm-order/${QR.main}\\?order=\\d+$`));

      // Claimed with the order: My Rewards says so, and the cart is empty of it.
      await page.goto(`/my-rewards/${QR.main}`);
      await expect(page.getByTestId('owned-reward').filter({ hasText: name }).getByTestId('owned-status')).toHaveText(
        TEXT.claimed[language],
      );
      await page.goto(`/cart/${QR.main}`);
      await expect(page.getByTestId('cart-reward-line')).toHaveCount(0);
    });
  });
}
