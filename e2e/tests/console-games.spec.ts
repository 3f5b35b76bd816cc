import { type Browser, expect, type Page, test } from '@playwright/test';
import type { Language } from '../../packages/shared/src/language.ts';
import type { ManageGame, ManageGamesResponse } from '../../packages/shared/src/schemas/manage-games.ts';
import { signInDiner, TEXTS } from '../support/accounts.ts';
import { DESKTOP, shootConsole } from '../support/console.ts';
import { STAFF, staffApi } from '../support/staff-api.ts';
import { expectDocumentLanguage, LANGUAGES, QR, switchLanguage } from '../support/sufra.ts';

const TEXT = {
  wheel: { ar: 'عجلة سُفرة', en: 'The Sufra wheel' },
  karak: { ar: 'شاي كرك', en: 'Karak tea' },
  saved: { ar: 'تم الحفظ', en: 'Saved' },
  // Each language's run sets its own figures (the runs share the server).
  weight: { ar: 25, en: 40 },
  stock: { ar: 140, en: 150 },
  // A segment each run adds (and removes again at the end, so the other journeys' wheel is the demo's).
  added: { ar: 'خمس نقاط', en: 'Five points' },
  labelProblem: { ar: 'تحتاج الشريحة', en: 'needs a label in both languages' },
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

test.describe.configure({ mode: 'default' });

for (const language of LANGUAGES) {
  test(`an owner changes the wheel's odds and stock and the diner's page shows them (${language})`, async ({
    browser,
    baseURL,
  }) => {
    const owner = await ownerAt(browser, baseURL ?? '', language, '/staff/manage/games');
    await owner.getByRole('tab', { name: new RegExp(TEXT.wheel[language]) }).click();
    await expect(owner.getByTestId('game-segments')).toBeVisible();
    const before = await owner.getByTestId('game-simulation').textContent();
    await owner.getByTestId('segment-0-weight').fill(String(TEXT.weight[language]));
    await owner.getByTestId('segment-0-stock').fill(String(TEXT.stock[language]));
    // Without its daily budget (20), the tea is bounded by its stock alone: more prizes expected.
    await owner.getByTestId('segment-0-dailyBudget').fill('');
    // The simulation follows the edit before saving.
    await expect(owner.getByTestId('game-simulation')).not.toHaveText(before ?? '');
    await shootConsole(owner, `games-settings-${language}`);
    // A new segment giving 5 points: it cannot be saved until it has a label in both languages.
    const count = await owner.locator('[data-testid="game-segments"] tbody tr').count();
    await owner.getByTestId('segment-add').click();
    const added = count;
    await owner.getByTestId(`segment-${added}-prize`).selectOption('points');
    await owner.getByTestId(`segment-${added}-points`).fill('5');
    await owner.getByTestId(`segment-${added}-labelAr`).fill(TEXT.added.ar);
    await owner.getByTestId(`segment-${added}-labelEn`).fill('');
    await expect(owner.getByTestId('game-problems')).toContainText(TEXT.labelProblem[language]);
    await expect(owner.getByTestId('game-save')).toBeDisabled();
    await owner.getByTestId(`segment-${added}-labelEn`).fill(TEXT.added.en);
    await expect(owner.getByTestId('game-problems')).toHaveCount(0);
    await expect(owner.getByTestId(`segment-${added}-expected`)).not.toHaveText('');
    await shootConsole(owner, `games-${language}`, true);
    await owner.getByTestId('game-save').click();
    await expect(owner.getByTestId('game-save')).toHaveText(TEXT.saved[language]);

    // The server's figures, to read the diner's page against.
    const api = await staffApi(baseURL ?? '', 'owner');
    const list = (await (await api.get('/api/staff/manage/games/')).json()) as ManageGamesResponse;
    const id = list.games.find((g) => g.kind === 'wheel')?.id;
    const game = (await (await api.get(`/api/staff/manage/games/${id}/`)).json()) as ManageGame;
    const karak = game.segments[0];
    expect(karak?.weight).toBe(TEXT.weight[language]);
    const left = (karak?.stock ?? 0) - (karak?.won ?? 0);

    const diner = await owner.context().newPage();
    await signInDiner(diner, baseURL ?? '');
    await diner.goto(`/wheel/${QR.main}`);
    await expectDocumentLanguage(diner, language);
    const row = diner.getByRole('row', { name: new RegExp(TEXT.karak[language]) });
    await expect(row.getByRole('cell').nth(1)).toHaveText(
      new Intl.NumberFormat(language === 'ar' ? 'ar-SA' : 'en-SA').format(left),
    );
    await expect(diner.getByRole('row', { name: new RegExp(TEXT.added[language]) })).toBeVisible();
    await shootConsole(diner, `games-diner-odds-${language}`);

    // The added segment, never drawn, can be removed again; the save keeps the others.
    const saved = game.segments.find((s) => s.labelEn === TEXT.added.en);
    expect(saved).toMatchObject({ prize: 'points', points: 5, rewardId: null, won: 0 });
    await owner.getByTestId(`segment-${added}-remove`).click();
    await owner.getByTestId('game-save').click();
    await expect(owner.getByTestId('game-save')).toHaveText(TEXT.saved[language]);
    const after = (await (await api.get(`/api/staff/manage/games/${id}/`)).json()) as ManageGame;
    expect(after.segments.map((s) => s.labelEn)).not.toContain(TEXT.added.en);
    expect(after.segments).toHaveLength(count);
  });
}
