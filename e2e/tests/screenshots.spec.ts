import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, type Page, test } from '@playwright/test';
import { fillRegistration, readCode, STAFF, TEXTS, uniqueMobile } from '../support/accounts.ts';
import { comboItem, demoCart, itemWithRequiredGroup } from '../support/demo-menu.ts';
import { placeOrder, signedInDiner } from '../support/diner-api.ts';
import { fillMoyasarCard, MOYASAR_CARDS, moyasarBaseURL } from '../support/moyasar.ts';
import { addDeliveryAddress, BRANCHES, branchOption, dinerWithCart, moveOrder, POINTS } from '../support/ordering.ts';
import {
  dinerAtCardCheckout,
  fillCard,
  latestOrderId,
  placeCardOrder,
  submitCard,
  TEST_CARDS,
} from '../support/payment.ts';
import {
  dismissPopup,
  errorText,
  fetchMenu,
  imagesSettled,
  itemPath,
  LANGUAGES,
  QR,
  saveCart,
  TEXT,
  useLanguage,
} from '../support/sufra.ts';

// Phone-sized screenshots of every customer page in both languages, for docs/screenshots/.
const shotsDir = resolve(dirname(fileURLToPath(import.meta.url)), '../../docs/screenshots');

async function shoot(page: Page, name: string) {
  await page.waitForLoadState('networkidle');
  await imagesSettled(page);
  await page.screenshot({ path: join(shotsDir, `${name}.png`), animations: 'disabled', caret: 'hide' });
}

for (const language of LANGUAGES) {
  test(`screenshots of every page (${language})`, async ({ page, request }) => {
    test.setTimeout(90_000);
    if (language !== 'ar') await useLanguage(page, language);
    const menu = await fetchMenu(request, language);

    await page.goto(`/qr/${QR.main}`);
    await expect(page.getByTestId('popup')).toBeVisible();
    await shoot(page, `landing-popup-${language}`);
    await dismissPopup(page);
    await expect(page.getByTestId('slider')).toBeVisible();
    await shoot(page, `landing-${language}`);

    await page.goto(`/menu/${QR.main}`);
    await expect(page.getByTestId('item-card').first()).toBeVisible();
    await shoot(page, `menu-${language}`);

    const item = itemWithRequiredGroup(menu);
    await page.goto(itemPath(item));
    await expect(page.getByRole('heading', { name: item.name, exact: true }).first()).toBeVisible();
    await shoot(page, `item-${language}`);

    const combo = comboItem(menu);
    await page.goto(itemPath(combo));
    await expect(page.getByRole('heading', { name: combo.name, exact: true }).first()).toBeVisible();
    await shoot(page, `combo-${language}`);

    await page.goto('/qr/not-a-uuid');
    await expect(page.getByText(errorText('invalid_uuid', language))).toBeVisible();
    await shoot(page, `error-${language}`);

    await page.goto(`/qr/${QR.deactivatedBrand}`);
    await expect(page.getByText(errorText('service_deactivated', language))).toBeVisible();
    await shoot(page, `deactivated-${language}`);

    await page.goto('/this-route/does-not-exist');
    await expect(page.getByText(TEXT.notFound[language]).first()).toBeVisible();
    await shoot(page, `not-found-${language}`);

    const cart = demoCart(menu);
    await saveCart(page, cart);
    await page.goto(`/cart/${QR.main}`);
    await expect(page.getByTestId('cart-total')).toBeVisible();
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
    await shoot(page, `cart-stale-${language}`);
  });

  test(`screenshots of the account and staff pages (${language})`, async ({ page, baseURL }) => {
    test.setTimeout(90_000);
    if (language !== 'ar') await useLanguage(page, language);
    const diner = {
      name: language === 'ar' ? 'سارة العتيبي' : 'Sara Al-Otaibi',
      phone: uniqueMobile(),
    };
    await page.goto(`/register/${QR.main}`);
    await expect(page.getByTestId('account-form')).toBeVisible();
    await shoot(page, `register-${language}`);
    await fillRegistration(page, language, diner, 'sara@example.sa');
    await expect(page.locator('#otp-code')).toBeFocused();
    await shoot(page, `register-code-${language}`);
    const { code } = await readCode(baseURL ?? '', diner.phone.e164);
    await page.locator('#otp-code').fill(code);
    await expect(page).toHaveURL(new RegExp(`/menu/${QR.main}$`));

    await page.goto(`/edit-profile/${QR.main}`);
    await expect(page.getByTestId('no-addresses')).toBeVisible();
    await shoot(page, `edit-profile-${language}`);
    await page.getByRole('button', { name: TEXTS.addAddress[language] }).click();
    await page.locator('#address-new-title').fill(language === 'ar' ? 'المنزل' : 'Home');
    await page.getByTestId('address-map').click();
    await expect(page.locator('.address-map__pin')).toBeVisible();
    await page.getByTestId('address-form').scrollIntoViewIfNeeded();
    await shoot(page, `address-form-${language}`);

    await page.goto('/staff');
    await expect(page.getByTestId('staff-sign-in')).toBeVisible();
    await shoot(page, `staff-sign-in-${language}`);
    await page.locator('#staff-email').fill(STAFF.manager.email);
    await page.locator('#staff-password').fill(STAFF.manager.password);
    await page.getByRole('button', { name: TEXTS.signIn[language], exact: true }).click();
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

  test(`screenshots of the staff order board (${language})`, async ({ page, baseURL }) => {
    test.setTimeout(90_000);
    if (language !== 'ar') await useLanguage(page, language);
    // Two orders: a pickup order with a note, and a dine-in order at table 1 that is already with the kitchen.
    const diner = await signedInDiner(baseURL ?? '', language === 'ar' ? 'نورة الشمري' : 'Noura Al-Shammari');
    const atTable = await placeOrder(diner, {
      uuid: QR.mainTable1,
      orderType: 1,
      location: { lat: 24.6995, lng: 46.685 },
    });
    await page.goto('/staff');
    await page.locator('#staff-email').fill(STAFF.cashier.email);
    await page.locator('#staff-password').fill(STAFF.cashier.password);
    await page.getByRole('button', { name: TEXTS.signIn[language], exact: true }).click();
    await expect(page.getByTestId('board-connection')).toHaveAttribute('data-state', 'live', { timeout: 15_000 });
    const moved = await page.request.patch(`/api/staff/orders/${atTable.id}/status/`, {
      data: { to: 'sent_to_kitchen' },
    });
    expect(moved.ok()).toBeTruthy();
    const fresh = await placeOrder(diner, { notes: language === 'ar' ? 'بدون بصل لو سمحت' : 'No onions, please' });
    const card = page.locator(`[data-testid="order-card"][data-order-id="${fresh.id}"]`);
    await expect(card).toHaveAttribute('data-fresh', 'true');
    await expect(page.getByTestId('board-table').first()).toBeVisible();
    // The board's top just under the sticky header: branch, live state, sound, the first lane.
    const boardTop = () =>
      page
        .getByTestId('order-board')
        .evaluate((board) => window.scrollTo(0, board.getBoundingClientRect().top + window.scrollY - 64));
    await boardTop();
    await shoot(page, `staff-board-${language}`);
    await card.scrollIntoViewIfNeeded();
    await shoot(page, `staff-board-new-order-${language}`);

    await page.setViewportSize({ width: 1024, height: 1366 });
    await boardTop();
    await shoot(page, `staff-board-tablet-${language}`);

    await card.getByTestId('order-cancel').click();
    await expect(page.getByTestId('cancel-dialog')).toBeVisible();
    await shoot(page, `staff-board-cancel-${language}`);
    await diner.request.dispose();
  });

  test(`screenshots of the ordering pages (${language})`, async ({ page, request, baseURL }) => {
    test.setTimeout(120_000);
    if (language !== 'ar') await useLanguage(page, language);
    await dinerWithCart(page, request, baseURL ?? '', language);
    await page.getByTestId('order-type-2').check();
    await expect(branchOption(page, BRANCHES.malqa[language]).getByTestId('branch-closed')).toBeVisible();
    await shoot(page, `order-type-pickup-${language}`);
    await page.getByTestId('order-type-3').check();
    await branchOption(page, BRANCHES.olaya[language]).locator('input').check();
    await addDeliveryAddress(page, language, language === 'ar' ? 'المنزل' : 'Home', POINTS.inZone);
    await page.getByTestId('delivery-address').scrollIntoViewIfNeeded();
    await shoot(page, `order-type-delivery-${language}`);
    await page.getByTestId('continue').click();

    await page.locator('#order-notes').fill(language === 'ar' ? 'بدون بصل من فضلك' : 'No onions, please');
    await page.getByTestId('receive-scheduled').check();
    await page.locator('#receive-day').selectOption({ index: 1 });
    await page.locator('#receive-time').fill('13:30');
    await shoot(page, `order-data-${language}`);
    await page.getByTestId('continue').click();

    await expect(page.getByTestId('checkout-total')).toBeVisible();
    await shoot(page, `checkout-${language}`);
    await page.getByTestId('place-order').click();
    await expect(page.getByTestId('order-number')).toBeVisible();
    const id = Number(new URL(page.url()).searchParams.get('order'));
    await expect(page.getByTestId('live-state')).toHaveAttribute('data-state', 'live');
    await moveOrder(baseURL ?? '', id, 'sent_to_kitchen');
    await expect(page.getByTestId('status-timeline')).toHaveAttribute('data-status', 'sent_to_kitchen');
    await shoot(page, `confirm-order-${language}`);
    await page.getByTestId('confirm-total').scrollIntoViewIfNeeded();
    await shoot(page, `confirm-order-totals-${language}`);

    await page.goto(`/orders/${QR.main}`);
    await expect(page.getByTestId('order-card').first()).toBeVisible();
    await shoot(page, `orders-${language}`);

    await page.goto(`/payment-failed/${QR.main}`);
    await expect(page.getByTestId('payment-failed-page')).toBeVisible();
    await shoot(page, `payment-failed-${language}`);
  });
}

for (const language of LANGUAGES) {
  test.describe(`card payment screenshots (${language})`, () => {
    // The provider's page follows the browser's language.
    test.use({ locale: language === 'ar' ? 'ar-SA' : 'en-US' });

    test(`screenshots of the card payment pages (${language})`, async ({ page, request, baseURL }) => {
      test.setTimeout(90_000);
      if (language !== 'ar') await useLanguage(page, language);
      await dinerAtCardCheckout(page, request, baseURL ?? '', language);
      await page.getByTestId('payment-choices').scrollIntoViewIfNeeded();
      await shoot(page, `checkout-card-${language}`);
      await placeCardOrder(page);
      await fillCard(page, { number: TEST_CARDS.visa });
      await shoot(page, `payment-gateway-card-${language}`);
      await submitCard(page);
      await expect(page.locator('#three-ds-form')).toBeVisible();
      await shoot(page, `payment-gateway-3ds-${language}`);

      // A payment the diner has not finished keeps the return page waiting for the provider's verdict: its pending
      // state, held long enough to be seen. The verification is in flight, so no waiting for an idle network here.
      const id = await latestOrderId(page);
      await page.goto(`/payment/${QR.main}?order=${id}`);
      await expect(page.getByTestId('payment-status')).toBeVisible();
      await expect(page.getByTestId('payment-page')).toHaveAttribute('data-state', 'checking');
      await page.screenshot({
        path: join(shotsDir, `payment-pending-${language}.png`),
        animations: 'disabled',
        caret: 'hide',
      });

      await page.goto(`/payment-failed/${QR.main}?order=${id}`);
      await expect(page.getByTestId('payment-retry')).toBeVisible();
      await shoot(page, `payment-failed-retry-${language}`);
    });
  });
}

for (const language of LANGUAGES) {
  test.describe(`Moyasar card page screenshots (${language})`, () => {
    test.use({ baseURL: moyasarBaseURL, locale: language === 'ar' ? 'ar-SA' : 'en-US' });

    test(`screenshots of our card page for Moyasar (${language})`, async ({ page, request }) => {
      test.setTimeout(90_000);
      if (language !== 'ar') await useLanguage(page, language);
      await dinerAtCardCheckout(page, request, moyasarBaseURL, language);
      await page.getByTestId('place-order').click();
      await expect(page).toHaveURL(new RegExp(`/card/${QR.main}\\?order=\\d+$`));
      await expect(page.getByTestId('card-pay')).toBeEnabled();
      await fillMoyasarCard(page, { number: MOYASAR_CARDS.approved });
      await shoot(page, `payment-moyasar-card-${language}`);
    });
  });
}
