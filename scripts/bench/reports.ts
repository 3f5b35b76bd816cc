// Issue 27's report figures (`npm run bench -- --only reports`): the demo brand given 1,000,000 orders and 3,000,000
// ledger rows over two years by set-based SQL (generate_series, one INSERT … SELECT per table), the roll-ups caught up,
// then the roll-up of one new day and the dashboard for 30 days and 12 months through the app (owner, brand-wide).
// PGlite beside it at a smaller size (the same seed scaled down: WebAssembly, one core, in the time).
// The machine is shared: the section reuses a database that already holds the seed (a kept cluster: run the inner
// command, `SUFRA_BENCH_INNER=1 DATABASE_URL=… node scripts/bench.ts --only reports`, against it).
// Flags: --reports-orders=N, --reports-pglite-orders=N, --reports-requests=N, --no-pglite.
import { performance } from 'node:perf_hooks';
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import type { AppContext } from '../../apps/api/src/app-context.ts';
import type { Config } from '../../apps/api/src/config/env.ts';
import { createDatabase, type Database, drizzleOptions } from '../../apps/api/src/db/client.ts';
import { createReportsService } from '../../apps/api/src/modules/reports/reports.service.ts';
import { args, flagValue } from './options.ts';
import { startServer } from './processes.ts';
import { mark, median, num, stamp } from './report.ts';
import { freshDatabase } from './setup.ts';

export const REPORTS_HEADING = '## Reports at 1,000,000 orders (issue 27)';
const TARGETS = { dashboardP95Ms: 150, dayRollupMs: 2_000 } as const;
const OWNER = { email: 'owner@sufra.demo', password: 'owner-demo-2026' };
const DB_NAME = 'sufra_bench_reports';
const DAYS = 730;
const REQUESTS = Number(flagValue('reports-requests') ?? 40);
const DAY_RUNS = 5;
export const PG_ORDERS = Number(flagValue('reports-orders') ?? 1_000_000);
export const PGLITE_ORDERS = Number(flagValue('reports-pglite-orders') ?? 100_000);

/** Runs one SQL text (no parameters) on whichever database the seed goes to. */
type Exec = (text: string) => Promise<unknown>;
type Count = (text: string) => Promise<number>;

export interface SeedCounts {
  orders: number;
  lines: number;
  ledger: number;
  customers: number;
  seconds: number;
}

/**
 * The demo brand's history: `orders` orders spread evenly over the DAYS days before `today` (Riyadh), a tenth as many
 * diners (90 % of orders have one), two lines each from the brand's items, 5 % canceled with a reason, each timed
 * through the kitchen (a third delivered by courier), and three ledger rows per order (an earn per diner's order,
 * a redeem on every fourth, the rest bonuses, shop purchases and expiry without an order). All set-based.
 */
export async function seedReports(exec: Exec, count: (sql: string) => Promise<number>, orders: number, today: string) {
  const started = performance.now();
  const brand = `(select id from brands where slug = 'sufra-kitchen')`;
  const customers = Math.max(1, Math.round(orders / 10));
  const start = `((date '${today}' - ${DAYS})::timestamp at time zone 'Asia/Riyadh')`;
  await exec(`
    insert into customers (brand_id, phone, full_name, language, wallet_points, lifetime_points, created_at)
    select ${brand}, '+9661' || lpad(g::text, 8, '0'), 'Bench Diner ' || g, case when g % 3 = 0 then 'en' else 'ar' end,
      (g * 7919) % 2000, (g * 104729) % 9000, ${start}
    from generate_series(1::bigint, ${customers}) g`);
  // Order i at start + i/orders of the span; numbers from 1,000,001 (unique per branch: the demo's are far lower).
  await exec(`
    with b as (select array_agg(id order by id) ids from branches where brand_id = ${brand}),
      c as (select min(id) first from customers where brand_id = ${brand} and phone like '+9661%'),
      s as (select g, ${start} + ((g - 1)::float8 / ${orders}) * interval '${DAYS} days' as at,
        2000 + (g * 37) % 8000 as subtotal, case when g % 10 = 0 then 500 else 0 end as discount
        from generate_series(1::bigint, ${orders}) g)
    insert into orders (brand_id, branch_id, customer_id, number, order_type, status, payment_method, payment_status,
      tax_mode, subtotal, branch_taxes, modifiers_taxes, charge_amount, charges_taxes, delivery_fee, taxes_price,
      total_discount, total, foodics_taxes, foodics_charges, foodics_total, created_at, updated_at, status_times,
      decline_reason)
    select ${brand}, b.ids[(1 + s.g % array_length(b.ids, 1))::int],
      case when s.g % 10 = 0 then null else (c.first + (s.g * 7919) % ${customers})::int end,
      1000000 + s.g, 1 + s.g % 3, case when s.g % 20 = 7 then 'canceled' else 'delivered' end,
      case when s.g % 2 = 0 then 'cash' else 'card' end, 'paid', 'inclusive', s.subtotal, 0, 0, 0, 0, 0,
      round((s.subtotal - s.discount) * 15 / 115.0), s.discount, s.subtotal - s.discount, 0, 0, 0, s.at, s.at,
      case when s.g % 20 = 7 then '{}'::jsonb else jsonb_build_object(
        'sent_to_kitchen', s.at + interval '1 minute', 'ready', s.at + (5 + s.g % 25) * interval '1 minute',
        'delivered', s.at + (20 + s.g % 40) * interval '1 minute') end,
      case when s.g % 20 = 7 then (array['too_busy', 'item_unavailable', 'closing_soon', 'other'])[(1 + s.g % 4)::int] end
    from s, b, c`);
  await exec(`
    with items as (select array_agg(id order by id) ids, array_agg(name_ar order by id) ar,
        array_agg(name_en order by id) en, array_agg(price_halalas order by id) price
        from menu_items where brand_id = ${brand} and not is_combo)
    insert into order_lines (order_id, position, kind, item_id, name_ar, name_en, quantity, unit_price_halalas,
      subtotal, tax, total, modifiers, slots)
    select o.id, p, 'product', items.ids[k], items.ar[k], items.en[k], q, items.price[k], items.price[k] * q,
      round(items.price[k] * q * 15 / 115.0), items.price[k] * q, '[]'::jsonb, '[]'::jsonb
    from orders o cross join items cross join generate_series(1, 2) p
      cross join lateral (select 1 + (o.number * 31 + p * 17) % array_length(items.ids, 1) as k,
        1 + (o.number + p) % 3 as q) pick
    where o.brand_id = ${brand} and o.number > 1000000`);
  await exec(`
    insert into points_ledger (brand_id, customer_id, kind, points, reason, order_id, created_at)
    select o.brand_id, o.customer_id, 'earn', greatest(1, o.total / 100)::int, 'order', o.id, o.created_at
    from orders o where o.brand_id = ${brand} and o.number > 1000000 and o.customer_id is not null
    union all
    select o.brand_id, o.customer_id, 'redeem', -(50 + o.number % 200), 'order', o.id, o.created_at
    from orders o where o.brand_id = ${brand} and o.number > 1000000 and o.customer_id is not null and o.number % 4 = 0`);
  const withOrder = await count(
    `select count(*)::int as n from points_ledger where brand_id = ${brand} and order_id is not null`,
  );
  const rest = Math.max(0, orders * 3 - withOrder);
  await exec(`
    with c as (select min(id) first from customers where brand_id = ${brand} and phone like '+9661%')
    insert into points_ledger (brand_id, customer_id, kind, points, reason, created_at)
    select ${brand}, (c.first + (g * 104729) % ${customers})::int, k.kind,
      case k.kind when 'bonus' then 100 when 'purchase' then -300 else -(10 + g % 90) end, k.kind,
      ${start} + ((g - 1)::float8 / ${rest}) * interval '${DAYS} days'
    from c, generate_series(1::bigint, ${rest}) g
      cross join lateral (select (array['bonus', 'purchase', 'expire'])[(1 + g % 3)::int] as kind) k`);
  await exec('analyze');
  const n = (table: string) => count(`select count(*)::int as n from ${table}`);
  return {
    orders: await n('orders'),
    lines: await n('order_lines'),
    ledger: await n('points_ledger'),
    customers: await n('customers'),
    seconds: (performance.now() - started) / 1000,
  } satisfies SeedCounts;
}

const riyadhDay = (d: Date) => new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Riyadh' }).format(d);
const addDays = (day: string, days: number) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

export interface DatabaseFigures {
  database: string;
  seed?: SeedCounts;
  reused?: boolean;
  catchUpSeconds?: number;
  catchUpDays?: number;
  dayRollupMs: number[];
  dashboards: { label: string; ms: number[] }[];
  failure?: string;
}

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? Number.NaN;
};

/**
 * The roll-ups: the job's first pass (the whole history on a fresh seed, or after a migration that empties the
 * state), then "one new day" DAY_RUNS times: a day's worth of orders placed on the next day without orders (after
 * today: a kept database keeps earlier runs' days) and the job's pass with its clock at that day's end, which rolls
 * that day and the one before (docs/adr/0610), as the job does each night.
 */
async function rollUps(db: Database, figures: DatabaseFigures, orders: number, exec: Exec, count: Count) {
  let now = new Date();
  const reports = createReportsService({ db, now: () => now } as unknown as AppContext);
  const t0 = performance.now();
  figures.catchUpDays = await reports.catchUpOnce();
  figures.catchUpSeconds = (performance.now() - t0) / 1000;
  const perDay = Math.round(orders / DAYS);
  const brand = `(select id from brands where slug = 'sufra-kitchen')`;
  for (let run = 0; run < DAY_RUNS; run += 1) {
    const next = await count(`
      select to_char(greatest(current_date, max((created_at at time zone 'Asia/Riyadh')::date)) + 1, 'YYYYMMDD')::int
        as n from orders where brand_id = ${brand}`);
    const day = `${String(next).slice(0, 4)}-${String(next).slice(4, 6)}-${String(next).slice(6, 8)}`;
    await exec(`
      insert into orders (brand_id, branch_id, customer_id, number, order_type, status, payment_method,
        payment_status, tax_mode, subtotal, branch_taxes, modifiers_taxes, charge_amount, charges_taxes, delivery_fee,
        taxes_price, total_discount, total, foodics_taxes, foodics_charges, foodics_total, created_at, updated_at,
        status_times)
      select o.brand_id, o.branch_id, o.customer_id, o.number - 1000000 + m.top, o.order_type, o.status,
        o.payment_method, o.payment_status, o.tax_mode, o.subtotal, 0, 0, 0, 0, 0, o.taxes_price, o.total_discount,
        o.total, 0, 0, 0, t.at, t.at, o.status_times
      from orders o
        cross join (select max(number) as top from orders) m
        cross join (select min(created_at) as first from orders
          where brand_id = ${brand} and number between 1000001 and ${1000000 + perDay}) f
        cross join lateral (select (date '${day}'::timestamp at time zone 'Asia/Riyadh') + (o.created_at - f.first)
          as at) t
      where o.number between 1000001 and ${1000000 + perDay} and o.brand_id = ${brand}`);
    now = new Date(`${day}T20:30:00Z`);
    const t1 = performance.now();
    await reports.catchUpOnce();
    figures.dayRollupMs.push(performance.now() - t1);
  }
}

/** The dashboard through the app as the owner sees it (all branches), REQUESTS times per period after 3 warm-ups. */
async function dashboards(base: string, today: string, figures: DatabaseFigures) {
  const login = await fetch(`${base}/api/staff/auth/login/`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(OWNER),
  });
  if (!login.ok) throw new Error(`owner sign-in answered ${login.status}`);
  const cookie = login.headers
    .getSetCookie()
    .map((c) => c.split(';', 1)[0])
    .join('; ');
  const periods = [
    { label: '30 days', from: addDays(today, -29) },
    { label: '12 months', from: addDays(today, -364) },
  ];
  for (const period of periods) {
    const url = `${base}/api/staff/manage/reports/dashboard/?from=${period.from}&to=${today}`;
    const ms: number[] = [];
    for (let i = 0; i < REQUESTS + 3; i += 1) {
      const t0 = performance.now();
      const response = await fetch(url, { headers: { cookie, 'accept-language': 'en' } });
      await response.arrayBuffer();
      if (!response.ok) throw new Error(`dashboard ${period.label} answered ${response.status}`);
      if (i >= 3) ms.push(performance.now() - t0);
    }
    figures.dashboards.push({ label: period.label, ms });
  }
}

async function onPostgres(adminUrl: string, env: NodeJS.ProcessEnv): Promise<DatabaseFigures> {
  const figures: DatabaseFigures = { database: 'PostgreSQL 15', dayRollupMs: [], dashboards: [] };
  const today = riyadhDay(new Date());
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  const exists = (await admin.query('select 1 from pg_database where datname = $1', [DB_NAME])).rowCount === 1;
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${DB_NAME}`;
  let dbUrl = url.toString();
  let pool = exists ? new pg.Pool({ connectionString: dbUrl, max: 4 }) : undefined;
  const seeded = pool
    ? Number((await pool.query('select count(*)::int as n from orders')).rows[0]?.n ?? 0) >= PG_ORDERS
    : false;
  if (!seeded) {
    await pool?.end();
    dbUrl = await freshDatabase(adminUrl, DB_NAME);
    pool = new pg.Pool({ connectionString: dbUrl, max: 4 });
  }
  // The server once: migrations (a kept database may predate some) and, on a fresh one, the demo seed.
  const first = await startServer({ ...env, DATABASE_URL: dbUrl, REPORTS_ROLLUP_INTERVAL_MS: '0' });
  await first.stop();
  const active = pool as pg.Pool;
  const exec: Exec = (text) => active.query(text);
  const count = async (text: string) => Number((await active.query(text)).rows[0]?.n ?? 0);
  try {
    if (seeded) {
      figures.reused = true;
      console.error(`[bench] reports: reusing the seeded database ${DB_NAME}`);
    } else {
      console.error(`[bench] reports: seeding ${PG_ORDERS.toLocaleString('en-US')} orders on PostgreSQL…`);
      figures.seed = await seedReports(exec, count, PG_ORDERS, today);
    }
    console.error('[bench] reports: roll-ups on PostgreSQL…');
    await rollUps(drizzle(active, drizzleOptions) as unknown as Database, figures, PG_ORDERS, exec, count);
  } finally {
    await active.end();
  }
  const server = await startServer({ ...env, DATABASE_URL: dbUrl, REPORTS_ROLLUP_INTERVAL_MS: '0' });
  try {
    console.error('[bench] reports: the dashboard on PostgreSQL…');
    await dashboards(server.url, today, figures);
  } finally {
    await server.stop();
  }
  return figures;
}

async function onPglite(dataDir: string, env: NodeJS.ProcessEnv): Promise<DatabaseFigures> {
  const figures: DatabaseFigures = { database: 'PGlite', dayRollupMs: [], dashboards: [] };
  const today = riyadhDay(new Date());
  const serverEnv = { ...env, DATABASE_URL: '', DATA_DIR: dataDir, REPORTS_ROLLUP_INTERVAL_MS: '0' };
  const first = await startServer(serverEnv);
  await first.stop();
  const handle = await createDatabase({ databaseUrl: '', dataDir, databasePoolSize: 1 } as unknown as Config);
  try {
    const exec: Exec = (text) => handle.query(text);
    const count = async (text: string) => Number((await handle.query<{ n: number }>(text))[0]?.n ?? 0);
    console.error(`[bench] reports: seeding ${PGLITE_ORDERS.toLocaleString('en-US')} orders on PGlite…`);
    figures.seed = await seedReports(exec, count, PGLITE_ORDERS, today);
    console.error('[bench] reports: roll-ups on PGlite…');
    await rollUps(handle.db, figures, PGLITE_ORDERS, exec, count);
  } finally {
    await handle.close();
  }
  const server = await startServer(serverEnv);
  try {
    console.error('[bench] reports: the dashboard on PGlite…');
    await dashboards(server.url, today, figures);
  } finally {
    await server.stop();
  }
  return figures;
}

export async function benchReports(
  adminUrl: string,
  pgliteDir: string,
  env: NodeJS.ProcessEnv,
): Promise<DatabaseFigures[]> {
  const results: DatabaseFigures[] = [];
  const guard = async (database: string, run: () => Promise<DatabaseFigures>) => {
    try {
      results.push(await run());
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      console.error(`[bench] reports on ${database} failed: ${message}`);
      results.push({ database, dayRollupMs: [], dashboards: [], failure: message });
    }
  };
  await guard('PostgreSQL 15', () => onPostgres(adminUrl, env));
  if (!args.has('--no-pglite')) await guard('PGlite', () => onPglite(pgliteDir, env));
  return results;
}

export function renderReports(results: DatabaseFigures[], started: Date): string[] {
  const lines = [
    REPORTS_HEADING,
    '',
    `\`npm run bench -- --only reports\` on ${stamp(started)} UTC, the shared 2-core machine. The demo brand's four`,
    'branches given orders over two years by set-based SQL (scripts/bench/reports.ts `seedReports`); the dashboard',
    `is the owner's (all branches) through the app, ${REQUESTS} requests per period after 3 warm-ups, one at a time.`,
    '',
    '| database | orders / ledger rows / diners | seed | first catch-up | one new day (job pass) | dashboard 30 days p50 / p95 | dashboard 12 months p50 / p95 |',
    '| --- | --- | --- | --- | --- | --- | --- |',
  ];
  for (const r of results) {
    if (r.failure) {
      lines.push(`| ${r.database} | failed: ${r.failure.split('\n')[0]} | | | | | |`);
      continue;
    }
    const size = r.seed
      ? `${num(r.seed.orders)} / ${num(r.seed.ledger)} / ${num(r.seed.customers)}`
      : 'reused (kept database)';
    const seed = r.seed ? `${num(r.seed.seconds)} s` : '–';
    const catchUp =
      r.catchUpSeconds === undefined ? '–' : `${num(r.catchUpSeconds, 1)} s (${num(r.catchUpDays ?? 0)} days)`;
    const day = r.dayRollupMs.length
      ? `${r.dayRollupMs.map((ms) => num(ms)).join(', ')} ms ${mark(Math.max(...r.dayRollupMs) <= TARGETS.dayRollupMs)}`
      : '–';
    const dash = (label: string) => {
      const d = r.dashboards.find((x) => x.label === label);
      if (!d) return '–';
      const p95 = percentile(d.ms, 95);
      const ok = r.database.startsWith('PostgreSQL') ? ` ${mark(p95 <= TARGETS.dashboardP95Ms)}` : '';
      return `${num(median(d.ms), 1)} / ${num(p95, 1)} ms${ok}`;
    };
    lines.push(
      `| ${r.database} | ${size} | ${seed} | ${catchUp} | ${day} | ${dash('30 days')} | ${dash('12 months')} |`,
    );
  }
  lines.push(
    '',
    `Targets (issue 27): dashboard p95 ≤ ${TARGETS.dashboardP95Ms} ms for both periods on PostgreSQL, one new day's`,
    `roll-up ≤ ${num(TARGETS.dayRollupMs)} ms; PGlite is measured at a smaller size (its seed and roll-up run in one`,
    'WebAssembly thread) and has no target.',
  );
  return lines;
}
