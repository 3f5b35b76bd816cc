import { type Browser, expect, type Locator, type Page, test } from '@playwright/test';
import type { Language } from '../../packages/shared/src/language.ts';
import { nextStatuses, type OrderStatus, orderStatusLabel } from '../../packages/shared/src/machines/order-status.ts';
import { tableStatusLabel } from '../../packages/shared/src/machines/table-status.ts';
import { formatSar } from '../../packages/shared/src/money.ts';
import type { Order } from '../../packages/shared/src/schemas/order.ts';
import { STAFF, TEXTS } from '../support/accounts.ts';
import { expectNoSeriousViolations } from '../support/axe.ts';
import { placeOrder, signedInDiner } from '../support/diner-api.ts';
import { picture, shoot } from '../support/screenshots.ts';
import { errorText, expectDocumentLanguage, LANGUAGES, QR, switchLanguage } from '../support/sufra.ts';

/** The demo cashier works at Olaya only (README); the manager has all four branches. */
const OLAYA = { ar: 'العليا', en: 'Olaya' } as const;

const TEXT = {
  cancel: { ar: 'إلغاء الطلب', en: 'Cancel order' },
  reason: { ar: 'سبب الإلغاء', en: 'Reason for canceling' },
  sound: { ar: 'صوت الطلبات الجديدة', en: 'Sound for new orders' },
  newOrder: { ar: 'طلب جديد', en: 'New order' },
  reasonShown: { ar: 'السبب:', en: 'Reason:' },
} as const;

const digits = (value: number, language: Language) =>
  new Intl.NumberFormat(language === 'ar' ? 'ar-SA' : 'en-SA').format(value);
const numberText = (order: Order, language: Language) => `#${digits(order.number, language)}`;

async function signIn(page: Page, language: Language, role: keyof typeof STAFF, path = '/staff') {
  await page.goto(path);
  if (language !== 'ar') await switchLanguage(page, language);
  await expectDocumentLanguage(page, language);
  await page.getByLabel(TEXTS.staffEmail[language], { exact: true }).fill(STAFF[role].email);
  await page.getByLabel(TEXTS.staffPassword[language], { exact: true }).fill(STAFF[role].password);
  await page.getByRole('button', { name: TEXTS.signIn[language], exact: true }).click();
  await expect(page.getByTestId('order-board')).toBeVisible();
}

/** The board is live once the stream said `ready` (and the list loaded after it). */
async function expectLive(page: Page) {
  await expect(page.getByTestId('board-connection')).toHaveAttribute('data-state', 'live', { timeout: 15_000 });
  await expect(page.getByTestId('board-lanes')).toBeVisible();
}

const cardOf = (page: Page, order: Order): Locator =>
  page.locator(`[data-testid="order-card"][data-order-id="${order.id}"]`);
const lane = (page: Page, status: OrderStatus): Locator =>
  page.locator(`[data-testid="board-lane"][data-status="${status}"]`);

/** The move buttons a card offers, as target statuses (cancel is its own button). */
async function offeredMoves(card: Locator): Promise<string[]> {
  const moves = await card.getByTestId('order-move').evaluateAll((els) => els.map((el) => el.getAttribute('data-to')));
  if ((await card.getByTestId('order-cancel').count()) > 0) moves.push('canceled');
  return moves.filter((m): m is string => m !== null);
}

/** Counts the oscillators the page starts (the new-order chime plays two tones) without changing what it does. */
async function countChimeTones(page: Page) {
  await page.addInitScript(() => {
    const scope = window as unknown as { chimeTones: number };
    scope.chimeTones = 0;
    const original = AudioContext.prototype.createOscillator;
    AudioContext.prototype.createOscillator = function createOscillator(this: AudioContext) {
      scope.chimeTones += 1;
      return original.call(this);
    };
  });
  return () => page.evaluate(() => (window as unknown as { chimeTones: number }).chimeTones);
}

async function otherBranchId(browser: Browser, baseURL: string): Promise<number> {
  const context = await browser.newContext({ baseURL });
  try {
    const login = await context.request.post('/api/staff/auth/login/', { data: STAFF.manager });
    expect(login.ok()).toBeTruthy();
    const { branches } = (await (await context.request.get('/api/staff/branches/')).json()) as {
      branches: { id: number; name: { en: string } }[];
    };
    const other = branches.find((b) => b.name.en !== OLAYA.en);
    if (!other) throw new Error('the demo manager has no branch besides Olaya');
    return other.id;
  } finally {
    await context.close();
  }
}

for (const language of LANGUAGES) {
  test.describe(`staff order board (${language})`, () => {
    test('a diner order appears live, highlighted with a chime, and the cashier moves it through to delivered', async ({
      page,
      baseURL,
    }) => {
      const tones = await countChimeTones(page);
      await signIn(page, language, 'cashier');
      await expectLive(page);
      const picker = page.getByTestId('board-branch');
      await expect(picker.locator('option')).toHaveText([OLAYA[language]]);

      // The switch is the user gesture that lets the page play sound; it answers with the chime itself.
      await page.getByRole('switch', { name: TEXT.sound[language] }).check();
      await expect.poll(tones).toBeGreaterThanOrEqual(2);
      const before = await tones();

      const diner = await signedInDiner(baseURL ?? '', language === 'ar' ? 'ريم القحطاني' : 'Reem Al-Qahtani');
      const order = await placeOrder(diner, { notes: 'No onions, please' });
      const card = cardOf(page, order);
      await expect(lane(page, 'pending').locator(card)).toBeVisible();
      await expect(card).toHaveAttribute('data-fresh', 'true');
      await expect(card.getByTestId('order-new')).toBeVisible();
      await expect(page.getByTestId('board-announcer')).toContainText(TEXT.newOrder[language]);
      await expect(page.getByTestId('board-announcer')).toContainText(numberText(order, language));
      // At least this order's two tones (orders of journeys running alongside chime too).
      await expect.poll(tones).toBeGreaterThanOrEqual(before + 2);

      await expect(card.getByRole('heading', { name: numberText(order, language) })).toBeVisible();
      await expect(card.getByTestId('order-customer')).toContainText(diner.name);
      await expect(card.getByTestId('order-total')).toHaveText(formatSar(order.pricing.total, language));
      await expect(card.getByTestId('order-notes')).toContainText('No onions, please');
      await expect(card.getByTestId('order-lines').locator('li')).toHaveCount(order.lines.length);

      // Exactly the machine's moves, in its words; each one moves the card to its lane.
      for (const to of ['sent_to_kitchen', 'ready', 'delivered'] as const) {
        const current = (await card.getAttribute('data-status')) as OrderStatus;
        expect(await offeredMoves(card)).toEqual(nextStatuses(order.orderType, current));
        await card.getByRole('button', { name: orderStatusLabel(to, language), exact: true }).click();
        await expect(card).toHaveAttribute('data-status', to);
        if (to !== 'delivered') {
          await expect(lane(page, to).locator(card)).toBeVisible();
          // The keyboard stays on the order in its new lane.
          await expect(card).toBeFocused();
        }
      }
      await expect(card).not.toHaveAttribute('data-fresh', 'true');
      // Finished orders sit in the collapsed list; focus goes to its summary.
      const finished = page.getByTestId('board-finished');
      await expect(finished.locator(card)).toBeAttached();
      await expect(finished.locator('summary')).toBeFocused();
      await finished.locator('summary').press('Enter');
      await expect(finished.locator(card)).toBeVisible();
      await diner.request.dispose();
    });

    test('canceling asks for a reason and the board shows it', async ({ page, baseURL }) => {
      await signIn(page, language, 'cashier');
      await expectLive(page);
      const diner = await signedInDiner(baseURL ?? '', 'Cancel Test');
      const order = await placeOrder(diner);
      const card = cardOf(page, order);
      await expect(card).toBeVisible();

      // "Seen" ends the highlight without moving the order.
      await expect(card).toHaveAttribute('data-fresh', 'true');
      await card.getByTestId('order-ack').click();
      await expect(card).not.toHaveAttribute('data-fresh', 'true');
      await expect(card.getByTestId('order-new')).toHaveCount(0);

      await card.getByRole('button', { name: TEXT.cancel[language], exact: true }).click();
      const dialog = page.getByTestId('cancel-dialog');
      await expect(dialog).toBeVisible();
      const reason = dialog.getByLabel(TEXT.reason[language]);
      await expect(reason).toBeFocused();
      await dialog.getByTestId('cancel-confirm').click();
      await expect(dialog.getByTestId('cancel-reason-error')).toHaveText(errorText('cancel_reason_required', language));
      await expect(reason).toHaveAttribute('aria-invalid', 'true');
      await expect(card).toHaveAttribute('data-status', 'pending');

      const why = language === 'ar' ? 'نفدت الكمية' : 'Out of stock';
      await reason.fill(why);
      await dialog.getByTestId('cancel-confirm').click();
      await expect(dialog).toBeHidden();
      await expect(card).toHaveAttribute('data-status', 'canceled');
      const finished = page.getByTestId('board-finished');
      await finished.locator('summary').click();
      await expect(finished.locator(card).getByTestId('order-cancel-reason')).toHaveText(
        `${TEXT.reasonShown[language]} ${why}`,
      );
      // The reason is kept on the order: the diner reads it too.
      const mine = await diner.request.get(`/api/orders/${QR.main}/${order.id}/`);
      expect(((await mine.json()) as Order).cancelReason).toBe(why);
      await diner.request.dispose();
    });

    test('a table status set in one staff tab shows live in another', async ({ page, context }) => {
      await signIn(page, language, 'cashier');
      await expectLive(page);
      const second = await context.newPage();
      await second.goto('/staff');
      await expectLive(second);

      // One table per language: the two journeys may run at the same time.
      const number = language === 'ar' ? '5' : '6';
      const table = (p: Page) => p.locator(`[data-testid="board-table"][data-table-number="${number}"]`);
      const select = table(page).getByRole('combobox');
      await expect(select).toHaveAccessibleName(language === 'ar' ? 'حالة الطاولة ٥' : `Status of table ${number}`);
      await select.selectOption({ label: tableStatusLabel('reserved', language) });
      await expect(table(page)).toHaveAttribute('data-status', 'reserved');
      await expect(table(second)).toHaveAttribute('data-status', 'reserved');
      await expect(table(second).getByRole('combobox')).toHaveValue('reserved');

      // The longest status reads whole on a phone, the counter's tablet and a desktop (it was cut to "Check Print…").
      await select.selectOption('check_printed');
      await expect(table(second)).toHaveAttribute('data-status', 'check_printed');
      for (const width of [390, 1024, 1280]) {
        await page.setViewportSize({ width, height: 800 });
        const fits = await select.evaluate((el) => {
          const s = el as HTMLSelectElement;
          const style = getComputedStyle(s);
          const context = document.createElement('canvas').getContext('2d');
          if (!context) return false;
          context.font = `${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
          const text = context.measureText(s.selectedOptions[0]?.text ?? '').width;
          // Chromium draws the native arrow inside the padding box: about 20 px of it holds no text.
          const room =
            s.clientWidth -
            Number.parseFloat(style.paddingInlineStart) -
            Number.parseFloat(style.paddingInlineEnd) -
            20;
          return text <= room;
        });
        expect(fits, `Check Printed at ${width} px`).toBe(true);
      }
      await picture(page, { path: `/tmp/evals-shots/staff-board-tables-${language}.png`, fullPage: true });

      await select.selectOption('free');
      await expect(table(second)).toHaveAttribute('data-status', 'free');
      await second.close();
    });

    test('the board passes axe with an order and with the cancel dialog open', async ({ page, baseURL }) => {
      // Three axe scans of a board that holds every order the other journeys placed at this branch: 10 s alone,
      // over the 60 s default beside the API suites (the clean-clone run at 16:21, both languages).
      test.slow();
      await signIn(page, language, 'cashier');
      await expectLive(page);
      // Two orders (also the README's pictures of the board): a dine-in order at table 1 already with the kitchen,
      // and a new pickup order with a note.
      const diner = await signedInDiner(baseURL ?? '', language === 'ar' ? 'نورة الشمري' : 'Noura Al-Shammari');
      const atTable = await placeOrder(diner, {
        uuid: QR.mainTable1,
        orderType: 1,
        location: { lat: 24.6995, lng: 46.685 },
      });
      const moved = await page.request.patch(`/api/staff/orders/${atTable.id}/status/`, {
        data: { to: 'sent_to_kitchen' },
      });
      expect(moved.ok()).toBeTruthy();
      const order = await placeOrder(diner, { notes: language === 'ar' ? 'بدون بصل لو سمحت' : 'No onions, please' });
      const card = cardOf(page, order);
      await expect(card).toBeVisible();
      await expect(card).toHaveAttribute('data-fresh', 'true');
      await expect(page.getByTestId('board-table').first()).toBeVisible();
      await expectNoSeriousViolations(page, `order board (${language})`);
      // The board's top just under the sticky header: branch, live state, sound, the first lane.
      const boardTop = () =>
        page
          .getByTestId('order-board')
          .evaluate((board) => window.scrollTo(0, board.getBoundingClientRect().top + window.scrollY - 64));
      await boardTop();
      await shoot(page, `staff-board-${language}`);
      await card.scrollIntoViewIfNeeded();
      await shoot(page, `staff-board-new-order-${language}`);

      await card.getByTestId('order-cancel').click();
      await expect(page.getByTestId('cancel-dialog')).toBeVisible();
      await expectNoSeriousViolations(page, `cancel dialog (${language})`);
      await page.keyboard.press('Escape');
      await expect(page.getByTestId('cancel-dialog')).toBeHidden();
      await expect(card.getByTestId('order-cancel')).toBeFocused();

      // On a tablet, the staff's usual screen: the board, then the cancel dialog over it.
      await page.setViewportSize({ width: 1024, height: 1366 });
      await boardTop();
      await shoot(page, `staff-board-tablet-${language}`);
      await card.getByTestId('order-cancel').click();
      await expect(page.getByTestId('cancel-dialog')).toBeVisible();
      await shoot(page, `staff-board-cancel-${language}`);
      await diner.request.dispose();
    });
  });
}

test('a cashier never sees another branch: no picker entry, the API refuses it, a link to it opens their own', async ({
  page,
  browser,
  baseURL,
}) => {
  const other = await otherBranchId(browser, baseURL ?? '');
  await signIn(page, 'en', 'cashier', `/staff?branch=${other}`);
  await expect(page.getByTestId('board-not-your-branch')).toContainText(OLAYA.en);
  await expect(page.getByTestId('board-branch').locator('option')).toHaveText([OLAYA.en]);
  await expect(page.getByTestId('board-branch').locator(`option[value="${other}"]`)).toHaveCount(0);
  await expectLive(page);

  // The page's own cookies: what a cashier who edits the address would send.
  // The order list, the stream and the tables all say 403 for a branch outside the user's scope.
  const list = await page.request.get(`/api/staff/orders/?branchId=${other}`);
  expect(list.status()).toBe(403);
  const stream = await page.request.get(`/api/staff/orders/events/?branchId=${other}`);
  expect(stream.status()).toBe(403);
  const tables = await page.request.get(`/api/staff/tables/?branchId=${other}`);
  expect(tables.status()).toBe(403);
});

test('a manager picks a branch, and the link reopens it after a reload', async ({ page }) => {
  await signIn(page, 'en', 'manager');
  await expectLive(page);
  const picker = page.getByTestId('board-branch');
  expect(await picker.locator('option').count()).toBeGreaterThan(1);
  const second = await picker.locator('option').nth(1).getAttribute('value');
  await picker.selectOption(second ?? '');
  await expect(page).toHaveURL(new RegExp(`/staff\\?branch=${second}$`));
  await expectLive(page);
  await page.reload();
  await expect(page.getByTestId('board-branch')).toHaveValue(second ?? '');
  await expectLive(page);
});

test('a stale tab: the board keeps loading while the stream is down, and a move made elsewhere first is explained', async ({
  page,
  baseURL,
}) => {
  await signIn(page, 'en', 'cashier');
  await expectLive(page);
  const diner = await signedInDiner(baseURL ?? '', 'Stale Tab');
  const order = await placeOrder(diner);
  await expect(cardOf(page, order)).toBeVisible();

  // Cut this tab's live stream: it says it is reconnecting and still shows the list it loads meanwhile.
  await page.route('**/api/staff/orders/events/**', (route) => route.abort());
  await page.reload();
  await expect(page.getByTestId('board-connection')).toHaveAttribute('data-state', 'reconnecting');
  const card = cardOf(page, order);
  await expect(card).toHaveAttribute('data-status', 'pending');

  // Another cashier moves it first (the same API, the same session).
  const moved = await page.request.patch(`/api/staff/orders/${order.id}/status/`, { data: { to: 'sent_to_kitchen' } });
  expect(moved.ok()).toBeTruthy();
  await card.getByRole('button', { name: 'Sent to kitchen', exact: true }).click();
  await expect(page.getByText(errorText('order_transition_not_allowed', 'en'))).toBeVisible();
  await expect(card).toHaveAttribute('data-status', 'sent_to_kitchen');

  await page.unroute('**/api/staff/orders/events/**');
  await expectLive(page);
  await diner.request.dispose();
});

test('a stream refused for an expired session refreshes the session and comes back live', async ({ page, context }) => {
  // The browser's own retry interval (a few seconds) passes twice before the stream is back.
  test.setTimeout(60_000);
  await signIn(page, 'en', 'cashier');
  await expectLive(page);
  // Hold the stream down, then let the access cookie go, as if it expired while the stream was away.
  await page.route('**/api/staff/orders/events/**', (route) => route.abort());
  await page.reload();
  await expect(page.getByTestId('board-connection')).toHaveAttribute('data-state', 'reconnecting');
  await expect(page.getByTestId('board-lanes')).toBeVisible();
  const access = (await context.cookies()).filter((c) => c.httpOnly && c.name.includes('staff_at'));
  expect(access.length, 'the staff access cookie').toBeGreaterThan(0);
  await context.clearCookies({ name: access[0]?.name });

  // The browser's next try gets 401: the board refreshes the session and opens the stream again.
  const refreshed = page.waitForResponse((response) => response.url().includes('/api/staff/auth/refresh/'));
  await page.unroute('**/api/staff/orders/events/**');
  expect((await refreshed).status()).toBe(200);
  await expectLive(page);
  await expect(page.getByTestId('staff-shell')).toBeVisible();
});
