import { type Browser, expect, type Page, test } from '@playwright/test';
import type { Language } from '../../packages/shared/src/language.ts';
import type {
  ManageEvaluationForm,
  ManageEvaluationForms,
} from '../../packages/shared/src/schemas/evaluations-admin.ts';
import { signInDiner, TEXTS } from '../support/accounts.ts';
import { DESKTOP, shootConsole } from '../support/console.ts';
import { STAFF, staffApi } from '../support/staff-api.ts';
import { expectDocumentLanguage, LANGUAGES, QR, switchLanguage, useLanguage } from '../support/sufra.ts';

/** Representative pictures (docs/screenshots/console/); every screen's goes to .tmp/shots/console. */

const TEXT = {
  title: { ar: 'نماذج التقييم', en: 'Evaluation forms' },
  service: { ar: 'كيف كانت الخدمة؟', en: 'How was the service?' },
  optional: { ar: '(اختياري)', en: '(optional)' },
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

// Both languages change the demo brand's one form: one after the other, in one worker.
test.describe.configure({ mode: 'default' });

for (const language of LANGUAGES) {
  test.describe(`the console's evaluation forms (${language})`, () => {
    test("an owner makes a question optional and the diner's form marks it optional", async ({ browser, baseURL }) => {
      const api = await staffApi(baseURL ?? '', 'owner');
      const list = (await (await api.get('/api/staff/manage/evaluations/forms/')).json()) as ManageEvaluationForms;
      const form = list.forms.find((f) => f.active && f.forVisits && f.branchIds === null) as ManageEvaluationForm;
      expect(form).toBeDefined();
      try {
        const owner = await ownerAt(browser, baseURL ?? '', language, '/staff/manage/evaluation-forms');
        await expect(owner.getByTestId('console-page-title')).toHaveText(TEXT.title[language]);
        await expect(owner.getByTestId(`form-row-${form.id}`)).toBeVisible();
        await shootConsole(owner, `evaluation-forms-${language}`, language === 'ar');
        await owner.getByTestId(`form-edit-${form.id}`).click();
        const index = form.questions.findIndex((q) => q.label.en === TEXT.service.en);
        const required = owner.getByTestId(`question-required-${index}`);
        await expect(required).toBeChecked();
        // Reordering by keyboard: the question moves down and back up with its buttons.
        await owner.getByTestId(`question-down-${index}`).focus();
        await owner.keyboard.press('Enter');
        await expect(owner.getByTestId(`question-label-en-${index + 1}`)).toHaveValue(TEXT.service.en);
        await owner.getByTestId(`question-up-${index + 1}`).focus();
        await owner.keyboard.press('Enter');
        await expect(owner.getByTestId(`question-label-en-${index}`)).toHaveValue(TEXT.service.en);
        await required.uncheck();
        const preview = owner.getByTestId('preview-question').nth(index);
        await expect(preview).toContainText(TEXT.optional[language]);
        await shootConsole(owner, `evaluation-form-editor-${language}`, language === 'en');
        await owner.getByTestId('save-bar-save').click();
        await expect(owner.getByTestId('save-bar')).toHaveAttribute('data-state', 'saved');
        await owner.context().close();

        // The diner's form at the table QR (signed in: a visit is rated by a diner), in the same language.
        const context = await browser.newContext({ baseURL });
        const page = await context.newPage();
        await useLanguage(page, language);
        await signInDiner(page, baseURL ?? '', QR.mainTable1);
        await page.goto(`/evaluate/${QR.mainTable1}/${form.id}`);
        const question = page.getByTestId('evaluation-question').filter({ hasText: TEXT.service[language] });
        await expect(question).toContainText(TEXT.optional[language]);
        await context.close();
      } finally {
        // Leave the demo's form as the other journeys expect it.
        const now = (await (
          await api.get(`/api/staff/manage/evaluations/forms/${form.id}/`)
        ).json()) as ManageEvaluationForm;
        await api.put(`/api/staff/manage/evaluations/forms/${form.id}/`, {
          data: {
            name: form.name,
            active: form.active,
            pointsReward: form.pointsReward,
            lowRatingThreshold: form.lowRatingThreshold,
            apologyRewardId: form.apologyRewardId,
            forOrders: form.forOrders,
            forVisits: form.forVisits,
            branchIds: form.branchIds,
            questions: form.questions.map((q) => ({
              id: q.id,
              kind: q.kind,
              label: q.label,
              options: q.options,
              required: q.required,
            })),
            version: now.version,
          },
        });
      }
    });
  });
}
