import { expect, type Page, test } from '@playwright/test';
import { ORDER_TYPES } from '../../packages/shared/src/order-types.ts';
import { signInDiner } from '../support/accounts.ts';
import { expectNoSeriousViolations } from '../support/axe.ts';
import { demoCart } from '../support/demo-menu.ts';
import {
  addDeliveryAddress,
  BRANCHES,
  branchOption,
  checkoutAndPlace,
  dinerWithCart,
  moveOrder,
  ORDERING_TEXT,
  POINTS,
} from '../support/ordering.ts';
import { shoot } from '../support/screenshots.ts';
import { fetchMenu, LANGUAGES, QR, saveCart, useLanguage } from '../support/sufra.ts';

/** The confirmation shows the server's total equal to the checkout preview, then a staff move arrives live. */
async function expectConfirmationMovesLive(
  page: Page,
  baseURL: string,
  language: 'ar' | 'en',
  placed: { id: number; previewTotal: string },
) {
  await expect(page.getByTestId('confirm-total')).toHaveText(placed.previewTotal);
  await expect(page.getByTestId('total-differs')).toHaveCount(0);
  const timeline = page.getByTestId('status-timeline');
  await expect(timeline).toHaveAttribute('data-status', 'pending');
  await expect(page.getByTestId('live-state')).toHaveAttribute('data-state', 'live');
  await moveOrder(baseURL, placed.id, 'sent_to_kitchen');
  // No reload: the new status comes over the event stream, and is announced.
  await expect(timeline).toHaveAttribute('data-status', 'sent_to_kitchen');
  await expect(page.getByTestId('status-announcer')).toContainText(ORDERING_TEXT.status.sent_to_kitchen[language]);
  await expect(timeline.locator('[aria-current=step]')).toContainText(ORDERING_TEXT.status.sent_to_kitchen[language]);
}

for (const language of LANGUAGES) {
  test.describe(`ordering (${language})`, () => {
    test.beforeEach(async ({ page }) => {
      if (language !== 'ar') await useLanguage(page, language);
    });

    test('a dine-in order with the location near the branch, its status moving live', async ({
      page,
      context,
      request,
      baseURL,
    }) => {
      test.setTimeout(90_000);
      await context.grantPermissions(['geolocation']);
      await context.setGeolocation(BRANCHES.olaya.location);
      await dinerWithCart(page, request, baseURL ?? '', language);
      await page.getByTestId(`order-type-${ORDER_TYPES.dineIn}`).check();
      await expect(page.getByTestId('location-ok')).toBeVisible();
      // A counter QR at a branch with tables: which table (dine-in-tables.spec.ts has the rest).
      await page.locator('#table-number').fill('3');
      await expectNoSeriousViolations(page, `order type, dine-in (${language})`);
      await page.getByTestId('continue').click();
      await expect(page.getByTestId('order-data-page')).toBeVisible();
      await expectNoSeriousViolations(page, `order data (${language})`);
      const placed = await checkoutAndPlace(page, 'Extra napkins please', () =>
        expectNoSeriousViolations(page, `checkout (${language})`),
      );
      await expect(page.getByTestId('confirm-type')).toHaveText(ORDERING_TEXT.types[1][language]);
      await expect(page.getByTestId('confirm-branch')).toHaveText(BRANCHES.olaya[language]);
      await expectConfirmationMovesLive(page, baseURL ?? '', language, placed);
      await expectNoSeriousViolations(page, `confirmation (${language})`);

      // A deep link works on reload, with the status as it is now.
      await page.reload();
      await expect(page.getByTestId('status-timeline')).toHaveAttribute('data-status', 'sent_to_kitchen');
    });

    test('a pickup order at an open branch; a closed branch cannot be chosen', async ({ page, request, baseURL }) => {
      test.setTimeout(90_000);
      await dinerWithCart(page, request, baseURL ?? '', language);
      await page.getByTestId(`order-type-${ORDER_TYPES.pickup}`).check();
      const closed = branchOption(page, BRANCHES.malqa[language]);
      await expect(closed.locator('input')).toBeDisabled();
      await expect(closed.getByTestId('branch-closed')).toBeVisible();
      await shoot(page, `order-type-pickup-${language}`);
      await branchOption(page, BRANCHES.olaya[language]).locator('input').check();
      await page.getByTestId('continue').click();
      const placed = await checkoutAndPlace(page, 'No onions');
      await expect(page.getByTestId('confirm-type')).toHaveText(ORDERING_TEXT.types[2][language]);
      await expectConfirmationMovesLive(page, baseURL ?? '', language, placed);
    });

    test('a delivery order to an address inside a zone; one outside every zone is refused', async ({
      page,
      request,
      baseURL,
    }) => {
      test.setTimeout(90_000);
      await dinerWithCart(page, request, baseURL ?? '', language);
      await page.getByTestId(`order-type-${ORDER_TYPES.delivery}`).check();
      await branchOption(page, BRANCHES.olaya[language]).locator('input').check();
      await expect(page.getByTestId('delivery-address')).toBeVisible();

      await addDeliveryAddress(page, language, language === 'ar' ? 'المزرعة' : 'Farm', POINTS.outside);
      await expect(page.getByTestId('address-not-covered')).toHaveText(ORDERING_TEXT.notCovered[language]);
      await page.getByTestId('continue').click();
      await expect(page.getByTestId('order-type-problem')).toHaveText(ORDERING_TEXT.selectAddress[language]);
      await expect(page).toHaveURL(new RegExp(`/order-type/${QR.main}$`));

      await addDeliveryAddress(page, language, language === 'ar' ? 'المنزل' : 'Home', POINTS.inZone);
      await expect(page.getByTestId('address-not-covered')).toHaveCount(0);
      await expect(page.getByTestId('address-option').filter({ has: page.locator('input:checked') })).toContainText(
        language === 'ar' ? 'المنزل' : 'Home',
      );
      await expect(page.getByTestId('zone-fee').last()).toBeVisible();
      // The address is chosen: "Please select your address" has gone with the reason for it.
      await expect(page.getByTestId('order-type-problem')).toBeEmpty();
      await page.getByTestId('delivery-address').scrollIntoViewIfNeeded();
      await shoot(page, `order-type-delivery-${language}`);
      await page.getByTestId('continue').click();
      await expect(page).toHaveURL(new RegExp(`/order-data/${QR.main}$`));
      await page.locator('#order-notes').fill(language === 'ar' ? 'اطرق الجرس من فضلك' : 'Ring the bell');
      // For tomorrow at 13:30 (Olaya is open round the clock): a scheduled order is placed and moved like any other.
      await page.getByTestId('receive-scheduled').check();
      await page.locator('#receive-day').selectOption({ index: 1 });
      await page.locator('#receive-time').fill('13:30');
      await shoot(page, `order-data-${language}`);
      await page.getByTestId('continue').click();
      await expect(page.getByTestId('checkout-delivery-fee')).toBeVisible();
      await expect(page.getByTestId('review-address')).toContainText(language === 'ar' ? 'المنزل' : 'Home');
      await shoot(page, `checkout-${language}`);
      const previewTotal = (await page.getByTestId('checkout-total').textContent()) ?? '';
      await page.getByTestId('place-order').click();
      await expect(page).toHaveURL(new RegExp(`/confirm-order/${QR.main}\\?order=\\d+$`));
      const id = Number(new URL(page.url()).searchParams.get('order'));
      await expect(page.getByTestId('confirm-delivery-fee')).toBeVisible();
      await expectConfirmationMovesLive(page, baseURL ?? '', language, { id, previewTotal });
      await shoot(page, `confirm-order-${language}`);
      await page.getByTestId('confirm-total').scrollIntoViewIfNeeded();
      await shoot(page, `confirm-order-totals-${language}`);
    });

    test('a delivery below the zone minimum is held at checkout with the minimum shown', async ({
      page,
      request,
      baseURL,
    }) => {
      test.setTimeout(90_000);
      await signInDiner(page, baseURL ?? '');
      const menu = await fetchMenu(request, language);
      const cart = demoCart(menu);
      // One plain item: below Olaya's first zone minimum (30 SAR).
      const single = { ...cart.products[0], productQuantity: 1 };
      expect(single.unitPriceHalalas).toBeLessThan(3000);
      await saveCart(page, { products: [single], combos: [] });
      await page.goto(`/order-type/${QR.main}`);
      await page.getByTestId(`order-type-${ORDER_TYPES.delivery}`).check();
      await branchOption(page, BRANCHES.olaya[language]).locator('input').check();
      await addDeliveryAddress(page, language, language === 'ar' ? 'المكتب' : 'Office', POINTS.inZone);
      await page.getByTestId('continue').click();
      await page.getByTestId('continue').click();
      await expect(page.getByTestId('below-minimum')).toBeVisible();
      await expect(page.getByTestId('place-order')).toBeDisabled();
    });

    test('a refused location permission shows the message and keeps the diner on the page', async ({
      page,
      context,
      request,
      baseURL,
    }) => {
      await context.clearPermissions();
      await dinerWithCart(page, request, baseURL ?? '', language);
      await page.getByTestId(`order-type-${ORDER_TYPES.dineIn}`).check();
      await expect(page.getByTestId('location-error')).toContainText(ORDERING_TEXT.locationPermission[language]);
      await expect(page.getByTestId('location-how-to')).toBeVisible();
      await page.getByTestId('continue').click();
      await expect(page).toHaveURL(new RegExp(`/order-type/${QR.main}$`));
      // Said once, in the location's section with how to turn it on, not again under the button.
      await expect(page.getByText(ORDERING_TEXT.locationPermission[language], { exact: true })).toHaveCount(1);
      await expect(page.getByTestId('order-type-problem')).toBeEmpty();
    });

    test('past orders are listed and one can be ordered again', async ({ page, request, baseURL }) => {
      test.setTimeout(90_000);
      await dinerWithCart(page, request, baseURL ?? '', language);
      await page.getByTestId(`order-type-${ORDER_TYPES.pickup}`).check();
      await branchOption(page, BRANCHES.olaya[language]).locator('input').check();
      await page.getByTestId('continue').click();
      const placed = await checkoutAndPlace(page, 'First order');
      const number = (await page.getByTestId('order-number').textContent()) ?? '';

      // The cart was emptied by the order; the history is reached from the profile.
      await page.goto(`/edit-profile/${QR.main}`);
      await page.getByTestId('my-orders-link').click();
      await expect(page).toHaveURL(new RegExp(`/orders/${QR.main}$`));
      const card = page.getByTestId('order-card').first();
      await expect(card).toBeVisible();
      expect(number).toContain(((await card.textContent()) ?? '').match(/#[\d٠-٩]+/)?.[0] ?? 'no number');
      await expectNoSeriousViolations(page, `orders (${language})`);
      await shoot(page, `orders-${language}`);
      await card.getByTestId('reorder').click();
      await expect(page).toHaveURL(new RegExp(`/cart/${QR.main}$`));
      await expect(page.getByTestId('cart-line')).toHaveCount(3);
      expect(placed.id).toBeGreaterThan(0);
    });

    test('the payment-failed page offers the way back', async ({ page }) => {
      await page.goto(`/payment-failed/${QR.main}`);
      await expect(page.getByTestId('payment-failed-page')).toBeVisible();
      await expect(page.getByRole('link').filter({ hasText: language === 'ar' ? 'السلة' : 'cart' })).toBeVisible();
      await expectNoSeriousViolations(page, `payment failed (${language})`);
      await shoot(page, `payment-failed-${language}`);
    });
  });
}

// Steps that read no text and no digits: checked once, in Arabic (the default).
test.describe('ordering, whatever the language', () => {
  test('a retry after a lost response places one order, not two', async ({ page, request, baseURL }) => {
    test.setTimeout(90_000);
    await dinerWithCart(page, request, baseURL ?? '', 'ar');
    await page.getByTestId(`order-type-${ORDER_TYPES.pickup}`).check();
    await branchOption(page, BRANCHES.olaya.ar).locator('input').check();
    await page.getByTestId('continue').click();
    await page.getByTestId('continue').click();
    await expect(page.getByTestId('checkout-total')).toBeVisible();

    // The first request reaches the server (the order is made) but its answer never comes back.
    let dropped = 0;
    await page.route(/\/api\/orders\/[^/]+\/$/, async (route) => {
      if (route.request().method() !== 'POST' || dropped > 0) return route.fallback();
      dropped += 1;
      await route.fetch();
      await route.abort('connectionreset');
    });
    await page.getByTestId('place-order').click();
    await expect(page.getByTestId('checkout-error')).toBeVisible();
    expect(dropped).toBe(1);
    await expect(page.getByTestId('place-order')).toBeEnabled();
    await page.getByTestId('place-order').click();
    await expect(page).toHaveURL(new RegExp(`/confirm-order/${QR.main}\\?order=\\d+$`));

    const list = await page.request.get(`/api/orders/${QR.main}/`);
    expect(list.ok()).toBeTruthy();
    const { orders } = (await list.json()) as { orders: { id: number }[] };
    expect(orders.map((o) => o.id)).toEqual([Number(new URL(page.url()).searchParams.get('order'))]);
  });

  test('a stale cart at checkout is explained with the way back to the cart', async ({ page, request, baseURL }) => {
    await signInDiner(page, baseURL ?? '');
    const menu = await fetchMenu(request, 'ar');
    const cart = demoCart(menu);
    const data = await request.get(`/api/restaurant/qr/${QR.main}/data/`);
    const { branch } = (await data.json()) as { branch: { id: number; name: { ar: string; en: string } } };
    const gone = { ...cart.products[0], itemId: 2_000_000_000 };
    await saveCart(page, {
      ...cart,
      products: [...cart.products, gone],
      orderType: ORDER_TYPES.pickup,
      branch: { id: branch.id, name: branch.name },
    });
    await page.goto(`/checkout/${QR.main}`);
    const stale = page.getByTestId('checkout-stale');
    await expect(stale).toBeVisible();
    await expect(page.getByTestId('place-order')).toHaveCount(0);
    await stale.getByRole('link').click();
    await expect(page).toHaveURL(new RegExp(`/cart/${QR.main}$`));
    await expect(page.getByTestId('line-problem')).toBeVisible();
  });

  test('an empty cart sends the diner back to the cart from the ordering pages', async ({ page, baseURL }) => {
    await signInDiner(page, baseURL ?? '');
    for (const path of [`/order-type/${QR.main}`, `/checkout/${QR.main}`]) {
      await page.goto(path);
      await expect(page).toHaveURL(new RegExp(`/cart/${QR.main}$`));
      await expect(page.getByTestId('cart-empty')).toBeVisible();
    }
  });
});
