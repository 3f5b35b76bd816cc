// Order placement on real PostgreSQL: the real API (POST /api/orders/{uuid}/, signed-in customers, one
// Idempotency-Key per request) under autocannon, beside a raw `pg` baseline doing the same writes in the same run.
import { randomBytes, randomUUID } from 'node:crypto';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import autocannon from 'autocannon';
import pg from 'pg';
import { type BaselineShape, type BaselineTemplate, loadBaseline } from './order-baseline.ts';
import { ORDER_CONNECTIONS, type OrderLoad } from './order-load.ts';
import { cpuShare, cpuSnapshot, type RunningServer, startServer } from './processes.ts';
import { buildCart, freshDatabase, ORDER_QR, openAllDay, signInCustomers } from './setup.ts';

export { ORDER_CONNECTIONS, type OrderLoad, percentile } from './order-load.ts';

const DURATION_S = 10;
/**
 * Each configuration's server is started fresh for its run, so the warm-up is what lets its JIT and its database
 * connections settle: with 3 s the same code measured 825–873 orders/s, with 15 s 858–1,067 (session 7).
 */
export const ORDER_WARMUP_S = 15;
const WARMUP_S = ORDER_WARMUP_S;
const ROUNDS = 2;
/** Signed-in customers the load is spread over (round robin), so no per-customer rule is what is measured. */
export const ORDER_CUSTOMERS = 200;
const DATABASE_NAME = 'sufra_bench_orders';

/** API server configurations measured side by side: one process, and one per CPU (API_WORKERS). */
export const ORDER_WORKERS = [1, 2] as const;

/**
 * Each configuration run in a round: the process counts with the roll-ups on, then one process without them (issue
 * 27: placement within 10 % of the same run without the roll-ups): the reports' catch-up job off and the triggers that
 * keep the customer list's per-diner figures (docs/adr/0700) disabled for that run.
 */
const ORDER_CONFIGS = [
  ...ORDER_WORKERS.map((workers) => ({ workers, rollups: true })),
  { workers: 1, rollups: false },
] as const;
const STATS_TRIGGERS = ['orders_stats_insert', 'orders_stats_update', 'orders_stats_delete'];

/** CPUs kept busy on average during a run (CPU seconds / wall seconds), by whom. */
export interface CpuShare {
  server: number;
  postgres: number;
  /** This process: autocannon, the load generator. */
  bench: number;
  /** Every process on the machine (/proc/stat). */
  machine: number;
}

export interface OrdersBenchResult {
  /** The API with each ORDER_WORKERS count, in that order (same total pool: DATABASE_POOL_SIZE / workers each). */
  apis?: (OrderLoad & { workers: number; rollups: boolean; cpu?: CpuShare })[];
  /** The raw pg runs: a plain transaction, then the same writes as one statement. */
  baselines?: OrderLoad[];
  /** What one request orders, in words. */
  cart?: string;
  /** Orders in the database after the run vs. 201s counted (warm-up included): they must agree. */
  ordersInDatabase?: number;
  createdCount?: number;
  poolSize: string;
  failure?: string;
  note?: string;
}

/** --pg-stats: what each statement cost the database since the last reset (pg_stat_statements), on stderr. */
async function printStatementStats(db: pg.Pool, title: string): Promise<void> {
  const { rows } = await db.query<{ calls: string; ms: string; mean: string; rows: string; query: string }>(
    `select calls, round(total_exec_time::numeric) as ms, round(mean_exec_time::numeric, 3) as mean, rows,
       left(regexp_replace(query, '\\s+', ' ', 'g'), 140) as query
     from pg_stat_statements order by total_exec_time desc limit 15`,
  );
  console.error(`[bench] pg-stats: ${title} (calls, total ms, mean ms, rows, statement)`);
  for (const r of rows) console.error(`[bench] pg-stats: ${r.calls}\t${r.ms}\t${r.mean}\t${r.rows}\t${r.query}`);
}

function breakdownOf(result: autocannon.Result): string {
  return [
    ...Object.entries(result.statusCodeStats ?? {})
      .filter(([code]) => /^\d+$/.test(code))
      .map(([code, { count }]) => `${code}×${count.toLocaleString('en-US')}`),
    result.errors ? `errors ${result.errors.toLocaleString('en-US')}` : '',
    result.timeouts ? `timeouts ${result.timeouts.toLocaleString('en-US')}` : '',
  ]
    .filter(Boolean)
    .join(', ');
}

/** autocannon on the real endpoint: every request a distinct Idempotency-Key, customers in turn. */
export async function loadApi(
  label: string,
  url: string,
  cookies: string[],
  body: string,
  seconds: number,
  firstBodies: string[],
  connections = ORDER_CONNECTIONS,
  /** A fixed arrival rate (requests/s over all connections); unset: each connection as fast as it can. */
  overallRate?: number,
): Promise<OrderLoad> {
  let next = 0;
  const result = await autocannon({
    url,
    connections,
    ...(overallRate ? { overallRate } : {}),
    duration: seconds,
    timeout: 10,
    requests: [
      {
        method: 'POST',
        path: new URL(url).pathname,
        headers: { 'content-type': 'application/json', 'accept-language': 'en' },
        body,
        setupRequest: (request) => {
          request.headers = {
            ...request.headers,
            cookie: cookies[next++ % cookies.length] ?? '',
            'idempotency-key': randomUUID(),
          };
          return request;
        },
        onResponse: (status, responseBody) => {
          // Keep a few refusals to show why the run failed.
          if (status !== 201 && firstBodies.length < 3) firstBodies.push(`${status} ${responseBody.slice(0, 300)}`);
        },
      },
    ],
  });
  const created = result.statusCodeStats?.['201']?.count ?? 0;
  return {
    label,
    ordersPerSecond: created / (result.duration || seconds),
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    orders: created,
    problems: Math.max(0, result.requests.total - created) + result.errors + result.timeouts,
    breakdown: breakdownOf(result),
  };
}

/** One API configuration's best run. */
type ApiLoad = OrderLoad & { workers: number; rollups: boolean; cpu?: CpuShare };

/**
 * Starts the API with `workers` processes on the bench's database, stopping whichever configuration ran before:
 * one runs at a time, since an idle server would still wake on every order's NOTIFYs (its relays and live hub)
 * and its CPU would count against the one measured. One secret for all, so a customer signed in through one is
 * signed in on every one.
 */
function serverLauncher(env: NodeJS.ProcessEnv, tmp: string, url: string, profileDir: string | undefined) {
  const poolSize = env.DATABASE_POOL_SIZE ?? '10';
  const secret = randomBytes(32).toString('base64url');
  const servers: { workers: number; rollups: boolean; server: RunningServer }[] = [];
  const launch = async (workers: number, rollups = true): Promise<RunningServer> => {
    const running = servers.find((s) => s.workers === workers && s.rollups === rollups);
    if (running) return running.server;
    await Promise.all(servers.splice(0).map((s) => s.server.stop()));
    const started = await startServer(
      {
        ...env,
        DATA_DIR: join(tmp, `orders-${workers}`),
        DATABASE_URL: url,
        AUTH_SECRET: secret,
        API_WORKERS: String(workers),
        // The same connections in all: a pool per process.
        DATABASE_POOL_SIZE: String(Math.max(1, Math.floor(Number(poolSize) / workers))),
        // Every bench customer signs in from 127.0.0.1: the per-address cap on codes would stop set-up, not a bot.
        OTP_SENDS_PER_IP_PER_HOUR: '100000',
        ...(rollups ? {} : { REPORTS_ROLLUP_INTERVAL_MS: '0' }),
      },
      profileDir && workers === 1 ? ['--cpu-prof', `--cpu-prof-dir=${profileDir}`] : [],
    );
    servers.push({ workers, rollups, server: started });
    return started;
  };
  const stopAll = () => Promise.all(servers.map((s) => s.server.stop()));
  return { launch, stopAll };
}

/**
 * One order by hand first: its answer is the template of the baseline's rows and shows a refusal plainly
 * (a string: what the server answered).
 */
async function firstOrder(
  endpoint: string,
  cookie: string,
  body: string,
  db: pg.Pool,
  brandId: number,
  branchId: number,
): Promise<BaselineTemplate | string> {
  const first = await fetch(endpoint, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'accept-language': 'en',
      cookie,
      'idempotency-key': randomUUID(),
    },
    body,
  });
  const firstText = await first.text();
  if (first.status !== 201) return `the first order answered ${first.status}: ${firstText}`;
  const order = JSON.parse(firstText) as {
    pricing: Record<string, number | string>;
    lines: { kind: string; itemId: number; name: { ar: string; en: string }; [k: string]: unknown }[];
  };
  const { rows: customerRows } = await db.query<{ id: number }>(
    'select id from customers where brand_id = $1 order by id',
    [brandId],
  );
  const baselineOrder = {
    ...order,
    lines: order.lines.map((l, position) => ({
      position,
      kind: l.kind,
      item_id: l.itemId,
      name_ar: l.name.ar,
      name_en: l.name.en,
      quantity: l.quantity,
      unit_price_halalas: l.unitPriceHalalas,
      subtotal: l.subtotal,
      tax: l.tax,
      total: l.total,
      modifiers: l.modifiers,
      slots: l.slots,
    })),
  };
  return { brandId, branchId, customerIds: customerRows.map((r) => r.id), order: baselineOrder };
}

/** What the rounds share: the servers, the database, the signed-in customers and the order's body. */
interface RoundsInput {
  launch: (workers: number, rollups?: boolean) => Promise<RunningServer>;
  db: pg.Pool;
  url: string;
  cookies: string[];
  body: string;
  template: BaselineTemplate;
  pgStats: boolean | undefined;
}

/** The customer figures' triggers on or off (the "without the roll-ups" configuration runs with them off). */
async function setStatsTriggers(db: pg.Pool, on: boolean) {
  const clauses = STATS_TRIGGERS.map((t) => `${on ? 'enable' : 'disable'} trigger ${t}`).join(', ');
  await db.query(`alter table orders ${clauses}`);
}

/**
 * The API (each configuration) and the baselines alternate, best of ROUNDS each: other work on a shared machine
 * then hits all alike. Stops at the first refused or failed request.
 */
async function runRounds({ launch, db, url, cookies, body, template, pgStats }: RoundsInput) {
  const refusals: string[] = [];
  const apis = new Map<string, ApiLoad>();
  const baselines = new Map<BaselineShape, OrderLoad>();
  const tally = { apiRuns: 0, createdCount: 1, failed: false };
  let diedUnderLoad: { workers: number; server: RunningServer } | undefined;
  for (let round = 1; round <= ROUNDS && !tally.failed; round++) {
    for (const { workers, rollups } of ORDER_CONFIGS) {
      const key = `${workers}-${rollups}`;
      await setStatsTriggers(db, rollups);
      const target = await launch(workers, rollups);
      const label = `API: POST /api/orders/{uuid}/, ${workers === 1 ? '1 process' : `${workers} processes (API_WORKERS=${workers})`}${rollups ? '' : ', without the roll-ups'}`;
      const at = `${target.url}/api/orders/${ORDER_QR}/`;
      console.error(`[bench] orders: round ${round}/${ROUNDS}: ${label}: warm-up ${WARMUP_S} s, then ${DURATION_S} s…`);
      const warm = await loadApi('warm-up', at, cookies, body, WARMUP_S, refusals);
      if (pgStats) await db.query('select pg_stat_statements_reset()');
      const before = cpuSnapshot(target.pid);
      const started = performance.now();
      const measured = await loadApi(label, at, cookies, body, DURATION_S, refusals);
      const seconds = (performance.now() - started) / 1000;
      const run = { ...measured, cpu: cpuShare(before, cpuSnapshot(target.pid), seconds) };
      tally.apiRuns += 2;
      if (!target.alive()) diedUnderLoad ??= { workers, server: target };
      console.error(
        `[bench] orders: round ${round}/${ROUNDS}: ${label}: ${Math.round(run.ordersPerSecond)} orders/s, p99 ${run.p99Ms} ms`,
      );
      if (pgStats) await printStatementStats(db, `${label}, ${measured.orders} orders`);
      tally.createdCount += warm.orders + run.orders;
      const best = apis.get(key);
      if (warm.problems || run.problems) {
        apis.set(key, { ...run, workers, rollups, problems: warm.problems + run.problems });
        tally.failed = true;
        break;
      }
      if (!best || run.ordersPerSecond > best.ordersPerSecond) apis.set(key, { ...run, workers, rollups });
    }
    await setStatsTriggers(db, true);
    if (tally.failed) break;
    for (const shape of ['statement', 'transaction'] as const) {
      console.error(`[bench] orders: round ${round}/${ROUNDS}: raw pg (${shape}), ${DURATION_S} s…`);
      await loadBaseline(url, template, WARMUP_S, shape);
      const result = await loadBaseline(url, template, DURATION_S, shape);
      const best = baselines.get(shape);
      if (!best || result.ordersPerSecond > best.ordersPerSecond) baselines.set(shape, result);
    }
  }
  return { apis, baselines, refusals, diedUnderLoad, ...tally };
}

/** The whole section: fresh database, real server, customers, warm-up, the API run, then the baseline. */
export async function benchOrders(
  adminUrl: string,
  env: NodeJS.ProcessEnv,
  tmp: string,
  diagnosis: {
    /** When given, the server runs with --cpu-prof and writes its profile there on exit. */
    profileDir?: string | undefined;
    /** The cluster has pg_stat_statements loaded: print what each API run cost the database. */
    pgStats?: boolean;
  } = {},
): Promise<OrdersBenchResult> {
  const { profileDir, pgStats } = diagnosis;
  const poolSize = env.DATABASE_POOL_SIZE ?? '10';
  const url = await freshDatabase(adminUrl, DATABASE_NAME);
  const { launch, stopAll } = serverLauncher(env, tmp, url, profileDir);
  const db = new pg.Pool({ connectionString: url, max: 10 });
  db.on('error', () => {});
  try {
    if (pgStats) await db.query('create extension if not exists pg_stat_statements');
    console.error('[bench] orders: starting the API on a fresh PostgreSQL database (migrate + demo seed)…');
    const server = await launch(ORDER_WORKERS[0]);
    const branchId = await openAllDay(db);
    const { rows: brandRows } = await db.query<{ brand_id: number }>('select brand_id from branches where id = $1', [
      branchId,
    ]);
    const brandId = brandRows[0]?.brand_id ?? 0;
    const cart = await buildCart(server.url);
    console.error(`[bench] orders: signing in ${ORDER_CUSTOMERS} customers through the OTP flow…`);
    const cookies = await signInCustomers(server.url, db, brandId, ORDER_CUSTOMERS);

    const body = JSON.stringify(cart.body);
    const endpoint = `${server.url}/api/orders/${ORDER_QR}/`;
    const template = await firstOrder(endpoint, cookies[0] ?? '', body, db, brandId, branchId);
    if (typeof template === 'string') return { poolSize, cart: cart.words, failure: template };

    const rounds = await runRounds({ launch, db, url, cookies, body, template, pgStats });
    const { apiRuns, createdCount, failed, refusals } = rounds;
    const dead = rounds.diedUnderLoad;
    // The API's orders only (the baselines' carry another note).
    const { rows: countRows } = await db.query<{ n: number }>(
      "select count(*)::int as n from orders where notes = 'Benchmark order'",
    );
    const ordersInDatabase = countRows[0]?.n ?? 0;

    const problems = [
      failed ? `refused or failed requests: ${refusals.join(' | ') || 'socket errors'}` : '',
      // Requests still in flight when autocannon stops (at most one per connection, per run) are placed without
      // being counted; anything else would be an order without a 201, or a 201 without an order.
      ordersInDatabase >= createdCount && ordersInDatabase <= createdCount + apiRuns * ORDER_CONNECTIONS
        ? ''
        : `${createdCount} 201s but ${ordersInDatabase} orders in the database`,
      dead ? `the server (${dead.workers} processes) exited during the load:\n${dead.server.logTail()}` : '',
    ].filter(Boolean);
    return {
      apis: [...rounds.apis.values()],
      baselines: [...rounds.baselines.values()],
      cart: cart.words,
      ordersInDatabase,
      createdCount,
      poolSize,
      ...(problems.length ? { failure: problems.join('; ') } : {}),
    };
  } finally {
    await db.end();
    await stopAll();
  }
}
