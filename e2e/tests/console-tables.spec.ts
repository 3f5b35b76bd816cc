import { readFile } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, type Page, test } from '@playwright/test';
import { consoleAs } from '../support/console.ts';
import { picture, SHOTS } from '../support/screenshots.ts';
import { errorText, LANGUAGES, QR, useLanguage } from '../support/sufra.ts';

const keptDir = resolve(dirname(fileURLToPath(import.meta.url)), '../../docs/screenshots/console');
const shotsDir = resolve(dirname(fileURLToPath(import.meta.url)), '../../.tmp/shots/console');
const DESKTOP = { width: 1280, height: 800 } as const;
const TABLET = { width: 1024, height: 768 } as const;

async function shoot(page: Page, name: string, keep: boolean) {
  await page.waitForLoadState('networkidle');
  if (!SHOTS) return;
  for (const viewport of [DESKTOP, TABLET]) {
    await page.setViewportSize(viewport);
    const dir = keep && viewport === DESKTOP ? keptDir : shotsDir;
    await picture(page, { path: join(dir, `${name}-${viewport.width}.png`), animations: 'disabled', caret: 'hide' });
  }
  await page.setViewportSize(DESKTOP);
}

/** A 1 × 1 PNG: the server checks it is an image and re-encodes it. */
const PNG_1X1 = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==';
const AD = {
  textAr: { ar: 'النص بالعربية', en: 'Text in Arabic' },
  textEn: { ar: 'النص بالإنجليزية', en: 'Text in English' },
  buttonAr: { ar: 'الزر بالعربية', en: 'Button in Arabic' },
  buttonEn: { ar: 'الزر بالإنجليزية', en: 'Button in English' },
  link: { ar: 'الرابط', en: 'Link' },
  image: { ar: 'الصورة', en: 'Image' },
} as const;

const LABEL = {
  number: { ar: 'رقم الطاولة', en: 'Table number' },
  seats: { ar: 'المقاعد', en: 'Seats' },
  area: { ar: 'المنطقة', en: 'Area' },
  replace: { ar: 'استبدال الرمز', en: 'Replace code' },
} as const;

for (const language of LANGUAGES) {
  test.describe(`console tables and QR codes (${language})`, () => {
    test('a manager adds three tables and prints their cards; a diner scanning one lands on that table; a replaced code shows the error page', async ({
      browser,
      baseURL,
    }) => {
      // A long path on a shared 2-core machine: three tables, the print page, two diners.
      test.setTimeout(240_000);
      const page = await consoleAs(browser, baseURL ?? '', 'manager', language, '/staff/manage/tables');
      await expect(page.getByTestId('tables')).toBeVisible();
      const prefix = `${language.toUpperCase()}${Date.now() % 100000}-`;
      const form = page.getByTestId('add-table');
      for (const n of [1, 2, 3]) {
        await form.getByLabel(LABEL.number[language], { exact: true }).fill(`${prefix}${n}`);
        await form.getByLabel(LABEL.seats[language], { exact: true }).fill(String(n + 1));
        await form.getByLabel(LABEL.area[language], { exact: true }).fill('Hall');
        await page.getByTestId('add-table-submit').click();
        await expect(page.getByTestId('tables').getByText(`${prefix}${n}`, { exact: true })).toBeVisible();
        await expect(page.getByTestId('add-table-submit')).toBeEnabled();
      }
      await shoot(page, `tables-${language}`, language === 'ar');

      // Their printed cards: one per table, each QR naming the table's code URL.
      const row = page.getByRole('row').filter({ hasText: `${prefix}2` });
      const url = await row.getByTestId('table-code-link').getAttribute('href');
      expect(url).toMatch(/\/qr\/[0-9a-f-]{36}$/);
      await page.getByTestId('tables-print').click();
      const card = page.getByTestId('table-card').filter({ hasText: `${prefix}2` });
      await expect(card.locator(`svg[data-qr-value="${url}"] path`)).toHaveCount(1);
      await expect(page.getByTestId('table-card').filter({ hasText: prefix })).toHaveCount(3);
      await expect(page.getByTestId('download-png').first()).toHaveAttribute('href', /cards\.png\?/);
      if (language === 'ar') {
        // The PDF of every card, as the browser downloads it with the manager's cookies: the table's code inside.
        const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('download-pdf').click()]);
        expect(download.suggestedFilename()).toBe('table-cards-a4.pdf');
        const pdf = await readFile(await download.path());
        expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
        expect(pdf.toString('latin1')).toContain(`/URI (${url})`);
      }
      await shoot(page, `table-cards-${language}`, language === 'ar');
      await page.emulateMedia({ media: 'print' });
      await expect(page.getByTestId('print-cards')).toBeHidden();
      await page.emulateMedia({ media: 'screen' });

      // The diner opens the printed code: the landing names that table.
      const path = new URL(url ?? '').pathname;
      const diner = await browser.newContext({ baseURL: baseURL ?? '', viewport: { width: 390, height: 844 } });
      const dinerPage = await diner.newPage();
      if (language !== 'ar') await useLanguage(dinerPage, language);
      await dinerPage.goto(path);
      await expect(dinerPage.getByText(`${prefix}2`)).toBeVisible();

      // Replaced: the old code lands on the spec's error page.
      await page.getByTestId('console-nav-tables').click();
      // The branch has many tables: the manager filters to the one whose card went missing.
      await page.getByTestId('tables-filter').fill(`${prefix}2`);
      await page
        .getByRole('row')
        .filter({ hasText: `${prefix}2` })
        .getByTestId('table-replace')
        .click();
      await page.getByTestId('confirm-dialog-confirm').click();
      await expect(page.getByTestId('confirm-dialog')).toHaveCount(0);
      await expect(
        page
          .getByRole('row')
          .filter({ hasText: `${prefix}2` })
          .getByTestId('table-code-link'),
      ).not.toHaveAttribute('href', url ?? '');
      await diner.close();
      // Someone else scans the old printed card.
      const later = await browser.newContext({ baseURL: baseURL ?? '', viewport: { width: 390, height: 844 } });
      const laterPage = await later.newPage();
      if (language !== 'ar') await useLanguage(laterPage, language);
      await laterPage.goto(path);
      await expect(laterPage.getByText(errorText('qr_inactive', language))).toBeVisible();
      await later.close();
      await page.context().close();
    });

    test('a manager publishes a pop-up scheduled now and the diner sees it', async ({ browser, baseURL }) => {
      test.setTimeout(240_000);
      const page = await consoleAs(browser, baseURL ?? '', 'manager', language, '/staff/manage/ads');
      await page.getByTestId('ads-new-popup').click();
      const form = page.getByTestId('ad-form');
      const text = `${language}-${Date.now() % 100000}`;
      await form.getByLabel(AD.textAr[language], { exact: true }).fill(`عرض ${text}`);
      await form.getByLabel(AD.textEn[language], { exact: true }).fill(`Deal ${text}`);
      await form.getByLabel(AD.buttonAr[language], { exact: true }).fill('اطلب');
      await form.getByLabel(AD.buttonEn[language], { exact: true }).fill('Order');
      await form.getByLabel(AD.link[language], { exact: true }).fill('https://example.com/deal');
      await form.getByLabel(AD.image[language], { exact: true }).setInputFiles({
        name: 'ad.png',
        mimeType: 'image/png',
        buffer: Buffer.from(PNG_1X1, 'base64'),
      });
      await expect(page.getByTestId('ad-save')).toBeEnabled();
      await shoot(page, `ads-form-${language}`, language === 'ar');
      await page.getByTestId('ad-save').click();
      await expect(page.getByTestId('ad-form')).toHaveCount(0);
      const body = language === 'ar' ? `عرض ${text}` : `Deal ${text}`;
      await expect(page.getByTestId('ads-popups').getByText(body)).toBeVisible();
      await shoot(page, `ads-${language}`, language === 'ar');

      const diner = await browser.newContext({ baseURL: baseURL ?? '', viewport: { width: 390, height: 844 } });
      const dinerPage = await diner.newPage();
      if (language !== 'ar') await useLanguage(dinerPage, language);
      await dinerPage.goto(`/qr/${QR.main}`);
      await expect(dinerPage.getByTestId('popup').getByText(body)).toBeVisible();
      await diner.close();
      await page.context().close();
    });
  });
}
