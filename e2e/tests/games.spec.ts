import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, type Page, test } from '@playwright/test';
import { fillRegistration, readCode, signInDiner, uniqueMobile } from '../support/accounts.ts';
import { expectNoSeriousViolations } from '../support/axe.ts';
import { picture, SHOTS } from '../support/screenshots.ts';
import { dismissPopup, imagesSettled, LANGUAGES, numberIn, QR, useLanguage } from '../support/sufra.ts';

/** The games' words the journey looks for (locales/games.{ar,en}.json). */
const TEXT = {
  spin: { ar: 'دوّر', en: 'Spin' },
  won: { ar: /ربحت: (.+)\. تجدها في مكافآتي\./, en: /You won: (.+)\. It's in My Rewards\./ },
  toRewards: { ar: 'مكافآتي', en: 'My rewards' },
  alreadyRegistered: { ar: 'أنت مسجّل بالفعل', en: 'You are already registered' },
  newOnly: {
    ar: 'عذرًا، لقد شاركت من قبل، المشاركة للمشاركين الجدد فقط',
    en: 'Sorry, already participated, for new participants only',
  },
  chances: { ar: 'فرص الفوز', en: 'Chances' },
  toWheel: { ar: 'دوّر العجلة', en: 'Spin the wheel' },
  wheelName: { ar: 'عجلة سُفرة', en: 'The Sufra wheel' },
} as const;

/** The odds table's "left" column added up (a segment without stock, "—", counts 0). */
async function stockLeft(page: Page): Promise<number> {
  const cells = page.getByRole('table').locator('tbody tr td:nth-child(3)');
  let total = 0;
  for (const cell of await cells.all()) total += await numberIn(cell);
  return total;
}

const shotsDir = resolve(dirname(fileURLToPath(import.meta.url)), '../../docs/screenshots');

async function shoot(page: Page, name: string) {
  await page.waitForLoadState('networkidle');
  if (!SHOTS) return;
  await imagesSettled(page);
  await picture(page, { path: join(shotsDir, `${name}.png`), animations: 'disabled', caret: 'hide' });
}

for (const language of LANGUAGES) {
  test.describe(`register and win (${language})`, () => {
    test('a new diner registers, spins once, finds the prize in My Rewards; a second visit says registered', async ({
      page,
      baseURL,
    }) => {
      // Registration, a spin whose wheel turns for four seconds, My Rewards and a reload: more than the default minute on
      // a loaded machine.
      test.setTimeout(120_000);
      // Arabic turns the wheel (the result waits for the turn's end); English keeps the journeys' reduced motion (no
      // turn).
      if (language === 'ar') await page.emulateMedia({ reducedMotion: 'no-preference' });
      await useLanguage(page, language);
      await page.goto(`/register-and-win/${QR.main}`);
      // Not signed in: the registration form first, then back here.
      await expect(page).toHaveURL(/\/register\//);
      const diner = { name: `Winner ${Math.random().toString(36).slice(2, 7)}`, phone: uniqueMobile() };
      await fillRegistration(page, language, diner);
      const { code } = await readCode(baseURL ?? '', diner.phone.e164);
      await page.locator('#otp-code').fill(code);
      await expect(page).toHaveURL(new RegExp(`/register-and-win/${QR.main}$`));

      // The odds are published beside the wheel, adding up to 100 %.
      await expect(page.getByRole('table')).toBeVisible();
      await expect(page.getByRole('heading', { name: TEXT.chances[language] })).toBeVisible();
      const spin = page.getByRole('button', { name: TEXT.spin[language], exact: true });
      await expect(spin).toBeEnabled();
      await shoot(page, `register-and-win-${language}`);
      await expectNoSeriousViolations(page, 'register and win');
      const before = await stockLeft(page);
      expect(before).toBeGreaterThan(0);
      await spin.click();
      const result = page.getByTestId('spin-result');
      await expect(result).toContainText(TEXT.won[language], { timeout: 15_000 });
      // Every segment here is a prize with stock: once the wheel has stopped, the table shows the stock it took.
      await expect(async () => expect(await stockLeft(page)).toBeLessThan(before)).toPass({ timeout: 10_000 });
      const prize = ((await result.textContent()) ?? '').match(TEXT.won[language])?.[1] ?? '';
      expect(prize).not.toBe('');
      await shoot(page, `register-and-win-won-${language}`);

      await result.getByRole('link', { name: TEXT.toRewards[language] }).click();
      await expect(page).toHaveURL(new RegExp(`/my-rewards/${QR.main}`));
      await expect(page.getByTestId('my-rewards-page').getByText(prize).first()).toBeVisible();

      // One spin only: back on the page (a reload of its deep link), it says so, with the ways on.
      await page.goto(`/register-and-win/${QR.main}`);
      await expect(page.getByTestId('already-registered')).toContainText(TEXT.alreadyRegistered[language]);
      await expect(page.getByTestId('already-registered')).toContainText(TEXT.newOnly[language]);
      await expect(page.getByRole('button', { name: TEXT.spin[language], exact: true })).toHaveCount(0);
    });
  });
}

for (const language of LANGUAGES) {
  test.describe(`the wheel from the landing page (${language})`, () => {
    test('the landing page leads to the wheel when the brand has one; the wheel page shows the stock left after a spin', async ({
      page,
      baseURL,
    }) => {
      test.setTimeout(120_000);
      await page.setViewportSize({ width: 390, height: 844 });
      // No turn to wait for (the journeys ask for reduced motion): the result shows at once.
      await useLanguage(page, language);
      // A brand without a wheel game: no way to one.
      await page.goto(`/qr/${QR.secondBrand}`);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await page.waitForLoadState('networkidle');
      await expect(page.getByRole('link', { name: TEXT.toWheel[language] })).toHaveCount(0);

      await signInDiner(page, baseURL ?? '');
      await page.goto(`/qr/${QR.main}`);
      await dismissPopup(page);
      const way = page.getByTestId('landing-wheel');
      await expect(way.getByRole('heading', { name: TEXT.wheelName[language] })).toBeVisible();
      await way.scrollIntoViewIfNeeded();
      await shoot(page, `landing-wheel-${language}`);
      await way.getByRole('link', { name: TEXT.toWheel[language] }).click();
      await expect(page).toHaveURL(new RegExp(`/wheel/${QR.main}$`));

      const spin = page.getByRole('button', { name: TEXT.spin[language], exact: true });
      await expect(spin).toBeEnabled();
      await spin.click();
      await expect(page.getByTestId('spin-result')).not.toBeEmpty();
      // The result and, under it, the chances with the stock left after this spin.
      await page.getByRole('table').scrollIntoViewIfNeeded();
      await shoot(page, `wheel-after-spin-${language}`);
    });
  });
}
