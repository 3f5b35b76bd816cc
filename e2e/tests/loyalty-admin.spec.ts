import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { type Browser, expect, type Page, test } from '@playwright/test';
import type { Language } from '../../packages/shared/src/language.ts';
import { signInByOtp, TEXTS } from '../support/accounts.ts';
import { expectNoSeriousViolations } from '../support/axe.ts';
import { picture } from '../support/screenshots.ts';
import { STAFF } from '../support/staff-api.ts';
import { expectDocumentLanguage, LANGUAGES, QR, switchLanguage, useLanguage } from '../support/sufra.ts';

const shotsDir = resolve(dirname(fileURLToPath(import.meta.url)), '../../docs/screenshots');
const TABLET = { width: 1024, height: 768 } as const;

/** The demo manager on a tablet, signed in on the Loyalty tab, in `language`. */
async function managerAtLoyalty(browser: Browser, baseURL: string, language: Language) {
  const context = await browser.newContext({ baseURL, viewport: TABLET });
  const page = await context.newPage();
  await page.goto('/staff/loyalty');
  if (language !== 'ar') await switchLanguage(page, language);
  await expectDocumentLanguage(page, language);
  await page.getByLabel(TEXTS.staffEmail[language], { exact: true }).fill(STAFF.manager.email);
  await page.getByLabel(TEXTS.staffPassword[language], { exact: true }).fill(STAFF.manager.password);
  await page.getByRole('button', { name: TEXTS.signIn[language], exact: true }).click();
  await expect(page.getByTestId('loyalty-admin')).toBeVisible();
  await expect(page.getByTestId('staff-tab-loyalty')).toHaveAttribute('aria-current', 'page');
  return { context, page };
}

async function findDiner(page: Page, national: string) {
  await page.locator('#customer-phone').fill(national);
  await page.getByTestId('customer-find').click();
  await expect(page.getByTestId('customer-card')).toBeVisible();
}

for (const language of LANGUAGES) {
  test.describe(`managers' loyalty screen (${language})`, () => {
    test("the manager finds a diner by phone, adjusts their points with a reason, and the diner's history shows it", async ({
      browser,
      page,
      baseURL,
    }) => {
      test.setTimeout(120_000);
      if (language !== 'ar') await useLanguage(page, language);
      const diner = await signInByOtp(page.request, baseURL ?? '', `Diner ${Math.random().toString(36).slice(2, 7)}`);
      const { context, page: staff } = await managerAtLoyalty(browser, baseURL ?? '', language);

      // A reason is required: refused before anything is sent.
      await findDiner(staff, diner.phone.national);
      await expect(staff.getByTestId('customer-name')).toHaveText(diner.name);
      await staff.locator('#adjust-points').fill(language === 'ar' ? '٢٥٠' : '250');
      await staff.getByTestId('adjust-submit').click();
      await expect(staff.getByTestId('adjust-reason-error')).toBeVisible();
      const reason = language === 'ar' ? 'تعويض عن تأخير الطلب' : 'Sorry for the late order';
      await staff.locator('#adjust-reason').fill(reason);
      await staff.getByTestId('adjust-submit').click();
      await expect(staff.getByTestId('adjust-done')).toBeVisible();
      await expect(staff.getByTestId('customer-wallet')).toContainText(language === 'ar' ? '٢٥٠' : '250');
      await expect(staff.getByTestId('ledger-row').first()).toContainText(reason);
      // Taking away more than the wallet holds is refused with the catalogue's message; nothing changes.
      await staff.getByTestId('adjust-remove').check();
      await staff.locator('#adjust-points').fill(language === 'ar' ? '٣٠٠' : '300');
      await staff.locator('#adjust-reason').fill(reason);
      await staff.getByTestId('adjust-submit').click();
      await expect(staff.getByTestId('adjust-error')).toHaveText(
        language === 'ar' ? 'لا توجد نقاط كافية في المحفظة لذلك' : "There aren't enough points in the wallet for this",
      );
      await expect(staff.getByTestId('ledger-row')).toHaveCount(1);
      await staff.waitForLoadState('networkidle');
      await expect(staff.getByTestId('customer-wallet')).toContainText(language === 'ar' ? '١٢' : '12.50');
      await staff.evaluate(() => window.scrollTo(0, 0));
      await picture(staff, { path: join(shotsDir, `staff-loyalty-${language}.png`), animations: 'disabled' });
      await expectNoSeriousViolations(staff, 'staff loyalty');

      // The diner reads the manager's words in their points history.
      await page.goto(`/qr/${QR.main}`);
      await page.evaluate(
        ([key, value]) => localStorage.setItem(key as string, value as string),
        ['sufra.customer.brands', JSON.stringify([diner.brandId])],
      );
      await page.goto(`/my-rewards/${QR.main}?view=history`);
      await expect(page.getByText(reason)).toBeVisible({ timeout: 30_000 });
      await context.close();
    });
  });
}
