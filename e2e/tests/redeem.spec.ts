import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { type Browser, expect, type Page, test } from '@playwright/test';
import { signRewardQr } from '../../apps/api/src/modules/loyalty/reward-qr.service.ts';
import type { Language } from '../../packages/shared/src/language.ts';
import { STAFF, TEXTS } from '../support/accounts.ts';
import { E2E_AUTH_SECRET } from '../support/auth-secret.ts';
import { expectNoSeriousViolations } from '../support/axe.ts';
import { BRANCHES } from '../support/ordering.ts';
import { buyReward, dinerWithPoints, ownedReward, qrPicture, rewardQrToken } from '../support/rewards.ts';
import { picture, SHOTS } from '../support/screenshots.ts';
import { staffApi } from '../support/staff-api.ts';
import { errorText, expectDocumentLanguage, imagesSettled, LANGUAGES, switchLanguage } from '../support/sufra.ts';

/**
 * Issue 15: the cashier's redemption in the staff app (`/staff/redeem`) on a counter tablet. A diner's reward,
 * bought through the real API, is presented by its typed code with the diner's phone, or by a photo of its QR code
 * (headless Chromium has no camera: the photo path runs the same decoder the camera's frames go through); redeemed
 * once; then refused with the catalogue's messages (already claimed, a QR that has run out).
 */
const shotsDir = resolve(dirname(fileURLToPath(import.meta.url)), '../../docs/screenshots');
const TABLET = { width: 1024, height: 768 } as const;
const TABLET_PORTRAIT = { width: 768, height: 1024 } as const;

const TEXT = {
  check: { ar: 'تحقق من المكافأة', en: 'Check the reward' },
  redeem: { ar: 'استبدال', en: 'Redeem' },
  redeemed: { ar: 'تم الاستبدال', en: 'Redeemed' },
  next: { ar: 'العميل التالي', en: 'Next customer' },
  canRedeem: { ar: 'يمكن استبدالها هنا الآن', en: 'Can be redeemed here now' },
  code: { ar: 'رمز المكافأة', en: 'Reward code' },
  phone: { ar: 'رقم جوال العميل', en: "Customer's mobile number" },
  photo: { ar: 'اقرأ صورة الرمز', en: 'Read a photo of the code' },
  camera: { ar: 'امسح بالكاميرا', en: 'Scan with the camera' },
  noQr: { ar: 'لم يُعثر على رمز QR في هذه الصورة', en: 'No QR code was found in this photo' },
  available: { ar: 'متاحة', en: 'Available' },
  claimed: { ar: 'مستلمة', en: 'Claimed' },
} as const;

/** The demo shop's rewards (apps/api/src/db/seed/demo-brand.ts). */
const KARAK = { ar: 'شاي كرك مجاني', en: 'Free Karak Tea' } as const;
const SHAWARMA = { ar: 'شاورما دجاج مجانية', en: 'Free Chicken Shawarma' } as const;

/** A code as a hurried cashier types it: lower case, a space for the dash, Arabic-Indic digits. */
const sloppy = (code: string) =>
  code
    .toLowerCase()
    .replace('-', ' ')
    .replace(/\d/g, (d) => String.fromCharCode(0x0660 + Number(d)));

async function shoot(page: Page, name: string) {
  await page.waitForLoadState('networkidle');
  if (!SHOTS) return;
  await imagesSettled(page);
  await picture(page, { path: join(shotsDir, `${name}.png`), animations: 'disabled', caret: 'hide' });
}

/** The demo cashier (Olaya only) on a tablet, signed in on the Redeem tab, in `language`. */
async function cashierAtRedeem(browser: Browser, baseURL: string, language: Language) {
  const context = await browser.newContext({ baseURL, viewport: TABLET });
  // The QR decoder's chunk (Vite names it after qr/decode.js) must come only when a scan or a photo needs it.
  let decoderLoads = 0;
  context.on('request', (request) => {
    if (/\/assets\/decode-[\w-]+\.js$/.test(request.url())) decoderLoads += 1;
  });
  const page = await context.newPage();
  await page.goto('/staff/redeem');
  if (language !== 'ar') await switchLanguage(page, language);
  await expectDocumentLanguage(page, language);
  await page.getByLabel(TEXTS.staffEmail[language], { exact: true }).fill(STAFF.cashier.email);
  await page.getByLabel(TEXTS.staffPassword[language], { exact: true }).fill(STAFF.cashier.password);
  await page.getByRole('button', { name: TEXTS.signIn[language], exact: true }).click();
  await expect(page.getByTestId('redeem-section')).toBeVisible();
  return { context, page, decoderLoads: () => decoderLoads };
}

async function expectTouchSize(page: Page, testId: string) {
  const box = await page.getByTestId(testId).boundingBox();
  expect(box?.height ?? 0, testId).toBeGreaterThanOrEqual(44);
}

for (const language of LANGUAGES) {
  test(`a cashier redeems a typed code with the diner's phone once; the second time it is refused (${language})`, async ({
    browser,
    baseURL,
  }) => {
    test.setTimeout(90_000);
    const base = baseURL ?? '';
    const diner = await dinerWithPoints(base, 100);
    const owned = await buyReward(diner, KARAK.en);

    const { context, page, decoderLoads } = await cashierAtRedeem(browser, base, language);
    await expect(page.getByTestId('staff-tab-redeem')).toHaveAttribute('aria-current', 'page');
    // One branch in the cashier's scope: chosen already.
    await expect(page.getByTestId('redeem-branch').locator('option:checked')).toHaveText(BRANCHES.olaya[language]);
    // Fine on a phone as well (a manager's own phone at a busy moment).
    await page.setViewportSize({ width: 390, height: 844 });
    await shoot(page, `redeem-entry-phone-${language}`);
    await page.setViewportSize(TABLET);

    await page.getByLabel(TEXT.code[language], { exact: true }).fill(sloppy(owned.code));
    await page.locator('#redeem-phone').fill(diner.phone.national);
    await page.getByRole('button', { name: TEXT.check[language] }).click();

    const result = page.getByTestId('redeem-result');
    await expect(result).toHaveAttribute('data-state', 'redeemable');
    await expect(result.getByRole('heading', { name: TEXT.canRedeem[language] })).toBeFocused();
    await expect(page.getByTestId('redeem-reward-name')).toHaveText(KARAK[language]);
    await expect(page.getByTestId('redeem-customer')).toContainText(diner.name);
    await expect(page.getByTestId('redeem-status')).toHaveText(TEXT.available[language]);
    await expectTouchSize(page, 'redeem-confirm');
    await expectTouchSize(page, 'redeem-next');
    await shoot(page, `redeem-lookup-${language}`);
    await expectNoSeriousViolations(page, `lookup (${language})`);

    await page.getByRole('button', { name: TEXT.redeem[language], exact: true }).click();
    const success = page.getByTestId('redeem-success');
    await expect(success).toContainText(TEXT.redeemed[language]);
    await expect(success).toContainText(BRANCHES.olaya[language]);
    await expect(page.getByTestId('redeem-confirm')).toHaveCount(0);
    await shoot(page, `redeem-success-${language}`);
    await expectNoSeriousViolations(page, `redeemed (${language})`);
    // Recorded: the diner's My Rewards has it claimed, at Olaya.
    const after = await ownedReward(diner, owned.id);
    expect(after?.status).toBe('claimed');
    expect(after?.claimedBranch?.en).toBe(BRANCHES.olaya.en);

    // The next customer presents the same code: refused with the catalogue's message, nothing to redeem.
    await page.getByRole('button', { name: TEXT.next[language] }).click();
    await expect(page.getByLabel(TEXT.code[language], { exact: true })).toHaveValue('');
    await page.getByLabel(TEXT.code[language], { exact: true }).fill(owned.code);
    await page.locator('#redeem-phone').fill(diner.phone.national);
    await page.getByRole('button', { name: TEXT.check[language] }).click();
    await expect(result).toHaveAttribute('data-state', 'refused');
    await expect(page.getByTestId('redeem-refusal')).toHaveText(errorText('reward_already_claimed', language));
    await expect(page.getByTestId('redeem-status')).toHaveText(TEXT.claimed[language]);
    await expect(page.getByTestId('redeem-confirm')).toHaveCount(0);
    await shoot(page, `redeem-refusal-${language}`);
    await expectNoSeriousViolations(page, `refused (${language})`);

    // A code this phone doesn't own: the lookup's own message, on the form.
    await page.getByRole('button', { name: TEXT.next[language] }).click();
    await page.getByLabel(TEXT.code[language], { exact: true }).fill('ZZZZ-ZZZZ');
    await page.locator('#redeem-phone').fill(diner.phone.national);
    await page.getByRole('button', { name: TEXT.check[language] }).click();
    await expect(page.getByTestId('redeem-error')).toHaveText(errorText('reward_not_found', language));
    // Typed codes only: the decoder was never fetched.
    expect(decoderLoads()).toBe(0);
    await context.close();
  });

  test(`a photo of the diner's QR code is read and redeemed; a QR that has run out is refused (${language})`, async ({
    browser,
    baseURL,
  }) => {
    test.setTimeout(90_000);
    const base = baseURL ?? '';
    const diner = await dinerWithPoints(base, 200);
    const owned = await buyReward(diner, SHAWARMA.en);
    const token = await rewardQrToken(diner, owned.id);
    // Signed by the server's secret, its two minutes over: what a screenshot kept from yesterday holds.
    const stale = signRewardQr(
      E2E_AUTH_SECRET,
      { ownedRewardId: owned.id, customerId: diner.customerId, brandId: diner.brandId },
      new Date(Date.now() - 10 * 60_000),
    ).token;

    const { context, page, decoderLoads } = await cashierAtRedeem(browser, base, language);
    const photo = page.getByLabel(TEXT.photo[language]);
    expect(decoderLoads()).toBe(0);

    // No camera in headless Chromium (or no permission): the reason, and the typed code is where the cursor goes.
    await page.getByRole('button', { name: TEXT.camera[language] }).click();
    await expect(page.getByTestId('redeem-camera-problem')).toBeVisible();
    // Starting the camera fetched the decoder (Chromium on Linux has no BarcodeDetector: the JavaScript one reads).
    await expect.poll(decoderLoads).toBe(1);
    await expect(page.getByLabel(TEXT.code[language], { exact: true })).toBeFocused();
    await shoot(page, `redeem-entry-${language}`);
    await expectNoSeriousViolations(page, `ways to present a reward (${language})`);

    // A photo without a QR code.
    await photo.setInputFiles({ name: 'blank.png', mimeType: 'image/png', buffer: await page.screenshot() });
    await expect(page.getByTestId('redeem-error')).toContainText(TEXT.noQr[language]);

    // The stale QR: decoded, then refused by the API with its message.
    await photo.setInputFiles({ name: 'old.png', mimeType: 'image/png', buffer: await qrPicture(browser, stale) });
    await expect(page.getByTestId('redeem-error')).toHaveText(errorText('reward_qr_stale', language));

    // The diner's current QR.
    await photo.setInputFiles({ name: 'reward.png', mimeType: 'image/png', buffer: await qrPicture(browser, token) });
    const result = page.getByTestId('redeem-result');
    await expect(result).toHaveAttribute('data-state', 'redeemable');
    await expect(page.getByTestId('redeem-reward-name')).toHaveText(SHAWARMA[language]);
    await expect(page.getByTestId('redeem-customer')).toContainText(diner.name);
    await page.setViewportSize(TABLET_PORTRAIT);
    await shoot(page, `redeem-lookup-portrait-${language}`);

    // Redeemed from the keyboard: the button is reachable and works with Enter.
    await page.getByRole('button', { name: TEXT.redeem[language], exact: true }).focus();
    await page.keyboard.press('Enter');
    await expect(page.getByTestId('redeem-success')).toContainText(TEXT.redeemed[language]);
    expect((await ownedReward(diner, owned.id))?.status).toBe('claimed');
    await context.close();
  });

  test(`a reward redeemed at another counter meanwhile is refused on Redeem, with its status brought up to date (${language})`, async ({
    browser,
    baseURL,
  }) => {
    test.setTimeout(90_000);
    const base = baseURL ?? '';
    const diner = await dinerWithPoints(base, 100);
    const owned = await buyReward(diner, KARAK.en);

    const { context, page } = await cashierAtRedeem(browser, base, language);
    await page.getByLabel(TEXT.code[language], { exact: true }).fill(owned.code);
    await page.locator('#redeem-phone').fill(diner.phone.national);
    await page.getByRole('button', { name: TEXT.check[language] }).click();
    await expect(page.getByTestId('redeem-result')).toHaveAttribute('data-state', 'redeemable');

    // The manager redeems it first, at the same branch, through the API.
    const manager = await staffApi(base, 'manager');
    const { branches } = (await (await manager.get('/api/staff/branches/')).json()) as {
      branches: { id: number; name: { en: string } }[];
    };
    const olaya = branches.find((b) => b.name.en === BRANCHES.olaya.en);
    const first = await manager.post('/api/staff/redemptions/', {
      data: { code: owned.code, phone: { phone_number: diner.phone.national }, branchId: olaya?.id },
    });
    expect(first.ok(), `manager's redemption → ${first.status()} ${await first.text()}`).toBeTruthy();

    await page.getByRole('button', { name: TEXT.redeem[language], exact: true }).click();
    await expect(page.getByTestId('redeem-result')).toHaveAttribute('data-state', 'refused');
    await expect(page.getByTestId('redeem-refusal')).toHaveText(errorText('reward_already_claimed', language));
    await expect(page.getByTestId('redeem-status')).toHaveText(TEXT.claimed[language]);
    await expect(page.getByTestId('redeem-confirm')).toHaveCount(0);
    await context.close();
  });
}
