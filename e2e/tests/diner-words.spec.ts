/**
 * Issue 24 item 10 (the diner's parts): what the diner reads after a cancel, too far from the branch for dine-in,
 * at the table-number field, and in an empty wallet. Pictures go to /tmp (docs/screenshots keeps its own set).
 */
import { readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test } from '@playwright/test';
import { ORDER_TYPES } from '../../packages/shared/src/order-types.ts';
import { signInByOtp } from '../support/accounts.ts';
import { placeOrder } from '../support/diner-api.ts';
import { BRANCHES, dinerWithCart } from '../support/ordering.ts';
import { rawKeys } from '../support/page-checks.ts';
import { picture } from '../support/screenshots.ts';
import { staffApi } from '../support/staff-api.ts';
import { LANGUAGES, QR, useLanguage } from '../support/sufra.ts';

const here = dirname(fileURLToPath(import.meta.url));
const strings = (file: string) => JSON.parse(readFileSync(resolve(here, '../../apps/web/src/locales', file), 'utf8'));
const pictureAt = (name: string) => `/tmp/diner-shots/${name}.png`;
/** A locale string that must exist (a missing one would show its key, which a loose match could still accept). */
const say = (table: Record<string, string>, key: string): string => {
  const text = table[key];
  if (!text) throw new Error(`no string ${key}`);
  return text;
};

for (const language of LANGUAGES) {
  test.describe(`the diner's words (${language})`, () => {
    const ordering = strings(`ordering.${language}.json`).ordering as Record<string, string>;
    const loyalty = strings(`loyalty.${language}.json`).loyalty as Record<string, string>;
    test.beforeEach(async ({ page }) => {
      if (language !== 'ar') await useLanguage(page, language);
    });

    test('a canceled cash order has nothing to pay, and an empty wallet says "0 points", not a lone digit', async ({
      page,
      baseURL,
    }) => {
      const diner = await signInByOtp(page.request, baseURL ?? '', `Words ${Math.random().toString(36).slice(2, 7)}`);
      const order = await placeOrder({ request: page.request, name: diner.name, phone: diner.phone });
      const staff = await staffApi(baseURL ?? '', 'cashier');
      const canceled = await staff.patch(`/api/staff/orders/${order.id}/status/`, {
        data: { to: 'canceled', reason: 'journey' },
      });
      expect(canceled.ok(), await canceled.text()).toBeTruthy();
      await page.context().addInitScript((brandId) => {
        localStorage.setItem('sufra.customer.brands', JSON.stringify([brandId]));
      }, diner.brandId);
      await page.goto(`/confirm-order/${QR.main}?order=${order.id}`);
      await expect(page.getByTestId('confirm-head')).toHaveAttribute('data-state', 'canceled');
      await expect(page.getByTestId('payment-summary')).toHaveText(say(ordering, 'cashNotDue'));
      expect(await rawKeys(page)).toEqual([]);
      await picture(page, { path: pictureAt(`confirm-canceled-cash-${language}`) });

      await page.goto(`/my-rewards/${QR.main}`);
      const zero = language === 'ar' ? '٠' : '0';
      await expect(page.getByTestId('wallet-points')).toHaveText(
        say(loyalty, 'walletPointsCount').replace('{{points}}', zero),
      );
    });

    test('too far from the branch to eat in: says what to do, and pickup is one tap away', async ({
      page,
      context,
      request,
      baseURL,
    }) => {
      await context.grantPermissions(['geolocation']);
      await context.setGeolocation({ latitude: 24.8, longitude: 46.8 });
      await dinerWithCart(page, request, baseURL ?? '', language);
      await page.getByTestId(`order-type-${ORDER_TYPES.dineIn}`).check();
      const far = page.getByTestId('location-far');
      await expect(far).toContainText(say(ordering, 'farFromBranchNext'));
      await page.getByTestId('dine-in-location').scrollIntoViewIfNeeded();
      expect(await rawKeys(page)).toEqual([]);
      await picture(page, { path: pictureAt(`order-type-far-${language}`) });
      await page.getByTestId(`far-choose-${ORDER_TYPES.pickup}`).click();
      await expect(page.getByTestId(`order-type-${ORDER_TYPES.pickup}`)).toBeChecked();
    });

    test('the table-number field asked for after "Continue" is not under the sticky button', async ({
      page,
      context,
      request,
      baseURL,
    }) => {
      await context.grantPermissions(['geolocation']);
      await context.setGeolocation(BRANCHES.olaya.location);
      await dinerWithCart(page, request, baseURL ?? '', language);
      await page.getByTestId(`order-type-${ORDER_TYPES.dineIn}`).check();
      await expect(page.getByTestId('location-ok')).toBeVisible();
      await page.evaluate(() => window.scrollTo(0, 0));
      await page.getByTestId('continue').click();
      const field = page.locator('#table-number');
      await expect(field).toBeFocused();
      await page.waitForTimeout(300);
      const [input, bar] = await Promise.all([field.boundingBox(), page.locator('.ordering-actions').boundingBox()]);
      expect(
        input && bar && input.y + input.height <= bar.y,
        `field ${JSON.stringify(input)} bar ${JSON.stringify(bar)}`,
      ).toBe(true);
      await picture(page, { path: pictureAt(`order-type-table-${language}`) });
    });
  });
}
