import { type Browser, expect, type Page, test } from '@playwright/test';
import type { Language } from '../../packages/shared/src/language.ts';
import type { LoyaltyLevelsAdmin, LoyaltyRulesAdmin } from '../../packages/shared/src/schemas/loyalty-admin.ts';
import { signInDiner, TEXTS } from '../support/accounts.ts';
import { DESKTOP, shootConsole } from '../support/console.ts';
import { STAFF, staffApi } from '../support/staff-api.ts';
import { asciiDigits, expectDocumentLanguage, LANGUAGES, QR, switchLanguage, useLanguage } from '../support/sufra.ts';

/** Representative pictures (docs/screenshots/console/); every screen's goes to .tmp/shots/console. */

const TEXT = {
  rules: { ar: 'قواعد الولاء', en: 'Loyalty rules' },
  levels: { ar: 'المستويات', en: 'Levels' },
  referral: { ar: 'الإحالة', en: 'Referral' },
  saved: { ar: 'تم الحفظ', en: 'Saved' },
  // Each language's run adds its own level and sets its own figure (the runs share the server).
  perSar: { ar: '١٢', en: '15' },
  level: { ar: { ar: 'ماسي', en: 'Diamond' }, en: { ar: 'بلاتيني', en: 'Platinum' } },
  from: { ar: '٣٠٠٠٠', en: '40000' },
} as const;

async function ownerAt(browser: Browser, baseURL: string, language: Language, path: string): Promise<Page> {
  const context = await browser.newContext({ baseURL, viewport: DESKTOP });
  const page = await context.newPage();
  await page.goto(path);
  if (language !== 'ar') await switchLanguage(page, language);
  await expectDocumentLanguage(page, language);
  await page.getByLabel(TEXTS.staffEmail[language], { exact: true }).fill(STAFF.owner.email);
  await page.getByLabel(TEXTS.staffPassword[language], { exact: true }).fill(STAFF.owner.password);
  await page.getByRole('button', { name: TEXTS.signIn[language], exact: true }).click();
  await expect(page.getByTestId('console')).toBeVisible();
  return page;
}

// Both languages change the demo brand's one rule and levels list: side by side, each reads the other's points per
// SAR on the diner's page (the clean-clone run at 19:48). One after the other, in one worker.
test.describe.configure({ mode: 'default' });

for (const language of LANGUAGES) {
  test.describe(`the console's loyalty pages (${language})`, () => {
    test("an owner changes points per SAR and adds a level, and the diner's levels page shows both", async ({
      browser,
      baseURL,
    }) => {
      const api = await staffApi(baseURL ?? '', 'owner');
      const rulesBefore = (await (await api.get('/api/staff/manage/loyalty/rules/')).json()) as LoyaltyRulesAdmin;
      try {
        const owner = await ownerAt(browser, baseURL ?? '', language, '/staff/manage/loyalty-rules');
        await expect(owner.getByTestId('console-page-title')).toHaveText(TEXT.rules[language]);
        await expect(owner.getByTestId('loyalty-rules-note')).toBeVisible();
        await shootConsole(owner, `loyalty-rules-${language}`, language === 'ar');
        const perSar = owner.getByTestId('loyalty-earnPointsPerSar');
        await perSar.fill(TEXT.perSar[language]);
        await owner.getByTestId('save-bar-save').click();
        await expect(owner.getByTestId('save-bar')).toHaveAttribute('data-state', 'saved');

        await owner.getByTestId('console-nav-loyalty-levels').click();
        await expect(owner.getByTestId('console-page-title')).toHaveText(TEXT.levels[language]);
        await expect(owner.getByTestId('level-now-0')).not.toHaveText('—');
        await shootConsole(owner, `loyalty-levels-${language}`, language === 'en');
        const count = await owner.getByTestId(/^level-row-/).count();
        await owner.getByTestId('level-add').click();
        await owner.getByTestId(`level-name-ar-${count}`).fill(TEXT.level[language].ar);
        await owner.getByTestId(`level-name-en-${count}`).fill(TEXT.level[language].en);
        await owner.getByTestId(`level-min-${count}`).fill(TEXT.from[language]);
        await owner.getByTestId(`level-multiplier-${count}`).fill(language === 'ar' ? '٣' : '3');
        // The preview counts the diners the change moves (none: nobody has that many points), writing nothing.
        await expect(owner.getByTestId('levels-preview')).toHaveText(
          language === 'ar' ? 'لا ينقل هذا التغيير أي عميل.' : 'This change moves no diner.',
        );
        await expect(owner.getByTestId(`level-after-${count}`)).toHaveText(language === 'ar' ? '٠' : '0');
        await shootConsole(owner, `loyalty-levels-preview-${language}`);
        await owner.getByTestId('save-bar-save').click();
        await expect(owner.getByTestId('save-bar')).toHaveAttribute('data-state', 'saved');

        await owner.getByTestId('console-nav-loyalty-referral').click();
        await expect(owner.getByTestId('console-page-title')).toHaveText(TEXT.referral[language]);
        await expect(owner.getByTestId('referral-enabled')).toBeChecked();
        await shootConsole(owner, `loyalty-referral-${language}`, language === 'ar');
        await owner.context().close();

        // The diner's levels page, in the same language.
        const context = await browser.newContext({ baseURL });
        const page = await context.newPage();
        await useLanguage(page, language);
        await signInDiner(page, baseURL ?? '');
        await page.goto(`/my-rewards/${QR.main}?view=levels`);
        await expect(page.getByTestId('level').filter({ hasText: TEXT.level[language][language] })).toBeVisible();
        const earn = page.getByTestId('loyalty-rules').locator('dd').first();
        await expect(earn).toHaveText(TEXT.perSar[language]);
        expect(asciiDigits((await earn.textContent()) ?? '')).toBe(language === 'ar' ? '12' : '15');
        await context.close();
      } finally {
        // Leave the demo's programme as the other journeys expect it: the rule back, the added level retired.
        const now = (await (await api.get('/api/staff/manage/loyalty/rules/')).json()) as LoyaltyRulesAdmin;
        await api.put('/api/staff/manage/loyalty/rules/', { data: { ...rulesBefore.rules, version: now.version } });
        const levels = (await (await api.get('/api/staff/manage/loyalty/levels/')).json()) as LoyaltyLevelsAdmin;
        await api.put('/api/staff/manage/loyalty/levels/', {
          data: {
            version: levels.version,
            levels: levels.levels
              .filter((l) => l.name.en !== TEXT.level[language].en)
              .map(({ diners: _diners, ...l }) => l),
          },
        });
      }
    });
  });
}
