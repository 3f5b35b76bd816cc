/**
 * Issue 24 item 1: no diner page is wider than the phone, whichever page the app was loaded on first. A lazy page's
 * stylesheet arrives with its chunk; a component another page also renders (the coupon field in the cart) must bring
 * its own, or the page is right after one route and 505 px wide after another. So every page is checked twice: loaded
 * fresh (only its own stylesheets), and reached by in-app navigation from the landing (the styles of the pages before).
 */
import { expect, type Page, test } from '@playwright/test';
import { ORDER_TYPES } from '../../packages/shared/src/order-types.ts';
import { signInByOtp } from '../support/accounts.ts';
import { demoCart, plainItem } from '../support/demo-menu.ts';
import { placeOrder } from '../support/diner-api.ts';
import { BOTH_LANGUAGES } from '../support/language-turns.ts';
import { fetchMenu, itemPath, LANGUAGES, QR, useLanguage, waitForApp } from '../support/sufra.ts';

const PHONE_WIDTH = 390;

/** Waits until the page has taken over and its lazy parts (the cart's coupon field, the loyalty card) have come. */
async function settle(page: Page) {
  await waitForApp(page);
  await expect(page.locator('main, [role=main]').first()).toBeVisible();
  // No skeleton or busy region left, then a moment for the last lazy chunk's stylesheet to apply.
  await expect(page.locator('[aria-busy=true]:not(button)')).toHaveCount(0, { timeout: 15_000 });
  await page.evaluate(() => document.fonts.ready.then(() => undefined));
  await page.waitForTimeout(400);
}

async function expectPhoneWide(page: Page, label: string) {
  const { scrollWidth, widest } = await page.evaluate(() => {
    let widest = '';
    let right = 0;
    for (const element of document.querySelectorAll('body *')) {
      const box = element.getBoundingClientRect();
      const overflow = Math.max(box.right, document.documentElement.clientWidth - box.left);
      if (box.width > 0 && overflow > right) {
        right = overflow;
        widest = `${element.tagName.toLowerCase()}.${[...element.classList].join('.')} (${Math.round(box.width)} px)`;
      }
    }
    return { scrollWidth: document.documentElement.scrollWidth, widest };
  });
  expect(scrollWidth, `${label}: the page is ${scrollWidth} px wide (widest: ${widest})`).toBeLessThanOrEqual(
    PHONE_WIDTH,
  );
}

for (const language of LANGUAGES) {
  // Both languages in every run: their words have other lengths and run the other way (support/language-turns.ts).
  test(`every diner page fits the phone, loaded fresh and reached in the app (${language})`, {
    tag: BOTH_LANGUAGES,
  }, async ({ page, request, baseURL }) => {
    test.setTimeout(180_000);
    if (language !== 'ar') await useLanguage(page, language);
    // Set-up through the API: a signed-in diner (cookies in the page's jar) with a placed order, and a cart whose order
    // type is chosen (the cart then shows the coupon field, whose stylesheet was the one missing).
    const diner = await signInByOtp(page.request, baseURL ?? '', `Width ${Math.random().toString(36).slice(2, 7)}`);
    const order = await placeOrder({ request: page.request, name: diner.name, phone: diner.phone });
    const menu = await fetchMenu(request, language);
    await page.context().addInitScript(
      ([cartKey, cart, brandId]) => {
        if (!localStorage.getItem(cartKey)) localStorage.setItem(cartKey, cart);
        localStorage.setItem('sufra.customer.brands', brandId);
      },
      [
        `sufra.cart.${QR.main}`,
        JSON.stringify({ ...demoCart(menu), orderType: ORDER_TYPES.pickup }),
        JSON.stringify([diner.brandId]),
      ] as const,
    );
    const evaluation = await page.request.get(`/api/evaluations/${QR.main}/orders/${order.id}/`);
    const { formId } = (await evaluation.json()) as { formId: number | null };

    const pages = [
      `/qr/${QR.main}`,
      `/menu/${QR.main}`,
      itemPath(plainItem(menu)),
      `/cart/${QR.main}`,
      `/order-type/${QR.main}`,
      `/order-data/${QR.main}`,
      `/checkout/${QR.main}`,
      `/confirm-order/${QR.main}?order=${order.id}`,
      `/orders/${QR.main}`,
      `/payment-failed/${QR.main}?order=${order.id}`,
      `/edit-profile/${QR.main}`,
      `/register/${QR.main}`,
      `/points-shop/${QR.main}`,
      `/prize-shop/${QR.main}`,
      `/prize/${QR.main}`,
      `/my-rewards/${QR.main}`,
      `/apply-coupons/${QR.main}`,
      `/wheel/${QR.main}`,
      `/register-and-win/${QR.main}`,
      `/referral/${QR.main}`,
      ...(formId ? [`/evaluate/${QR.main}/${formId}?order=${order.id}`] : []),
      `/deactivated/${QR.main}`,
      '/this-route/does-not-exist',
    ];

    // Loaded fresh: each page with only the stylesheets its own chunks bring.
    for (const path of pages) {
      await page.goto(path);
      await settle(page);
      await expectPhoneWide(page, `${path} loaded fresh (${language})`);
    }

    // Reached in the app: one load, then the router moves (as a link does: history.pushState, no reload).
    await page.goto(`/qr/${QR.main}`);
    await settle(page);
    for (const path of pages.slice(1)) {
      await page.evaluate((to) => window.history.pushState(null, '', to), path);
      await settle(page);
      await expectPhoneWide(page, `${path} after in-app navigation (${language})`);
    }
  });
}
