import { type Browser, expect, type Page, test } from '@playwright/test';
import type { Language } from '../../packages/shared/src/language.ts';
import { TEXTS } from '../support/accounts.ts';
import { DESKTOP, shootConsole } from '../support/console.ts';
import { STAFF } from '../support/staff-api.ts';
import { expectDocumentLanguage, LANGUAGES, switchLanguage } from '../support/sufra.ts';

/** The queues page's representative pictures (docs/screenshots/console/); every screen's goes to .tmp/shots/console. */

const TEXT = {
  title: { ar: 'قوائم الانتظار', en: 'Queues' },
  retried: { ar: 'عادت إلى القائمة: تُرسل في الدورة التالية.', en: 'Queued again: it goes out with the next pass.' },
  discardTitle: { ar: 'إسقاط هذه الرسالة؟', en: 'Drop this message?' },
  discard: { ar: 'أسقِط', en: 'Drop' },
  discarded: { ar: 'أُسقطت: لن تُرسل.', en: 'Dropped: it will not be sent.' },
} as const;

/**
 * Each language works on rows of its own (the demo seed's, seed-queues.ts), so the two journeys may run side by side:
 * a dead text sent again, and a row dropped behind the confirm.
 */
const ROWS = {
  ar: { retry: '+966500000101', discardQueue: 'mail', discard: 'new.cashier@sufra.demo' },
  en: { retry: '+966500000102', discardQueue: 'sms', discard: '+966500000104' },
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

for (const language of LANGUAGES) {
  test.describe(`the console's queues page (${language})`, () => {
    test('the owner sends a dead text again, the relay sends it, and drops another behind a confirm', async ({
      browser,
      baseURL,
    }) => {
      const rows = ROWS[language];
      const page = await ownerAt(browser, baseURL ?? '', language, '/staff/manage/queues');
      await expect(page.getByTestId('console-page-title')).toHaveText(TEXT.title[language]);
      await expect(page.getByTestId('console-nav-queues')).toBeVisible();
      const failures = page.getByTestId('queue-failures');
      const dead = failures.getByRole('row').filter({ hasText: rows.retry });
      await expect(dead).toHaveCount(1);
      await shootConsole(page, `queues-${language}`, true);

      await dead.getByRole('button').first().click();
      await expect(page.getByText(TEXT.retried[language])).toBeVisible();
      await expect(dead).toHaveCount(0);
      // The SMS relay took it again and sent it through the provider (the log, here): the outbox says so.
      await expect
        .poll(async () => {
          const res = await page.request.get('/api/staff/sms-outbox/');
          const body = (await res.json()) as { messages: { to: string; status: string }[] };
          return body.messages.find((m) => m.to === rows.retry)?.status;
        })
        .toBe('sent');

      await page.getByTestId(`queues-pick-${rows.discardQueue}`).check();
      const doomed = failures.getByRole('row').filter({ hasText: rows.discard });
      await expect(doomed).toHaveCount(1);
      await doomed.getByRole('button', { name: TEXT.discard[language], exact: true }).click();
      const dialog = page.getByRole('dialog', { name: TEXT.discardTitle[language] });
      await expect(dialog).toBeVisible();
      await shootConsole(page, `queues-discard-${language}`, language === 'en');
      await dialog.getByRole('button', { name: TEXT.discard[language], exact: true }).click();
      await expect(dialog).toBeHidden();
      await expect(page.getByText(TEXT.discarded[language])).toBeVisible();
      await expect(doomed).toHaveCount(0);
      await page.getByTestId('schedules-table').scrollIntoViewIfNeeded();
      await shootConsole(page, `queues-after-${language}`);
    });
  });
}
