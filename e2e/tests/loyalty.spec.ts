import { expect, type Locator, type Page, test } from '@playwright/test';
import type { Language } from '../../packages/shared/src/language.ts';
import type { Customer } from '../../packages/shared/src/schemas/customer.ts';
import type { ShopResponse } from '../../packages/shared/src/schemas/loyalty.ts';
import type { StaffUser } from '../../packages/shared/src/schemas/staff.ts';
import { signInDiner } from '../support/accounts.ts';
import { expectNoSeriousViolations } from '../support/axe.ts';
import { placeOrder } from '../support/diner-api.ts';
import { moveOrder } from '../support/ordering.ts';
import { shoot } from '../support/screenshots.ts';
import { staffApi } from '../support/staff-api.ts';
import { asciiDigits, dismissPopup, errorText, LANGUAGES, QR, useLanguage } from '../support/sufra.ts';

/** The loyalty pages' words the journeys look for (locales/loyalty.{ar,en}.json). */
const LOYALTY_TEXT = {
  signInToEarn: { ar: 'سجّل الدخول لجمع النقاط', en: 'Sign in to collect points' },
  signInToBuy: { ar: 'سجّل الدخول للشراء', en: 'Sign in to buy' },
  myRewards: { ar: 'مكافآتي', en: 'My rewards' },
  buy: { ar: 'شراء', en: 'Buy' },
  confirmBuy: { ar: 'اشترِ الآن', en: 'Buy now' },
  showQr: { ar: 'عرض رمز QR', en: 'Show QR code' },
  orderCompleted: { ar: 'اكتمل الطلب', en: 'Order completed' },
  rewardBought: { ar: 'شراء مكافأة', en: 'Bought a reward' },
  available: { ar: /متاحة|سارية|تنتهي قريبًا/, en: /Available|Alive|Expiring/ },
  viewOrder: { ar: 'عرض الطلب', en: 'See the order' },
  rulesTitle: { ar: 'قواعد الولاء', en: 'Loyalty rules' },
  soldOut: { ar: 'نفدت الكمية', en: 'Sold out' },
} as const;

/** The first number in an element, read past its grouping separators ("5,550", "٥٬٥٥٠"). */
async function pointsIn(locator: Locator): Promise<number> {
  const text = asciiDigits((await locator.textContent()) ?? '').replace(/(\d)[,٬\u066C](?=\d{3})/g, '$1');
  return Number(text.match(/\d+/)?.[0] ?? 0);
}

/** The signed-in diner's customer id, as staff tools know them. */
async function customerId(page: Page): Promise<number> {
  const me = await page.request.get(`/api/customers/${QR.main}/me/`);
  expect(me.ok(), `GET customers/me → ${me.status()}`).toBeTruthy();
  return ((await me.json()) as Customer).id;
}

/** A manager's adjustment through the staff API, with the words the diner will read in their history. */
async function creditPoints(page: Page, baseURL: string, points: number, reason: string) {
  const id = await customerId(page);
  const manager = await staffApi(baseURL, 'manager');
  const adjusted = await manager.post(`/api/staff/customers/${id}/points/`, { data: { points, reason } });
  expect(adjusted.ok(), `POST points → ${adjusted.status()} ${await adjusted.text()}`).toBeTruthy();
}

/** A manager grants the prize shop's won-or-granted-only prize (the demo's Mystery Gift); answers its name. */
async function grantPrize(page: Page, baseURL: string, language: Language): Promise<string> {
  const shop = await page.request.get(`/api/loyalty/${QR.main}/shop/?shop=prize`);
  const { rewards } = (await shop.json()) as ShopResponse;
  const prize = rewards.find((r) => r.pointsCost === null);
  if (!prize) throw new Error('the demo prize shop has no won-or-granted-only prize');
  const id = await customerId(page);
  const manager = await staffApi(baseURL, 'manager');
  const granted = await manager.post(`/api/staff/customers/${id}/rewards/`, { data: { rewardId: prize.id } });
  expect(granted.ok(), `POST rewards → ${granted.status()} ${await granted.text()}`).toBeTruthy();
  return prize.name[language];
}

/** Only ever one digit system on a page: Arabic-Indic in Arabic, ASCII in English. */
async function expectDigitsOf(page: Page, testId: string, language: Language) {
  const text = (await page.getByTestId(testId).first().textContent()) ?? '';
  if (language === 'ar') expect(text).not.toMatch(/[0-9]/);
  else expect(text).not.toMatch(/[٠-٩]/);
}

for (const language of LANGUAGES) {
  test.describe(`loyalty (${language})`, () => {
    test.beforeEach(async ({ page }) => {
      if (language !== 'ar') await useLanguage(page, language);
    });

    test('points grow on the landing card when staff complete the order; a reward bought in the shop shows in My Rewards with its QR and code', async ({
      page,
      baseURL,
    }) => {
      test.setTimeout(120_000);
      const diner = await signInDiner(page, baseURL ?? '');

      await page.goto(`/qr/${QR.main}`);
      await dismissPopup(page);
      const card = page.getByTestId('loyalty-card');
      await expect(card.getByTestId('wallet-points')).toBeVisible();
      expect(await pointsIn(card.getByTestId('wallet-points'))).toBe(0);

      // The diner orders; the cashier moves the order through to delivered, which earns the points.
      const order = await placeOrder({ request: page.request, name: diner.name, phone: diner.phone });
      for (const to of ['sent_to_kitchen', 'ready', 'delivered'] as const) await moveOrder(baseURL ?? '', order.id, to);

      await page.reload();
      await expect(async () => {
        expect(await pointsIn(page.getByTestId('wallet-points'))).toBeGreaterThan(0);
      }).toPass({ timeout: 15_000 });
      const earned = await pointsIn(page.getByTestId('wallet-points'));
      expect(await pointsIn(page.getByTestId('lifetime-points'))).toBe(earned);
      await expectDigitsOf(page, 'loyalty-card', language);
      await page.getByTestId('loyalty-card').scrollIntoViewIfNeeded();
      await shoot(page, `loyalty-card-${language}`);

      // Enough for anything in the shop, with the manager's words for the history.
      const reason = language === 'ar' ? 'هدية ترحيب' : 'Welcome gift';
      await creditPoints(page, baseURL ?? '', 5_000, reason);

      await page.getByRole('link', { name: LOYALTY_TEXT.myRewards[language] }).first().click();
      await expect(page).toHaveURL(new RegExp(`/my-rewards/${QR.main}$`));
      await expect(page.getByTestId('wallet-points')).toBeVisible();
      expect(await pointsIn(page.getByTestId('wallet-points'))).toBe(earned + 5_000);
      await expect(page.getByTestId('no-rewards')).toBeVisible();

      // The points shop: a confirm dialog, the points taken and the new wallet shown.
      await page.getByTestId('loyalty-nav-pointsShop').click();
      await expect(page).toHaveURL(new RegExp(`/points-shop/${QR.main}$`));
      const reward = page
        .getByTestId('shop-reward')
        .filter({ has: page.locator('[data-testid="buy-reward"]:not([disabled])') })
        .first();
      await expect(reward).toBeVisible();
      const rewardName = (await reward.getByRole('heading').textContent()) ?? '';
      const cost = await pointsIn(reward.getByTestId('reward-cost'));
      const before = await pointsIn(page.getByTestId('shop-wallet'));
      await expectNoSeriousViolations(page, 'points shop');
      await shoot(page, `points-shop-${language}`);
      await reward.getByTestId('buy-reward').click();
      const dialog = page.getByRole('dialog');
      await expect(dialog).toBeVisible();
      await shoot(page, `points-shop-confirm-${language}`);
      await dialog.getByRole('button', { name: LOYALTY_TEXT.confirmBuy[language] }).click();
      await expect(dialog).toBeHidden();
      await expect(async () => {
        expect(await pointsIn(page.getByTestId('shop-wallet'))).toBe(before - cost);
      }).toPass({ timeout: 10_000 });

      // My Rewards: the reward, its status, its code as XXXX-XXXX and a QR that the cashier's scanner accepts.
      await page.getByTestId('loyalty-nav-rewards').click();
      const owned = page.getByTestId('owned-reward').filter({ hasText: rewardName });
      await expect(owned).toBeVisible();
      await expect(owned.getByTestId('owned-status')).toHaveText(LOYALTY_TEXT.available[language]);
      const code = (await owned.getByTestId('owned-code').textContent()) ?? '';
      expect(code).toMatch(/^[0-9A-Z]{4}-[0-9A-Z]{4}$/);
      await owned.getByRole('button', { name: LOYALTY_TEXT.showQr[language] }).click();
      const qr = owned.getByTestId('reward-qr');
      await expect(qr.getByRole('img')).toBeVisible();
      await expectNoSeriousViolations(page, 'my rewards with a QR code');
      await owned.scrollIntoViewIfNeeded();
      await shoot(page, `my-rewards-${language}`);
      const token = (await qr.getAttribute('data-token')) ?? '';
      const cashier = await staffApi(baseURL ?? '', 'cashier');
      const staffMe = (await (await cashier.get('/api/staff/me/')).json()) as StaffUser;
      const branchId = staffMe.branches[0]?.id ?? 0;
      const lookup = await cashier.post('/api/staff/redemptions/lookup/', { data: { qr: token, branchId } });
      expect(lookup.ok(), `lookup → ${lookup.status()} ${await lookup.text()}`).toBeTruthy();
      expect(((await lookup.json()) as { owned: { code: string } }).owned.code).toBe(code);

      // A deep link that survives a reload: the points history with the order, the purchase and the manager's words.
      await page.goto(`/my-rewards/${QR.main}?view=history`);
      const history = page.getByTestId('points-history');
      await expect(history).toBeVisible();
      await expect(history.getByText(LOYALTY_TEXT.orderCompleted[language])).toBeVisible();
      await expect(history.getByText(LOYALTY_TEXT.rewardBought[language])).toBeVisible();
      await expect(history.getByText(reason)).toBeVisible();
      await expect(history.getByRole('link', { name: LOYALTY_TEXT.viewOrder[language] })).toHaveAttribute(
        'href',
        `/confirm-order/${QR.main}?order=${order.id}`,
      );
      await expectDigitsOf(page, 'points-history', language);
      await shoot(page, `points-history-${language}`);

      // The profile carries the same card, linking to My Rewards.
      await page.goto(`/edit-profile/${QR.main}`);
      const profileCard = page.getByTestId('loyalty-card');
      await expect(profileCard.getByTestId('wallet-points')).toBeVisible();
      expect(await pointsIn(profileCard.getByTestId('wallet-points'))).toBe(before - cost);
      await profileCard.getByRole('link', { name: LOYALTY_TEXT.myRewards[language] }).click();
      await expect(page).toHaveURL(new RegExp(`/my-rewards/${QR.main}$`));

      await page.getByTestId('loyalty-nav-levels').click();
      await expect(page.getByRole('heading', { name: LOYALTY_TEXT.rulesTitle[language] })).toBeVisible();
      await expect(page.getByTestId('level')).not.toHaveCount(0);
      await shoot(page, `loyalty-levels-${language}`);
    });

    test('a reward whose stock is all sold says so in the shop, its buy button disabled with the reason', async ({
      page,
      baseURL,
    }) => {
      // The owner adds a points-shop reward with no copies to sell (last on the shelf); it is retired afterwards.
      const owner = await staffApi(baseURL ?? '', 'owner');
      const names = { ar: `مكافأة نفدت ${language}`, en: `Sold-out perk ${language}` };
      const created = await owner.post('/api/staff/manage/rewards/', {
        data: {
          shop: 'points',
          kind: 'gift',
          nameAr: names.ar,
          nameEn: names.en,
          descriptionAr: '',
          descriptionEn: '',
          image: null,
          pointsCost: 50,
          itemId: null,
          percentBasisPoints: null,
          maxDiscountHalalas: null,
          amountHalalas: null,
          validDays: null,
          branchIds: null,
          stock: 0,
          activeFrom: null,
          activeUntil: null,
          position: 9999,
        },
      });
      expect(created.ok(), `POST reward → ${created.status()} ${await created.text()}`).toBeTruthy();
      const reward = (await created.json()) as { id: number; version: number };
      try {
        await signInDiner(page, baseURL ?? '');
        await creditPoints(page, baseURL ?? '', 100, language === 'ar' ? 'تجربة' : 'A try');
        await page.goto(`/points-shop/${QR.main}`);
        const card = page.getByTestId('shop-reward').filter({ hasText: names[language] });
        await expect(card.getByTestId('reward-sold-out')).toHaveText(LOYALTY_TEXT.soldOut[language]);
        const button = card.getByTestId('buy-reward');
        await expect(button).toBeDisabled();
        await expect(button).toHaveText(LOYALTY_TEXT.soldOut[language]);
        // Enough points all the same: the reason is the stock, and the server refuses it in the diner's language.
        await expect(page.getByTestId('shop-wallet')).toBeVisible();
        const refused = await page.request.post(`/api/loyalty/${QR.main}/shop/${reward.id}/buy/?shop=points`, {
          headers: { 'accept-language': language },
        });
        expect(refused.status()).toBe(409);
        expect(((await refused.json()) as { error: { message: string } }).error.message).toBe(
          errorText('reward_out_of_stock', language),
        );
        await card.scrollIntoViewIfNeeded();
        await expectNoSeriousViolations(page, 'points shop with a sold-out reward');
        await shoot(page, `points-shop-sold-out-${language}`);
      } finally {
        await owner.post(`/api/staff/manage/rewards/${reward.id}/retire/`, { data: { version: reward.version } });
      }
    });

    test('a signed-out diner sees how points are earned and is asked to sign in to buy, coming back to the shop', async ({
      page,
    }) => {
      await page.goto(`/qr/${QR.main}`);
      await dismissPopup(page);
      const card = page.getByTestId('loyalty-card');
      await expect(card.getByTestId('how-to-earn')).toBeVisible();
      await expect(card.getByRole('link', { name: LOYALTY_TEXT.signInToEarn[language] })).toBeVisible();

      await page.goto(`/points-shop/${QR.main}`);
      await expect(page.getByTestId('shop-reward').first()).toBeVisible();
      await expect(page.getByTestId('buy-reward')).toHaveCount(0);
      await page.getByRole('link', { name: LOYALTY_TEXT.signInToBuy[language] }).click();
      await expect(page).toHaveURL(new RegExp(`/register/${QR.main}\\?mode=signin&next=%2Fpoints-shop%2F${QR.main}`));

      // A brand switched off: its loyalty pages land on /deactivated like every other page.
      await page.goto(`/points-shop/${QR.deactivatedBrand}`);
      await expect(page).toHaveURL(new RegExp(`/deactivated/${QR.deactivatedBrand}(\\?service=\\w+)?$`));

      // My Rewards is for signed-in diners: sign-in first, then back to it.
      await page.goto(`/my-rewards/${QR.main}`);
      await expect(page).toHaveURL(/\/register\/.*next=%2Fmy-rewards%2F/);
    });

    test('a brand without a points programme shows no loyalty card, and its shop says why', async ({ page }) => {
      const programme = page.waitForResponse((r) => r.url().includes(`/api/loyalty/${QR.secondBrand}/programme/`));
      await page.goto(`/qr/${QR.secondBrand}`);
      expect((await programme).status()).toBe(404);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await expect(page.getByTestId('loyalty-card')).toHaveCount(0);

      await page.goto(`/points-shop/${QR.secondBrand}`);
      await expect(page.getByTestId('no-programme')).toContainText(errorText('loyalty_not_set_up', language));
      await expect(page.getByTestId('shop-sign-in')).toHaveCount(0);
    });

    test('a prize granted by the restaurant is claimable on My prizes, with its code and QR', async ({
      page,
      baseURL,
    }) => {
      await signInDiner(page, baseURL ?? '');
      const name = await grantPrize(page, baseURL ?? '', language);
      await page.goto(`/prize/${QR.main}`);
      const claimable = page.getByTestId('claimable-prizes').getByTestId('owned-reward').filter({ hasText: name });
      await expect(claimable).toBeVisible();
      await expect(claimable.getByTestId('owned-code')).toHaveText(/^[0-9A-Z]{4}-[0-9A-Z]{4}$/);
      await shoot(page, `prizes-${language}`);
      await claimable.getByTestId('toggle-qr').click();
      await expect(claimable.getByTestId('reward-qr').getByRole('img')).toBeVisible();
      await expect(page.getByTestId('no-prize-history')).toBeVisible();

      // The prize shop lists what can be won or bought with points.
      await page.goto(`/prize-shop/${QR.main}`);
      await expect(page.getByTestId('shop-reward').first()).toBeVisible();
      await shoot(page, `prize-shop-${language}`);
    });
  });
}
