import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, type Page, test } from '@playwright/test';
import sharp from 'sharp';
import { signInDiner, TEXTS } from '../support/accounts.ts';
import { consoleAs } from '../support/console.ts';
import { BOTH_LANGUAGES } from '../support/language-turns.ts';
import { picture } from '../support/screenshots.ts';
import { LANGUAGES, QR, useLanguage } from '../support/sufra.ts';

/** Issue 26 items 8 and 5: the brand's logo from the console to the diner's landing; the diner's address search. */
const keptDir = resolve(dirname(fileURLToPath(import.meta.url)), '../../docs/screenshots');
const shotsDir = resolve(dirname(fileURLToPath(import.meta.url)), '../../.tmp/shots/brand-look');

const TEXT = {
  upload: { ar: 'رفع شعار', en: 'Upload a logo' },
  replace: { ar: 'تغيير الشعار', en: 'Replace the logo' },
  remove: { ar: 'إزالة الشعار', en: 'Remove the logo' },
  saved: { ar: 'حُفظ الشعار، ويراه العملاء الآن.', en: 'Logo saved; diners see it now.' },
  removed: { ar: 'أُزيل الشعار.', en: 'Logo removed.' },
  search: { ar: 'ابحث عن حي أو مدينة', en: 'Search for a district or city' },
  olaya: { ar: 'العليا', en: 'Olaya' },
  title: { ar: 'المكتب', en: 'Office' },
} as const;

const logoPng = (color: string) =>
  sharp({ create: { width: 300, height: 300, channels: 4, background: color } })
    .png()
    .toBuffer();

async function landingLogo(page: Page) {
  await page.goto(`/qr/${QR.main}`);
  return page.locator('.landing__identity img');
}

test.describe.configure({ mode: 'serial' });

for (const language of LANGUAGES) {
  // Both languages in every run: the English run removes the logo the Arabic run left.
  test(`a logo uploaded in the console shows on the diner's landing (${language})`, { tag: BOTH_LANGUAGES }, async ({
    browser,
    baseURL,
  }) => {
    const page = await consoleAs(browser, baseURL ?? '', 'owner', language, '/staff/manage/brand');
    const field = page.getByTestId('brand-logo');
    await expect(field).toBeVisible();
    if (language === 'en') {
      // The other language's run left a logo: remove it, and the landing shows the name alone.
      await field.getByRole('button', { name: TEXT.remove[language] }).click();
      await expect(field.getByRole('status')).toHaveText(TEXT.removed[language]);
      const diner = await browser.newPage({ baseURL });
      await landingLogo(diner);
      await expect(diner.locator('.landing__title')).toBeVisible();
      await expect(diner.locator('.landing__identity img')).toHaveCount(0);
      await diner.close();
    }
    await field.locator('input[type="file"]').setInputFiles({
      name: 'logo.png',
      mimeType: 'image/png',
      buffer: await logoPng(language === 'ar' ? '#5b21b6' : '#0f766e'),
    });
    await expect(field.getByRole('status')).toHaveText(TEXT.saved[language]);
    const img = field.locator('img');
    await expect(img).toHaveAttribute('src', /\/api\/brand\/logos\/\d+\/[a-f0-9]{16}\.webp$/);
    const src = (await img.getAttribute('src')) ?? '';
    await expect(field.getByText(TEXT.replace[language])).toBeVisible();
    for (const viewport of [
      { width: 1280, height: 800 },
      { width: 1024, height: 768 },
    ]) {
      await page.setViewportSize(viewport);
      await field.scrollIntoViewIfNeeded();
      await picture(page, {
        path: join(
          viewport.width === 1280 ? join(keptDir, 'console') : shotsDir,
          `brand-logo-${language}-${viewport.width}.png`,
        ),
        animations: 'disabled',
        caret: 'hide',
      });
    }

    const diner = await browser.newPage({ baseURL, viewport: { width: 390, height: 844 } });
    if (language !== 'ar') await useLanguage(diner, language);
    const logo = await landingLogo(diner);
    await expect(logo).toHaveAttribute('src', src);
    await expect.poll(() => logo.evaluate((el) => (el as HTMLImageElement).naturalWidth)).toBeGreaterThan(0);
    await picture(diner, { path: join(keptDir, `landing-logo-${language}.png`), animations: 'disabled' });
    await diner.close();
    await page.context().close();
  });

  test(`a diner finds an address by search and saves it (${language})`, async ({ page, baseURL }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    if (language !== 'ar') await useLanguage(page, language);
    await signInDiner(page, baseURL ?? '');
    await page.goto(`/edit-profile/${QR.main}`);
    await page.getByRole('button', { name: TEXTS.addAddress[language] }).click();
    const form = page.getByTestId('address-form');
    await expect(form.getByTestId('address-map')).toHaveAttribute('data-pin', 'none');
    const search = form.getByRole('combobox', { name: TEXT.search[language] });
    await search.pressSequentially(TEXT.olaya[language], { delay: 30 });
    const list = form.getByRole('listbox');
    await expect(list.getByRole('option').first()).toContainText(TEXT.olaya[language]);
    await search.press('ArrowDown');
    await expect(list.getByRole('option').first()).toHaveAttribute('aria-selected', 'true');
    await picture(page, { path: join(keptDir, `address-search-${language}.png`), animations: 'disabled' });
    await search.press('Enter');
    await expect(list).toBeHidden();
    await expect(form.getByTestId('address-map')).toHaveAttribute('data-pin', 'placed');
    await expect(form.getByTestId('place-search-status')).toContainText(TEXT.olaya[language]);

    await form.locator('#address-new-title').fill(TEXT.title[language]);
    await form.locator('#address-new-description').fill('King Fahd Road');
    await form.getByRole('button', { name: language === 'ar' ? 'حفظ العنوان' : 'Save address' }).click();
    const card = page.getByTestId('address-book').getByTestId('address-card');
    await expect(card).toContainText(TEXT.title[language]);
    // The saved point is the picked district's (Al Olaya, Riyadh: the gazetteer's centre), as the API stores it.
    const res = await page.request.get(`/api/customers/${QR.main}/me/addresses/`);
    const { addresses } = (await res.json()) as {
      addresses: { title: string; location: { lat: number; lng: number } }[];
    };
    const point = addresses.find((a) => a.title === TEXT.title[language])?.location;
    expect(Math.abs((point?.lat ?? 0) - 24.7)).toBeLessThan(0.1);
    expect(Math.abs((point?.lng ?? 0) - 46.68)).toBeLessThan(0.1);
  });
}
