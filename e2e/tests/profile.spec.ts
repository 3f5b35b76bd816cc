import { expect, test } from '@playwright/test';
import { readCode, signInDiner, TEXTS, uniqueMobile, wrongCode } from '../support/accounts.ts';
import { errorText, LANGUAGES, QR, useLanguage } from '../support/sufra.ts';

for (const language of LANGUAGES) {
  test.describe(`edit profile (${language})`, () => {
    test.beforeEach(async ({ page }) => {
      if (language !== 'ar') await useLanguage(page, language);
    });

    test('edits name and email, refusing an invalid email', async ({ page, baseURL }) => {
      await signInDiner(page, baseURL ?? '');
      await page.goto(`/edit-profile/${QR.main}`);
      await expect(page.getByTestId('profile-summary')).toBeVisible();
      // The loyalty card above the form is in (it holds its place while loading, but wait for the page to settle).
      await expect(page.getByTestId('my-rewards-link')).toBeVisible();
      await page.locator('#email').fill('wrong@');
      await page.getByRole('button', { name: TEXTS.save[language] }).click();
      await expect(page.getByTestId('email-error')).toHaveText(errorText('email_invalid', language));
      await expect(page.locator('#email')).toBeFocused();

      await page.locator('#fullName').fill('Reem Edited');
      await page.locator('#email').fill('Reem@Example.SA');
      await page.getByRole('button', { name: TEXTS.save[language] }).click();
      await expect(page.getByText(TEXTS.profileSaved[language])).toBeVisible();
      await expect(page.getByTestId('account-entry')).toContainText('Reem');
      await page.reload();
      await expect(page.locator('#fullName')).toHaveValue('Reem Edited');
      // Stored lower-case (case-insensitive emails).
      await expect(page.locator('#email')).toHaveValue('reem@example.sa');
    });

    test('changes the mobile with a code sent to the new number; a number in use is refused', async ({
      page,
      browser,
      baseURL,
    }) => {
      test.setTimeout(90_000);
      // Another diner holds a number first.
      const otherContext = await browser.newContext({ baseURL });
      const other = await signInDiner(await otherContext.newPage(), baseURL ?? '');
      await otherContext.close();

      await signInDiner(page, baseURL ?? '');
      await page.goto(`/edit-profile/${QR.main}`);
      const section = page.getByTestId('phone-change');
      await section.getByRole('button', { name: TEXTS.changeMobile[language] }).click();
      await page.locator('#new-phone').fill(other.phone.national);
      const used = errorText('phone_in_use', language);
      // Asking answers as for any number (nothing tells who is registered): the code step opens, and only the code
      // sent to that number, which proves the diner holds it, gets the "in use" answer. The other diner's sign-in code
      // went to that number moments ago: within the send gap (OTP_SEND_GAP_SECONDS, 2 s in the journeys) the answer
      // is "wait", and the diner asks again once it has passed, as a diner would.
      const codeInput = page.locator('#otp-code');
      await expect(async () => {
        if (!(await codeInput.isVisible()))
          await section.getByRole('button', { name: TEXTS.sendCode[language] }).click();
        await expect(codeInput).toBeVisible({ timeout: 1_000 });
      }).toPass({ timeout: 15_000, intervals: [1_000] });
      await expect(page.getByText(used)).toHaveCount(0);
      const { code: theirs } = await readCode(baseURL ?? '', other.phone.e164, other.lastCodeId);
      await codeInput.fill(theirs);
      await expect(page.getByText(used)).toBeVisible();

      const fresh = uniqueMobile();
      await page.locator('#new-phone').fill(fresh.national);
      await section.getByRole('button', { name: TEXTS.sendCode[language] }).click();
      await expect(codeInput).toBeFocused();
      const { code } = await readCode(baseURL ?? '', fresh.e164);
      await codeInput.fill(wrongCode(code));
      await expect(page.getByTestId('otp-code-error')).toHaveText(errorText('otp_incorrect', language));
      await codeInput.fill(code);
      await expect(page.getByTestId('profile-phone')).toContainText(fresh.national.slice(-4));
      await page.reload();
      await expect(page.getByTestId('profile-phone')).toContainText(fresh.national.slice(-4));
    });

    test('adds, edits and deletes a saved address with a map point', async ({ page, baseURL }) => {
      await signInDiner(page, baseURL ?? '');
      await page.goto(`/edit-profile/${QR.main}`);
      const book = page.getByTestId('address-book');
      await expect(book.getByTestId('no-addresses')).toBeVisible();
      await book.getByRole('button', { name: TEXTS.addAddress[language] }).click();
      const form = page.getByTestId('address-form');
      await expect(form.getByTestId('address-map')).toBeVisible();
      await form.getByRole('button', { name: TEXTS.saveAddress[language] }).click();
      await expect(form.getByTestId('address-new-title-error')).toHaveText(errorText('field_required', language));
      await expect(form.getByTestId('location-error')).toBeVisible();

      await form.locator('#address-new-title').fill(language === 'ar' ? 'المنزل' : 'Home');
      await form.locator('#address-new-description').fill('King Fahd Road, Al Olaya');
      await form.locator('#address-new-doorNumber').fill('12');
      await form.locator('#address-new-levelNumber').fill('3');
      // The map point by a tap on the map (coordinates are never typed).
      await form.getByTestId('address-map').click();
      await expect(form.locator('.address-map__pin')).toBeVisible();
      await form.getByRole('button', { name: TEXTS.saveAddress[language] }).click();
      const card = book.getByTestId('address-card');
      await expect(card).toHaveCount(1);
      await expect(card).toContainText('King Fahd Road');

      await card.getByRole('button', { name: language === 'ar' ? 'تعديل المنزل' : 'Edit Home' }).click();
      const editForm = page.getByTestId('address-form');
      await editForm.locator('input[id$="-title"]').fill(language === 'ar' ? 'العمل' : 'Work');
      await editForm.getByRole('button', { name: TEXTS.saveAddress[language] }).click();
      await expect(card).toContainText(language === 'ar' ? 'العمل' : 'Work');
      await page.reload();
      await expect(book.getByTestId('address-card')).toContainText(language === 'ar' ? 'العمل' : 'Work');

      const label = language === 'ar' ? 'حذف العمل' : 'Delete Work';
      await book.getByRole('button', { name: label }).click();
      await book.getByRole('button', { name: language === 'ar' ? 'حذف' : 'Delete', exact: true }).click();
      await expect(book.getByTestId('address-card')).toHaveCount(0);
      await expect(book.getByTestId('no-addresses')).toBeVisible();
    });
  });
}

test.describe('address location', () => {
  test('uses the current location when the diner allows it', async ({ browser, baseURL }) => {
    const context = await browser.newContext({
      baseURL,
      permissions: ['geolocation'],
      geolocation: { latitude: 21.4858, longitude: 39.1925 },
    });
    const page = await context.newPage();
    await signInDiner(page, baseURL ?? '');
    await page.goto(`/edit-profile/${QR.main}`);
    await page.getByRole('button', { name: TEXTS.addAddress.ar }).click();
    await page.getByRole('button', { name: 'استخدم موقعي الحالي' }).click();
    await expect(page.getByTestId('address-map')).toHaveAttribute('data-pin', 'placed');
    await expect(page.locator('.address-map__pin')).toBeVisible();
    await context.close();
  });

  test('asks to enable the location permission when it is refused', async ({ page, baseURL }) => {
    await signInDiner(page, baseURL ?? '');
    await page.goto(`/edit-profile/${QR.main}`);
    await page.getByRole('button', { name: TEXTS.addAddress.ar }).click();
    await page.getByRole('button', { name: 'استخدم موقعي الحالي' }).click();
    await expect(page.getByTestId('location-error')).toHaveText('يرجى تفعيل إذن الموقع');
  });
});
