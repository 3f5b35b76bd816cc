// Issue 28's Foodics figures (`npm run bench -- --only foodics`, and part of the full run), on PostgreSQL: the real
// server in production mode handing the demo's integrated branch (King Fahd Road) to the fake Foodics
// (apps/api/test/fake-foodics.ts) in this process, which answers every call after 200 ms.
//  1. Placement → the fake's receipt of the order: cash pickup orders placed at 50/s for 10 s (open loop), each timed
//     from its placement request to the moment the fake made it.
//  2. The traps: 30 % of creates answer 500 (nothing made) and every webhook is dropped; the fake's cashier accepts and
//     closes every order it has; every order must reach "delivered" by polling alone, none lost, none made twice.
// The machine is shared: the figures are what this run measured, nothing more.
import pg from 'pg';
import { DEMO_FOODICS } from '../../apps/api/src/db/seed/seed-foodics.ts';
import { type FakeFoodicsOrder, startFakeFoodics } from '../../apps/api/test/fake-foodics.ts';
import { startServer } from './processes.ts';
import { mark, num, stamp } from './report.ts';
import { freshDatabase, signInCustomers } from './setup.ts';

export const FOODICS_HEADING = '## Foodics hand-off (issue 28)';
const INTEGRATED_QR = 'fe232cd9-8d37-485a-b5dd-748776d692ac';
const TOKEN = 'bench-only-fake-foodics-token';
const TARGET_P99_MS = 2_000;
const RATE_PER_S = 50;
const SECONDS = 10;
const TRAP_ORDERS = 200;
const ANSWER_MS = 200;
const POLL_MS = 2_000;
const SETTLE_MS = 180_000;

interface Run {
  placed: number;
  received: number;
  twice: number;
  latenciesMs: number[];
}

export interface FoodicsBenchResult {
  load?: Run;
  traps?: Run & { delivered: number; settledMs: number };
  failure?: string;
}

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted.length === 0
    ? Number.NaN
    : (sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0);
};
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export async function benchFoodics(adminUrl: string, env: NodeJS.ProcessEnv): Promise<FoodicsBenchResult> {
  const result: FoodicsBenchResult = {};
  const madeAt = new Map<string, number[]>();
  let base = '';
  const fake = await startFakeFoodics({
    token: TOKEN,
    business: { reference: DEMO_FOODICS.businessReference, name: 'Sufra Kitchen' },
    catalogue: { branches: [], products: [], acceptPrefix: DEMO_FOODICS.idPrefix },
    webhookUrl: () => (base ? `${base}/api/foodics/webhooks/${DEMO_FOODICS.webhookSecret}` : null),
    answerDelayMs: ANSWER_MS,
    onOrderCreated: (order: FakeFoodicsOrder) => {
      const reference = String(order.meta['3rd_party_order_number'] ?? '');
      madeAt.set(reference, [...(madeAt.get(reference) ?? []), Date.now()]);
    },
  });
  const url = await freshDatabase(adminUrl, 'sufra_bench_foodics');
  const server = await startServer({
    ...env,
    DATABASE_URL: url,
    FOODICS_ACCESS_TOKEN: TOKEN,
    FOODICS_API_URL: fake.url,
    FOODICS_POLL_EVERY_MS: String(POLL_MS),
    FOODICS_RELAY_INTERVAL_MS: '500',
    OTP_SENDS_PER_IP_PER_HOUR: '100000',
    SMS_OUTBOX_VISIBLE: 'true',
  });
  base = server.url;
  const db = new pg.Pool({ connectionString: url, max: 4 });
  try {
    const { rows } = await db.query<{ brand_id: number }>(
      'select b.brand_id from qr_codes q join branches b on b.id = q.branch_id where q.uuid = $1',
      [INTEGRATED_QR],
    );
    const brandId = rows[0]?.brand_id;
    if (brandId === undefined) throw new Error('no brand for the integrated QR code');
    const cookies = await signInCustomers(server.url, db, brandId, 100);
    // One plain item sold at the branch, no choices: the figure is the hand-off, not the cart.
    const menu = (await (
      await fetch(`${server.url}/api/menu/qr/${INTEGRATED_QR}/`, { headers: { 'accept-language': 'en' } })
    ).json()) as { items: { id: number; available: boolean; modifierGroupIds: number[]; combo: unknown }[] };
    const item = menu.items.find((i) => i.available && i.modifierGroupIds.length === 0 && !i.combo);
    if (!item) throw new Error('no plain item at the integrated branch');
    const body = JSON.stringify({
      orderType: 2,
      paymentMethod: 'cash',
      lines: [{ kind: 'product', itemId: item.id, quantity: 1, modifiers: [] }],
    });
    let turn = 0;
    const place = async (): Promise<{ id: number; sentAt: number }> => {
      const sentAt = Date.now();
      const res = await fetch(`${server.url}/api/orders/${INTEGRATED_QR}/`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          cookie: cookies[turn++ % cookies.length] ?? '',
          'idempotency-key': crypto.randomUUID(),
        },
        body,
      });
      if (res.status !== 201) throw new Error(`placement answered ${res.status}: ${await res.text()}`);
      return { id: ((await res.json()) as { id: number }).id, sentAt };
    };
    const openLoop = async (count: number) => {
      const started = performance.now();
      const placed: Promise<{ id: number; sentAt: number }>[] = [];
      for (let i = 0; i < count; i += 1) {
        const wait = started + (i * 1000) / RATE_PER_S - performance.now();
        if (wait > 0) await sleep(wait);
        placed.push(place());
      }
      return Promise.all(placed);
    };
    const tally = async (orders: { id: number; sentAt: number }[], waitMs: number): Promise<Run> => {
      const deadline = Date.now() + waitMs;
      while (Date.now() < deadline && orders.some((o) => !madeAt.has(`sufra-order-${o.id}`))) await sleep(100);
      const run: Run = { placed: orders.length, received: 0, twice: 0, latenciesMs: [] };
      for (const o of orders) {
        const made = madeAt.get(`sufra-order-${o.id}`) ?? [];
        if (made.length > 0) {
          run.received += 1;
          run.latenciesMs.push((made[0] ?? o.sentAt) - o.sentAt);
        }
        if (made.length > 1) run.twice += 1;
      }
      return run;
    };

    // 1. At load, nothing failing.
    console.error(`[bench] foodics: ${RATE_PER_S}/s × ${SECONDS} s, the fake answering in ${ANSWER_MS} ms…`);
    result.load = await tally(await openLoop(RATE_PER_S * SECONDS), 60_000);
    console.error(
      `[bench] foodics load: ${result.load.received}/${result.load.placed}, p99 ${num(percentile(result.load.latenciesMs, 99))} ms`,
    );

    // 2. The traps: 30 % of creates fail, every webhook dropped; the cashier accepts and closes everything at Foodics.
    fake.traps = { failCreateShare: 0.3, dropWebhooks: true };
    const started = Date.now();
    const trapped = await openLoop(TRAP_ORDERS);
    const ids = trapped.map((o) => o.id);
    const cashier = setInterval(() => {
      for (const order of fake.orders.values()) {
        if (order.status === 1) void fake.act(order.id, 'accept');
        else if (order.status === 2) void fake.act(order.id, 'close');
      }
    }, 250);
    let delivered = 0;
    const deadline = Date.now() + SETTLE_MS;
    while (Date.now() < deadline) {
      const { rows: done } = await db.query<{ n: number }>(
        "select count(*)::int as n from orders where id = any($1) and status = 'delivered'",
        [ids],
      );
      delivered = done[0]?.n ?? 0;
      if (delivered === ids.length) break;
      await sleep(500);
    }
    clearInterval(cashier);
    const run = await tally(trapped, 0);
    result.traps = { ...run, delivered, settledMs: Date.now() - started };
    console.error(
      `[bench] foodics traps: ${run.received}/${run.placed} made, ${run.twice} twice, ${delivered} delivered by polling`,
    );
    const lost = run.placed - run.received;
    if (result.load.received < result.load.placed) result.failure = 'orders never reached the fake at load';
    if (lost > 0 || run.twice > 0 || result.load.twice > 0)
      result.failure = `${lost} lost, ${run.twice + result.load.twice} made twice`;
    else if (delivered < ids.length) result.failure = `${ids.length - delivered} orders never reached "delivered"`;
  } catch (error) {
    result.failure = error instanceof Error ? error.message : String(error);
  } finally {
    await db.end();
    await server.stop();
    await fake.close();
  }
  return result;
}

export function renderFoodics(result: FoodicsBenchResult, started: Date): string[] {
  const load = result.load;
  const traps = result.traps;
  const p99 = load ? percentile(load.latenciesMs, 99) : Number.NaN;
  return [
    FOODICS_HEADING,
    '',
    `\`npm run bench -- --only foodics\` on ${stamp(started)} UTC. The real server (production mode, PostgreSQL 15, one`,
    "process) handing the demo's integrated branch (King Fahd Road) to the fake Foodics in the bench process, which",
    `answers every call after ${ANSWER_MS} ms. Cash pickup orders of one plain item from 100 diners (real OTP sign-in),`,
    `placed open loop at ${RATE_PER_S}/s; each timed from its placement request to the fake making the order (the`,
    'outbox row, the kitchen relay, the Foodics relay: customer look-up or creation, then `POST /orders`). Then',
    `${TRAP_ORDERS} more with 30 % of creates answered 500 and every webhook dropped; the fake's cashier accepts and`,
    `closes each order it has; our orders must reach "delivered" by polling (every ${POLL_MS / 1000} s) alone.`,
    '',
    '| Run | Placed | At Foodics | Made twice | p50 | p99 | Target | |',
    '|---|---|---|---|---|---|---|---|',
    load
      ? `| ${RATE_PER_S}/s × ${SECONDS} s | ${load.placed} | ${load.received} | ${load.twice} | ${num(percentile(load.latenciesMs, 50))} ms | ${num(p99)} ms | p99 ≤ ${num(TARGET_P99_MS)} ms | ${mark(load.received === load.placed && load.twice === 0 && p99 <= TARGET_P99_MS)} |`
      : '| load | – | – | – | – | – | – | not run |',
    traps
      ? `| 30 % creates failing, webhooks dropped | ${traps.placed} | ${traps.received} | ${traps.twice} | – | – | 0 lost, 0 twice, all delivered by polling (${traps.delivered} in ${num(traps.settledMs / 1000, 1)} s) | ${mark(traps.received === traps.placed && traps.twice === 0 && traps.delivered === traps.placed)} |`
      : '| traps | – | – | – | – | – | – | not run |',
    ...(result.failure ? ['', `Failed: ${result.failure}`] : []),
    '',
    'The time per stage (kitchen relay, claim, `POST /orders`) and the runs before: docs/adr/0730 (and 0692). The traps',
    "run's settle time is set by its unluckiest order's streak of failed creates (backoff 2, 4, 8 … s): it varies.",
  ];
}
