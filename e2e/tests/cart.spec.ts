import { expect, type Locator, type Page, test } from '@playwright/test';
import type { Language } from '../../packages/shared/src/language.ts';
import { type CartLineInput, priceCart } from '../../packages/shared/src/pricing/price-cart.ts';
import type { MenuItem, MenuResponse } from '../../packages/shared/src/schemas/menu.ts';
import { comboItem, itemWithRequiredGroup, plainItem } from '../support/demo-menu.ts';
import { asciiDigits, fetchMenu, itemPath, LANGUAGES, numberIn, QR, TEXT, useLanguage } from '../support/sufra.ts';

/** What the diner picked on an item page: enough to price the line with the shared function, as the server will. */
interface Added {
  item: MenuItem;
  line: CartLineInput;
}

/** SAR as shown (either language, any separators) → halalas: the figures always carry two decimals. */
function halalasOf(text: string | null): number {
  const digits = asciiDigits(text ?? '').replace(/\D/g, '');
  return Number(digits);
}

async function halalasIn(locator: Locator): Promise<number> {
  return halalasOf(await locator.textContent());
}

function groupNamed(page: Page, name: string): Locator {
  return page.getByRole('group', { name }).or(page.getByRole('radiogroup', { name })).first();
}

function choicesIn(group: Locator): Locator {
  return group.getByRole('radio').or(group.getByRole('checkbox'));
}

/**
 * Opens the item page, makes the required choices (for each required group its first available options, preferring
 * one with a price so modifiers are priced too; for each combo slot its first available product) and adds one.
 */
async function addFromItemPage(page: Page, menu: MenuResponse, item: MenuItem): Promise<Added> {
  await page.goto(itemPath(item));
  await expect(page.getByRole('heading', { name: item.name, exact: true }).first()).toBeVisible();
  const slots: { extraPriceHalalas: number }[] = [];
  for (const slot of item.combo?.slots ?? []) {
    const index = slot.choices.findIndex((c) => menu.items.find((i) => i.id === c.itemId)?.available);
    const choice = slot.choices[index];
    if (!choice) throw new Error(`slot ${slot.name} has no available product`);
    await choicesIn(groupNamed(page, slot.name)).nth(index).check();
    slots.push({ extraPriceHalalas: choice.extraPriceHalalas });
  }
  const modifiers: { priceHalalas: number }[] = [];
  for (const id of item.modifierGroupIds) {
    const group = menu.modifierGroups.find((g) => g.id === id);
    if (!group || group.min < 1) continue;
    const available = group.options.map((o, i) => ({ o, i })).filter(({ o }) => o.available);
    const ordered = [
      ...available.filter(({ o }) => o.priceHalalas > 0),
      ...available.filter(({ o }) => !o.priceHalalas),
    ];
    for (const { o, i } of ordered.slice(0, group.min)) {
      await choicesIn(groupNamed(page, group.name)).nth(i).check();
      modifiers.push({ priceHalalas: o.priceHalalas });
    }
  }
  await page.getByTestId('add-to-cart').click();
  await expect(page).not.toHaveURL(/\/items\//);
  const base = {
    unitPriceHalalas: item.priceHalalas,
    taxRateBasisPoints: item.taxRateBasisPoints,
    modifiers,
    quantity: 1,
  };
  return { item, line: item.combo ? { kind: 'combo', ...base, slots } : { kind: 'product', ...base } };
}

function lineOf(page: Page, item: MenuItem): Locator {
  return page.getByTestId('cart-line').filter({ has: page.getByRole('heading', { name: item.name, exact: true }) });
}

/** The page's subtotal, taxes and total match priceCart over these lines, to the halala. */
async function expectTotals(page: Page, menu: MenuResponse, lines: CartLineInput[]) {
  const expected = priceCart({ lines, taxMode: menu.taxMode, vatRateBasisPoints: menu.vatRateBasisPoints });
  await expect.poll(() => halalasIn(page.getByTestId('cart-total'))).toBe(expected.total);
  expect(await halalasIn(page.getByTestId('cart-subtotal'))).toBe(expected.subtotal);
  expect(await halalasIn(page.getByTestId('cart-taxes'))).toBe(expected.taxesPrice);
  return expected;
}

const UNDO = { ar: /تراجع/, en: /undo/i } as const;

/**
 * A sold-out item that is not a combo, so a product line can name it: the last one, sold out by the demo, since the
 * menu console's journeys mark the first products sold out for a while.
 */
function soldOutProduct(menu: MenuResponse): MenuItem {
  const item = menu.items.findLast((i) => !i.available && !i.combo);
  if (!item) throw new Error('the demo menu has no sold-out product');
  return item;
}

const withQuantity = (line: CartLineInput, quantity: number): CartLineInput => ({ ...line, quantity });

for (const language of LANGUAGES) {
  test.describe(`cart (${language})`, () => {
    test.beforeEach(async ({ page }) => {
      if (language !== 'ar') await useLanguage(page, language as Language);
    });

    test('lines added on item pages are priced like priceCart; quantities, removal with undo, reload, empty cart', async ({
      page,
      request,
    }) => {
      test.setTimeout(60_000);
      const menu = await fetchMenu(request, language);
      const plain = await addFromItemPage(page, menu, plainItem(menu));
      const modified = await addFromItemPage(page, menu, itemWithRequiredGroup(menu));
      const combo = await addFromItemPage(page, menu, comboItem(menu));
      expect(modified.line.modifiers.length).toBeGreaterThan(0);

      await page.getByTestId('cart-bar').click();
      await expect(page).toHaveURL(new RegExp(`/cart/${QR.main}$`));
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await expect(page.getByTestId('cart-line')).toHaveCount(3);
      for (const { item } of [plain, modified, combo]) await expect(lineOf(page, item)).toBeVisible();
      await expect(lineOf(page, combo.item).getByTestId('line-details').getByRole('listitem')).toHaveCount(
        (combo.item.combo?.slots.length ?? 0) + combo.line.modifiers.length,
      );
      await expect(page.getByTestId('cart-continue')).toBeEnabled();
      const first = await expectTotals(page, menu, [plain.line, modified.line, combo.line]);
      expect(first.taxesPrice).toBeGreaterThan(0);

      // + twice on the plain item: its line price and the totals follow, and the change is announced.
      const plainLine = lineOf(page, plain.item);
      await plainLine.getByTestId('stepper-increase').click();
      await plainLine.getByTestId('stepper-increase').click();
      await expect.poll(() => numberIn(plainLine.getByTestId('quantity-value'))).toBe(3);
      expect(await halalasIn(plainLine.getByTestId('line-price'))).toBe(3 * plain.item.priceHalalas);
      const afterIncrease = await expectTotals(page, menu, [withQuantity(plain.line, 3), modified.line, combo.line]);
      // "<name>: quantity 3. Total <total>": the quantity, then the new total, in either language's digits.
      await expect
        .poll(async () =>
          asciiDigits((await page.getByTestId('cart-announcer').textContent()) ?? '').replace(/\D/g, ''),
        )
        .toMatch(new RegExp(`3${afterIncrease.total}$`));
      await plainLine.getByTestId('stepper-decrease').click();
      await expect.poll(() => numberIn(plainLine.getByTestId('quantity-value'))).toBe(2);

      // − at 1 removes the line; the toast's Undo brings it back in its place.
      const modifiedLine = lineOf(page, modified.item);
      await expect(modifiedLine.getByTestId('stepper-decrease')).toHaveCount(0);
      await modifiedLine.getByTestId('stepper-remove').click();
      await expect(page.getByTestId('cart-line')).toHaveCount(2);
      await expectTotals(page, menu, [withQuantity(plain.line, 2), combo.line]);
      await page.getByRole('button', { name: UNDO[language] }).click();
      await expect(page.getByTestId('cart-line')).toHaveCount(3);
      await expect(page.getByTestId('cart-line').nth(1)).toContainText(modified.item.name);
      await expectTotals(page, menu, [withQuantity(plain.line, 2), modified.line, combo.line]);

      // The remove button takes the combo out for good.
      await lineOf(page, combo.item).getByTestId('line-remove').click();
      await expect(page.getByTestId('cart-line')).toHaveCount(2);
      const kept = await expectTotals(page, menu, [withQuantity(plain.line, 2), modified.line]);

      // A reload shows the same cart (persisted per establishment) and the same totals.
      await page.reload();
      await expect(page.getByTestId('cart-line')).toHaveCount(2);
      await expect.poll(() => numberIn(lineOf(page, plain.item).getByTestId('quantity-value'))).toBe(2);
      expect(await halalasIn(page.getByTestId('cart-total'))).toBe(kept.total);

      // Emptied, the cart says so, holds back "continue" with the reason, and leads back to the menu.
      for (let left = 2; left > 0; left--) {
        await page.getByTestId('line-remove').first().click();
        await expect(page.getByTestId('cart-line')).toHaveCount(left - 1);
      }
      await expect(page.getByTestId('cart-empty')).toBeVisible();
      await expect(page.getByTestId('cart-continue')).toBeDisabled();
      await expect(page.getByTestId('continue-reason')).toBeVisible();
      await page.reload();
      await expect(page.getByTestId('cart-empty')).toBeVisible();
      await page.getByTestId('cart-empty').getByRole('link').click();
      await expect(page).toHaveURL(new RegExp(`/menu/${QR.main}$`));
      await expect(page.getByTestId('cart-bar')).toHaveCount(0);
    });

    test('a stale cart: gone and sold-out lines are flagged and left out, changed prices are updated once', async ({
      page,
      request,
    }) => {
      const menu = await fetchMenu(request, language);
      const plain = plainItem(menu);
      const soldOut = soldOutProduct(menu);
      const product = (item: MenuItem, priceHalalas: number, quantity: number) => ({
        itemId: item.id,
        slug: item.slug,
        name: item.name,
        image: item.image,
        unitPriceHalalas: priceHalalas,
        taxRateBasisPoints: item.taxRateBasisPoints,
        modifiers: [],
        productQuantity: quantity,
      });
      const goneName = language === 'ar' ? 'طبق محذوف' : 'A deleted dish';
      const saved = {
        products: [
          // Saved when the plain item cost 1.00 SAR less.
          product(plain, Math.max(0, plain.priceHalalas - 100), 2),
          { ...product(plain, 1500, 1), itemId: 2_000_000_000, slug: 'gone', name: goneName },
          product(soldOut, soldOut.priceHalalas, 1),
        ],
        combos: [],
      };
      await page.goto(`/menu/${QR.main}`);
      await expect(page.getByTestId('category-tabs')).toBeVisible();
      await page.evaluate(
        ([key, value]) => localStorage.setItem(key as string, value as string),
        [`sufra.cart.${QR.main}`, JSON.stringify(saved)],
      );
      await page.goto(`/cart/${QR.main}`);

      await expect(page.getByTestId('cart-line')).toHaveCount(3);
      await expect(page.getByTestId('prices-updated')).toBeVisible();
      const plainLine = lineOf(page, plain);
      await expect(plainLine.getByTestId('line-problem')).toHaveCount(0);
      await expect.poll(() => halalasIn(plainLine.getByTestId('line-price'))).toBe(2 * plain.priceHalalas);
      const gone = page.getByTestId('cart-line').filter({ hasText: goneName });
      await expect(gone).toHaveAttribute('data-problem', 'item_unavailable');
      await expect(gone.getByTestId('line-problem')).toBeVisible();
      await expect(lineOf(page, soldOut)).toHaveAttribute('data-problem', 'item_sold_out');
      await expect(lineOf(page, soldOut).getByTestId('line-problem')).toContainText(TEXT.soldOut[language]);
      // Only the orderable line counts.
      const plainInput: CartLineInput = {
        kind: 'product',
        unitPriceHalalas: plain.priceHalalas,
        taxRateBasisPoints: plain.taxRateBasisPoints,
        modifiers: [],
        quantity: 2,
      };
      await expectTotals(page, menu, [plainInput]);
      await expect(page.getByTestId('cart-continue')).toBeDisabled();
      await expect(page.getByTestId('continue-reason')).toBeVisible();

      // Told once: the new prices were saved with the cart, so a reload has nothing to update.
      await page.reload();
      await expect(page.getByTestId('cart-line')).toHaveCount(3);
      await expect.poll(() => halalasIn(lineOf(page, plain).getByTestId('line-price'))).toBe(2 * plain.priceHalalas);
      await expect(page.getByTestId('prices-updated')).toHaveCount(0);

      await gone.getByTestId('line-remove').click();
      await lineOf(page, soldOut).getByTestId('line-remove').click();
      await expect(page.getByTestId('cart-line')).toHaveCount(1);
      await expect(page.getByTestId('continue-reason')).toHaveCount(0);
      await page.getByTestId('cart-continue').click();
      await expect(page).toHaveURL(new RegExp(`/order-type/${QR.main}$`));
      await expect(page.getByTestId('order-types')).toBeVisible();
    });
  });
}

test('the cart follows the interface language and lays out right to left in Arabic', async ({ page, request }) => {
  const [ar, en] = [await fetchMenu(request, 'ar'), await fetchMenu(request, 'en')];
  const arItem = plainItem(ar);
  const enItem = en.items.find((i) => i.id === arItem.id);
  if (!enItem) throw new Error('the item is missing from the English menu');
  await addFromItemPage(page, ar, arItem);
  await page.goto(`/cart/${QR.main}`);
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(lineOf(page, arItem)).toBeVisible();
  const arTotal = await halalasIn(page.getByTestId('cart-total'));

  await page.getByTestId('language-switch').click();
  await expect(page.locator('html')).toHaveAttribute('dir', 'ltr');
  await expect(lineOf(page, enItem)).toBeVisible();
  expect(await halalasIn(page.getByTestId('cart-total'))).toBe(arTotal);
});
