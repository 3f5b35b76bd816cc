import { expect, test } from '@playwright/test';
import { errorText, expectDocumentLanguage, LANGUAGES, QR, TEXT, useLanguage } from '../support/sufra.ts';

for (const language of LANGUAGES) {
  test.describe(`error paths (${language})`, () => {
    test.beforeEach(async ({ page }) => {
      if (language !== 'ar') await useLanguage(page, language);
    });

    test('a malformed QR link shows the invalid-link message', async ({ page }) => {
      await page.goto('/qr/not-a-uuid');
      await expect(page.getByText(errorText('invalid_uuid', language))).toBeVisible();
      await expectDocumentLanguage(page, language);
    });

    test('an unknown QR code shows the not-found message', async ({ page }) => {
      await page.goto(`/qr/${QR.unknown}`);
      await expect(page.getByText(errorText('qr_not_found', language))).toBeVisible();
    });

    test('an inactive QR code shows the inactive message', async ({ page }) => {
      await page.goto(`/qr/${QR.inactive}`);
      await expect(page.getByText(errorText('qr_inactive', language))).toBeVisible();
    });

    test('a deactivated brand lands on the deactivated page', async ({ page }) => {
      await page.goto(`/qr/${QR.deactivatedBrand}`);
      await expect(page).toHaveURL(new RegExp(`/deactivated/${QR.deactivatedBrand}`));
      await expect(page.getByText(errorText('service_deactivated', language))).toBeVisible();
    });

    test('an item that does not exist says so instead of a blank page', async ({ page }) => {
      await page.goto(`/items/${QR.main}/999999/x`);
      await expect(page.getByText(errorText('item_not_found', language))).toBeVisible();
    });

    test("an item the brand has but this branch doesn't sell says so", async ({ page }) => {
      // The demo's main branch does not sell the fish sayadiyah (seed: itemsNotSold).
      await page.goto(`/items/${QR.main}/fish-sayadiyah`);
      await expect(page.getByText(errorText('item_not_available', language))).toBeVisible();
      await expect(page.getByRole('link', { name: TEXT.backToMenu[language] })).toBeVisible();
    });

    test('a tampered item id in the link gets a clear message, not a blank page', async ({ page }) => {
      await page.goto(`/items/${QR.main}/12abc/x`);
      await expect(page.getByText(errorText('item_not_found', language))).toBeVisible();
    });

    test('a tampered utm_source is dropped and the landing page still opens', async ({ page }) => {
      await page.goto(`/qr/${QR.main}?utm_source=%3Cscript%3Ealert(1)%3C%2Fscript%3E`);
      await expect(page.getByTestId('slider')).toBeVisible();
      await expect(page).toHaveURL(new RegExp(`/qr/${QR.main}`));
    });

    test('an unknown route shows the 404 page', async ({ page }) => {
      await page.goto('/this-route/does-not-exist');
      await expect(page.getByText(TEXT.notFound[language]).first()).toBeVisible();
      await expectDocumentLanguage(page, language);
    });
  });
}
