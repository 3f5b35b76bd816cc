import { expect, test } from '@playwright/test';
import { demoCart } from '../support/demo-menu.ts';
import { fetchMenu, QR, saveCart, useLanguage } from '../support/sufra.ts';

// Strings that load with their pages (docs/adr/0341-page-strings-out-of-the-entry.md) come in the diner's language on
// a first visit too: the cart is one of the first pages whose chunk, with its strings, starts before the first render.
test('a first visit to the cart in English shows the coupon field in English', async ({ page, request }) => {
  await useLanguage(page, 'en');
  await saveCart(page, demoCart(await fetchMenu(request, 'en')));
  await page.goto(`/cart/${QR.main}`);
  const coupon = page.getByRole('region', { name: 'Coupon', exact: true });
  await expect(coupon.getByRole('heading', { name: 'Coupon', exact: true })).toBeVisible();
  await expect(coupon).toContainText("Choose how you'll get your order first, then add a coupon.");
});
