import { expect, type Page, test } from '@playwright/test';
import type { Language } from '../../packages/shared/src/language.ts';
import { STAFF, TEXTS } from '../support/accounts.ts';
import { errorText, expectDocumentLanguage, LANGUAGES, switchLanguage } from '../support/sufra.ts';

const ROLE_NAMES = {
  manager: { ar: 'المدير', en: 'Manager' },
  cashier: { ar: 'الكاشير', en: 'Cashier' },
} as const;

async function signIn(page: Page, language: Language, role: keyof typeof STAFF, password?: string) {
  await page.goto('/staff');
  if (language !== 'ar') await switchLanguage(page, language);
  await expectDocumentLanguage(page, language);
  await page.getByLabel(TEXTS.staffEmail[language], { exact: true }).fill(STAFF[role].email);
  await page.getByLabel(TEXTS.staffPassword[language], { exact: true }).fill(password ?? STAFF[role].password);
  await page.getByRole('button', { name: TEXTS.signIn[language], exact: true }).click();
}

for (const language of LANGUAGES) {
  test.describe(`staff (${language})`, () => {
    test('a manager signs in, sees the branches with their switch and the SMS outbox, and stays signed in', async ({
      page,
    }) => {
      await signIn(page, language, 'manager');
      const shell = page.getByTestId('staff-shell');
      await expect(shell).toBeVisible();
      await expect(page.getByTestId('staff-role')).toHaveText(ROLE_NAMES.manager[language]);
      await expect(page.getByTestId('staff-branch').first()).toBeVisible();
      await expect(page.getByTestId('branch-switch').first()).toBeVisible();
      // Each branch's switch is named by its branch: four alike would not say which one a tap turns off.
      const switches = page.getByTestId('branch-switch');
      const names: string[] = [];
      for (const s of await switches.all()) {
        names.push(await s.evaluate((el) => (el as HTMLInputElement).labels?.[0]?.textContent?.trim() ?? ''));
      }
      expect(names.length).toBeGreaterThan(1);
      expect(new Set(names).size).toBe(names.length);
      await expect(page.getByTestId('sms-outbox')).toBeVisible();
      // Times on the branch's clock, the zone named (board and outbox alike).
      await expect(page.getByTestId('board-time-zone')).toBeVisible();
      await expect(page.getByTestId('staff-tab-redeem')).toBeVisible();

      await page.reload();
      await expect(page.getByTestId('staff-shell')).toBeVisible();
      await page.getByTestId('staff-sign-out').click();
      await expect(page.getByTestId('staff-sign-in')).toBeVisible();
      await page.reload();
      await expect(page.getByTestId('staff-sign-in')).toBeVisible();
    });

    test('a cashier sees no outbox and no switch', async ({ page }) => {
      await signIn(page, language, 'cashier');
      await expect(page.getByTestId('staff-role')).toHaveText(ROLE_NAMES.cashier[language]);
      await expect(page.getByTestId('staff-branch').first()).toBeVisible();
      await expect(page.getByTestId('staff-tab-redeem')).toHaveAttribute('href', '/staff/redeem');
      await expect(page.getByTestId('branch-switch')).toHaveCount(0);
      await expect(page.getByTestId('sms-outbox')).toHaveCount(0);
    });

    test('a wrong password shows the message and an empty form the required fields', async ({ page }) => {
      await page.goto('/staff');
      if (language !== 'ar') await switchLanguage(page, language);
      await page.getByRole('button', { name: TEXTS.signIn[language], exact: true }).click();
      await expect(page.getByTestId('staff-email-error')).toHaveText(errorText('email_required', language));
      await expect(page.getByTestId('staff-password-error')).toHaveText(errorText('field_required', language));
      await signIn(page, language, 'cashier', 'not-the-password');
      await expect(page.getByTestId('staff-sign-in-error')).toContainText(errorText('staff_login_failed', language));
      await expect(page.getByTestId('staff-shell')).toHaveCount(0);
    });
  });
}

test('a manager switches a branch closed and open again', async ({ page }) => {
  await signIn(page, 'en', 'manager');
  // Not the demo QR's branch (the first): journeys running in parallel browse its menu.
  const branch = page.getByTestId('staff-branch').last();
  const toggle = branch.getByTestId('branch-switch');
  const wasOpen = await toggle.isChecked();
  await toggle.click();
  await expect(toggle).toBeChecked({ checked: !wasOpen });
  if (wasOpen) await expect(branch.getByTestId('branch-status')).toHaveText('Closed: switched off');
  await toggle.click();
  await expect(toggle).toBeChecked({ checked: wasOpen });
});

test('an expired staff access token is refreshed on reload', async ({ page, context }) => {
  await signIn(page, 'ar', 'cashier');
  await expect(page.getByTestId('staff-shell')).toBeVisible();
  const access = (await context.cookies()).filter((c) => c.httpOnly && c.name.includes('staff_at'));
  expect(access.length, 'the staff access cookie').toBeGreaterThan(0);
  // Listening before the cookie goes: on a busy board (late in the suite) a live update can make the page refresh
  // its token between the clearing and the reload, and the reload then has nothing left to refresh.
  const refreshed = page.waitForResponse((response) => response.url().includes('/api/staff/auth/refresh/'));
  await context.clearCookies({ name: access[0]?.name });
  await page.reload();
  expect((await refreshed).status()).toBe(200);
  await expect(page.getByTestId('staff-shell')).toBeVisible();
});
