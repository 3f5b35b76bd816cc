import { readFileSync } from 'node:fs';
import { type Browser, expect, type Page, test } from '@playwright/test';
import type { Language } from '../../packages/shared/src/language.ts';
import { TEXTS } from '../support/accounts.ts';
import { DESKTOP, shootConsole } from '../support/console.ts';
import { STAFF } from '../support/staff-api.ts';
import { asciiDigits, expectDocumentLanguage, LANGUAGES, switchLanguage } from '../support/sufra.ts';

/** The customers pages' representative pictures (docs/screenshots/console/); every screen's goes to .tmp/shots. */

const TEXT = {
  title: { ar: 'العملاء', en: 'Customers' },
  granted: { ar: /مُنحت النقاط/, en: /Points granted/ },
  nameHeader: { ar: 'الاسم', en: 'Name' },
} as const;

// Seeded diners (apps/api/src/db/seed/demo-brand/customers.ts): the first ordered lately, the third has not for
// over 30 days (the lapsed segment). Each language's copy grants points to its own recent diner: the two copies run
// side by side, and one diner's wallet would grow by both grants.
const RECENTS = {
  ar: { name: 'عبدالله الشهري', typed: '٠٥٥٥ ٠٢٠ ٤٠٠' },
  en: { name: 'ريم الدوسري', typed: '+966 55 502 0401' },
} as const;
const LAPSED = 'فهد الغامدي';

async function managerAt(browser: Browser, baseURL: string, language: Language, path: string): Promise<Page> {
  const context = await browser.newContext({ baseURL, viewport: DESKTOP, acceptDownloads: true });
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

/** A figure as shown (Arabic or Latin digits, grouped): 1,250 / ١٬٢٥٠ → 1250. */
const figure = async (page: Page, testId: string) =>
  Number(asciiDigits((await page.getByTestId(testId).locator('dd').textContent()) ?? '').replace(/[^0-9-]/g, ''));

for (const language of LANGUAGES) {
  test.describe(`the console's customers (${language})`, () => {
    test('a manager finds a diner by phone, opens the page, grants points and exports a segment', async ({
      browser,
      baseURL,
    }) => {
      const RECENT = RECENTS[language];
      const page = await managerAt(browser, baseURL ?? '', language, '/staff/manage/customers');
      await expect(page.getByTestId('console-page-title')).toHaveText(TEXT.title[language]);
      const table = page.getByTestId('customers-table');
      await expect(table.getByRole('row').nth(5)).toBeVisible();
      await shootConsole(page, `customers-list-${language}`, true);

      // Found by phone, typed as people type it (Arabic digits and spaces in the Arabic run).
      await page.getByTestId('customers-search').fill(RECENT.typed);
      await page.getByTestId('customers-apply').click();
      await expect(table.getByRole('row')).toHaveCount(2);
      const link = table.getByRole('link', { name: RECENT.name });
      await expect(link).toBeVisible();
      await link.click();

      await expect(page.getByTestId('customer-page')).toBeVisible();
      await expect(page.getByTestId('console-page-title')).toHaveText(RECENT.name);
      await expect(page.getByTestId('customer-orders-table').getByRole('row').nth(1)).toBeVisible();
      const before = await figure(page, 'customer-fact-wallet');
      await shootConsole(page, `customer-page-${language}`, true);

      await page.getByTestId('customer-grant-points').click();
      await page.getByTestId('grant-points-amount').fill(language === 'ar' ? '٢٥' : '25');
      await page
        .getByTestId('grant-reason')
        .fill(language === 'ar' ? 'تعويض عن تأخير الطلب' : 'Sorry for the late order');
      await shootConsole(page, `customer-grant-${language}`, language === 'en');
      await page.getByTestId('confirm-dialog-confirm').click();
      await expect(page.getByText(TEXT.granted[language])).toBeVisible();
      await expect(page.getByTestId('confirm-dialog')).toBeHidden();
      await expect.poll(() => figure(page, 'customer-fact-wallet')).toBe(before + 25);
      await expect(page.getByTestId('customer-ledger-table')).toContainText(
        language === 'ar' ? 'تعويض عن تأخير الطلب' : 'Sorry for the late order',
      );

      // Back to the list: the lapsed segment, exported as CSV and read back.
      await page.getByTestId('customer-back').click();
      await page.getByTestId('customers-lapsed').check();
      await page.getByTestId('customers-apply').click();
      await expect(table.getByRole('link', { name: LAPSED })).toBeVisible();
      await expect(table.getByRole('link', { name: RECENT.name })).toHaveCount(0);
      await shootConsole(page, `customers-segment-${language}`);
      const downloading = page.waitForEvent('download');
      await page.getByTestId('customers-export').click();
      const download = await downloading;
      expect(download.suggestedFilename()).toMatch(/^customers-\d{4}-\d{2}-\d{2}\.csv$/);
      const bytes = readFileSync((await download.path()) ?? '');
      expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
      const text = bytes.toString('utf8');
      expect(text.split('\n')[0]).toContain(TEXT.nameHeader[language]);
      expect(text).toContain(LAPSED);
      expect(text).not.toContain(RECENT.name);
      await page.context().close();
    });
  });
}
