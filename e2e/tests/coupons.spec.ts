import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, type Page, test } from '@playwright/test';
import type { Language } from '../../packages/shared/src/language.ts';
import { ORDER_TYPES } from '../../packages/shared/src/order-types.ts';
import { STAFF, TEXTS } from '../support/accounts.ts';
import { BRANCHES, branchOption, dinerWithCart } from '../support/ordering.ts';
import { picture, SHOTS } from '../support/screenshots.ts';
import {
  asciiDigits,
  errorText,
  expectDocumentLanguage,
  imagesSettled,
  LANGUAGES,
  QR,
  switchLanguage,
  useLanguage,
} from '../support/sufra.ts';

/**
 * Issue 16: coupons in the diner's app. The demo brand's RAMADAN20 (20 % off, up to SAR 30) applied at checkout and on
 * /apply-coupons (picked from the diner's own coupons), the discount line from the shared pricing, the server's total
 * equal to the preview; an unknown code refused with the spec's message; Coupons History; the managers' form.
 */
const shotsDir = resolve(dirname(fileURLToPath(import.meta.url)), '../../docs/screenshots');
const TABLET = { width: 1024, height: 768 };

const COUPON_TEXT = {
  apply: { ar: 'تطبيق', en: 'Apply' },
  use: { ar: 'استخدام القسيمة RAMADAN20', en: 'Use coupon RAMADAN20' },
  codeLabel: { ar: 'رمز القسيمة', en: 'Coupon code' },
  remove: { ar: 'إزالة القسيمة RAMADAN20', en: 'Remove coupon RAMADAN20' },
  history: { ar: 'سجل القسائم', en: 'Coupons History' },
  used: { ar: 'مستخدمة', en: 'Used' },
  newCoupon: { ar: 'قسيمة جديدة', en: 'New coupon' },
} as const;

async function shoot(page: Page, name: string) {
  await page.waitForLoadState('networkidle');
  if (!SHOTS) return;
  await imagesSettled(page);
  await picture(page, { path: join(shotsDir, `${name}.png`), animations: 'disabled', caret: 'hide', fullPage: true });
}

/** Pickup at Olaya, through the order-type step (the cart then has its order type and branch). */
async function pickupAtOlaya(page: Page, language: Language) {
  await page.getByTestId(`order-type-${ORDER_TYPES.pickup}`).check();
  await branchOption(page, BRANCHES.olaya[language]).locator('input').check();
  await page.getByTestId('continue').click();
  await expect(page).toHaveURL(new RegExp(`/order-data/${QR.main}$`));
}

/**
 * Only one digit system in a part of the page: Arabic-Indic in Arabic, ASCII in English. Coupon codes are identifiers
 * (RAMADAN20 in both languages, as printed on the flyer), not numbers: they are left out.
 */
async function expectDigitsOf(page: Page, testId: string, language: Language) {
  const text = ((await page.getByTestId(testId).first().textContent()) ?? '').replace(/[A-Z][A-Z-]*\d+/g, '');
  if (language === 'ar') expect(text).not.toMatch(/[0-9]/);
  else expect(text).not.toMatch(/[٠-٩]/);
}

for (const language of LANGUAGES) {
  test.describe(`coupons (${language})`, () => {
    test.beforeEach(async ({ page }) => {
      if (language !== 'ar') await useLanguage(page, language);
    });

    test('a coupon applied at checkout shows its discount, and the placed order is the preview', async ({
      page,
      request,
      baseURL,
    }) => {
      test.setTimeout(120_000);
      await dinerWithCart(page, request, baseURL ?? '', language);
      await pickupAtOlaya(page, language);
      await page.getByTestId('continue').click();
      await expect(page).toHaveURL(new RegExp(`/checkout/${QR.main}$`));
      // Generous: the payment choices load first on a busy machine (this bounds a hang, it times nothing).
      await expect(page.getByTestId('checkout-total')).toBeVisible({ timeout: 30_000 });
      const before = asciiDigits((await page.getByTestId('checkout-total').textContent()) ?? '');

      // An unknown code: the spec's words, nothing applied.
      const field = page.getByTestId('checkout-coupon');
      await field.getByLabel(COUPON_TEXT.codeLabel[language]).fill('nope-404');
      await field.getByRole('button', { name: COUPON_TEXT.apply[language] }).click();
      await expect(field.getByTestId('checkout-coupon-code-error')).toHaveText(errorText('coupon_not_found', language));
      await expect(page.getByTestId('checkout-discount')).toHaveCount(0);

      // Lower case and spaces are the same code.
      await field.getByLabel(COUPON_TEXT.codeLabel[language]).fill(' ramadan20 ');
      await field.getByRole('button', { name: COUPON_TEXT.apply[language] }).click();
      await expect(page.getByTestId('checkout-coupon-applied')).toContainText('RAMADAN20');
      await expect(page.getByTestId('checkout-discount')).toBeVisible();
      await expectDigitsOf(page, 'checkout-totals', language);
      const preview = (await page.getByTestId('checkout-total').textContent()) ?? '';
      expect(asciiDigits(preview)).not.toBe(before);
      await shoot(page, `checkout-coupon-${language}`);

      await page.getByTestId('place-order').click();
      await expect(page).toHaveURL(new RegExp(`/confirm-order/${QR.main}\\?order=\\d+$`));
      await expect(page.getByTestId('confirm-total')).toHaveText(preview);
      await expect(page.getByTestId('total-differs')).toHaveCount(0);

      // Coupons History: used, with its order.
      await page.goto(`/apply-coupons/${QR.main}?view=history`);
      const history = page.getByTestId('coupon-history');
      await expect(history).toContainText('RAMADAN20', { timeout: 30_000 });
      await expect(history).toContainText(COUPON_TEXT.used[language]);
      await expectDigitsOf(page, 'coupon-history', language);
      await shoot(page, `coupon-history-${language}`);
    });

    test('a coupon picked on /apply-coupons prices the cart, and an unknown code is refused there', async ({
      page,
      request,
      baseURL,
    }) => {
      test.setTimeout(120_000);
      await dinerWithCart(page, request, baseURL ?? '', language);
      await pickupAtOlaya(page, language);
      await page.goto(`/apply-coupons/${QR.main}`);
      await expect(page.getByTestId('apply-coupons-page')).toBeVisible({ timeout: 30_000 });
      await expect(page.getByTestId('apply-coupon-mine')).toContainText('RAMADAN20');
      await expect(page.getByTestId('apply-total')).toBeVisible();

      const field = page.getByTestId('apply-coupon');
      await field.getByLabel(COUPON_TEXT.codeLabel[language]).fill('٤٠٤');
      await field.getByRole('button', { name: COUPON_TEXT.apply[language] }).click();
      await expect(field.getByTestId('apply-coupon-code-error')).toHaveText(errorText('coupon_not_found', language));

      await page.getByRole('button', { name: COUPON_TEXT.use[language] }).click();
      await expect(page.getByTestId('apply-coupon-applied')).toContainText('RAMADAN20');
      await expect(page.getByTestId('apply-discount')).toBeVisible();
      await expectDigitsOf(page, 'apply-totals', language);
      await shoot(page, `apply-coupons-${language}`);

      // Kept in the cart: the cart page shows the same discount line.
      await page.goto(`/cart/${QR.main}`);
      await expect(page.getByTestId('cart-discount')).toBeVisible();
      await expect(page.getByTestId('cart-coupon-applied')).toContainText('RAMADAN20');
      await page.getByRole('button', { name: COUPON_TEXT.remove[language] }).click();
      await expect(page.getByTestId('cart-discount')).toHaveCount(0);
    });

    test('a manager sees the coupons with their usage and edits one on a tablet', async ({ browser, baseURL }) => {
      test.setTimeout(90_000);
      const context = await browser.newContext({ baseURL, viewport: TABLET });
      const page = await context.newPage();
      await page.goto('/staff/coupons');
      // Generous: a fresh context loads the staff app cold on a busy machine (this bounds a hang, it times nothing).
      await expect(page.getByTestId('language-switch')).toBeVisible({ timeout: 30_000 });
      if (language !== 'ar') await switchLanguage(page, language);
      await expectDocumentLanguage(page, language);
      await page.getByLabel(TEXTS.staffEmail[language], { exact: true }).fill(STAFF.manager.email);
      await page.getByLabel(TEXTS.staffPassword[language], { exact: true }).fill(STAFF.manager.password);
      await page.getByRole('button', { name: TEXTS.signIn[language], exact: true }).click();
      await expect(page.getByTestId('coupons-section')).toBeVisible();
      await expect(page.getByTestId('coupon-usage-WELCOME10')).toBeVisible();
      // The codes are identifiers (ASCII in both languages); the counts are numbers, in the language's digits.
      await expectDigitsOf(page, 'coupon-usage-RAMADAN20', language);
      // Its Edit button (the row also has Duplicate and Archive, each naming the code).
      await page.getByRole('button', { name: language === 'ar' ? /^تعديل KARAK/ : /^Edit KARAK/ }).click();
      await expect(page.getByTestId('coupon-form')).toBeVisible();
      await shoot(page, `staff-coupons-${language}`);
      await page.getByTestId('coupon-form-save').click();
      await expect(page.getByTestId('coupon-form')).toHaveCount(0);

      // A new coupon with only an English name: every missing field says so at once, each under itself; the
      // English name is not required (Arabic, the brand's default language, is).
      await page.getByRole('button', { name: COUPON_TEXT.newCoupon[language] }).click();
      await expect(page.getByTestId('coupon-form')).toBeVisible();
      await page.locator('#coupon-nameEn').fill('Friday treat');
      await page.getByTestId('coupon-form-save').click();
      const required = errorText('field_required', language);
      for (const field of ['code', 'nameAr', 'percent']) {
        await expect(page.getByTestId(`coupon-${field}-error`)).toHaveText(required);
        await expect(page.locator(`#coupon-${field}`)).toHaveAttribute('aria-invalid', 'true');
      }
      await expect(page.getByTestId('coupon-nameEn-error')).toHaveCount(0);
      await picture(page, { path: `/tmp/evals-shots/staff-coupon-errors-${language}.png`, fullPage: true });
      // The server's refusals too, all at once: a code too short and an end before the start.
      await page.locator('#coupon-code').fill('X');
      await page.locator('#coupon-nameAr').fill('خصم الجمعة');
      await page.locator('#coupon-percent').fill('10');
      await page.locator('#coupon-startsAt').fill('2030-02-01T10:00');
      await page.locator('#coupon-endsAt').fill('2030-01-01T10:00');
      await page.getByTestId('coupon-form-save').click();
      await expect(page.getByTestId('coupon-code-error')).toHaveText(errorText('coupon_code_invalid', language));
      await expect(page.getByTestId('coupon-endsAt-error')).toHaveText(errorText('field_invalid', language));
      await expect(page.getByTestId('coupon-nameAr-error')).toHaveCount(0);
      await context.close();
    });
  });
}
