import { expect, type Page, test } from '@playwright/test';
import { fillRegistration, STAFF, signInDiner, TEXTS, uniqueMobile } from '../support/accounts.ts';
import { expectNoSeriousViolations } from '../support/axe.ts';
import { comboItem, demoCart, itemWithRequiredGroup } from '../support/demo-menu.ts';
import { expectUsableTargetsAndNames } from '../support/page-checks.ts';
import { dinerAtCardCheckout, placeCardOrder } from '../support/payment.ts';
import { shoot } from '../support/screenshots.ts';
import {
  dismissPopup,
  errorText,
  fetchMenu,
  itemPath,
  LANGUAGES,
  QR,
  saveCart,
  TEXT,
  useLanguage,
} from '../support/sufra.ts';

async function expectAccessible(page: Page, label: string) {
  await expectNoSeriousViolations(page, label);
  // Beside axe: 44×44 px for every finger target, and no raw translation key as a name (issue 24 items 10, 11).
  await expectUsableTargetsAndNames(page, label);
}

for (const language of LANGUAGES) {
  test.describe(`accessibility (${language})`, () => {
    test.beforeEach(async ({ page }) => {
      if (language !== 'ar') await useLanguage(page, language);
    });

    test('landing page with the pop-up open and closed', async ({ page }) => {
      await page.goto(`/qr/${QR.main}`);
      await expect(page.getByTestId('popup')).toBeVisible();
      await expectAccessible(page, `landing with pop-up (${language})`);
      await shoot(page, `landing-popup-${language}`);
      await dismissPopup(page);
      await expect(page.getByTestId('slider')).toBeVisible();
      await expectAccessible(page, `landing (${language})`);
      await shoot(page, `landing-${language}`);
    });

    test('menu page', async ({ page }) => {
      await page.goto(`/menu/${QR.main}`);
      await expect(page.getByTestId('item-card').first()).toBeVisible();
      await expectAccessible(page, `menu (${language})`);
      await shoot(page, `menu-${language}`);
    });

    test('item and combo pages', async ({ page, request }) => {
      const menu = await fetchMenu(request, language);
      for (const [shot, item] of [
        ['item', itemWithRequiredGroup(menu)],
        ['combo', comboItem(menu)],
      ] as const) {
        await page.goto(itemPath(item));
        await expect(page.getByRole('heading', { name: item.name, exact: true }).first()).toBeVisible();
        await expectAccessible(page, `item ${item.slug} (${language})`);
        await shoot(page, `${shot}-${language}`);
      }
    });

    test('cart page with lines, with a line that cannot be ordered, and empty', async ({ page, request }) => {
      const menu = await fetchMenu(request, language);
      const cart = demoCart(menu);
      await saveCart(page, cart);
      await page.goto(`/cart/${QR.main}`);
      await expect(page.getByTestId('cart-total')).toBeVisible();
      await expectAccessible(page, `cart (${language})`);
      await shoot(page, `cart-${language}`);

      // A stale cart: a line no longer on the menu, and a changed price.
      const [first, ...rest] = cart.products;
      const gone = {
        ...first,
        itemId: 2_000_000_000,
        name: language === 'ar' ? 'طبق الموسم' : 'Seasonal dish',
        productQuantity: 1,
      };
      const cheaper = first && { ...first, unitPriceHalalas: Math.max(0, first.unitPriceHalalas - 100) };
      await saveCart(page, { ...cart, products: [cheaper, ...rest, gone] });
      await page.goto(`/cart/${QR.main}`);
      await expect(page.getByTestId('line-problem')).toBeVisible();
      await expectAccessible(page, `cart with a stale line (${language})`);
      await shoot(page, `cart-stale-${language}`);

      await saveCart(page, { products: [], combos: [] });
      await page.goto(`/cart/${QR.main}`);
      await expect(page.getByTestId('cart-empty')).toBeVisible();
      await expectAccessible(page, `empty cart (${language})`);
    });

    test('registration form and code step', async ({ page }) => {
      await page.goto(`/register/${QR.main}`);
      await expect(page.getByTestId('account-form')).toBeVisible();
      await shoot(page, `register-${language}`);
      // With the field errors shown (aria-invalid, aria-describedby).
      await page.getByRole('button', { name: TEXTS.sendCode[language] }).click();
      await expect(page.getByTestId('fullName-error')).toBeVisible();
      await expectAccessible(page, `registration (${language})`);
      const diner = { name: language === 'ar' ? 'سارة العتيبي' : 'Sara Al-Otaibi', phone: uniqueMobile() };
      await fillRegistration(page, language, diner, 'sara@example.sa');
      await expect(page.locator('#otp-code')).toBeFocused();
      await expectAccessible(page, `code step (${language})`);
      await shoot(page, `register-code-${language}`);
    });

    test('edit profile and the address form', async ({ page, baseURL }) => {
      await signInDiner(page, baseURL ?? '');
      await page.goto(`/edit-profile/${QR.main}`);
      await expect(page.getByTestId('address-book').getByTestId('no-addresses')).toBeVisible();
      await expectAccessible(page, `edit profile (${language})`);
      await page.getByRole('button', { name: TEXTS.addAddress[language] }).click();
      await expect(page.getByTestId('address-map')).toBeVisible();
      await expectAccessible(page, `address form (${language})`);
      // The picture: a title and a pin (edit-profile's own picture is diner-polish.spec's).
      await page.locator('#address-new-title').fill(language === 'ar' ? 'المنزل' : 'Home');
      await page.getByTestId('address-map').click();
      await expect(page.locator('.address-map__pin')).toBeVisible();
      await page.getByTestId('address-form').scrollIntoViewIfNeeded();
      await shoot(page, `address-form-${language}`);
    });

    test('staff sign-in and the manager shell', async ({ page }) => {
      await page.goto('/staff');
      await expect(page.getByTestId('staff-sign-in')).toBeVisible();
      await expectAccessible(page, `staff sign-in (${language})`);
      await shoot(page, `staff-sign-in-${language}`);
      await page.locator('#staff-email').fill(STAFF.manager.email);
      await page.locator('#staff-password').fill(STAFF.manager.password);
      await page.getByRole('button', { name: TEXTS.signIn[language], exact: true }).click();
      await expect(page.getByTestId('staff-branch').first()).toBeVisible();
      await expect(page.getByTestId('sms-outbox')).toBeVisible();
      await expectAccessible(page, `staff shell (${language})`);
      await expect(page.getByTestId('outbox-message').first()).toBeVisible();
      await shoot(page, `staff-${language}`);
      // The outbox's table scrolls sideways on a phone: its region takes the keyboard's focus (ring shown).
      const outbox = page.getByTestId('sms-outbox').locator('.table-scroll');
      await page.getByTestId('sms-outbox').getByRole('button').focus();
      await page.keyboard.press('Tab');
      await expect(outbox).toBeFocused();
      await outbox.scrollIntoViewIfNeeded();
      await shoot(page, `staff-outbox-${language}`);
    });

    test("the referral page, and the test gateway's card page in the diner's language", async ({
      page,
      request,
      baseURL,
    }) => {
      test.setTimeout(120_000);
      await signInDiner(page, baseURL ?? '');
      await page.goto(`/referral/${QR.main}`);
      await expect(page.getByRole('combobox').first()).toBeVisible();
      await expectAccessible(page, `referral (${language})`);

      await dinerAtCardCheckout(page, request, baseURL ?? '', language);
      await placeCardOrder(page);
      await expectAccessible(page, `test gateway (${language})`);
      // The order is named in the page's language (the Arabic page said "Sufra order id 2").
      if (language === 'ar') await expect(page.locator('body')).not.toContainText('Sufra order id');
    });

    test('error, deactivated, not-found and invalid-invitation pages', async ({ page }) => {
      // Each with what it says (and, where the README shows it, its picture; deactivated's is diner-polish.spec's).
      const pages: [string, string, RegExp | string | null, string | null][] = [
        ['error (invalid QR)', '/qr/not-a-uuid', errorText('invalid_uuid', language), 'error'],
        ['deactivated', `/qr/${QR.deactivatedBrand}`, errorText('service_deactivated', language), null],
        ['not found', '/this-route/does-not-exist', TEXT.notFound[language], 'not-found'],
        ['invalid invitation', '/reference/ZZZZ2222', null, null],
      ];
      for (const [label, path, text, shot] of pages) {
        await page.goto(path);
        await page.waitForLoadState('networkidle');
        await expect(page.locator('main, [role=main], h1').first()).toBeVisible();
        if (text) await expect(page.getByText(text).first()).toBeVisible();
        await expectAccessible(page, `${label} (${language})`);
        if (shot) await shoot(page, `${shot}-${language}`);
      }
    });
  });
}
