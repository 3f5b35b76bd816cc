import { expect, test } from '@playwright/test';
import { consoleAs, shootConsole } from '../support/console.ts';
import { expectDocumentLanguage, LANGUAGES } from '../support/sufra.ts';

/** The console's representative pictures (docs/screenshots/console/); every screen's goes to .tmp/shots/console. */

const TEXT = {
  console: { ar: 'لوحة الإدارة', en: 'Management console' },
  overview: { ar: 'نظرة عامة', en: 'Overview' },
  notAllowed: { ar: 'غير مسموح', en: 'Not allowed' },
  brand: { ar: 'إعدادات العلامة التجارية', en: 'Brand settings' },
  managersEditMenu: { ar: 'يستطيع المديرون تعديل القائمة', en: 'Managers may edit the menu' },
  vatNumber: { ar: 'الرقم الضريبي', en: 'VAT number' },
  saved: { ar: 'تم حفظ كل التغييرات', en: 'All changes saved' },
  audit: { ar: 'سجل التغييرات', en: 'Audit log' },
  tooLight: {
    ar: 'النص الأبيض على هذا اللون صعب القراءة؛ اختر لونًا أغمق',
    en: 'White text on this colour is hard to read; choose a darker colour',
  },
} as const;
// Neither the seed's number (300000000000003) nor each other's: each save is a change, whichever runs first (the two
// languages run side by side). receipts.spec.ts reads the brand's number from the server, not the seed's.
const VAT_NUMBER = { ar: '310123456700003', en: '311111111111113' } as const;

for (const language of LANGUAGES) {
  test.describe(`the management console's shell (${language})`, () => {
    test('a manager signs in at a deep link, moves around, and the address survives a reload', async ({
      browser,
      baseURL,
    }) => {
      const page = await consoleAs(browser, baseURL ?? '', 'manager', language);
      await expect(page.getByTestId('console-page-title')).toHaveText(TEXT.overview[language]);
      await expect(page.getByTestId('console-nav-overview')).toHaveAttribute('aria-current', 'page');
      await expect(page.getByTestId('console-user')).toHaveText(/\S/);
      await shootConsole(page, `overview-${language}`, language === 'ar');
      await page.reload();
      await expect(page.getByTestId('console-overview')).toBeVisible();
      await expectDocumentLanguage(page, language);
      // The staff app's sections are a link away, and back to the board.
      await page.getByTestId('console-nav-staff-services').click();
      await expect(page).toHaveURL(/\/staff\/services$/);
      await page.goBack();
      await expect(page.getByTestId('console')).toBeVisible();
      await page.getByTestId('console-back-to-board').click();
      await expect(page.getByTestId('staff-shell')).toBeVisible();
      await page.context().close();
    });

    test('a manager changes a brand setting, it survives a reload, and the audit log shows the change', async ({
      browser,
      baseURL,
    }) => {
      const page = await consoleAs(browser, baseURL ?? '', 'manager', language, '/staff/manage/brand');
      await expect(page.getByTestId('console-page-title')).toHaveText(TEXT.brand[language]);
      await expect(page.getByTestId('console-nav-brand')).toHaveAttribute('aria-current', 'page');
      const vat = page.getByLabel(TEXT.vatNumber[language], { exact: false });
      await expect(vat).toBeEnabled();
      // Whether managers edit the menu is the owner's to decide: shown to a manager, not changeable.
      await expect(page.getByLabel(TEXT.managersEditMenu[language], { exact: true })).toBeDisabled();
      await vat.fill(VAT_NUMBER[language]);
      await expect(page.getByTestId('save-bar')).toHaveAttribute('data-state', 'dirty');
      // The colour check speaks before the server is asked.
      await page.locator('#brand-color').fill('#f3ecfa');
      await expect(page.getByTestId('brand-color-error')).toHaveText(TEXT.tooLight[language]);
      await page.locator('#brand-color').fill('');
      await shootConsole(page, `brand-settings-${language}`, language === 'en');
      await page.getByTestId('save-bar-save').click();
      await expect(page.getByTestId('save-bar')).toHaveAttribute('data-state', 'saved');
      await expect(page.getByTestId('save-bar')).toContainText(TEXT.saved[language]);
      await page.reload();
      await expect(page.locator('#brand-vat-number')).toHaveValue(VAT_NUMBER[language]);
      await page.getByTestId('console-nav-audit').click();
      await expect(page.getByTestId('console-page-title')).toHaveText(TEXT.audit[language]);
      await expect(page).toHaveURL(/\/staff\/manage\/audit$/);
      // This change's row (other journeys' changes may be newer): the brand's VAT number, now the one typed here.
      const row = page
        .getByTestId('audit-table')
        .locator('tbody tr')
        .filter({ hasText: VAT_NUMBER[language] })
        .filter({ hasText: TEXT.vatNumber[language] });
      await expect(row.first()).toBeVisible();
      await shootConsole(page, `audit-log-${language}`, language === 'ar');
      await page.context().close();
    });

    test('a cashier is told the console is not for them', async ({ browser, baseURL }) => {
      const page = await consoleAs(browser, baseURL ?? '', 'cashier', language);
      await expect(page.getByTestId('console-not-allowed')).toBeVisible();
      await expect(page.getByTestId('console-page-title')).toHaveText(TEXT.notAllowed[language]);
      await expect(page.getByTestId('console-nav')).toHaveCount(0);
      await page.context().close();
    });
  });
}
