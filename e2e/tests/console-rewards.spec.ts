import { join } from 'node:path';
import { type Browser, expect, type Page, test } from '@playwright/test';
import type { Language } from '../../packages/shared/src/language.ts';
import { TEXTS } from '../support/accounts.ts';
import { DESKTOP, shootConsole, shotsDir } from '../support/console.ts';
import { picture } from '../support/screenshots.ts';
import { STAFF } from '../support/staff-api.ts';
import { expectDocumentLanguage, LANGUAGES, QR, switchLanguage, useLanguage } from '../support/sufra.ts';

/** Representative pictures (docs/screenshots/console/); every screen's goes to .tmp/shots/console. */

/** A 2×2 purple PNG: a real picture the server decodes and re-encodes. */
const PHOTO = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAIAAAACCAIAAAD91JpzAAAACXBIWXMAAAPoAAAD6AG1e1JrAAAAEklEQVQImWOosvlfZfOfAUIBAC3GBtVp0Un7AAAAAElFTkSuQmCC',
  'base64',
);

const TEXT = {
  title: { ar: 'المكافآت', en: 'Rewards' },
  // Each language's run adds its own reward (the runs share the server).
  name: {
    ar: { ar: 'كوب قهوة مجاني', en: 'A free coffee cup' },
    en: { ar: 'حلوى مجانية', en: 'A free dessert' },
  },
} as const;

async function ownerAt(browser: Browser, baseURL: string, language: Language, path: string): Promise<Page> {
  const context = await browser.newContext({ baseURL, viewport: DESKTOP });
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

for (const language of LANGUAGES) {
  test.describe(`the console's rewards catalogue (${language})`, () => {
    test("an owner adds a points-shop reward with a photo and the diner's points shop shows it", async ({
      browser,
      baseURL,
    }) => {
      const name = TEXT.name[language];
      const owner = await ownerAt(browser, baseURL ?? '', language, '/staff/manage/rewards');
      await expect(owner.getByTestId('console-page-title')).toHaveText(TEXT.title[language]);
      await expect(owner.getByTestId('rewards-table')).toBeVisible();
      await shootConsole(owner, `rewards-${language}`, true);

      await owner.getByTestId('reward-new').click();
      const form = owner.getByTestId('reward-form');
      await form.getByTestId('reward-kind').selectOption('gift');
      await form.locator('input[lang="ar"]').first().fill(name.ar);
      await form.locator('input[lang="en"]').first().fill(name.en);
      await form.getByTestId('reward-photo').setInputFiles({ name: 'cup.png', mimeType: 'image/png', buffer: PHOTO });
      await expect(form.getByTestId('reward-photo-preview')).toHaveAttribute('src', /^\/api\/rewards\/images\//);
      await form.locator('input[type="number"]').first().fill('150');
      await shootConsole(owner, `rewards-editor-${language}`, language === 'en');
      await form.getByTestId('reward-save').click();
      await expect(form).toHaveCount(0);
      const row = owner.getByTestId('rewards-table').getByRole('row').filter({ hasText: name[language] });
      await expect(row).toBeVisible();
      await expect(row.locator('img')).toHaveAttribute('src', /^\/api\/rewards\/images\//);

      // The diner's points shop, in the same language, shows it with its photo.
      const context = await browser.newContext({ baseURL, viewport: { width: 390, height: 844 } });
      const diner = await context.newPage();
      await useLanguage(diner, language);
      await diner.goto(`/points-shop/${QR.main}`);
      await expectDocumentLanguage(diner, language);
      const card = diner.getByTestId('shop-reward').filter({ hasText: name[language] });
      await expect(card).toBeVisible();
      await expect(card.locator('img')).toHaveAttribute('src', /\/api\/rewards\/images\//);
      await card.scrollIntoViewIfNeeded();
      await picture(diner, { path: join(shotsDir, `rewards-diner-shop-${language}.png`) });
      await context.close();
      await owner.context().close();
    });
  });
}
