import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, type Page, test } from '@playwright/test';
import type { SmsOutboxEntry } from '../../packages/shared/src/schemas/staff.ts';
import { signInDiner, TEXTS } from '../support/accounts.ts';
import { placeOrder, signedInDiner } from '../support/diner-api.ts';
import { moveOrder } from '../support/ordering.ts';
import { picture } from '../support/screenshots.ts';
import { STAFF, staffApi } from '../support/staff-api.ts';
import { expectDocumentLanguage, LANGUAGES, QR, switchLanguage } from '../support/sufra.ts';

/** Issue 28 item 4: the console's diner texts and the diner's opt-out; pictures kept in docs/screenshots/console. */
const keptDir = resolve(dirname(fileURLToPath(import.meta.url)), '../../docs/screenshots/console');
const shotsDir = resolve(dirname(fileURLToPath(import.meta.url)), '../../.tmp/shots/console');
const DESKTOP = { width: 1280, height: 800 } as const;
const TABLET = { width: 1024, height: 768 } as const;

const TEXT = {
  title: { ar: 'الرسائل النصية للعملاء', en: 'Text messages to diners' },
  ready: { ar: 'جاهز للاستلام', en: 'Ready for pickup' },
  toggle: {
    ar: 'أرسل لي رسالة نصية عندما يجهز طلبي أو يكون في الطريق، ورموز جوائزي',
    en: 'Text me when my order is ready or on its way, and my prize codes',
  },
  turnedOff: {
    ar: 'لن تصلك رسائل نصية عن طلباتك وجوائزك بعد الآن.',
    en: 'No more text messages about your orders and prizes.',
  },
} as const;

async function shootBoth(page: Page, name: string) {
  await page.waitForLoadState('networkidle');
  for (const [viewport, suffix] of [
    [DESKTOP, '1280'],
    [TABLET, '1024'],
  ] as const) {
    await page.setViewportSize(viewport);
    // One kept per language (Arabic on the desktop, English on the tablet); every one in .tmp/shots.
    const kept = name.endsWith(suffix === '1280' ? '-ar' : '-en');
    const path = join(kept ? keptDir : shotsDir, `${name}-${suffix}.png`);
    await picture(page, { path, animations: 'disabled', caret: 'hide' });
  }
}

for (const language of LANGUAGES) {
  test.describe(`diner texts (${language})`, () => {
    test('the owner edits a text with its placeholders checked; a diner turns the texts off', async ({
      browser,
      baseURL,
    }) => {
      if (!baseURL) throw new Error('baseURL');
      const context = await browser.newContext({ baseURL, viewport: DESKTOP });
      const page = await context.newPage();
      await page.goto('/staff/manage/notifications');
      if (language !== 'ar') await switchLanguage(page, language);
      await expectDocumentLanguage(page, language);
      await page.getByLabel(TEXTS.staffEmail[language], { exact: true }).fill(STAFF.owner.email);
      await page.getByLabel(TEXTS.staffPassword[language], { exact: true }).fill(STAFF.owner.password);
      await page.getByRole('button', { name: TEXTS.signIn[language], exact: true }).click();
      await expect(page.getByRole('heading', { name: TEXT.title[language] })).toBeVisible();
      const ready = page.getByTestId('sms-order_ready');
      await expect(ready.getByText(TEXT.ready[language], { exact: true })).toBeVisible();
      await shootBoth(page, `notifications-${language}`);
      await context.close();

      const diner = await browser.newContext({ baseURL, viewport: { width: 390, height: 844 } });
      const phone = await diner.newPage();
      await signInDiner(phone, baseURL);
      await phone.goto(`/edit-profile/${QR.main}`);
      if (language !== 'ar') await switchLanguage(phone, language);
      const toggle = phone.getByRole('switch', { name: TEXT.toggle[language] });
      await expect(toggle).toBeChecked();
      await toggle.click();
      await expect(phone.getByText(TEXT.turnedOff[language])).toBeVisible();
      await expect(toggle).not.toBeChecked();
      await toggle.scrollIntoViewIfNeeded();
      await picture(phone, { path: join(keptDir, `diner-sms-toggle-${language}.png`), animations: 'disabled' });
      await diner.close();
    });
  });
}

test('a pickup order marked ready writes the ready text in the diner’s language to the outbox', async ({ baseURL }) => {
  if (!baseURL) throw new Error('baseURL');
  const diner = await signedInDiner(baseURL, 'Ready Diner');
  const order = await placeOrder(diner, { orderType: 2 });
  await moveOrder(baseURL, order.id, 'sent_to_kitchen');
  await moveOrder(baseURL, order.id, 'ready');
  const manager = await staffApi(baseURL, 'manager');
  await expect(async () => {
    const { messages } = (await (await manager.get('/api/staff/sms-outbox/')).json()) as { messages: SmsOutboxEntry[] };
    const text = messages.find((m) => m.to === diner.phone.e164 && m.body.includes('جاهز للاستلام'));
    expect(text?.body).toContain(String(order.number));
  }).toPass({ timeout: 10_000 });
});
