import { expect, type Locator, type Page, test } from '@playwright/test';
import type { Language } from '../../packages/shared/src/language.ts';
import type { MenuResponse } from '../../packages/shared/src/schemas/menu.ts';
import { comboItem, itemWithLimitedGroup, itemWithRequiredGroup } from '../support/demo-menu.ts';
import { cartCount, fetchMenu, itemPath, LANGUAGES, numberIn, QR, TEXT, useLanguage } from '../support/sufra.ts';

/** A modifier group / combo slot on the item page: a fieldset or ARIA group named after it. */
function groupNamed(page: Page, name: string): Locator {
  return page.getByRole('group', { name }).or(page.getByRole('radiogroup', { name })).first();
}

function choicesIn(group: Locator): Locator {
  return group.getByRole('radio').or(group.getByRole('checkbox'));
}

async function chooseRequiredModifiers(page: Page, menu: MenuResponse, groupIds: number[]) {
  for (const id of groupIds) {
    const group = menu.modifierGroups.find((g) => g.id === id);
    if (!group || group.min < 1) continue;
    const choices = choicesIn(groupNamed(page, group.name));
    let picked = 0;
    for (let i = 0; picked < group.min && i < (await choices.count()); i++) {
      const choice = choices.nth(i);
      if (await choice.isDisabled()) continue;
      await choice.check();
      picked++;
    }
  }
}

function heading(page: Page, name: string) {
  return page.getByRole('heading', { name, exact: true }).first();
}

for (const language of LANGUAGES) {
  test.describe(`item page (${language})`, () => {
    test.beforeEach(async ({ page }) => {
      if (language !== 'ar') await useLanguage(page, language as Language);
    });

    test('required modifiers gate the add button; quantity and add update the cart bar', async ({ page, request }) => {
      const menu = await fetchMenu(request, language);
      const item = itemWithRequiredGroup(menu);

      await page.goto(itemPath(item));
      await expect(heading(page, item.name)).toBeVisible();
      const add = page.getByTestId('add-to-cart');
      await expect(add).toBeDisabled();

      await chooseRequiredModifiers(page, menu, item.modifierGroupIds);
      await expect(add).toBeEnabled();

      const quantity = page.getByTestId('quantity-value');
      await expect(quantity).toBeVisible();
      expect(await numberIn(quantity)).toBe(1);
      await page.getByRole('button', { name: TEXT.increase[language] }).first().click();
      await expect.poll(() => numberIn(quantity)).toBe(2);
      await page.getByRole('button', { name: TEXT.increase[language] }).first().click();
      await expect.poll(() => numberIn(quantity)).toBe(3);
      await page.getByRole('button', { name: TEXT.decrease[language] }).first().click();
      await expect.poll(() => numberIn(quantity)).toBe(2);

      const before = await cartCount(page);
      await add.click();
      await expect.poll(() => cartCount(page)).toBe(before + 2);
    });

    test('the choices still to make are named as the language lists them (no Arabic comma in English)', async ({
      page,
      request,
    }) => {
      const menu = await fetchMenu(request, language);
      const required = (id: number) => menu.modifierGroups.find((g) => g.id === id && g.min >= 1);
      const item = menu.items.find((i) => i.available && !i.combo && i.modifierGroupIds.filter(required).length >= 2);
      if (!item) throw new Error('the demo menu has no item with two required groups');
      const names = item.modifierGroupIds.flatMap((id) => required(id)?.name ?? []);
      await page.goto(itemPath(item));
      await expect(heading(page, item.name)).toBeVisible();
      const list = new Intl.ListFormat(language === 'ar' ? 'ar-SA' : 'en-SA', { type: 'conjunction' }).format(names);
      await expect(page.locator('#item-problems')).toContainText(list);
      if (language === 'en') await expect(page.locator('#item-problems')).not.toContainText('،');
    });

    test('a group cannot take more choices than its maximum', async ({ page, request }) => {
      const menu = await fetchMenu(request, language);
      const limited = itemWithLimitedGroup(menu);
      // The demo seed has one; a seed without one must fail here, not skip the check.
      expect(limited, 'the demo menu has a group with max > 1 and more options than that').toBeTruthy();
      if (!limited) return;

      await page.goto(itemPath(limited.item));
      const choices = choicesIn(groupNamed(page, limited.groupName));
      await expect(choices.first()).toBeVisible();
      const total = await choices.count();
      for (let i = 0; i < total; i++) {
        const choice = choices.nth(i);
        if (!(await choice.isDisabled())) await choice.click();
      }
      const checked = await choices.evaluateAll(
        (els) =>
          els.filter((el) => (el as HTMLInputElement).checked || el.getAttribute('aria-checked') === 'true').length,
      );
      expect(checked).toBe(limited.max);
    });

    test('a combo asks for a product in each slot, then adds; the cart survives a reload', async ({
      page,
      request,
    }) => {
      const menu = await fetchMenu(request, language);
      const combo = comboItem(menu);

      await page.goto(itemPath(combo));
      await expect(heading(page, combo.name)).toBeVisible();
      const add = page.getByTestId('add-to-cart');
      const before = await cartCount(page);

      // Either the add button is held back with the hint shown, or pressing it shows the message.
      if (await add.isEnabled()) await add.click();
      await expect(page.getByText(TEXT.comboIncomplete[language]).first()).toBeVisible();
      expect(await cartCount(page)).toBe(before);

      for (const slot of combo.combo?.slots ?? []) {
        const choices = choicesIn(groupNamed(page, slot.name));
        await choices.first().check();
      }
      await chooseRequiredModifiers(page, menu, combo.modifierGroupIds);
      await add.click();
      await expect.poll(() => cartCount(page)).toBe(before + 1);

      // Adding may return to the menu; whichever page we are on, the count survives a reload.
      await page.reload();
      await expect(page.getByTestId('cart-bar')).toBeVisible();
      await expect.poll(() => cartCount(page)).toBe(before + 1);

      // The cart belongs to this establishment: another brand's menu starts empty.
      await page.goto(`/menu/${QR.secondBrand}`);
      await expect(page.getByTestId('category-tabs')).toBeVisible();
      expect(await cartCount(page)).toBe(0);
    });

    test('deep links by id and by name open the item, also after a reload', async ({ page, request }) => {
      const item = itemWithRequiredGroup(await fetchMenu(request, language));

      await page.goto(itemPath(item));
      await expect(heading(page, item.name)).toBeVisible();
      await page.reload();
      await expect(heading(page, item.name)).toBeVisible();

      await page.goto(`/items/${QR.main}/${encodeURIComponent(item.slug)}`);
      await expect(heading(page, item.name)).toBeVisible();
    });
  });
}
