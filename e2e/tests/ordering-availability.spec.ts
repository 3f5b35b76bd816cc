import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { type APIRequestContext, expect, type Page, request as playwrightRequest, test } from '@playwright/test';
import type { Language } from '../../packages/shared/src/language.ts';
import { expectNoSeriousViolations } from '../support/axe.ts';
import { plainItem } from '../support/demo-menu.ts';
import { picture } from '../support/screenshots.ts';
import { fetchMenu, LANGUAGES, QR, saveCart, useLanguage } from '../support/sufra.ts';

// New screens' pictures go to .tmp (docs/screenshots keeps the README's set).
const shotsDir = resolve(dirname(fileURLToPath(import.meta.url)), '../../.tmp/shots');

const TEXT = {
  orderNow: { ar: 'اطلب الآن', en: 'Order now' },
  viewMenu: { ar: 'تصفح القائمة', en: 'View the menu' },
  orderingOff: {
    ar: 'أوقف المطعم استقبال الطلبات مؤقتًا. يمكنك تصفح القائمة.',
    en: 'The restaurant has switched ordering off for now. You can still browse the menu.',
  },
  paused: {
    ar: 'أوقف هذا الفرع استقبال الطلبات مؤقتًا. يمكنك تصفح القائمة.',
    en: 'This branch has paused orders for now. You can still browse the menu.',
  },
  dineInPaused: { ar: 'أوقف هذا الفرع استقبال الطلبات مؤقتًا', en: 'This branch has paused orders for now' },
  continue: { ar: 'متابعة', en: 'Continue' },
  backToMenu: { ar: 'العودة إلى القائمة', en: 'Back to the menu' },
} as const;

/**
 * The second demo brand's manager (Qahwat Al Bait): its switches, not the demo brand's, so the journeys ordering at
 * Sufra Kitchen at the same time are not refused. No other journey orders at Qahwat.
 */
async function qahwatManager(baseURL: string): Promise<APIRequestContext> {
  const context = await playwrightRequest.newContext({ baseURL });
  const res = await context.post('/api/staff/auth/login/', {
    data: { email: 'manager@qahwat.demo', password: 'qahwat-demo-2026' },
  });
  expect(res.ok()).toBeTruthy();
  return context;
}

/** A cart with one plain item of the brand's menu (as the app saves it), so the order-type page is the next step. */
async function withCart(page: Page, language: Language) {
  const menu = await fetchMenu(page.request, language, QR.secondBrand);
  const item = plainItem(menu);
  await saveCart(
    page,
    {
      products: [
        {
          itemId: item.id,
          slug: item.slug,
          name: item.name,
          image: item.image,
          unitPriceHalalas: item.priceHalalas,
          taxRateBasisPoints: item.taxRateBasisPoints,
          modifiers: [],
          productQuantity: 1,
        },
      ],
      combos: [],
    },
    QR.secondBrand,
  );
}

async function landingSays(page: Page, language: Language, text: string) {
  await page.goto(`/qr/${QR.secondBrand}`);
  const notice = page.getByTestId('ordering-unavailable');
  await expect(notice).toContainText(text);
  // Never a button that cannot work: the way to the menu says what it is.
  await expect(page.getByRole('link', { name: TEXT.orderNow[language], exact: true })).toHaveCount(0);
  await expect(page.getByRole('link', { name: TEXT.viewMenu[language], exact: true })).toBeVisible();
}

test('diners learn on the landing and the order-type page that they cannot order, and why', async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(180_000);
  const manager = await qahwatManager(baseURL ?? '');
  const branchId = (await (await manager.get('/api/staff/branches/')).json()).branches[0].id as number;
  try {
    expect((await manager.put('/api/staff/services/ordering/', { data: { isActive: false } })).ok()).toBeTruthy();
    for (const language of LANGUAGES) {
      const context = await browser.newContext({ baseURL, viewport: { width: 390, height: 844 } });
      const page = await context.newPage();
      if (language !== 'ar') await useLanguage(page, language);
      await landingSays(page, language, TEXT.orderingOff[language]);
      await expectNoSeriousViolations(page, 'landing, ordering off');
      await picture(page, { path: `${shotsDir}/landing-ordering-off-${language}.png` });
      await withCart(page, language);
      await page.goto(`/order-type/${QR.secondBrand}`);
      await expect(page.getByTestId('order-types-none')).toHaveText(TEXT.orderingOff[language]);
      await expect(page.getByRole('button', { name: TEXT.continue[language] })).toHaveCount(0);
      await page.getByRole('link', { name: TEXT.backToMenu[language] }).click();
      await expect(page).toHaveURL(new RegExp(`/menu/${QR.secondBrand}`));
      await page.goto(`/order-type/${QR.secondBrand}`);
      await expect(page.getByTestId('order-types-none')).toBeVisible();
      await picture(page, { path: `${shotsDir}/order-type-ordering-off-${language}.png` });
      await context.close();
    }
    expect((await manager.put('/api/staff/services/ordering/', { data: { isActive: true } })).ok()).toBeTruthy();

    // A branch paused by hand: said on the landing; dine-in (at this branch) shown but not choosable, with why.
    expect((await manager.patch(`/api/staff/branches/${branchId}/`, { data: { isOpen: false } })).ok()).toBeTruthy();
    for (const language of LANGUAGES) {
      const context = await browser.newContext({ baseURL, viewport: { width: 390, height: 844 } });
      const page = await context.newPage();
      if (language !== 'ar') await useLanguage(page, language);
      await landingSays(page, language, TEXT.paused[language]);
      await picture(page, { path: `${shotsDir}/landing-paused-${language}.png` });
      await withCart(page, language);
      await page.goto(`/order-type/${QR.secondBrand}`);
      await expect(page.getByTestId('order-type-1')).toBeDisabled();
      await expect(page.getByTestId('order-type-blocked')).toHaveText(TEXT.dineInPaused[language]);
      await expect(page.getByTestId('order-type-2')).toBeEnabled();
      await expectNoSeriousViolations(page, 'order type, branch paused');
      await picture(page, { path: `${shotsDir}/order-type-paused-${language}.png`, fullPage: true });
      await context.close();
    }
  } finally {
    await manager.put('/api/staff/services/ordering/', { data: { isActive: true } });
    await manager.patch(`/api/staff/branches/${branchId}/`, { data: { isOpen: true } });
    await manager.dispose();
  }
  // On again: the landing offers the order.
  const context = await browser.newContext({ baseURL });
  const page = await context.newPage();
  await page.goto(`/qr/${QR.secondBrand}`);
  await expect(page.getByRole('link', { name: TEXT.orderNow.ar, exact: true })).toBeVisible();
  await expect(page.getByTestId('ordering-unavailable')).toHaveCount(0);
  await context.close();
});
