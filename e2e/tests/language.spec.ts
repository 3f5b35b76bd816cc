import { expect, test } from '@playwright/test';
import { dismissPopup, expectDocumentLanguage, fetchMenu, QR, switchLanguage, TEXT } from '../support/sufra.ts';

test('Arabic is the default; switching to English flips direction and texts and survives a reload', async ({
  page,
  request,
}) => {
  const [arMenu, enMenu] = await Promise.all([fetchMenu(request, 'ar'), fetchMenu(request, 'en')]);
  const firstCategory = { ar: arMenu.categories[0]?.name ?? '', en: enMenu.categories[0]?.name ?? '' };

  await page.goto(`/qr/${QR.main}`);
  await expectDocumentLanguage(page, 'ar');
  await dismissPopup(page);
  await expect(
    page
      .getByRole('link', { name: TEXT.viewMenu.ar })
      .or(page.getByRole('button', { name: TEXT.viewMenu.ar }))
      .first(),
  ).toBeVisible();

  await switchLanguage(page, 'en');
  await expectDocumentLanguage(page, 'en');
  await expect(
    page
      .getByRole('link', { name: TEXT.viewMenu.en })
      .or(page.getByRole('button', { name: TEXT.viewMenu.en }))
      .first(),
  ).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('sufra.language'))).toContain('en');

  await page.reload();
  await expectDocumentLanguage(page, 'en');

  // Menu data (names from the database) follows the interface language too.
  await page.goto(`/menu/${QR.main}`);
  await expectDocumentLanguage(page, 'en');
  await expect(page.getByTestId('category-tabs')).toContainText(firstCategory.en);

  await switchLanguage(page, 'ar');
  await expectDocumentLanguage(page, 'ar');
  await expect(page.getByTestId('category-tabs')).toContainText(firstCategory.ar);
  await page.reload();
  await expectDocumentLanguage(page, 'ar');
});
