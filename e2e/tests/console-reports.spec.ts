import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { type Browser, expect, type Page, test } from '@playwright/test';
import type { Language } from '../../packages/shared/src/language.ts';
import { TEXTS } from '../support/accounts.ts';
import { DESKTOP, keptDir, shootConsole, shotsDir, TABLET } from '../support/console.ts';
import { picture } from '../support/screenshots.ts';
import { STAFF } from '../support/staff-api.ts';
import { asciiDigits, expectDocumentLanguage, LANGUAGES, switchLanguage } from '../support/sufra.ts';

/** The reports page's representative pictures (docs/screenshots/console/); every screen's goes to .tmp/shots. */

const TEXT = {
  title: { ar: 'التقارير', en: 'Reports' },
  csvHeader: { ar: ['اليوم', 'الطلبات', 'صافي المبيعات (ر.س)'], en: ['Day', 'Orders', 'Net sales (SAR)'] },
  engagement: { ar: 'الخدمة والولاء', en: 'Service and loyalty' },
  couponsHeader: {
    ar: ['القسيمة', 'الرمز', 'الاستخدامات', 'التكلفة (ر.س)'],
    en: ['Coupon', 'Code', 'Uses', 'Cost (SAR)'],
  },
} as const;

/** Downloads one section's CSV and reads it back (it starts with a byte-order mark). */
async function csvOf(page: Page, table: string): Promise<{ name: string; rows: string[][] }> {
  const downloading = page.waitForEvent('download');
  await page.getByTestId(`reports-csv-${table}`).click();
  const download = await downloading;
  const text = readFileSync((await download.path()) ?? '', 'utf8');
  expect(text.charCodeAt(0)).toBe(0xfeff);
  const rows = text
    .slice(1)
    .trim()
    .split(/\r?\n/)
    .map((line) => line.split(','));
  return { name: download.suggestedFilename(), rows };
}

async function ownerAt(browser: Browser, baseURL: string, language: Language, path: string): Promise<Page> {
  const context = await browser.newContext({ baseURL, viewport: DESKTOP, acceptDownloads: true });
  const page = await context.newPage();
  await page.goto(path);
  if (language !== 'ar') await switchLanguage(page, language);
  await expectDocumentLanguage(page, language);
  await page.getByLabel(TEXTS.staffEmail[language], { exact: true }).fill(STAFF.owner.email);
  await page.getByLabel(TEXTS.staffPassword[language], { exact: true }).fill(STAFF.owner.password);
  await page.getByRole('button', { name: TEXTS.signIn[language], exact: true }).click();
  await expect(page.getByTestId('console')).toBeVisible();
  return page;
}

/** The screen around one section, at both sizes (to .tmp/shots: the full page is too tall to look at). */
async function shootAt(page: Page, testId: string, name: string) {
  for (const viewport of [DESKTOP, TABLET]) {
    await page.setViewportSize(viewport);
    await page.getByTestId(testId).scrollIntoViewIfNeeded();
    await picture(page, { path: join(shotsDir, `${name}-${viewport.width}.png`), animations: 'disabled' });
  }
  await page.setViewportSize(DESKTOP);
}

const shoot = (page: Page, name: string, keep = false) => shootConsole(page, name, keep, { fullPage: true });

const orders = async (page: Page) =>
  Number(
    asciiDigits((await page.getByTestId('reports-figure-orders').locator('strong').textContent()) ?? '').replace(
      /[^0-9]/g,
      '',
    ),
  );

for (const language of LANGUAGES) {
  test.describe(`the console's reports (${language})`, () => {
    test('an owner opens the dashboard, switches the period and reads a CSV back', async ({ browser, baseURL }) => {
      const page = await ownerAt(browser, baseURL ?? '', language, '/staff/manage/reports');
      await expect(page.getByTestId('console-page-title')).toHaveText(TEXT.title[language]);
      // The demo's seeded orders were placed today: the last 30 days hold them (rolled up when the server started).
      await expect(page.getByTestId('reports-figure-orders')).toBeVisible();
      await expect.poll(() => orders(page)).toBeGreaterThan(0);
      await expect(page.getByTestId('reports-chart-days').locator('canvas')).toBeVisible();
      await shoot(page, `reports-${language}`, true);

      // The service and loyalty part (the demo's seeded activity): times per branch, the referral funnel's chart
      // beside its table, low ratings and how they were answered; the coupons' CSV in the page's language.
      await expect(page.getByRole('heading', { name: TEXT.engagement[language] })).toBeVisible();
      await expect(page.getByTestId('reports-figure-prepMedian').locator('strong')).not.toHaveText('–');
      await expect(page.getByTestId('reports-section-times').locator('tbody tr').first()).toBeVisible();
      await expect(page.getByTestId('reports-chart-referral').locator('canvas')).toBeVisible();
      await expect(page.getByTestId('reports-section-referral').locator('tbody tr')).toHaveCount(5);
      await expect(page.getByTestId('reports-section-lowRatings').locator('tbody tr').first()).toBeVisible();
      await page.getByTestId('reports-section-times').scrollIntoViewIfNeeded();
      await picture(page, {
        path: join(keptDir, `reports-engagement-${language}-1280.png`),
        animations: 'disabled',
        caret: 'hide',
      });
      await shootAt(page, 'reports-section-times', `reports-times-${language}`);
      await shootAt(page, 'reports-section-wheel', `reports-wheel-${language}`);
      await shootAt(page, 'reports-section-lowRatings', `reports-low-${language}`);
      const coupons = await csvOf(page, 'coupons');
      expect(coupons.rows[0]).toEqual([...TEXT.couponsHeader[language]]);
      expect(coupons.rows.length).toBeGreaterThan(1);

      // Seven days: the period's start moves to six days before today; today's orders are still in it.
      const before = await page.getByTestId('reports-from').inputValue();
      await page.getByTestId('reports-preset').selectOption('7');
      await expect(page.getByTestId('reports-from')).not.toHaveValue(before);
      const to = await page.getByTestId('reports-to').inputValue();
      const from = await page.getByTestId('reports-from').inputValue();
      expect((Date.parse(to) - Date.parse(from)) / 86_400_000).toBe(6);
      await expect.poll(() => orders(page)).toBeGreaterThan(0);
      const shown = await orders(page);

      const { name, rows } = await csvOf(page, 'days');
      expect(name).toBe(`sufra-days-${from}-${to}.csv`);
      expect(rows[0]).toEqual([...TEXT.csvHeader[language]]);
      // The CSV's days add up to the orders figure on the page.
      const sum = rows.slice(1).reduce((total, row) => total + Number(row[1]), 0);
      expect(sum).toBe(shown);
    });
  });
}
