import { expect, type Locator, type Page, test } from '@playwright/test';
import { plainItem, soldOutItem } from '../support/demo-menu.ts';
import { cardOf, fetchMenu, LANGUAGES, QR, TEXT, useLanguage, waitForApp } from '../support/sufra.ts';

// Motion as most diners have it (the category tabs' smooth scroll and the tab that follows it); the other journeys
// ask for reduced motion (playwright.config.ts).
test.use({ reducedMotion: 'no-preference' });

/** The category tabs: ARIA tabs if the app uses them, else the links/buttons of the tab strip. */
function tabsOf(page: Page): Locator {
  const strip = page.getByTestId('category-tabs');
  return strip.getByRole('tab').or(strip.getByRole('link')).or(strip.getByRole('button'));
}

async function isMarkedCurrent(tab: Locator): Promise<boolean> {
  return tab.evaluate(
    (el) =>
      el.getAttribute('aria-selected') === 'true' ||
      (el.getAttribute('aria-current') !== null && el.getAttribute('aria-current') !== 'false'),
  );
}

for (const language of LANGUAGES) {
  test.describe(`menu (${language})`, () => {
    test.beforeEach(async ({ page }) => {
      if (language !== 'ar') await useLanguage(page, language);
    });

    test('a category tab scrolls to its section and becomes the current one', async ({ page, request }) => {
      const menu = await fetchMenu(request, language);
      // The last category that has items: scrolling to it moves the page the most.
      const withItems = menu.categories.filter((c) => menu.items.some((i) => i.categoryId === c.id));
      const target = withItems.at(-1);
      expect(target, 'the demo menu has categories with items').toBeTruthy();
      if (!target) return;

      await page.goto(`/menu/${QR.main}`);
      await expect(page.getByTestId('category-tabs')).toBeVisible();
      await waitForApp(page);
      const tab = tabsOf(page).filter({ hasText: target.name }).first();
      await tab.click();

      const section = page
        .getByRole('region', { name: target.name })
        .or(page.locator('section').filter({ has: page.getByRole('heading', { name: target.name, exact: true }) }))
        .first();
      await expect(section.getByRole('heading', { name: target.name }).first()).toBeInViewport();
      await expect.poll(() => isMarkedCurrent(tab), { message: 'the clicked tab is marked current' }).toBe(true);
    });

    test('searching filters the items and nonsense shows the empty state', async ({ page, request }) => {
      const menu = await fetchMenu(request, language);
      const item = plainItem(menu);

      await page.goto(`/menu/${QR.main}`);
      const cards = page.getByTestId('item-card');
      await expect(cards.first()).toBeVisible();
      await waitForApp(page);
      // The HTML paints the first 8 cards; the app then renders the rest. Count once it has.
      await expect.poll(() => cards.count()).toBeGreaterThan(8);
      const before = await cards.count();

      const search = page
        .getByRole('searchbox')
        .or(page.getByRole('textbox', { name: TEXT.search[language] }))
        .first();
      await search.fill(item.name);
      await expect(cardOf(page, item).first()).toBeVisible();
      await expect.poll(() => cards.count()).toBeLessThan(before);

      await search.fill('zzqx-nothing-matches-this-7531');
      await expect(cards).toHaveCount(0);
      await expect(page.getByText(TEXT.noResults[language]).first()).toBeVisible();

      await search.fill('');
      await expect.poll(() => cards.count()).toBeGreaterThanOrEqual(before);
    });

    test('a sold-out item shows its badge and cannot be added', async ({ page, request }) => {
      const item = soldOutItem(await fetchMenu(request, language));
      await page.goto(`/menu/${QR.main}`);
      const card = cardOf(page, item).first();
      await card.scrollIntoViewIfNeeded();
      await expect(card).toContainText(TEXT.soldOut[language]);
      const add = card.getByTestId('add-to-cart');
      if ((await add.count()) > 0) await expect(add).toBeDisabled();
    });

    test('item cards show prices in SAR', async ({ page }) => {
      await page.goto(`/menu/${QR.main}`);
      const card = page.getByTestId('item-card').first();
      await expect(card).toBeVisible();
      await expect(card).toContainText(TEXT.currency);
    });
  });
}

for (const language of LANGUAGES) {
  test(`the menu arrives painted in the HTML and the app adopts it without rebuilding it (${language})`, async ({
    page,
  }) => {
    if (language !== 'ar') await useLanguage(page, language);
    const errors: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error') errors.push(message.text());
    });
    // The HTML alone, before any script runs, already shows the first cards in the diner's language.
    const response = await page.request.get(`/menu/${QR.main}`);
    const html = await response.text();
    expect(html).toContain(`data-first-paint="menu" data-language="${language}"`);
    expect(html.match(/data-testid="item-card"/g)?.length).toBeGreaterThan(0);

    await page.goto(`/menu/${QR.main}`);
    const firstCard = page.getByTestId('item-card').first();
    await expect(firstCard).toBeVisible();
    await waitForApp(page);
    // Interactive: the app has taken the markup over (a bookmark toggles), and there was nothing to rebuild.
    const bookmark = firstCard.getByRole('button');
    await bookmark.click();
    await expect(bookmark).toHaveAttribute('aria-pressed', 'true');
    expect(await page.evaluate(() => document.documentElement.dataset.hydration ?? 'adopted')).toBe('adopted');
    expect(errors.filter((e) => /hydrat|first paint/i.test(e))).toEqual([]);
  });
}

// Issue 24 item 23: on the server-painted menu the page's chunks, stylesheets and API calls wait for the first
// paint (spa-html.ts's after-paint template, main.tsx); requested with the HTML, they sometimes finished before
// it and Lighthouse's simulation put them all on the LCP's path (~2.2 s instead of ~1.1 s).
test('the painted menu requests nothing but its entry script and images before it has been shown', async ({ page }) => {
  await page.goto(`/menu/${QR.main}`);
  await waitForApp(page);
  const early = await page.evaluate(() => {
    const paint = performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? Number.NaN;
    const entry = document.querySelector<HTMLScriptElement>('script[type="module"][src]')?.src;
    return (performance.getEntriesByType('resource') as PerformanceResourceTiming[])
      .filter((r) => r.initiatorType !== 'img' && r.name !== entry && !(r.startTime > paint))
      .map((r) => `${new URL(r.name).pathname} at ${Math.round(r.startTime)} ms (paint at ${Math.round(paint)} ms)`);
  });
  expect(early).toEqual([]);
  // Its stylesheets are inline: their links (for Vite's chunk loader) are disabled, never fetched to restyle the page.
  const stylesheets = await page.evaluate(
    () => performance.getEntriesByType('resource').filter((r) => new URL(r.name).pathname.endsWith('.css')).length,
  );
  expect(stylesheets).toBe(0);
});
