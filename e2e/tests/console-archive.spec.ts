import { type Browser, expect, type Page, test } from '@playwright/test';
import type { Language } from '../../packages/shared/src/language.ts';
import { ORDER_TYPES } from '../../packages/shared/src/order-types.ts';
import { TEXTS } from '../support/accounts.ts';
import { DESKTOP, shootConsole } from '../support/console.ts';
import { BRANCHES, branchOption, dinerWithCart } from '../support/ordering.ts';
import { STAFF, staffApi } from '../support/staff-api.ts';
import { errorText, expectDocumentLanguage, LANGUAGES, QR, switchLanguage, useLanguage } from '../support/sufra.ts';

/**
 * Issue 27 item 7 in the console: a manager archives a coupon (it moves under "Archived"), a diner's checkout then
 * refuses its code, and the manager duplicates it: the editor opens on the copy, which saves like any coupon.
 */

const TEXT = {
  archive: { ar: 'أرشفة', en: 'Archive' },
  duplicate: { ar: 'نسخ', en: 'Duplicate' },
  apply: { ar: 'تطبيق', en: 'Apply' },
  codeLabel: { ar: 'رمز القسيمة', en: 'Coupon code' },
} as const;

async function managerAt(browser: Browser, baseURL: string, language: Language, path: string): Promise<Page> {
  const context = await browser.newContext({ baseURL, viewport: DESKTOP });
  const page = await context.newPage();
  await page.goto(path);
  if (language !== 'ar') await switchLanguage(page, language);
  await expectDocumentLanguage(page, language);
  await page.getByLabel(TEXTS.staffEmail[language], { exact: true }).fill(STAFF.manager.email);
  await page.getByLabel(TEXTS.staffPassword[language], { exact: true }).fill(STAFF.manager.password);
  await page.getByRole('button', { name: TEXTS.signIn[language], exact: true }).click();
  await expect(page.getByTestId('console')).toBeVisible();
  return page;
}

for (const language of LANGUAGES) {
  test.describe(`archive and duplicate in the console (${language})`, () => {
    test('a manager archives a coupon, a diner can no longer use it, and its duplicate is editable', async ({
      browser,
      page,
      request,
      baseURL,
    }) => {
      test.setTimeout(180_000);
      // Each language's run has its own coupon (the runs share the server).
      const code = `ARCHIVE-${language.toUpperCase()}-${Date.now().toString(36).toUpperCase()}`;
      const api = await staffApi(baseURL ?? '', 'manager');
      const created = await api.post('/api/staff/coupons/', {
        data: { code, name: { ar: 'قسيمة الأرشيف', en: 'Archive coupon' }, kind: 'fixed', amountHalalas: 500 },
      });
      expect(created.status(), await created.text()).toBe(201);

      const manager = await managerAt(browser, baseURL ?? '', language, '/staff/manage/coupons');
      const row = manager.getByTestId(`coupon-row-${code}`);
      await expect(row).toBeVisible({ timeout: 30_000 });
      await shootConsole(manager, `coupons-${language}`, language === 'ar');
      await row.getByRole('button', { name: `${TEXT.archive[language]} ${code}`, exact: true }).click();
      await expect(row).toHaveCount(0);
      await manager.getByTestId('archive-filter-archived').click();
      await expect(manager.getByTestId(`coupon-row-${code}`)).toBeVisible();
      await shootConsole(manager, `coupons-archived-${language}`);

      // The diner's checkout: the archived code is refused with its message, nothing applied.
      if (language !== 'ar') await useLanguage(page, language);
      await dinerWithCart(page, request, baseURL ?? '', language);
      await page.getByTestId(`order-type-${ORDER_TYPES.pickup}`).check();
      await branchOption(page, BRANCHES.olaya[language]).locator('input').check();
      await page.getByTestId('continue').click();
      await page.getByTestId('continue').click();
      await expect(page).toHaveURL(new RegExp(`/checkout/${QR.main}$`));
      await expect(page.getByTestId('checkout-total')).toBeVisible({ timeout: 30_000 });
      const field = page.getByTestId('checkout-coupon');
      await field.getByLabel(TEXT.codeLabel[language]).fill(code);
      await field.getByRole('button', { name: TEXT.apply[language] }).click();
      await expect(field.getByTestId('checkout-coupon-code-error')).toHaveText(errorText('coupon_expired', language));
      await expect(page.getByTestId('checkout-discount')).toHaveCount(0);

      // Duplicate: the editor opens on the copy (a new code, switched off), and it saves.
      const archivedRow = manager.getByTestId(`coupon-row-${code}`);
      await archivedRow.getByRole('button', { name: `${TEXT.duplicate[language]} ${code}`, exact: true }).click();
      await expect(manager.getByTestId('coupon-form')).toBeVisible();
      await expect(manager.locator('#coupon-code')).toHaveValue(`${code}-COPY`);
      await shootConsole(manager, `coupon-duplicate-${language}`, language === 'en');
      await manager.locator('#coupon-nameEn').fill('Archive coupon, again');
      await manager.getByTestId('coupon-form-save').click();
      await expect(manager.getByTestId('coupon-form')).toHaveCount(0);
      await expect(manager.getByTestId(`coupon-row-${code}-COPY`)).toBeVisible();

      // The punch cards and the service switches in the console too (screens looked at).
      await manager.getByTestId('console-nav-punch-cards').click();
      await expect(manager.getByTestId('archive-filter-archived')).toBeVisible({ timeout: 30_000 });
      await shootConsole(manager, `punch-cards-${language}`);
      await manager.getByTestId('console-nav-services').click();
      await expect(manager.getByTestId('services-admin')).toBeVisible({ timeout: 30_000 });
      await shootConsole(manager, `services-${language}`);
      await manager.context().close();
    });
  });
}
