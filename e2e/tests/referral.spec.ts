import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, type Page, test } from '@playwright/test';
import { fillRegistration, readCode, signInDiner, uniqueMobile } from '../support/accounts.ts';
import { expectNoSeriousViolations } from '../support/axe.ts';
import { placeOrder } from '../support/diner-api.ts';
import { moveOrder } from '../support/ordering.ts';
import { picture, SHOTS } from '../support/screenshots.ts';
import { dismissPopup, imagesSettled, LANGUAGES, QR, useLanguage } from '../support/sufra.ts';

/** The referral's words the journey looks for (locales/referral.*.json, the spec's messages). */
const TEXT = {
  invite: { ar: 'ادعُ أصدقاءك واربح نقاطًا', en: 'Invite friends, earn points' },
  inviteButton: { ar: 'دعوة', en: 'Invite' },
  friendPhone: { ar: 'جوال صديقك', en: "Friend's mobile" },
  leadExists: { ar: 'هذا الصديق مدعو من قبل، جرّب صديقًا آخر', en: 'lead already exist, please try another friend' },
  register: { ar: 'سجّل بهذا الرمز', en: 'Register with this code' },
  status: {
    pending: { ar: 'قيد الانتظار', en: 'Pending' },
    joined: { ar: 'انضم', en: 'Joined' },
    active: { ar: 'نشط', en: 'Active' },
    converted: { ar: 'تحوّل', en: 'Converted' },
  },
  referralCode: { ar: 'رمز الإحالة', en: 'Referral code' },
  invalid: { ar: 'رمز الإحالة غير صالح', en: 'Invalid referral code' },
  withoutCode: { ar: 'التسجيل دون رمز', en: 'Register without a code' },
  registerButton: { ar: 'تسجيل', en: 'Register' },
} as const;

const shotsDir = resolve(dirname(fileURLToPath(import.meta.url)), '../../docs/screenshots');

async function shoot(page: Page, name: string, fullPage = false) {
  await page.waitForLoadState('networkidle');
  if (!SHOTS) return;
  await imagesSettled(page);
  await picture(page, { path: join(shotsDir, `${name}.png`), animations: 'disabled', caret: 'hide', fullPage });
}

for (const language of LANGUAGES) {
  test.describe(`referral (${language})`, () => {
    test('a diner invites by phone and by link; the friend registers with the code, orders, and both are rewarded', async ({
      page,
      browser,
      baseURL,
    }) => {
      // Two registrations, an order moved through the board, and reloads of the referrer's page.
      test.setTimeout(120_000);
      const base = baseURL ?? '';
      await useLanguage(page, language);
      await signInDiner(page, base);

      // From the landing page's loyalty card to the referral page.
      await page.goto(`/qr/${QR.main}`);
      await dismissPopup(page);
      await page.getByRole('link', { name: TEXT.invite[language] }).click();
      await expect(page).toHaveURL(new RegExp(`/referral/${QR.main}$`));
      const code = ((await page.getByTestId('referral-code').textContent()) ?? '').trim();
      expect(code).toMatch(/^[A-Z2-9]{8}$/);
      await expect(page.getByTestId('referral-link')).toHaveText(`${base}/reference/${code}`);
      await expect(page.getByTestId('no-leads')).toBeVisible();

      // A friend by phone: Pending; the same friend again: the spec's message under the field.
      const invited = uniqueMobile();
      const phone = page.getByLabel(TEXT.friendPhone[language], { exact: true });
      await phone.fill(invited.national);
      await page.getByRole('button', { name: TEXT.inviteButton[language], exact: true }).click();
      await expect(page.getByTestId('lead').first()).toContainText(TEXT.status.pending[language]);
      await phone.fill(invited.national);
      await page.getByRole('button', { name: TEXT.inviteButton[language], exact: true }).click();
      await expect(page.getByTestId('friend-phone-error')).toHaveText(TEXT.leadExists[language]);

      // The friend opens the link in their own browser: the invitation, then registration with the code filled in.
      const friendContext = await browser.newContext({ baseURL: base, locale: language === 'ar' ? 'ar-SA' : 'en-US' });
      const friendPage = await friendContext.newPage();
      await useLanguage(friendPage, language);
      await friendPage.goto(`/reference/${code.toLowerCase()}`);
      await expect(friendPage.getByTestId('reference-code')).toHaveText(code);
      await shoot(friendPage, `reference-${language}`);
      await friendPage.getByRole('button', { name: TEXT.register[language] }).click();
      await expect(friendPage).toHaveURL(new RegExp(`/register/${QR.main}`));
      await expect(friendPage.getByLabel(TEXT.referralCode[language], { exact: true })).toHaveValue(code);
      const friend = { name: `Friend ${Math.random().toString(36).slice(2, 7)}`, phone: uniqueMobile() };
      await fillRegistration(friendPage, language, friend);
      await friendPage.locator('#otp-code').fill((await readCode(base, friend.phone.e164)).code);
      await expect(friendPage).toHaveURL(new RegExp(`/menu/${QR.main}$`));

      await page.reload();
      const firstName = friend.name.split(' ')[0] ?? friend.name;
      const joined = page.getByTestId('lead').filter({ has: page.getByText(firstName, { exact: true }) });
      await expect(joined).toContainText(TEXT.status.joined[language]);

      // The friend's first order: Active when the kitchen takes it, Converted when handed over; both get points.
      const order = await placeOrder({ request: friendPage.request, name: friend.name, phone: friend.phone });
      await moveOrder(base, order.id, 'sent_to_kitchen');
      await page.reload();
      await expect(joined).toContainText(TEXT.status.active[language]);
      const before = (await (await page.request.get(`/api/customers/${QR.main}/me/`)).json()).walletPoints as number;
      await moveOrder(base, order.id, 'ready');
      await moveOrder(base, order.id, 'delivered');
      await page.reload();
      await expect(joined).toContainText(TEXT.status.converted[language]);
      const after = (await (await page.request.get(`/api/customers/${QR.main}/me/`)).json()).walletPoints as number;
      expect(after - before).toBe(200);
      await shoot(page, `referral-${language}`, true);
      await expectNoSeriousViolations(page, 'referral page');
      await friendContext.close();
    });

    test('a code nobody has says so; a remembered code that is refused at registration can be fixed or removed', async ({
      page,
      baseURL,
    }) => {
      await useLanguage(page, language);
      await page.goto('/reference/ZZZZ2222');
      await expect(page.getByRole('heading', { name: TEXT.invalid[language] })).toBeVisible();
      await expectNoSeriousViolations(page, 'reference page, invalid code');

      // A code remembered for this brand that no longer works: the server refuses it after the verification code,
      // the form comes back with the message under the field, and the diner registers without it.
      const qr = await page.request.get(`/api/restaurant/qr/${QR.main}/data/`);
      const brandId = ((await qr.json()) as { brand: { id: number } }).brand.id;
      await page.goto(`/register/${QR.main}`);
      await page.evaluate((branch) => {
        localStorage.setItem('sufra.referralCode', JSON.stringify({ value: 'ZZZZ2222', branch }));
      }, brandId);
      await page.reload();
      const field = page.getByLabel(TEXT.referralCode[language], { exact: true });
      await expect(field).toHaveValue('ZZZZ2222');
      const friend = { name: `Friend ${Math.random().toString(36).slice(2, 7)}`, phone: uniqueMobile() };
      await fillRegistration(page, language, friend);
      await page.locator('#otp-code').fill((await readCode(baseURL ?? '', friend.phone.e164)).code);
      await expect(page.getByTestId('referralCode-error')).toHaveText(TEXT.invalid[language]);
      await page.getByRole('button', { name: TEXT.withoutCode[language] }).click();
      await expect(field).toHaveCount(0);
      await page.getByRole('button', { name: TEXT.registerButton[language], exact: true }).click();
      await expect(page).toHaveURL(new RegExp(`/menu/${QR.main}$`));
    });
  });
}
