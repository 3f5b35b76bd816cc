import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { type Browser, expect, test } from '@playwright/test';
import type { Language } from '../../packages/shared/src/language.ts';
import { TEXTS } from '../support/accounts.ts';
import { expectNoSeriousViolations } from '../support/axe.ts';
import { picture } from '../support/screenshots.ts';
import { STAFF, staffApi } from '../support/staff-api.ts';
import { errorText, expectDocumentLanguage, LANGUAGES, QR, switchLanguage, useLanguage } from '../support/sufra.ts';

// New screens' pictures go to .tmp (docs/screenshots keeps the README's set).
const shotsDir = resolve(dirname(fileURLToPath(import.meta.url)), '../../.tmp/shots');
const TABLET = { width: 1024, height: 768 } as const;

const TEXT = {
  brandEffect: {
    ar: 'سيرى كل زبائن مطبخ سفرة «الخدمة غير متاحة»: لا قائمة ولا طلبات ولا ولاء.',
    en: 'Every diner of Sufra Kitchen will see \u201cService unavailable\u201d: no menu, no ordering, no loyalty.',
  },
  orderingEffect: {
    ar: 'يستطيع زبائن مطبخ سفرة تصفح القائمة، لكن لن يستطيع أحد تقديم طلب.',
    en: 'Diners of Sufra Kitchen can still browse the menu, but nobody can place an order.',
  },
  keepOn: { ar: 'أبقِها تعمل', en: 'Keep it on' },
  switchedOff: { ar: 'أُوقفت', en: 'Switched off' },
  switchedOn: { ar: 'شُغّلت', en: 'Switched on' },
  wheel: { ar: 'عجلة الحظ', en: 'Wheel of fortune' },
  wheelOff: { ar: 'عجلة الجوائز غير متاحة الآن.', en: "The prize wheel isn't available right now." },
  toMenu: { ar: 'العودة إلى القائمة', en: 'Back to the menu' },
  brandOff: {
    ar: 'هذا المطعم لا يستقبل الزوار في التطبيق الآن.',
    en: "This restaurant isn't taking visitors in the app right now.",
  },
} as const;

/** The demo manager on a tablet, signed in on the Services tab, in `language`. */
async function managerAtServices(browser: Browser, baseURL: string, language: Language) {
  const context = await browser.newContext({ baseURL, viewport: TABLET });
  const page = await context.newPage();
  await page.goto('/staff/services');
  if (language !== 'ar') await switchLanguage(page, language);
  await expectDocumentLanguage(page, language);
  await page.getByLabel(TEXTS.staffEmail[language], { exact: true }).fill(STAFF.manager.email);
  await page.getByLabel(TEXTS.staffPassword[language], { exact: true }).fill(STAFF.manager.password);
  await page.getByRole('button', { name: TEXTS.signIn[language], exact: true }).click();
  await expect(page.getByTestId('services-admin')).toBeVisible();
  await expect(page.getByTestId('staff-tab-services')).toHaveAttribute('aria-current', 'page');
  return { context, page };
}

for (const language of LANGUAGES) {
  test.describe(`the staff services tab (${language})`, () => {
    test('switching off the whole brand or ordering asks first, naming the effect; keeping it on changes nothing', async ({
      browser,
      baseURL,
    }) => {
      const { context, page } = await managerAtServices(browser, baseURL ?? '', language);
      // Not under Loyalty any more.
      await page.getByTestId('staff-tab-loyalty').click();
      await expect(page.getByTestId('loyalty-admin')).toBeVisible();
      await expect(page.getByTestId('services-panel')).toHaveCount(0);
      await page.getByTestId('staff-tab-services').click();

      const brand = page.getByTestId('service-brand');
      await expect(brand).toBeChecked();
      await brand.click();
      const dialog = page.getByRole('dialog');
      await expect(dialog).toBeVisible();
      await expect(dialog.getByTestId('switch-off-effect')).toHaveText(TEXT.brandEffect[language]);
      // The safe answer has the focus; Escape closes with nothing changed.
      await expect(dialog.getByRole('button', { name: TEXT.keepOn[language] })).toBeFocused();
      await page.keyboard.press('Escape');
      await expect(dialog).toHaveCount(0);
      await expect(brand).toBeChecked();

      await page.getByTestId('service-ordering').click();
      await expect(dialog.getByTestId('switch-off-effect')).toHaveText(TEXT.orderingEffect[language]);
      await expectNoSeriousViolations(page, 'switch-off dialog');
      await picture(page, { path: join(shotsDir, `staff-services-confirm-${language}.png`), animations: 'disabled' });
      await dialog.getByRole('button', { name: TEXT.keepOn[language] }).click();
      await expect(dialog).toHaveCount(0);
      await expect(page.getByTestId('service-ordering')).toBeChecked();
      // Nothing was switched, so the diners still order.
      const qr = await page.request.get(`/api/restaurant/qr/${QR.main}/data/`);
      expect((await qr.json()).services).toMatchObject({ brand: true, ordering: true });
      await context.close();
    });

    // The wheel's switch: no other journey opens /wheel. Both languages would switch the same brand-wide row at the
    // same time, so the switch itself runs in one language and the history is read in both.
    if (language === 'ar') {
      test('a confirmed switch-off sends diners to the deactivated page and is in the history with who and when', async ({
        browser,
        page,
        baseURL,
      }) => {
        test.setTimeout(120_000);
        const { context, page: staff } = await managerAtServices(browser, baseURL ?? '', language);
        try {
          const toggle = staff.getByTestId('service-wheel');
          await expect(toggle).toBeChecked();
          await toggle.click();
          await staff.getByTestId('switch-off-confirm').click();
          await expect(toggle).not.toBeChecked();
          await expect(toggle).toBeEnabled();
          // The history is the brand's: another journey's change (a branch's switch) may be newer than this one.
          const latest = staff.getByTestId('history-row').filter({ hasText: TEXT.wheel[language] }).first();
          await expect(latest).toContainText(TEXT.switchedOff[language]);
          await expect(latest).toContainText('Fahad Al-Qahtani');

          await page.goto(`/wheel/${QR.main}`);
          await expect(page).toHaveURL(new RegExp(`/deactivated/${QR.main}\\?service=wheel$`));
          await expect(page.getByText(errorText('service_deactivated', language))).toBeVisible();
          // The page names the service and offers the way back to what still works (issue 24 item 5).
          await expect(page.getByTestId('deactivated-service')).toHaveText(TEXT.wheelOff[language]);
          await picture(page, { path: join(shotsDir, `deactivated-wheel-${language}.png`) });
          await page.getByRole('link', { name: TEXT.toMenu[language] }).click();
          await expect(page).toHaveURL(new RegExp(`/menu/${QR.main}$`));
          // And the landing offers no way to it meanwhile.
          await page.goto(`/qr/${QR.main}`);
          await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
          await page.waitForLoadState('networkidle');
          await expect(page.getByTestId('landing-wheel')).toHaveCount(0);

          // On again: no question asked.
          await toggle.click();
          await expect(toggle).toBeChecked();
          await expect(staff.getByTestId('history-row').first()).toContainText(TEXT.switchedOn[language]);
          await page.goto(`/wheel/${QR.main}`);
          await expect(page).toHaveURL(new RegExp(`/register/${QR.main}`));
        } finally {
          const manager = await staffApi(baseURL ?? '', 'manager');
          expect((await manager.put('/api/staff/services/wheel/', { data: { isActive: true } })).ok()).toBeTruthy();
          await context.close();
        }
      });
    }

    test('a switched-off brand: the page names it and offers no way back, since nothing works', async ({ page }) => {
      if (language !== 'ar') await useLanguage(page, language);
      await page.goto(`/qr/${QR.deactivatedBrand}`);
      await expect(page).toHaveURL(new RegExp(`/deactivated/${QR.deactivatedBrand}`));
      await expect(page.getByTestId('deactivated-service')).toHaveText(TEXT.brandOff[language]);
      await expect(page.getByTestId('deactivated-ways')).toHaveCount(0);
      await picture(page, { path: join(shotsDir, `deactivated-brand-${language}.png`) });
    });

    test('the history shows who switched what, in the branch time zone, labelled', async ({ browser, baseURL }) => {
      const manager = await staffApi(baseURL ?? '', 'manager');
      // A pause of a branch and back, recorded as the board's switch records it: Malqa, closed all week by its hours,
      // so no other journey's order is refused meanwhile.
      const branches = (await (await manager.get('/api/staff/branches/')).json()).branches as {
        id: number;
        name: { en: string };
      }[];
      const id = branches.find((b) => b.name.en.includes('Malqa'))?.id;
      expect(id).toBeDefined();
      expect((await manager.patch(`/api/staff/branches/${id}/`, { data: { isOpen: false } })).ok()).toBeTruthy();
      expect((await manager.patch(`/api/staff/branches/${id}/`, { data: { isOpen: true } })).ok()).toBeTruthy();
      const { context, page } = await managerAtServices(browser, baseURL ?? '', language);
      const row = page.getByTestId('history-row').first();
      await expect(row).toBeVisible();
      await expect(row.locator('time')).toHaveAttribute('datetime', /Z$/);
      await expect(row).toContainText(language === 'ar' ? 'التوقيت العربي الرسمي' : 'Arabian Standard Time');
      await expectNoSeriousViolations(page, 'services tab');
      await picture(page, { path: join(shotsDir, `staff-services-${language}.png`), animations: 'disabled' });
      await context.close();
    });
  });
}
