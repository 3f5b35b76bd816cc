import { readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test } from '@playwright/test';
import { consoleAs, TABLET } from '../support/console.ts';
import { BOTH_LANGUAGES } from '../support/language-turns.ts';
import { rawKeys } from '../support/page-checks.ts';
import { expectDocumentLanguage, LANGUAGES } from '../support/sufra.ts';

/**
 * Every console page an owner has, in both languages in every run (the flows' journeys run each in one language in
 * turn: support/language-turns.ts): reached from the sidebar at the smaller staff size, each has one title (its h1),
 * no translation key shown raw, the document's language and direction, and nothing wider than the screen (on the
 * tables page a hidden heading 1,024 px wide once pushed the page sideways and, in Arabic, over the sidebar).
 */
const locales = resolve(dirname(fileURLToPath(import.meta.url)), '../../apps/web/src/locales');
/** The app's loading line (`app.loading`), as the locale files write it. */
const loading = (language: string): string =>
  (JSON.parse(readFileSync(resolve(locales, `${language}.json`), 'utf8')) as { app: { loading: string } }).app.loading;

for (const language of LANGUAGES) {
  test(`every console page opens from the sidebar in the language, fitting 1024 px (${language})`, {
    tag: BOTH_LANGUAGES,
  }, async ({ browser, baseURL }) => {
    test.setTimeout(120_000);
    const page = await consoleAs(browser, baseURL ?? '', 'owner', language, '/staff/manage', TABLET);
    const links = page
      .getByRole('navigation')
      .locator('a[data-testid^="console-nav-"]:not([data-testid^="console-nav-staff-"])');
    const ids = await links.evaluateAll((all) => all.map((a) => a.getAttribute('data-testid') ?? ''));
    expect(ids.length).toBeGreaterThan(15);
    const problems: string[] = [];
    for (const id of ids) {
      const link = page.getByTestId(id);
      await link.click();
      await expect(link).toHaveAttribute('aria-current', 'page');
      await expect.soft(page.getByRole('main').getByRole('heading', { level: 1 }), `${id}: one title`).toHaveText(/\S/);
      // Its data shown: nothing busy, no loading line (a client-side move does not wait for the network again).
      await expect(page.getByRole('main').locator('[aria-busy="true"]')).toHaveCount(0);
      await expect(page.getByRole('main').getByText(loading(language))).toHaveCount(0);
      await expectDocumentLanguage(page, language);
      for (const raw of await rawKeys(page)) problems.push(`${id}: ${raw}`);
      const overflow = await page.evaluate(
        () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
      );
      if (overflow > 1) problems.push(`${id}: ${overflow} px wider than the screen`);
    }
    expect(problems).toEqual([]);
    await page.context().close();
  });
}
