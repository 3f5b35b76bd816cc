import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test } from '@playwright/test';
import {
  fillRegistration,
  readCode,
  registerDiner,
  sendCode,
  TEXTS,
  uniqueMobile,
  wrongCode,
} from '../support/accounts.ts';
import { picture } from '../support/screenshots.ts';
import { closeToasts, errorText, expectDocumentLanguage, LANGUAGES, QR, useLanguage } from '../support/sufra.ts';

// The throttled code step is also a docs/screenshots/ picture (taken where the journey reaches that state).
const shotsDir = resolve(dirname(fileURLToPath(import.meta.url)), '../../docs/screenshots');

for (const language of LANGUAGES) {
  test.describe(`accounts (${language})`, () => {
    test.beforeEach(async ({ page }) => {
      if (language !== 'ar') await useLanguage(page, language);
    });

    test('registers with the code from the SMS, refusing a wrong code first', async ({ page, baseURL }) => {
      const diner = { name: `Sara ${language}`, phone: uniqueMobile() };
      await page.goto(`/register/${QR.main}`);
      await expectDocumentLanguage(page, language);

      // Client-side checks in the spec's words, under their fields.
      await page.getByRole('button', { name: TEXTS.sendCode[language] }).click();
      await expect(page.getByTestId('fullName-error')).toHaveText(errorText('name_required', language));
      await expect(page.getByTestId('phone-error')).toHaveText(errorText('phone_required', language));
      await expect(page.locator('#fullName')).toBeFocused();
      await expect(page.locator('#fullName')).toHaveAttribute('aria-invalid', 'true');
      await page.locator('#phone').fill('12');
      await page.locator('#email').fill('not-an-email');
      await page.getByRole('button', { name: TEXTS.sendCode[language] }).click();
      await expect(page.getByTestId('phone-error')).toHaveText(errorText('phone_invalid', language));
      await expect(page.getByTestId('email-error')).toHaveText(errorText('email_invalid', language));
      await page.locator('#email').fill('');

      await fillRegistration(page, language, diner, `sara.${diner.phone.national}@example.sa`);
      const codeInput = page.locator('#otp-code');
      await expect(codeInput).toBeFocused();
      await expect(codeInput).toHaveAttribute('inputmode', 'numeric');
      await expect(codeInput).toHaveAttribute('autocomplete', 'one-time-code');
      await expect(page.getByTestId('code-sent-to')).toContainText(diner.phone.national.slice(-4));

      const { code } = await readCode(baseURL ?? '', diner.phone.e164);
      await codeInput.fill(wrongCode(code));
      await expect(page.getByTestId('otp-code-error')).toHaveText(errorText('otp_incorrect', language));
      await expect(codeInput).toHaveAttribute('aria-invalid', 'true');

      await codeInput.fill(code);
      await expect(page).toHaveURL(new RegExp(`/menu/${QR.main}$`));
      await expect(page.getByText(TEXTS.welcome[language])).toBeVisible();
      await expect(page.getByTestId('account-entry')).toContainText('Sara');
    });

    test('after five wrong codes the next try waits, and the code step says so with the wait', async ({
      page,
      baseURL,
    }) => {
      const diner = { name: `Huda ${language}`, phone: uniqueMobile() };
      await page.goto(`/register/${QR.main}`);
      await fillRegistration(page, language, diner);
      const codeInput = page.locator('#otp-code');
      const first = await readCode(baseURL ?? '', diner.phone.e164);
      for (let i = 0; i < 5; i += 1) {
        await codeInput.fill(wrongCode(first.code));
        await expect(page.getByTestId('otp-code-error')).toHaveText(errorText('otp_incorrect', language));
        await expect(codeInput).toHaveValue('');
        await expect(codeInput).toBeEnabled();
      }
      // A new code: its first try comes within 30 s of the fifth wrong one from this address for this number.
      await page.getByRole('button', { name: TEXTS.resend[language], exact: true }).click();
      const second = await readCode(baseURL ?? '', diner.phone.e164, first.id);
      await codeInput.fill(wrongCode(second.code));
      const error = page.getByTestId('otp-code-error');
      await expect(error).toContainText(errorText('sign_in_throttled', language));
      // The wait in this language's digits (Arabic-Indic in Arabic), after the message.
      await expect(error).toContainText(language === 'ar' ? /[٠-٩]/ : /\d/);
      await picture(page, {
        path: join(shotsDir, `register-code-throttled-${language}.png`),
        animations: 'disabled',
        caret: 'hide',
      });
    });

    test('signs out, then signs in again with only the phone', async ({ page, baseURL }) => {
      test.setTimeout(90_000);
      const diner = await registerDiner(page, baseURL ?? '', language);
      // The welcome toast covers the header's account entry.
      await closeToasts(page);
      await page.getByTestId('account-entry').click();
      await expect(page).toHaveURL(new RegExp(`/edit-profile/${QR.main}$`));
      await page.getByTestId('sign-out').click();
      await expect(page).toHaveURL(new RegExp(`/menu/${QR.main}$`));
      await expect(page.getByTestId('account-entry')).toHaveAccessibleName(TEXTS.signIn[language]);

      await closeToasts(page);
      await page.getByTestId('account-entry').click();
      await expect(page).toHaveURL(/\/register\/.*mode=signin/);
      await expect(page.locator('#fullName')).toHaveCount(0);
      await page.locator('#phone').fill(diner.phone.national);
      await sendCode(page, language);
      const { code } = await readCode(baseURL ?? '', diner.phone.e164, diner.lastCodeId);
      await page.locator('#otp-code').fill(code);
      // Back where the diner came from: the menu.
      await expect(page).toHaveURL(new RegExp(`/menu/${QR.main}$`));
      await expect(page.getByText(TEXTS.welcomeBack[language])).toBeVisible();
      await expect(page.getByTestId('account-entry')).toContainText(diner.name.split(' ')[0] ?? '');
    });

    test('a sign-in with an unknown number completes as a registration with the same code', async ({
      page,
      baseURL,
    }) => {
      const phone = uniqueMobile();
      await page.goto(`/register/${QR.main}?mode=signin`);
      await page.locator('#phone').fill(phone.national);
      await page.getByRole('button', { name: TEXTS.sendCode[language] }).click();
      const { code } = await readCode(baseURL ?? '', phone.e164);
      await page.locator('#otp-code').fill(code);
      // registration_required: the registration fields appear, the number stays.
      await expect(page.locator('#fullName')).toBeVisible();
      await expect(page.locator('#phone')).toHaveValue(phone.national);
      await page.getByRole('button', { name: TEXTS.register[language], exact: true }).click();
      await expect(page.getByTestId('fullName-error')).toHaveText(errorText('name_required', language));
      await page.locator('#fullName').fill('Layla');
      await page.getByRole('button', { name: TEXTS.register[language], exact: true }).click();
      await expect(page).toHaveURL(new RegExp(`/menu/${QR.main}$`));
      await expect(page.getByTestId('account-entry')).toContainText('Layla');
    });

    test('registering a number already registered signs in and says so', async ({ page, browser, baseURL }) => {
      test.setTimeout(90_000);
      const diner = await registerDiner(page, baseURL ?? '', language);
      const other = await browser.newContext({ baseURL, locale: language });
      const tab = await other.newPage();
      if (language !== 'ar') await useLanguage(tab, language);
      await tab.goto(`/register/${QR.main}`);
      await fillRegistration(tab, language, { name: 'Someone Else', phone: diner.phone });
      const { code } = await readCode(baseURL ?? '', diner.phone.e164, diner.lastCodeId);
      await tab.locator('#otp-code').fill(code);
      await expect(tab.getByText(TEXTS.alreadyRegistered[language])).toBeVisible();
      await expect(tab.getByTestId('account-entry')).toContainText(diner.name.split(' ')[0] ?? '');
      await other.close();
    });
  });
}

test.describe('session', () => {
  // The digits typed, not the page's language, are what this checks: once, in Arabic.
  test('accepts the code typed in Arabic-Indic digits', async ({ page, baseURL }) => {
    const diner = { name: 'Noura', phone: uniqueMobile() };
    await page.goto(`/register/${QR.main}`);
    await fillRegistration(page, 'ar', diner);
    const { code } = await readCode(baseURL ?? '', diner.phone.e164);
    const arabicIndic = code.replace(/\d/g, (d) => String.fromCharCode(0x0660 + Number(d)));
    await page.locator('#otp-code').fill(arabicIndic);
    await expect(page).toHaveURL(new RegExp(`/menu/${QR.main}$`));
  });

  test('is remembered across reloads and tabs, and a sign-out in one tab signs out the others', async ({
    page,
    context,
    baseURL,
  }) => {
    const diner = await registerDiner(page, baseURL ?? '', 'ar');
    const first = diner.name.split(' ')[0] ?? '';
    // The first check after the reload gets no answer (a dropped connection): the page asks again and shows the diner.
    let dropped = 0;
    await page.route(/\/api\/customers\/[^/]+\/me\/$/, (route) => {
      if (dropped > 0) return route.fallback();
      dropped += 1;
      return route.abort('connectionreset');
    });
    await page.reload();
    await expect(page.getByTestId('account-entry')).toContainText(first);
    expect(dropped).toBe(1);
    await page.unrouteAll();

    const second = await context.newPage();
    await second.goto(`/qr/${QR.main}`);
    await expect(second.getByTestId('account-entry')).toContainText(first);
    await second.goto(`/edit-profile/${QR.main}`);
    await expect(second.getByTestId('edit-profile-page')).toBeVisible();
    await second.getByTestId('sign-out').click();
    await expect(second.getByTestId('account-entry')).toHaveAccessibleName(TEXTS.signIn.ar);
    // The first tab hears it without a reload.
    await expect(page.getByTestId('account-entry')).toHaveAccessibleName(TEXTS.signIn.ar);
    await page.reload();
    await expect(page.getByTestId('account-entry')).toHaveAccessibleName(TEXTS.signIn.ar);
  });

  test('two tabs with an expired access token refresh once and both stay signed in', async ({
    page,
    context,
    baseURL,
  }) => {
    const diner = await registerDiner(page, baseURL ?? '', 'ar');
    const first = diner.name.split(' ')[0] ?? '';
    const cookies = await context.cookies();
    const access = cookies.filter((c) => c.httpOnly && c.name.includes('_at'));
    expect(access.length, `access cookie among ${cookies.map((c) => c.name).join(', ')}`).toBeGreaterThan(0);
    // The registration's page is left first: its document could still fetch (its notifications) after the cookie is
    // gone and start a refresh of its own, which the reload then aborted (seen 1 run in 12: a third party to the race).
    await page.goto('about:blank');
    // Forget the access token, then hold both tabs' first `GET me` until both have asked: both get a 401 at once
    // and must share one refresh (a spent refresh token revokes the whole family and would sign both out).
    await context.clearCookies({ name: access[0]?.name });
    let release: () => void = () => {};
    const bothAsked = new Promise<void>((resolve) => {
      release = resolve;
    });
    let held = 0;
    await context.route('**/api/customers/*/me/', async (route) => {
      if (held < 2) {
        held += 1;
        if (held === 2) release();
        await bothAsked;
      }
      await route.continue();
    });
    const refreshes: number[] = [];
    context.on('request', (request) => {
      if (request.url().includes('/refresh/')) refreshes.push(Date.now());
    });
    const second = await context.newPage();
    await Promise.all([page.goto(`/menu/${QR.main}`), second.goto(`/menu/${QR.main}`)]);
    await expect(page.getByTestId('account-entry')).toContainText(first);
    await expect(second.getByTestId('account-entry')).toContainText(first);
    expect(refreshes).toHaveLength(1);
    await context.unroute('**/api/customers/*/me/');
    await second.reload();
    await expect(second.getByTestId('account-entry')).toContainText(first);
  });

  test('deleting the account signs out; the number must register again', async ({ page, baseURL }) => {
    test.setTimeout(90_000);
    const diner = await registerDiner(page, baseURL ?? '', 'ar');
    await page.goto(`/edit-profile/${QR.main}`);
    await page.getByRole('button', { name: 'احذف حسابي' }).click();
    await page.getByTestId('delete-account-confirm').getByRole('button', { name: 'احذف نهائيًا' }).click();
    await expect(page).toHaveURL(new RegExp(`/menu/${QR.main}$`));
    await expect(page.getByTestId('account-entry')).toHaveAccessibleName(TEXTS.signIn.ar);
    await page.goto(`/register/${QR.main}?mode=signin`);
    await page.locator('#phone').fill(diner.phone.national);
    await sendCode(page, 'ar');
    const { code } = await readCode(baseURL ?? '', diner.phone.e164, diner.lastCodeId);
    await page.locator('#otp-code').fill(code);
    await expect(page.locator('#fullName')).toBeVisible();
  });

  test('the profile page sends a signed-out diner to sign in and back', async ({ page, baseURL }) => {
    await page.goto(`/edit-profile/${QR.main}`);
    await expect(page).toHaveURL(new RegExp(`/register/${QR.main}\\?mode=signin&next=%2Fedit-profile%2F${QR.main}`));
    const diner = uniqueMobile();
    await page.locator('#phone').fill(diner.national);
    await page.getByRole('button', { name: TEXTS.sendCode.ar }).click();
    const { code } = await readCode(baseURL ?? '', diner.e164);
    await page.locator('#otp-code').fill(code);
    await page.locator('#fullName').fill('Hessa');
    await page.getByRole('button', { name: TEXTS.register.ar, exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`/edit-profile/${QR.main}$`));
    await expect(page.getByTestId('edit-profile-page')).toBeVisible();
  });
});
