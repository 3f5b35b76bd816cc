import { randomUUID } from 'node:crypto';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import type { MenuResponse } from '../../packages/shared/src/schemas/menu.ts';
import { STAFF, signInDiner, TEXTS } from '../support/accounts.ts';
import { requiredChoices } from '../support/demo-menu.ts';
import { moveOrder } from '../support/ordering.ts';
import { picture, SHOTS } from '../support/screenshots.ts';
import { dismissPopup, fetchMenu, imagesSettled, LANGUAGES, QR, useLanguage } from '../support/sufra.ts';

/** The punch cards' words the journey looks for (locales/loyalty.{ar,en}.json). */
const PUNCH_TEXT = {
  stamps: { ar: (n: string) => `${n} من ٥ أختام`, en: (n: string) => `${n} of 5 punches` },
  digits: { ar: ['٠', '١', '٢', '٣', '٤', '٥'], en: ['0', '1', '2', '3', '4', '5'] },
  full: { ar: 'مختومة بالكامل', en: 'Fully punched' },
  useReward: { ar: 'استخدم مكافأتي', en: 'Use my reward' },
  reward: { ar: 'شاي كرك مجاني', en: 'Free Karak Tea' },
  history: { ar: 'سجل الأختام', en: 'Punches history' },
} as const;

const shotsDir = resolve(dirname(fileURLToPath(import.meta.url)), '../../docs/screenshots');

async function shoot(page: Page, name: string) {
  await page.waitForLoadState('networkidle');
  if (!SHOTS) return;
  await imagesSettled(page);
  await picture(page, { path: join(shotsDir, `${name}.png`), animations: 'disabled', caret: 'hide' });
}

/**
 * A cash pickup order of `quantity` of one hot drink (the demo programme's category: "Buy 5 hot drinks, the next
 * Karak is on us"), with its required choices, from the diner's own browser session.
 */
async function orderHotDrinks(request: APIRequestContext, menu: MenuResponse, quantity: number) {
  const hot = menu.categories.find((c) => c.name === 'Hot Drinks');
  const drink = menu.items.find((i) => i.categoryId === hot?.id && i.available && !i.combo);
  if (!drink) throw new Error('the demo menu has no hot drink');
  const response = await request.post(`/api/orders/${QR.main}/`, {
    headers: { 'Idempotency-Key': randomUUID() },
    data: {
      orderType: 2,
      paymentMethod: 'cash',
      lines: [
        {
          kind: 'product',
          itemId: drink.id,
          quantity,
          modifiers: requiredChoices(menu, drink).map((c) => c.optionId),
        },
      ],
    },
  });
  expect(response.status(), await response.text()).toBe(201);
  return (await response.json()) as { id: number };
}

async function complete(baseURL: string, id: number) {
  for (const to of ['sent_to_kitchen', 'ready', 'delivered'] as const) await moveOrder(baseURL, id, to);
}

for (const language of LANGUAGES) {
  test.describe(`punch cards (${language})`, () => {
    test.beforeEach(async ({ page }) => {
      if (language !== 'ar') await useLanguage(page, language);
    });

    test('hot drinks over two orders fill the card as stamps (RTL from the right): fully punched, its reward in My Rewards', async ({
      page,
      baseURL,
    }) => {
      test.setTimeout(120_000);
      await page.setViewportSize({ width: 390, height: 844 });
      await signInDiner(page, baseURL ?? '');
      const menu = await fetchMenu(page.request, 'en');
      const digits = PUNCH_TEXT.digits[language];

      await page.goto(`/qr/${QR.main}`);
      await dismissPopup(page);
      const card = page.getByTestId('punch-cards').getByTestId('punch-card').first();
      await expect(card.getByRole('img', { name: PUNCH_TEXT.stamps[language](digits[0] ?? '') })).toBeVisible();

      // Three drinks, handed over by the cashier: three stamps.
      await complete(baseURL ?? '', (await orderHotDrinks(page.request, menu, 3)).id);
      await page.reload();
      await expect(card.getByRole('img', { name: PUNCH_TEXT.stamps[language](digits[3] ?? '') })).toBeVisible();
      await expect(card).toHaveAttribute('data-status', 'partially_punched');
      // Stamps fill in reading order: from the right in Arabic, from the left in English.
      const stamps = card.locator('.punch-stamp');
      const first = await stamps.nth(0).boundingBox();
      const last = await stamps.nth(4).boundingBox();
      if (!first || !last) throw new Error('stamps not laid out');
      if (language === 'ar') expect(first.x).toBeGreaterThan(last.x);
      else expect(first.x).toBeLessThan(last.x);
      await expect(stamps.nth(0)).toHaveClass(/punch-stamp--filled/);
      await expect(stamps.nth(3)).not.toHaveClass(/punch-stamp--filled/);
      await card.scrollIntoViewIfNeeded();
      await shoot(page, `punch-card-landing-${language}`);

      // Two more: the card fills and issues its reward. It stays on the landing page, fully punched, with a way to
      // the reward; the next card starts empty.
      await complete(baseURL ?? '', (await orderHotDrinks(page.request, menu, 2)).id);
      await page.reload();
      const full = page.getByTestId('punch-cards').locator('[data-testid="punch-card"][data-status="fully_punched"]');
      await expect(full.getByTestId('punch-status')).toHaveText(PUNCH_TEXT.full[language]);
      await full.getByRole('link', { name: PUNCH_TEXT.useReward[language] }).click();
      await expect(page).toHaveURL(new RegExp(`/my-rewards/${QR.main}`));
      const mine = page.getByTestId('my-punch-cards');
      const done = mine.locator('[data-testid="punch-card"][data-status="fully_punched"]');
      // The page loads the points, the rewards and the cards at once; a busy machine can take a while.
      await expect(done).toBeVisible({ timeout: 30_000 });
      await expect(done.getByTestId('punch-status')).toHaveText(PUNCH_TEXT.full[language]);
      await expect(done.getByRole('img', { name: PUNCH_TEXT.stamps[language](digits[5] ?? '') })).toBeVisible();
      const reward = page.getByTestId('owned-reward').filter({ hasText: PUNCH_TEXT.reward[language] });
      await expect(reward).toBeVisible();
      // Punches History: the two orders.
      await done.getByRole('button', { name: PUNCH_TEXT.history[language] }).click();
      await expect(done.getByTestId('punch-history').getByRole('listitem')).toHaveCount(2);
      const text = (await mine.textContent()) ?? '';
      if (language === 'ar') expect(text).not.toMatch(/[0-9]/);
      else expect(text).not.toMatch(/[٠-٩]/);
      await shoot(page, `punch-card-my-rewards-${language}`);
    });

    test('a manager sees the programmes with their cards and edits one in /staff', async ({ page }) => {
      await page.setViewportSize({ width: 1024, height: 1366 });
      await page.goto('/staff/punch-cards');
      await page.locator('#staff-email').fill(STAFF.manager.email);
      await page.locator('#staff-password').fill(STAFF.manager.password);
      await page.getByRole('button', { name: TEXTS.signIn[language], exact: true }).click();
      const programme = page.getByTestId('punch-programme').first();
      await expect(programme).toBeVisible();
      await shoot(page, `staff-punch-programmes-${language}`);
      // Its Edit button (beside Duplicate and Archive).
      await programme.getByRole('button', { name: language === 'ar' ? /^تعديل / : /^Edit / }).click();
      const form = page.getByTestId('punch-programme-form');
      await expect(form.locator('#punch-count')).toHaveValue(PUNCH_TEXT.digits[language][5] ?? '');
      await shoot(page, `staff-punch-form-${language}`);
      // A bad count is refused with the server's words in the page's language, nothing saved.
      await form.locator('#punch-count').fill('1');
      await form.getByTestId('punch-save').click();
      await expect(form.getByTestId('punch-form-error')).toBeVisible();
      await form.locator('#punch-count').fill('5');
      await form.getByTestId('punch-save').click();
      await expect(form).toBeHidden();
      await expect(programme).toBeVisible();
    });
  });
}
