/**
 * Issue 13, item 15 (a table's QR is a table experience) and item 22 (the address map without tiles), in both
 * languages, with phone-sized screenshots into docs/screenshots/.
 */
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { ORDER_TYPES } from '../../packages/shared/src/order-types.ts';
import { signInByOtp } from '../support/accounts.ts';
import { demoCart } from '../support/demo-menu.ts';
import { BRANCHES, dinerWithCart, ORDERING_TEXT } from '../support/ordering.ts';
import { picture, SHOTS } from '../support/screenshots.ts';
import { staffApi } from '../support/staff-api.ts';
import { errorText, fetchMenu, imagesSettled, LANGUAGES, QR, saveCart, useLanguage } from '../support/sufra.ts';

const shotsDir = resolve(dirname(fileURLToPath(import.meta.url)), '../../docs/screenshots');

async function shoot(page: Page, name: string) {
  await page.waitForLoadState('networkidle');
  if (!SHOTS) return;
  await imagesSettled(page);
  await picture(page, { path: join(shotsDir, `${name}.png`), animations: 'disabled', caret: 'hide' });
}

const TABLE = { ar: (n: string) => `طاولة ${n}`, en: (n: string) => `Table ${n}` };

/** The table's status as the staff tables API (and the board) shows it. */
async function tableStatus(request: APIRequestContext, baseURL: string, uuid: string, number: string) {
  const data = await request.get(`/api/restaurant/qr/${uuid}/data/`);
  const branchId = ((await data.json()) as { branch: { id: number } }).branch.id;
  const staff = await staffApi(baseURL, 'cashier');
  const res = await staff.get(`/api/staff/tables/?branchId=${branchId}`);
  expect(res.ok()).toBeTruthy();
  const { tables } = (await res.json()) as { tables: { number: string; status: string }[] };
  return tables.find((t) => t.number === number)?.status;
}

async function cancelOrder(baseURL: string, id: number) {
  const staff = await staffApi(baseURL, 'cashier');
  const res = await staff.patch(`/api/staff/orders/${id}/status/`, {
    data: { to: 'canceled', reason: 'journey over' },
  });
  expect(res.ok(), await res.text()).toBeTruthy();
}

/** From the order-type page through order data and checkout to the confirmation; returns the order id. */
async function placeFrom(page: Page, uuid: string) {
  await page.getByTestId('continue').click();
  await expect(page).toHaveURL(new RegExp(`/order-data/${uuid}$`));
  await page.getByTestId('continue').click();
  await expect(page).toHaveURL(new RegExp(`/checkout/${uuid}$`));
  await expect(page.getByTestId('checkout-total')).toBeVisible();
  await page.getByTestId('place-order').click();
  await expect(page).toHaveURL(new RegExp(`/confirm-order/${uuid}\\?order=\\d+$`));
  return Number(new URL(page.url()).searchParams.get('order'));
}

// One journey at a time in this file (the config shares the others out one by one): the Arabic and English copies
// of the table QR's journey both order at table 1 and expect it Free once their own order is canceled.
test.describe.configure({ mode: 'default' });

for (const language of LANGUAGES) {
  test.describe(`tables and the map (${language})`, () => {
    test.beforeEach(async ({ page }) => {
      await page.setViewportSize({ width: 390, height: 844 });
      if (language !== 'ar') await useLanguage(page, language);
    });

    test("a table's QR preselects dine-in at its table, asks no location, and the table shows on the confirmation and Occupied on the board", async ({
      page,
      context,
      request,
      baseURL,
    }) => {
      test.setTimeout(90_000);
      // No permission at all: a page that asked for the location would show the permission message.
      await context.clearPermissions();
      const uuid = QR.mainTable1;
      const diner = await signInByOtp(page.request, baseURL ?? '', 'Table Diner', uuid);
      await saveCart(page, demoCart(await fetchMenu(request, language, uuid)), uuid);
      await page.evaluate(
        ([key, value]) => localStorage.setItem(key as string, value as string),
        ['sufra.customer.brands', JSON.stringify([diner.brandId])],
      );
      await page.goto(`/order-type/${uuid}`);
      await expect(page.getByTestId(`order-type-${ORDER_TYPES.dineIn}`)).toBeChecked();
      await expect(page.getByTestId('dine-in-table-number')).toHaveText(TABLE[language](language === 'ar' ? '١' : '1'));
      await expect(page.getByTestId('dine-in-location')).toHaveCount(0);
      await expect(page.getByText(ORDERING_TEXT.locationPermission[language])).toHaveCount(0);
      await shoot(page, `order-type-table-qr-${language}`);

      const id = await placeFrom(page, uuid);
      await expect(page.getByTestId('confirm-table')).toHaveText(TABLE[language](language === 'ar' ? '١' : '1'));
      await shoot(page, `confirm-order-table-${language}`);
      expect(await tableStatus(request, baseURL ?? '', uuid, '1')).toBe('occupied');
      await cancelOrder(baseURL ?? '', id);
      expect(await tableStatus(request, baseURL ?? '', uuid, '1')).toBe('free');
    });

    test('a counter QR asks for the table number where the branch has tables, and the order goes to that table', async ({
      page,
      context,
      request,
      baseURL,
    }) => {
      test.setTimeout(90_000);
      await context.grantPermissions(['geolocation']);
      await context.setGeolocation(BRANCHES.olaya.location);
      await dinerWithCart(page, request, baseURL ?? '', language);
      await page.getByTestId(`order-type-${ORDER_TYPES.dineIn}`).check();
      await expect(page.getByTestId('location-ok')).toBeVisible();
      await page.getByTestId('continue').click();
      await expect(page.getByTestId('table-number-error')).toHaveText(errorText('table_number_required', language));
      await expect(page.locator('#table-number')).toBeFocused();
      await expect(page).toHaveURL(new RegExp(`/order-type/${QR.main}$`));
      // Arabic-Indic digits as an Arabic keyboard types them.
      await page.locator('#table-number').fill(language === 'ar' ? '٤' : '4');
      await expect(page.getByTestId('table-number-error')).toHaveCount(0);
      // To the end of the page, so the field is clear of the sticky action bar.
      await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
      await shoot(page, `order-type-table-number-${language}`);
      const id = await placeFrom(page, QR.main);
      await expect(page.getByTestId('confirm-table')).toHaveText(TABLE[language](language === 'ar' ? '٤' : '4'));
      expect(await tableStatus(request, baseURL ?? '', QR.main, '4')).toBe('occupied');
      await cancelOrder(baseURL ?? '', id);
    });

    test('a refused location is said once, with how to turn it on', async ({ page, context, request, baseURL }) => {
      await context.clearPermissions();
      await dinerWithCart(page, request, baseURL ?? '', language);
      await page.getByTestId(`order-type-${ORDER_TYPES.dineIn}`).check();
      await expect(page.getByTestId('location-how-to')).toBeVisible();
      await page.getByTestId('continue').click();
      await expect(page.getByText(ORDERING_TEXT.locationPermission[language], { exact: true })).toHaveCount(1);
      await page.getByTestId('dine-in-location').scrollIntoViewIfNeeded();
      await shoot(page, `order-type-location-refused-${language}`);
    });

    test('without map tiles the address map draws the branch, its zones with fee and minimum and a scale; the pin goes by a tap or the location', async ({
      page,
      context,
      baseURL,
    }) => {
      test.setTimeout(90_000);
      const diner = await signInByOtp(page.request, baseURL ?? '', 'Map Diner');
      await page.goto(`/menu/${QR.main}`);
      await page.evaluate(
        ([key, value]) => localStorage.setItem(key as string, value as string),
        ['sufra.customer.brands', JSON.stringify([diner.brandId])],
      );
      await page.goto(`/edit-profile/${QR.main}`);
      await page.getByRole('button', { name: ORDERING_TEXT.addAddress[language] }).click();
      const form = page.getByTestId('address-form');
      const map = form.getByTestId('address-map');
      await expect(map).toBeVisible();

      // What we know, drawn: the branch, both zones shaded with fee and minimum (on the map and in the list), a scale.
      await expect(map.locator('.address-map__tooltip--branch')).toHaveText(BRANCHES.olaya[language]);
      await expect(map.locator('path.leaflet-interactive, path')).not.toHaveCount(0);
      const zones = form.getByTestId('address-map-zones').locator('li');
      await expect(zones).toHaveCount(2);
      const fee = language === 'ar' ? /التوصيل\s*\u200f?١٠٫٠٠/ : /Delivery\s*SAR\s*10/;
      await expect(zones.first()).toContainText(fee);
      await expect(zones.first()).toContainText(language === 'ar' ? 'الحد الأدنى' : 'Minimum');
      await expect(map.locator('.address-map__zone-label')).toHaveCount(2);
      const scale = map.getByTestId('map-scale');
      await expect(scale).toBeVisible();
      const scaleText = (await scale.textContent()) ?? '';
      if (language === 'ar') expect(scaleText).toMatch(/^[٠-٩٬]+\s?(متر|كم)$/);
      else expect(scaleText).toMatch(/^[\d,]+ (m|km)$/);

      // Zoom buttons a thumb can hit.
      for (const name of language === 'ar' ? ['تكبير', 'تصغير'] : ['Zoom in', 'Zoom out']) {
        const box = await map.getByRole('button', { name }).boundingBox();
        expect(box?.width).toBeGreaterThanOrEqual(44);
        expect(box?.height).toBeGreaterThanOrEqual(44);
      }
      // Never typed: no coordinate fields.
      await expect(form.locator('input[inputmode="decimal"]')).toHaveCount(0);
      await expect(form.getByTestId('address-map-status')).toHaveText(
        language === 'ar'
          ? 'لم تضع الدبوس بعد: اضغط على مكان العنوان في الخريطة.'
          : 'No pin yet: tap the map where the address is.',
      );
      await form.scrollIntoViewIfNeeded();
      await map.scrollIntoViewIfNeeded();
      await shoot(page, `address-map-${language}`);

      // A tap places the pin.
      await map.click({ position: { x: 60, y: 60 } });
      await expect(map).toHaveAttribute('data-pin', 'placed');
      await expect(map.locator('.address-map__pin')).toBeVisible();

      // "Use my current location" moves it to where the diner is: inside the first zone.
      await context.grantPermissions(['geolocation']);
      await context.setGeolocation({ latitude: 24.7, longitude: 46.685 });
      await form.getByRole('button', { name: ORDERING_TEXT.useMyLocation[language] }).click();
      await expect(form.getByTestId('address-map-status')).toHaveText(
        language === 'ar'
          ? 'تم وضع الدبوس داخل منطقة التوصيل العليا والسليمانية.'
          : 'Pin placed, inside the delivery area Olaya & Sulaimaniyah.',
      );
      await map.scrollIntoViewIfNeeded();
      await shoot(page, `address-map-pin-${language}`);

      await page.locator('#address-new-title').fill(language === 'ar' ? 'المنزل' : 'Home');
      await page.locator('#address-new-description').fill('King Fahd Road');
      await form.getByRole('button', { name: ORDERING_TEXT.saveAddress[language] }).click();
      await expect(page.getByTestId('address-card')).toHaveCount(1);
    });
  });
}
