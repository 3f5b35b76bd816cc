import { expect, type Locator, test } from '@playwright/test';
import {
  dismissPopup,
  expectDocumentLanguage,
  fetchPopup,
  LANGUAGES,
  QR,
  stubExternalRequests,
  TEXT,
  useLanguage,
} from '../support/sufra.ts';

// Motion as most diners have it (the slider turns by itself); the other journeys ask for reduced motion
// (playwright.config.ts).
test.use({ reducedMotion: 'no-preference' });

/** The pop-up's call-to-action (a link or a button named with the pop-up's button text). */
function callToAction(popup: Locator, buttonText: string): Locator {
  return popup
    .getByRole('link', { name: buttonText })
    .or(popup.getByRole('button', { name: buttonText }))
    .first();
}

for (const language of LANGUAGES) {
  test.describe(`landing page (${language})`, () => {
    test.beforeEach(async ({ page }) => {
      if (language !== 'ar') await useLanguage(page, language);
    });

    test('opens in the right language and direction with the promotional pop-up', async ({ page, request }) => {
      await page.goto(`/qr/${QR.main}?utm_source=e2e`);
      await expectDocumentLanguage(page, language);

      const popup = page.getByTestId('popup');
      await expect(popup).toBeVisible();
      await expect(popup).toHaveRole('dialog');
      const content = await fetchPopup(request, language);
      expect(content, 'the demo branch has a pop-up').toBeTruthy();
      await expect(popup).toContainText(content?.popup_text ?? '');
      await expect(callToAction(popup, content?.button_text ?? '')).toBeVisible();
    });

    test("the pop-up's button opens its redirect target with the utm_source passed on", async ({
      page,
      context,
      baseURL,
      request,
    }) => {
      const content = await fetchPopup(request, language);
      expect(content, 'the demo branch has a pop-up').toBeTruthy();
      if (!content) return;
      await stubExternalRequests(context, baseURL ?? '');
      await page.goto(`/qr/${QR.main}?utm_source=e2e`);
      const popup = page.getByTestId('popup');
      await expect(popup).toBeVisible();

      const [opened] = await Promise.all([
        page.waitForEvent('popup'),
        callToAction(popup, content.button_text).click(),
      ]);
      await opened.waitForLoadState('domcontentloaded').catch(() => {});
      const url = new URL(opened.url());
      const target = new URL(content.redirect_url, baseURL);
      expect(`${url.origin}${url.pathname}`).toBe(`${target.origin}${target.pathname}`);
      expect(url.searchParams.get('utm_source')).toBe('e2e');
      await opened.close();
    });

    test('Escape closes the pop-up and gives focus back to the page', async ({ page }) => {
      await page.goto(`/qr/${QR.main}?utm_source=e2e`);
      const popup = page.getByTestId('popup');
      await expect(popup).toBeVisible();
      // A modal dialog takes the focus while it is open.
      await expect
        .poll(() => popup.evaluate((el) => el.contains(document.activeElement)), { message: 'focus is in the pop-up' })
        .toBe(true);

      await page.keyboard.press('Escape');
      await expect(popup).toBeHidden();
      const focusOk = await page.evaluate(() => {
        const active = document.activeElement;
        return Boolean(active?.isConnected) && !active?.closest('[data-testid="popup"]');
      });
      expect(focusOk, 'focus is back on a live element of the page').toBe(true);
      // The page is usable from the keyboard again.
      await page.keyboard.press('Tab');
      expect(await page.evaluate(() => document.activeElement?.tagName)).not.toBe('BODY');
    });

    test('shows the slider and the view-menu button leads to the menu', async ({ page }) => {
      await page.goto(`/qr/${QR.main}`);
      await dismissPopup(page);
      await expect(page.getByTestId('slider')).toBeVisible();

      const viewMenu = page
        .getByRole('link', { name: TEXT.viewMenu[language] })
        .or(page.getByRole('button', { name: TEXT.viewMenu[language] }))
        .first();
      await viewMenu.click();
      await expect(page).toHaveURL(new RegExp(`/menu/${QR.main}`));
      await expect(page.getByTestId('category-tabs')).toBeVisible();
    });
  });
}
