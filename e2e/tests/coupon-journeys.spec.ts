import { randomBytes } from 'node:crypto';
import { type Browser, expect, test } from '@playwright/test';
import type { Language } from '../../packages/shared/src/language.ts';
import { formatSar } from '../../packages/shared/src/money.ts';
import { ORDER_TYPES } from '../../packages/shared/src/order-types.ts';
import { STAFF, TEXTS } from '../support/accounts.ts';
import { comboItem, itemWithRequiredGroup, plainItem } from '../support/demo-menu.ts';
import { BRANCHES, branchOption, dinerWithCart } from '../support/ordering.ts';
import { staffApi } from '../support/staff-api.ts';
import {
  errorText,
  expectDocumentLanguage,
  fetchMenu,
  LANGUAGES,
  QR,
  switchLanguage,
  useLanguage,
} from '../support/sufra.ts';

/**
 * Issue 16's coupon journeys not covered by coupons.spec.ts: a cashier uses a coupon in a walk-in sale at the counter
 * and a second use is refused with its message; a coupon applied in the cart is removed, saying why, when the cart
 * drops below its minimum. Each journey makes its own coupon through the managers' API, so runs never share one.
 */
const TEXT = {
  code: { ar: 'رمز القسيمة', en: 'Coupon code' },
  sale: { ar: 'مبلغ البيع (ريال)', en: 'Sale amount (SAR)' },
  submit: { ar: 'استخدام القسيمة', en: 'Use the coupon' },
  next: { ar: 'البيع التالي', en: 'Next sale' },
  apply: { ar: 'تطبيق', en: 'Apply' },
  removeLine: { ar: (name: string) => `إزالة ${name}`, en: (name: string) => `Remove ${name}` },
} as const;

/** A fixed-amount coupon of the demo brand, made by its manager; its code is fresh for every call. */
async function createCoupon(baseURL: string, fields: Record<string, unknown>): Promise<string> {
  const code = `E2E-${randomBytes(4).toString('hex').toUpperCase()}`;
  const manager = await staffApi(baseURL, 'manager');
  const response = await manager.post('/api/staff/coupons/', {
    data: { code, name: { ar: 'قسيمة تجربة', en: 'Test coupon' }, kind: 'fixed', amountHalalas: 500, ...fields },
  });
  expect(response.status(), await response.text()).toBe(201);
  return code;
}

/** The demo cashier (Olaya only) signed in on the Redeem tab, in `language`. */
async function cashierAtRedeem(browser: Browser, baseURL: string, language: Language) {
  const context = await browser.newContext({ baseURL, viewport: { width: 1024, height: 768 } });
  const page = await context.newPage();
  await page.goto('/staff/redeem');
  if (language !== 'ar') await switchLanguage(page, language);
  await expectDocumentLanguage(page, language);
  await page.getByLabel(TEXTS.staffEmail[language], { exact: true }).fill(STAFF.cashier.email);
  await page.getByLabel(TEXTS.staffPassword[language], { exact: true }).fill(STAFF.cashier.password);
  await page.getByRole('button', { name: TEXTS.signIn[language], exact: true }).click();
  await expect(page.getByTestId('redeem-section')).toBeVisible();
  return { context, page };
}

for (const language of LANGUAGES) {
  test.describe(`coupon journeys (${language})`, () => {
    test.beforeEach(async ({ page }) => {
      if (language !== 'ar') await useLanguage(page, language);
    });

    test('a cashier uses a coupon in a walk-in sale, and a second use is refused with its message', async ({
      browser,
      baseURL,
    }) => {
      test.setTimeout(90_000);
      // One use in all: the second sale finds it used up.
      const code = await createCoupon(baseURL ?? '', { globalLimit: 1 });
      const { context, page } = await cashierAtRedeem(browser, baseURL ?? '', language);
      const form = page.getByTestId('counter-coupon');
      const use = async () => {
        await form.getByLabel(TEXT.code[language]).fill(code.toLowerCase());
        await form.getByLabel(TEXT.sale[language]).fill('50');
        await form.getByRole('button', { name: TEXT.submit[language] }).click();
      };

      await use();
      const done = page.getByTestId('counter-coupon-done');
      await expect(done).toContainText(code);
      // SAR 5 off a SAR 50 sale: the customer pays SAR 45 (in the page's digits).
      await expect(done.getByTestId('counter-coupon-discount')).toHaveText(formatSar(500, language));
      await expect(done.getByTestId('counter-coupon-pay')).toHaveText(formatSar(4500, language));

      await done.getByRole('button', { name: TEXT.next[language] }).click();
      await use();
      await expect(form.getByTestId('counter-coupon-alert')).toHaveText(errorText('coupon_used_up', language));
      await expect(page.getByTestId('counter-coupon-done')).toHaveCount(0);
      await context.close();
    });

    test('a coupon in the cart is removed, saying why, when the cart drops below its minimum', async ({
      page,
      request,
      baseURL,
    }) => {
      test.setTimeout(120_000);
      const menu = await fetchMenu(request, language);
      const plain = plainItem(menu);
      // The demo cart holds two of a plain item, an item with choices and a combo: its minimum is just above the two
      // plain ones, so the cart meets it until the other two lines go.
      const code = await createCoupon(baseURL ?? '', { minimumOrderHalalas: plain.priceHalalas * 2 + 1 });
      await dinerWithCart(page, request, baseURL ?? '', language);
      await page.getByTestId(`order-type-${ORDER_TYPES.pickup}`).check();
      await branchOption(page, BRANCHES.olaya[language]).locator('input').check();
      await page.getByTestId('continue').click();
      await expect(page).toHaveURL(new RegExp(`/order-data/${QR.main}$`));

      await page.goto(`/cart/${QR.main}`);
      const field = page.getByTestId('cart-coupon');
      await field.getByLabel(TEXT.code[language]).fill(code);
      await field.getByRole('button', { name: TEXT.apply[language] }).click();
      await expect(page.getByTestId('cart-coupon-applied')).toContainText(code);
      await expect(page.getByTestId('cart-discount')).toBeVisible();

      for (const item of [itemWithRequiredGroup(menu), comboItem(menu)]) {
        await page
          .getByRole('button', { name: TEXT.removeLine[language](item.name), exact: true })
          .first()
          .click();
      }
      const removed = page.getByTestId('cart-coupon-removed');
      await expect(removed).toContainText(code);
      await expect(removed).toContainText(errorText('coupon_below_minimum', language));
      await expect(page.getByTestId('cart-coupon-applied')).toHaveCount(0);
      await expect(page.getByTestId('cart-discount')).toHaveCount(0);
    });
  });
}
