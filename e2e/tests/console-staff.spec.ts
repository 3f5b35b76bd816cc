import { type Browser, expect, type Page, test } from '@playwright/test';
import type { Language } from '../../packages/shared/src/language.ts';
import { TEXTS } from '../support/accounts.ts';
import { DESKTOP, shootConsole } from '../support/console.ts';
import { STAFF } from '../support/staff-api.ts';
import { expectDocumentLanguage, LANGUAGES, switchLanguage } from '../support/sufra.ts';

/** The staff page's representative pictures (docs/screenshots/console/); every screen's goes to .tmp/shots/console. */

const TEXT = {
  staff: { ar: 'الموظفون', en: 'Staff' },
  invited: { ar: 'مدعو، لم يعيّن كلمة مرور بعد', en: 'Invited, no password yet' },
  active: { ar: 'نشط', en: 'Active' },
  inactive: { ar: 'موقوف', en: 'Deactivated' },
  deactivate: { ar: 'إيقاف', en: 'Deactivate' },
  /** The console's role column, and the staff app's role badge. */
  cashier: { ar: 'كاشير', en: 'Cashier' },
  cashierBadge: { ar: 'الكاشير', en: 'Cashier' },
  cancel: { ar: 'إلغاء', en: 'Cancel' },
  conflict: {
    ar: 'حفظ شخص آخر هذا قبلك. نسخته معروضة: استخدمها، أو عدّلها واحفظ مرة أخرى',
    en: 'Someone else saved this first. Their version is shown: use it, or change it and save again',
  },
} as const;

const IPAD =
  'Mozilla/5.0 (iPad; CPU OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1';

/** Signs `who` in on the staff app's page `path` in a browser of their own (the sign-in form shows there). */
async function staffAt(
  browser: Browser,
  baseURL: string,
  language: Language,
  path: string,
  who: { email: string; password: string },
  userAgent?: string,
): Promise<Page> {
  const context = await browser.newContext({ baseURL, viewport: DESKTOP, ...(userAgent ? { userAgent } : {}) });
  const page = await context.newPage();
  await page.goto(path);
  if (language !== 'ar') await switchLanguage(page, language);
  await expectDocumentLanguage(page, language);
  await signInHere(page, language, who);
  return page;
}

async function signInHere(page: Page, language: Language, who: { email: string; password: string }) {
  await page.getByLabel(TEXTS.staffEmail[language], { exact: true }).fill(who.email);
  await page.getByLabel(TEXTS.staffPassword[language], { exact: true }).fill(who.password);
  await page.getByRole('button', { name: TEXTS.signIn[language], exact: true }).click();
  await expect(page.getByTestId('staff-shell')).toBeVisible();
}

/** Signs the demo owner in on `path` of the console, in `language` (as console.spec.ts does). */
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
  test.describe(`the console's staff page (${language})`, () => {
    test('an owner invites a cashier, who sets a password through the link and signs in', async ({
      browser,
      baseURL,
    }) => {
      const email = `cashier-${language}-${Date.now()}@sufra.demo`;
      const name = language === 'ar' ? 'سارة الكاشير' : 'Sara Cashier';
      const password = 'a-cashier-password-1';
      const owner = await ownerAt(browser, baseURL ?? '', language, '/staff/manage/staff');
      await expect(owner.getByTestId('console-page-title')).toHaveText(TEXT.staff[language]);
      await expect(owner.getByTestId('staff-table').getByText('cashier@sufra.demo', { exact: true })).toBeVisible();
      await shootConsole(owner, `staff-list-${language}`, language === 'ar');

      await owner.getByTestId('staff-invite-open').click();
      await owner.getByTestId('staff-invite-email').fill(email);
      await owner.getByTestId('staff-invite-name').fill(name);
      await owner.getByTestId('staff-invite-role').selectOption('cashier');
      await owner.getByTestId('staff-invite-branches').getByRole('checkbox').first().check();
      await shootConsole(owner, `staff-invite-${language}`);
      await owner.getByTestId('staff-invite-send').click();
      const linkBox = owner.getByTestId('staff-invite-link-value');
      await expect(linkBox).toHaveValue(/\/staff\/invitation#.{20,}/);
      const link = await linkBox.inputValue();
      const row = owner.getByRole('row').filter({ hasText: email });
      await expect(row).toContainText(TEXT.invited[language]);
      await shootConsole(owner, `staff-link-${language}`, language === 'en');

      // The invited person, in a browser of their own.
      const context = await browser.newContext({ baseURL, viewport: DESKTOP });
      const page = await context.newPage();
      await page.goto(link);
      await expect(page.getByTestId('staff-invitation')).toBeVisible();
      if (language !== 'ar') await switchLanguage(page, language);
      await expectDocumentLanguage(page, language);
      await page.getByTestId('staff-invitation-password').fill('short');
      await page.getByTestId('staff-invitation-confirm').fill('short');
      await page.getByTestId('staff-invitation-save').click();
      await expect(page.getByTestId('invitation-password-error')).toBeVisible();
      await shootConsole(page, `staff-invitation-${language}`);
      await page.getByTestId('staff-invitation-password').fill(password);
      await page.getByTestId('staff-invitation-confirm').fill(password);
      await page.getByTestId('staff-invitation-save').click();
      await page.getByTestId('staff-invitation-sign-in').click();
      await page.getByLabel(TEXTS.staffEmail[language], { exact: true }).fill(email);
      await page.getByLabel(TEXTS.staffPassword[language], { exact: true }).fill(password);
      await page.getByRole('button', { name: TEXTS.signIn[language], exact: true }).click();
      await expect(page.getByTestId('staff-shell')).toBeVisible();
      await context.close();

      // Back in the console: active now; deactivating asks first.
      await owner.getByTestId('staff-invite-done').click();
      await owner.reload();
      await expect(row).toContainText(TEXT.active[language]);
      await row.getByRole('button', { name: TEXT.deactivate[language], exact: true }).click();
      await expect(owner.getByTestId('confirm-dialog')).toBeVisible();
      await shootConsole(owner, `staff-deactivate-${language}`);
      await owner.getByTestId('confirm-dialog-confirm').click();
      await expect(row).toContainText(TEXT.inactive[language]);
      await owner.context().close();
    });

    test("an owner changes a manager's branches and role; the manager's sessions end, one from their own list", async ({
      browser,
      baseURL,
    }) => {
      // Three browsers and two screens' screenshots at two sizes: more than the default minute on a busy machine.
      test.slow();
      const owner = await ownerAt(browser, baseURL ?? '', language, '/staff/manage/staff');
      // A manager of two branches, made behind the scenes (the invitation's screens are the journey above).
      const branches = (await (await owner.request.get('/api/staff/branches/')).json()).branches as { id: number }[];
      const branchIds = branches.slice(0, 2).map((b) => b.id);
      const who = { email: `manager-${language}-${Date.now()}@sufra.demo`, password: 'a-manager-password-1' };
      const invited = await owner.request.post('/api/staff/manage/staff/', {
        data: {
          email: who.email,
          name: language === 'ar' ? 'خالد المدير' : 'Khalid Manager',
          role: 'manager',
          branchIds,
        },
      });
      expect(invited.status()).toBe(201);
      const { link, staffUserId } = await invited.json();
      const accepted = await owner.request.post('/api/staff/invitations/accept/', {
        data: { token: link.split('#')[1], password: who.password },
      });
      expect(accepted.status()).toBe(204);

      // Signed in on a tablet and at a desk: the desk's "My sessions" lists both, this one marked.
      const tablet = await staffAt(browser, baseURL ?? '', language, '/staff/sessions', who, IPAD);
      const desk = await staffAt(browser, baseURL ?? '', language, '/staff/sessions', who);
      await expect(desk.getByTestId('my-session-current')).toHaveCount(1);
      await expect(desk.getByTestId('my-session')).toHaveCount(1);
      await expect(desk.getByTestId('my-session')).toContainText('Safari · iPad');
      await shootConsole(desk, `my-sessions-${language}`, true);
      await desk.getByTestId('my-session-end').click();
      await expect(desk.getByTestId('my-sessions-notice')).toBeVisible();
      await expect(desk.getByTestId('my-session')).toHaveCount(0);
      await tablet.reload();
      await expect(tablet.getByTestId('staff-sign-in')).toBeVisible();
      await tablet.context().close();

      // The owner takes a branch away and makes them a cashier: their desk session ends at once.
      await owner.reload();
      await owner.getByTestId(`staff-edit-${staffUserId}`).click();
      const dialog = owner.getByTestId('confirm-dialog');
      await expect(dialog.getByTestId(`staff-edit-branch-${branchIds[0]}`)).toBeChecked();
      await dialog.getByTestId(`staff-edit-branch-${branchIds[1]}`).uncheck();
      await dialog.getByTestId('staff-edit-role').selectOption('cashier');
      await shootConsole(owner, `staff-edit-${language}`, language === 'en');
      await dialog.getByTestId('confirm-dialog-confirm').click();
      await expect(dialog).toBeHidden();
      const row = owner.getByRole('row').filter({ hasText: who.email });
      await expect(row).toContainText(TEXT.cashier[language]);
      await desk.reload();
      await expect(desk.getByTestId('staff-sign-in')).toBeVisible();
      await signInHere(desk, language, who);
      await expect(desk.getByTestId('staff-role')).toHaveText(TEXT.cashierBadge[language]);
      // A cashier reaches their sessions from the staff app's tabs (no console).
      await expect(desk.getByTestId('staff-tab-sessions')).toBeVisible();
      await desk.context().close();

      // Two owners at once: someone saves while the dialog is open; the save is refused and shows their values.
      await owner.getByTestId(`staff-edit-${staffUserId}`).click();
      await dialog.getByTestId('staff-edit-role').selectOption('manager');
      const list = (await (await owner.request.get('/api/staff/manage/staff/')).json()).staff as {
        id: number;
        version: number;
      }[];
      const version = list.find((s) => s.id === staffUserId)?.version;
      const meanwhile = await owner.request.patch(`/api/staff/manage/staff/${staffUserId}/`, {
        data: { version, branchIds },
      });
      expect(meanwhile.status()).toBe(200);
      await dialog.getByTestId('confirm-dialog-confirm').click();
      await expect(dialog.getByRole('alert')).toHaveText(TEXT.conflict[language]);
      await expect(dialog.getByTestId(`staff-edit-branch-${branchIds[1]}`)).toBeChecked();
      await expect(dialog.getByTestId('staff-edit-role')).toHaveValue('cashier');
      await dialog.getByRole('button', { name: TEXT.cancel[language], exact: true }).click();
      await expect(dialog).toBeHidden();
      await owner.context().close();
    });
  });
}
