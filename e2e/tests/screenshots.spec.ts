import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, type Page, test } from '@playwright/test';
import {
  comboItem,
  demoCart,
  dismissPopup,
  errorText,
  fetchMenu,
  imagesSettled,
  itemPath,
  itemWithRequiredGroup,
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

    await page.goto(`/order-type/${QR.main}`);
    await expect(page.getByText(TEXT.comingSoon[language]).first()).toBeVisible();
    await shoot(page, `coming-soon-${language}`);
  });
}
