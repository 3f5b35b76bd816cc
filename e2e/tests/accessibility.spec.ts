import AxeBuilder from '@axe-core/playwright';
import { expect, type Page, test } from '@playwright/test';
import { fillRegistration, registerDiner, STAFF, TEXTS, uniqueMobile } from '../support/accounts.ts';
import { comboItem, demoCart, itemWithRequiredGroup } from '../support/demo-menu.ts';
import { dismissPopup, fetchMenu, itemPath, LANGUAGES, QR, saveCart, useLanguage } from '../support/sufra.ts';

type AxeResults = Awaited<ReturnType<AxeBuilder['analyze']>>;

/** One readable block per serious or critical violation: rule, impact, help, and the offending nodes. */
function formatViolations(violations: AxeResults['violations']): string {
  return violations
    .map((v) => {
      const nodes = v.nodes
        .slice(0, 5)
        .map((n) => `      - ${n.target.join(' ')}\n        ${n.failureSummary?.replace(/\n/g, '\n        ') ?? ''}`)
        .join('\n');
      const more = v.nodes.length > 5 ? `\n      … and ${v.nodes.length - 5} more` : '';
      return `  [${v.impact}] ${v.id}: ${v.help}\n    ${v.helpUrl}\n${nodes}${more}`;
    })
    .join('\n');
}

async function expectNoSeriousViolations(page: Page, label: string) {
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'])
    .analyze();
  const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(serious, `axe: serious/critical violations on ${label}:\n${formatViolations(serious)}`).toEqual([]);
}

for (const language of LANGUAGES) {
  test.describe(`accessibility (${language})`, () => {
    test.beforeEach(async ({ page }) => {
      if (language !== 'ar') await useLanguage(page, language);
    });

    test('landing page with the pop-up open and closed', async ({ page }) => {
      await page.goto(`/qr/${QR.main}`);
      await expect(page.getByTestId('popup')).toBeVisible();
      await expectNoSeriousViolations(page, `landing with pop-up (${language})`);
      await dismissPopup(page);
      await expect(page.getByTestId('slider')).toBeVisible();
      await expectNoSeriousViolations(page, `landing (${language})`);
    });

    test('menu page', async ({ page }) => {
      await page.goto(`/menu/${QR.main}`);
      await expect(page.getByTestId('item-card').first()).toBeVisible();
      await expectNoSeriousViolations(page, `menu (${language})`);
    });

    test('item and combo pages', async ({ page, request }) => {
      const menu = await fetchMenu(request, language);
      for (const item of [itemWithRequiredGroup(menu), comboItem(menu)]) {
        await page.goto(itemPath(item));
        await expect(page.getByRole('heading', { name: item.name, exact: true }).first()).toBeVisible();
        await expectNoSeriousViolations(page, `item ${item.slug} (${language})`);
      }
    });

    test('cart page with lines, with a line that cannot be ordered, and empty', async ({ page, request }) => {
      const menu = await fetchMenu(request, language);
      const cart = demoCart(menu);
      await saveCart(page, cart);
      await page.goto(`/cart/${QR.main}`);
      await expect(page.getByTestId('cart-total')).toBeVisible();
      await expectNoSeriousViolations(page, `cart (${language})`);

      const gone = { ...cart.products[0], itemId: 2_000_000_000 };
      await saveCart(page, { ...cart, products: [...cart.products, gone] });
      await page.goto(`/cart/${QR.main}`);
      await expect(page.getByTestId('line-problem')).toBeVisible();
      await expectNoSeriousViolations(page, `cart with a stale line (${language})`);

      await saveCart(page, { products: [], combos: [] });
      await page.goto(`/cart/${QR.main}`);
      await expect(page.getByTestId('cart-empty')).toBeVisible();
      await expectNoSeriousViolations(page, `empty cart (${language})`);
    });

    test('registration form and code step', async ({ page }) => {
      await page.goto(`/register/${QR.main}`);
      await expect(page.getByTestId('account-form')).toBeVisible();
      // With the field errors shown (aria-invalid, aria-describedby).
      await page.getByRole('button', { name: TEXTS.sendCode[language] }).click();
      await expect(page.getByTestId('fullName-error')).toBeVisible();
      await expectNoSeriousViolations(page, `registration (${language})`);
      await fillRegistration(page, language, { name: 'Axe Test', phone: uniqueMobile() });
      await expect(page.locator('#otp-code')).toBeVisible();
      await expectNoSeriousViolations(page, `code step (${language})`);
    });

    test('edit profile and the address form', async ({ page, baseURL }) => {
      await registerDiner(page, baseURL ?? '', language);
      await page.goto(`/edit-profile/${QR.main}`);
      await expect(page.getByTestId('address-book').getByTestId('no-addresses')).toBeVisible();
      await expectNoSeriousViolations(page, `edit profile (${language})`);
      await page.getByRole('button', { name: TEXTS.addAddress[language] }).click();
      await expect(page.getByTestId('address-map')).toBeVisible();
      await expectNoSeriousViolations(page, `address form (${language})`);
    });

    test('staff sign-in and the manager shell', async ({ page }) => {
      await page.goto('/staff');
      await expect(page.getByTestId('staff-sign-in')).toBeVisible();
      await expectNoSeriousViolations(page, `staff sign-in (${language})`);
      await page.locator('#staff-email').fill(STAFF.manager.email);
      await page.locator('#staff-password').fill(STAFF.manager.password);
      await page.getByRole('button', { name: TEXTS.signIn[language], exact: true }).click();
      await expect(page.getByTestId('staff-branch').first()).toBeVisible();
      await expect(page.getByTestId('sms-outbox')).toBeVisible();
      await expectNoSeriousViolations(page, `staff shell (${language})`);
    });

    test('error, deactivated, not-found and invalid-invitation pages', async ({ page }) => {
      const pages: [string, string][] = [
        ['error (invalid QR)', '/qr/not-a-uuid'],
        ['deactivated', `/qr/${QR.deactivatedBrand}`],
        ['not found', '/this-route/does-not-exist'],
        ['invalid invitation', '/reference/ZZZZ2222'],
      ];
      for (const [label, path] of pages) {
        await page.goto(path);
        await page.waitForLoadState('networkidle');
        await expect(page.locator('main, [role=main], h1').first()).toBeVisible();
        await expectNoSeriousViolations(page, `${label} (${language})`);
      }
    });
  });
}
