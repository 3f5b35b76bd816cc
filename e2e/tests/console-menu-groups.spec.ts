import { expect, test } from '@playwright/test';
import { priceCart } from '../../packages/shared/src/pricing/price-cart.ts';
import { consoleAs, shootConsole } from '../support/console.ts';
import { asciiDigits, fetchMenu, itemPath, LANGUAGES, QR, useLanguage } from '../support/sufra.ts';

/** SAR as shown (either digit system) → halalas: the figures always carry two decimals. */
function halalasOf(text: string | null): number {
  return Number(asciiDigits(text ?? '').replace(/\D/g, ''));
}

/** One group per language run (both names each), so the two runs never meet. */
const GROUPS = [
  { ar: 'إضافات الاختبار', en: 'Test extras' },
  { ar: 'إضافات التجربة', en: 'Trial extras' },
] as const;
const OPTION = { ar: 'جبنة إضافية', en: 'Extra cheese' } as const;

for (const [index, language] of LANGUAGES.entries()) {
  test.describe(`the menu console's choice groups (${language})`, () => {
    test("the owner adds a choice group with a priced option to an item; the diner's item page offers it and the cart counts it", async ({
      browser,
      baseURL,
      request,
    }) => {
      // An item far from the ones other journeys pick (they take the first plain items), one per language.
      const menu = await fetchMenu(request, language);
      const plain = menu.items.filter((i) => i.available && !i.combo && i.modifierGroupIds.length === 0);
      const item = plain[plain.length - 1 - index];
      if (!item || plain.length < 4) throw new Error('the demo menu has too few plain items');
      const names = GROUPS[index] ?? GROUPS[0];

      const page = await consoleAs(browser, baseURL ?? '', 'owner', language, '/staff/manage/menu/modifier-groups');
      await expect(page.getByTestId('menu-groups')).toBeVisible();
      await shootConsole(page, `menu-groups-${language}`, language === 'ar');
      await page.getByTestId('menu-group-new').click();
      await expect(page.getByTestId('menu-group-editor')).toBeVisible();
      // min over max is refused in the form, before any request.
      await page.getByTestId('menu-group-min').fill('2');
      await page.getByTestId('menu-group-max').fill('1');
      await page.getByTestId('save-bar-save').click();
      await expect(page.getByTestId('menu-group-max')).toHaveAttribute('aria-invalid', 'true');
      await page.getByTestId('menu-group-min').fill('0');
      await page.getByTestId('menu-group-name-ar').fill(names.ar);
      await page.getByTestId('menu-group-name-en').fill(names.en);
      await page.getByTestId('menu-group-option-name-ar-0').fill(OPTION.ar);
      await page.getByTestId('menu-group-option-name-en-0').fill(OPTION.en);
      await page.getByTestId('menu-group-option-price-0').fill('4.50');
      await page.getByTestId('menu-group-item-filter').fill(item.name);
      await page.getByTestId(`menu-group-item-${item.slug}`).check();
      await shootConsole(page, `menu-group-editor-${language}`, language === 'en');
      await page.getByTestId('save-bar-save').click();
      await expect(page).toHaveURL(/\/modifier-groups\/\d+$/);
      await expect(page.getByTestId('save-bar')).toHaveAttribute('data-state', /clean|saved/);

      // The diner: the item page offers the group; the option's price is in the cart's subtotal.
      const after = await fetchMenu(request, language);
      const group = after.modifierGroups.find((g) => g.name === names[language]);
      expect(group?.options[0]?.priceHalalas).toBe(450);
      expect(after.items.find((i) => i.id === item.id)?.modifierGroupIds).toContain(group?.id);
      const diner = await browser.newPage({ baseURL });
      await useLanguage(diner, language);
      await diner.goto(itemPath(item, QR.main));
      const offered = diner.getByRole('group', { name: names[language] }).first();
      await expect(offered).toBeVisible();
      await offered.getByRole('checkbox').or(offered.getByRole('radio')).first().check();
      await diner.getByTestId('add-to-cart').click();
      await expect(diner).not.toHaveURL(/\/items\//);
      await diner.goto(`/cart/${QR.main}`);
      const expected = priceCart({
        lines: [
          {
            kind: 'product',
            unitPriceHalalas: item.priceHalalas,
            taxRateBasisPoints: item.taxRateBasisPoints,
            modifiers: [{ priceHalalas: 450 }],
            quantity: 1,
          },
        ],
        taxMode: after.taxMode,
        vatRateBasisPoints: after.vatRateBasisPoints,
      });
      await expect
        .poll(async () => halalasOf(await diner.getByTestId('cart-subtotal').textContent()))
        .toBe(expected.subtotal);
      await diner.close();

      // Deleted again (the demo menu as it was): the group leaves the item.
      await page.getByTestId('menu-group-delete').click();
      await page.getByTestId('confirm-dialog-confirm').click();
      await expect(page.getByTestId('menu-groups')).toBeVisible();
      await expect
        .poll(async () => (await fetchMenu(request, language)).items.find((i) => i.id === item.id)?.modifierGroupIds)
        .toEqual([]);

      // The item list (status filter, select all, New item) and a combo's slots in its editor, as pictures.
      const combo = after.items.find((i) => i.combo);
      await page.getByTestId('manage-menu-tab-items').click();
      await expect(page.getByTestId('menu-status-filter')).toBeVisible();
      await page.getByTestId('menu-item-select-all').check();
      await expect(page.getByTestId('menu-bulk')).toBeVisible();
      await shootConsole(page, `menu-items-bulk-${language}`);
      if (combo) {
        await page.goto(`/staff/manage/menu/items/${combo.id}`);
        await expect(page.getByTestId('menu-combo-slot-0')).toBeVisible();
        await page.getByTestId('menu-combo-slots').scrollIntoViewIfNeeded();
        await shootConsole(page, `menu-combo-${language}`, language === 'ar');
      }
      await page.context().close();
    });
  });
}
