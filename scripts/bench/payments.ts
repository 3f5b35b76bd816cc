// Card payments (issue 5) on real PostgreSQL with the built-in test gateway:
//  (1) a card order end to end in Debian's Chromium (Place order → hosted card page → 3-D Secure → return → verified),
//  (2) what card placement adds over cash: autocannon on POST /api/orders/{uuid}/ with each payment method.
import { randomBytes, randomUUID } from 'node:crypto';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { type Browser, chromium, type Page } from '@playwright/test';
import pg from 'pg';
import { demoCart } from '../../e2e/support/demo-menu.ts';
import type { MenuResponse } from '../../packages/shared/src/schemas/menu.ts';
import { loadOpenLoop } from './open-loop.ts';
import { loadApi, ORDER_CUSTOMERS, type OrderLoad } from './orders.ts';
import { type RunningServer, startServer } from './processes.ts';
import { buildCart, freshDatabase, ORDER_QR, openAllDay, signInCustomers } from './setup.ts';

export const BROWSER_RUNS = 5;
/** The main comparison: about what one busy branch's diners place at once (see docs/benchmarks.md). */
export const PAYMENT_CONNECTIONS = 10;
/** The headline's arrival rate: well below what either method sustains here, so latency is cost, not queueing. */
export const PAYMENT_RATE = 50;
/** For information: the order section's concurrency. */
export const PAYMENT_CONNECTIONS_HIGH = 50;
const DURATION_S = 10;
/** The fixed-rate runs (the figure) are longer: 1,000 requests, so the p99 is the 10th slowest, not the 5th. */
export const RATE_DURATION_S = 20;
const WARMUP_S = 3;
const ROUNDS = 2;
const DATABASE_NAME = 'sufra_bench_payments';
/** The gateway's documented Visa test card that succeeds after 3-D Secure (test-cards.ts). */
const VISA = '4111 1111 1111 1111';

export interface BrowserRun {
  /** Click on "Place order" → the confirmation shows the order paid, all of it. */
  totalMs: number;
  /** The script's typing on the hosted pages (card fields and the 3-D Secure code, `fill`). */
  typingMs: number;
  /** Click → the hosted card page's form is visible (order + payment created, redirect, page load). */
  toHostedMs: number;
  /** Card form submitted → the 3-D Secure page shown. */
  cardSubmitMs: number;
  /** 3-D Secure code submitted → the browser is back on our /payment/{uuid} page. */
  threeDsToReturnMs: number;
  /** Our return page loaded → the server verified with the provider and the confirmation shows paid. */
  returnToPaidMs: number;
  /** Of which: back on /payment → the return page's first verify request leaves (the web app loading). */
  appBootMs: number;
  /** Of which: the verify request that answered paid, sent → answered (the server asks the gateway). */
  verifyMs: number;
}

export interface PlacementPair {
  /** Where the test gateway runs: inside the API's process (the default), or in a process of its own. */
  gateway: 'in-process' | 'own process';
  connections: number;
  /** A fixed arrival rate in orders/s; unset: closed loop, every connection sends again as soon as it is answered. */
  rate?: number;
  cash: OrderLoad;
  card: OrderLoad;
}

interface PlacementLoad {
  connections: number;
  rate?: number;
}

export interface PaymentsBenchResult {
  warmUp?: BrowserRun;
  runs: BrowserRun[];
  placements: PlacementPair[];
  cart?: string;
  failure?: string;
}

const expiry = () => `12/${String((new Date().getUTCFullYear() + 1) % 100).padStart(2, '0')}`;

/**
 * One diner, as the payment journey (e2e/tests/payment.spec.ts) goes: signed in, the cart saved, pickup at the QR
 * code's branch, card chosen at checkout; then the timed part from the click on "Place order".
 */
async function cardOrderInBrowser(
  browser: Browser,
  baseUrl: string,
  cookie: string,
  brandId: number,
  cart: string,
): Promise<BrowserRun> {
  const context = await browser.newContext({
    baseURL: baseUrl,
    viewport: { width: 390, height: 844 },
    isMobile: true,
    hasTouch: true,
    deviceScaleFactor: 2,
    locale: 'ar-SA',
  });
  try {
    const [name, ...value] = cookie.split('=');
    await context.addCookies([{ name: name ?? '', value: value.join('='), url: baseUrl }]);
    const page = await context.newPage();
    try {
      return await timedCardOrder(page, brandId, cart);
    } catch (error) {
      // Where the diner got stuck, in words: the page's address and what it said.
      const text = await page
        .locator('body')
        .textContent({ timeout: 2_000 })
        .catch(() => null);
      const said = (text ?? '').replace(/\s+/g, ' ').slice(0, 300);
      throw new Error(
        `${error instanceof Error ? error.message.split('\n')[0] : String(error)} on ${page.url()}: “${said}”`,
      );
    }
  } finally {
    await context.close();
  }
}

async function timedCardOrder(page: Page, brandId: number, cart: string): Promise<BrowserRun> {
  await page.goto(`/menu/${ORDER_QR}`);
  await page.getByTestId('category-tabs').waitFor();
  // The cart as the app keeps it, and the app's hint that this browser has a session of the brand (set at sign-in).
  await page.evaluate(
    `localStorage.setItem(${JSON.stringify(`sufra.cart.${ORDER_QR}`)}, ${JSON.stringify(cart)});` +
      `localStorage.setItem('sufra.customer.brands', ${JSON.stringify(JSON.stringify([brandId]))});`,
  );
  await page.goto(`/cart/${ORDER_QR}`);
  await page.getByTestId('cart-continue').click();
  await page.waitForURL(`**/order-type/${ORDER_QR}`);
  await page.getByTestId('order-type-2').check();
  await page.getByTestId('branch-option').first().locator('input').check();
  await page.getByTestId('continue').click();
  await page.waitForURL(`**/order-data/${ORDER_QR}`);
  await page.getByTestId('continue').click();
  await page.waitForURL(`**/checkout/${ORDER_QR}`);
  await page.getByTestId('checkout-total').waitFor();
  await page.getByTestId('payment-card').check();

  const started = performance.now();
  await page.getByTestId('place-order').click();
  await page.locator('#card-form').waitFor();
  const hosted = performance.now();
  await page.locator('#number').fill(VISA);
  await page.locator('#holder').fill('Noura Alqahtani');
  await page.locator('#expiry').fill(expiry());
  await page.locator('#cvv').fill('123');
  let typingMs = performance.now() - hosted;
  const cardSubmitted = performance.now();
  await page.locator('#card-form button[type=submit]').click();
  await page.locator('#three-ds-form').waitFor();
  const threeDsShown = performance.now();
  const code = ((await page.locator('#shown-code').textContent()) ?? '').trim();
  await page.locator('#code').fill(code);
  const codeTyped = performance.now();
  typingMs += codeTyped - threeDsShown;
  // The return page's verify calls: when the first leaves, and how long the one that answered paid took.
  let firstVerifyAt = Number.NaN;
  let verifyMs = Number.NaN;
  const sentAt = new Map<unknown, number>();
  page.on('request', (request) => {
    if (!request.url().includes('/payment/verify/')) return;
    sentAt.set(request, performance.now());
    if (Number.isNaN(firstVerifyAt)) firstVerifyAt = performance.now();
  });
  page.on('response', (response) => {
    const sent = sentAt.get(response.request());
    if (sent !== undefined) verifyMs = performance.now() - sent;
  });
  await page.locator('#three-ds-form button[type=submit]').click();
  await page.waitForURL(new RegExp(`/payment/${ORDER_QR}\\?`), { waitUntil: 'commit' });
  const returned = performance.now();
  await page.locator('[data-testid="payment-summary"][data-payment="paid"]').waitFor({ timeout: 30_000 });
  const paid = performance.now();
  if (!new RegExp(`/confirm-order/${ORDER_QR}\\?order=\\d+$`).test(page.url())) {
    throw new Error(`paid, but on ${page.url()} instead of the confirmation`);
  }
  return {
    totalMs: paid - started,
    typingMs,
    toHostedMs: hosted - started,
    cardSubmitMs: threeDsShown - cardSubmitted,
    threeDsToReturnMs: returned - codeTyped,
    returnToPaidMs: paid - returned,
    appBootMs: firstVerifyAt - returned,
    verifyMs,
  };
}

/** The browser: one warm-up diner (not counted), then BROWSER_RUNS diners, each in a fresh context. */
async function browserRuns(
  baseUrl: string,
  cookies: string[],
  brandId: number,
  result: PaymentsBenchResult,
): Promise<void> {
  const menuResponse = await fetch(`${baseUrl}/api/menu/qr/${ORDER_QR}/`, {
    headers: { 'accept-language': 'ar' },
  });
  // The cart the journeys save (e2e/support/demo-menu.ts): a plain item ×2, an item with its required choices, a combo.
  const cart = JSON.stringify(demoCart((await menuResponse.json()) as MenuResponse));
  const browser: Browser = await chromium.launch({
    executablePath: '/usr/bin/chromium',
    args: ['--no-sandbox', '--headless=new', '--disable-gpu', '--disable-dev-shm-usage', '--no-first-run'],
  });
  try {
    for (let i = 0; i <= BROWSER_RUNS; i++) {
      console.error(`[bench] payments: card order in Chromium ${i === 0 ? '(warm-up)' : `${i}/${BROWSER_RUNS}`}…`);
      const run = await cardOrderInBrowser(browser, baseUrl, cookies[i] ?? '', brandId, cart);
      if (i === 0) result.warmUp = run;
      else result.runs.push(run);
    }
  } finally {
    await browser.close();
  }
}

/** What every placement pair shares: the bodies, the customers and where refusals are kept. */
interface PairsInput {
  bodies: Record<'cash' | 'card', string>;
  loadCookies: string[];
  refusals: string[];
  result: PaymentsBenchResult;
}

/**
 * Placement, cash vs card, on one server, for each load: alternating, best of ROUNDS each (best = lowest p99: the
 * figure is latency, and a spike from other work on the machine is not the API's).
 */
async function measurePairs(
  base: string,
  gateway: PlacementPair['gateway'],
  loads: PlacementLoad[],
  input: PairsInput,
): Promise<void> {
  const { bodies, loadCookies, refusals, result } = input;
  const endpoint = `${base}/api/orders/${ORDER_QR}/`;
  for (const { connections, rate } of loads) {
    const best: Partial<Record<'cash' | 'card', OrderLoad>> = {};
    for (let round = 1; round <= ROUNDS; round++) {
      for (const method of ['cash', 'card'] as const) {
        console.error(
          `[bench] payments: ${method}, gateway ${gateway}, ${connections} connections${rate ? ` at ${rate}/s` : ''}, round ${round}/${ROUNDS}…`,
        );
        let next = 0;
        // A fixed rate is an open loop of Poisson arrivals (open-loop.ts), the same sequence for cash and card of
        // a round; the closed loop is autocannon's.
        const load = (label: string, seconds: number) =>
          rate
            ? loadOpenLoop({
                label,
                url: endpoint,
                rate,
                seconds,
                connections,
                body: bodies[method],
                headers: () => ({
                  cookie: loadCookies[next++ % loadCookies.length] ?? '',
                  'idempotency-key': randomUUID(),
                }),
                firstBodies: refusals,
                seed: round,
              })
            : loadApi(label, endpoint, loadCookies, bodies[method], seconds, refusals, connections);
        await load('warm-up', WARMUP_S);
        const run = await load(method, rate ? RATE_DURATION_S : DURATION_S);
        if (run.problems) throw new Error(`${method} placement refused: ${refusals.join(' | ') || run.breakdown}`);
        const kept = best[method];
        if (!kept || run.p99Ms < kept.p99Ms) best[method] = run;
      }
    }
    if (best.cash && best.card) {
      result.placements.push({ gateway, connections, ...(rate ? { rate } : {}), cash: best.cash, card: best.card });
    }
  }
}

/** The whole section: fresh database, real server with the web build, the browser runs, then the placement loads. */
export async function benchPayments(
  adminUrl: string,
  env: NodeJS.ProcessEnv,
  tmp: string,
): Promise<PaymentsBenchResult> {
  const url = await freshDatabase(adminUrl, DATABASE_NAME);
  let server: RunningServer | undefined;
  let gatewayServer: RunningServer | undefined;
  const db = new pg.Pool({ connectionString: url, max: 5 });
  db.on('error', () => {});
  const result: PaymentsBenchResult = { runs: [], placements: [] };
  try {
    console.error('[bench] payments: starting the API (test gateway) on a fresh PostgreSQL database…');
    // One secret for every server of the section: the customers' session cookies stay valid across them.
    const shared = {
      ...env,
      DATABASE_URL: url,
      PAYMENT_PROVIDER: 'test',
      AUTH_SECRET: randomBytes(32).toString('base64url'),
      OTP_SENDS_PER_IP_PER_HOUR: '100000',
    };
    server = await startServer({ ...shared, DATA_DIR: join(tmp, 'payments') });
    const branchId = await openAllDay(db);
    const { rows } = await db.query<{ brand_id: number }>('select brand_id from branches where id = $1', [branchId]);
    const brandId = rows[0]?.brand_id ?? 0;
    console.error(`[bench] payments: signing in ${ORDER_CUSTOMERS} customers through the OTP flow…`);
    const cookies = await signInCustomers(server.url, db, brandId, ORDER_CUSTOMERS);
    await browserRuns(server.url, cookies, brandId, result);

    // Placement, cash vs card, same server, database, cart and customers.
    const placement = await buildCart(server.url);
    result.cart = placement.words.replace(', cash;', ';');
    const input: PairsInput = {
      bodies: {
        cash: JSON.stringify({ ...placement.body, paymentMethod: 'cash' }),
        card: JSON.stringify({ ...placement.body, paymentMethod: 'card' }),
      },
      // Customers beyond the browser's, so none of them has a card order of the browser runs.
      loadCookies: cookies.slice(BROWSER_RUNS + 1),
      refusals: [],
      result,
    };
    await measurePairs(
      server.url,
      'in-process',
      [
        { connections: PAYMENT_CONNECTIONS, rate: PAYMENT_RATE },
        { connections: PAYMENT_CONNECTIONS },
        { connections: PAYMENT_CONNECTIONS_HIGH },
      ],
      input,
    );
    if (!server.alive()) throw new Error(`the server exited during the load:\n${server.logTail()}`);
    await server.stop();
    server = undefined;

    // The same with the gateway in a process of its own (a second server on the same database serving only
    // /test-gateway to us), as a real provider is: the gateway's work then no longer shares the API's one thread.
    console.error('[bench] payments: the test gateway in its own process…');
    gatewayServer = await startServer({ ...shared, DATA_DIR: join(tmp, 'payments-gateway') });
    server = await startServer({
      ...shared,
      DATA_DIR: join(tmp, 'payments-2'),
      TEST_GATEWAY_API_URL: `${gatewayServer.url}/test-gateway`,
    });
    await measurePairs(
      server.url,
      'own process',
      [{ connections: PAYMENT_CONNECTIONS, rate: PAYMENT_RATE }, { connections: PAYMENT_CONNECTIONS }],
      input,
    );
    if (!server.alive()) throw new Error(`the server exited during the load:\n${server.logTail()}`);
    return result;
  } catch (error) {
    return { ...result, failure: error instanceof Error ? error.message : String(error) };
  } finally {
    await db.end();
    await server?.stop();
    await gatewayServer?.stop();
  }
}
