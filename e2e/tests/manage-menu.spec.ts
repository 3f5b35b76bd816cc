import { type APIRequestContext, expect, test } from '@playwright/test';
import type { Language } from '../../packages/shared/src/language.ts';
import { consoleAs, shootConsole } from '../support/console.ts';
import { asciiDigits, cardOf, fetchMenu, LANGUAGES, QR, TEXT, useLanguage } from '../support/sufra.ts';

/** The menu console's pictures: a few kept in docs/screenshots/console/, every one in .tmp/shots/console. */

/**
 * The menu console's own products, one per test and language, so the runs never meet: starters that no combo holds and no
 * other journey picks (they take the first plain dish, the first with a required choice, the dearest, a hot drink
 * or the last plain items). Chosen by slug: picking "the n-th available product" shifted while another test had
 * marked its item sold out, and two tests then edited one item.
 */
const OWN_PRODUCTS = { soldOut: ['falafel-plate', 'rocket-salad'], conflict: ['greek-salad', 'labneh-plate'] } as const;

async function ownProduct(request: APIRequestContext, language: Language, test: keyof typeof OWN_PRODUCTS) {
  const slug = OWN_PRODUCTS[test][LANGUAGES.indexOf(language)];
  const item = (await fetchMenu(request, language)).items.find((i) => i.slug === slug);
  if (!item) throw new Error(`the demo menu has no ${slug}`);
  expect(item.available, `${slug} is available in the demo`).toBe(true);
  return item;
}

const SOLD_OUT_UNTIL = { ar: /نفد حتى/, en: /Sold out until/ } as const;

for (const language of LANGUAGES) {
  test.describe(`the menu console (${language})`, () => {
    test("a manager marks an item sold out today and sets the branch's price; that branch's diners see both", async ({
      browser,
      baseURL,
      request,
    }) => {
      const item = await ownProduct(request, language, 'soldOut');
      const page = await consoleAs(browser, baseURL ?? '', 'manager', language, '/staff/manage/menu');
      await expect(page.getByTestId('menu-items')).toBeVisible();
      await shootConsole(page, `menu-items-${language}`, language === 'ar');
      await page.getByTestId('menu-items-filter').fill(item.slug);
      await page.getByTestId(`menu-item-soldout-${item.slug}`).click();
      await expect(page.getByTestId(`menu-item-status-${item.slug}`)).toHaveText(SOLD_OUT_UNTIL[language]);
      await page.getByTestId(`menu-item-price-${item.slug}`).fill('19.50');
      await page.getByTestId(`menu-item-price-save-${item.slug}`).click();
      await expect(page.getByTestId(`menu-item-price-save-${item.slug}`)).toBeDisabled();
      await expect
        .poll(async () => (await fetchMenu(request, language)).items.find((i) => i.id === item.id)?.priceHalalas)
        .toBe(1950);

      // The diner at that branch: the card says sold out, at the branch's price.
      const diner = await browser.newPage({ baseURL });
      await useLanguage(diner, language);
      await diner.goto(`/menu/${QR.main}`);
      const card = cardOf(diner, item);
      await expect(card).toContainText(TEXT.soldOut[language]);
      await expect.poll(async () => asciiDigits((await card.textContent()) ?? '').replace('٫', '.')).toContain('19.50');
      await diner.close();

      // Back as it was, through the same controls.
      await page.getByTestId(`menu-item-soldout-${item.slug}`).click();
      await expect(page.getByTestId(`menu-item-status-${item.slug}`)).not.toHaveText(SOLD_OUT_UNTIL[language]);
      await page.getByTestId(`menu-item-price-${item.slug}`).fill('');
      await page.getByTestId(`menu-item-price-save-${item.slug}`).click();
      await expect
        .poll(async () => (await fetchMenu(request, language)).items.find((i) => i.id === item.id)?.priceHalalas)
        .toBe(item.priceHalalas);
      await page.getByTestId('manage-menu-tab-categories').click();
      await expect(page.getByTestId('menu-categories')).toBeVisible();
      await shootConsole(page, `menu-categories-${language}`, language === 'en');
      await page.context().close();
    });

    test('the second of two editors of one item is refused with the first one’s version, never overwriting it', async ({
      browser,
      baseURL,
      request,
    }) => {
      const item = await ownProduct(request, language, 'conflict');
      const path = `/staff/manage/menu/items/${item.id}`;
      const first = await consoleAs(browser, baseURL ?? '', 'owner', language, path);
      const second = await consoleAs(browser, baseURL ?? '', 'owner', language, path);
      for (const page of [first, second]) await expect(page.getByTestId('menu-item-editor')).toBeVisible();
      await first.getByTestId('menu-item-price').fill('31.00');
      await first.getByTestId('save-bar-save').click();
      await expect(first.getByTestId('save-bar')).toHaveAttribute('data-state', 'saved');
      await second.getByTestId('menu-item-price').fill('32.00');
      await second.getByTestId('save-bar-save').click();
      await expect(second.getByTestId('save-bar')).toHaveAttribute('data-state', 'conflict');
      await expect(second.getByTestId('menu-item-conflict')).toBeVisible();
      await shootConsole(second, `menu-item-conflict-${language}`, language === 'ar');
      await expect
        .poll(async () => (await fetchMenu(request, language)).items.find((i) => i.id === item.id)?.priceHalalas)
        .toBe(3100);
      // Taking their version, then putting the price back, is an ordinary save at the new version.
      await second.getByTestId('save-bar-reload').click();
      await expect(second.getByTestId('menu-item-price')).toHaveValue('31.00');
      await second.getByTestId('menu-item-price').fill((item.priceHalalas / 100).toFixed(2));
      await second.getByTestId('save-bar-save').click();
      await expect(second.getByTestId('save-bar')).toHaveAttribute('data-state', 'saved');
      await first.context().close();
      await second.context().close();
    });
  });
}
