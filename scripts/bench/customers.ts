// --only customers (issue 27 item 8's figure, docs/adr/0700): the console's customer list at 100,000 diners and
// 300,000 orders of one brand on PostgreSQL: every sort (both directions), a second page by keyset, and each search
// and segment filter, timed through the repo's statement (customers-admin.repo listCustomers, what the route runs).
import { sql } from 'drizzle-orm';
import { loadConfig } from '../../apps/api/src/config/env.ts';
import { createDatabase } from '../../apps/api/src/db/client.ts';
import { migrate } from '../../apps/api/src/db/migrate.ts';
import { seedBrand } from '../../apps/api/src/db/seed/seed.ts';
import {
  type CustomerListFilter,
  type CustomerListSort,
  listCustomers,
} from '../../apps/api/src/modules/customers-admin/customers-admin.repo.ts';
import { brandA } from '../../apps/api/test/fixture-brands.ts';
import { stamp } from './report.ts';
import { freshDatabase } from './setup.ts';

export const CUSTOMERS_HEADING = '## Console customer list (issue 27 item 8, PostgreSQL)';
const DINERS = 100_000;
const ORDERS = 300_000;
const RUNS = 30;
const WARM_UP = 3;

export interface CustomersCase {
  name: string;
  p50: number;
  p95: number;
  max: number;
}
export interface CustomersBenchResult {
  fillSeconds: number;
  cases: CustomersCase[];
}

type Case = [string, Partial<CustomerListFilter>, CustomerListSort, { secondPage?: boolean }?];
const page = (sort: CustomerListSort['sort'], direction: 'asc' | 'desc'): CustomerListSort => ({
  sort,
  direction,
  limit: 50,
});
const DAY = 86_400_000;

export async function benchCustomers(adminUrl: string): Promise<CustomersBenchResult> {
  const url = await freshDatabase(adminUrl, 'sufra_bench_customers');
  const database = await createDatabase(loadConfig({ ...process.env, DATABASE_URL: url, DEMO_SEED: 'false' }));
  try {
    await migrate(database);
    const { db } = database;
    const seeded = await seedBrand(db, { ...brandA, sampleOrders: [] });
    const brandId = seeded.brandId;
    const branchIds = Object.values(seeded.branchIds);
    const filled = performance.now();
    console.error(`[bench] customers: filling ${DINERS} diners, ${ORDERS} orders`);
    await db.execute(sql`
      insert into customers (brand_id, phone, full_name, wallet_points, lifetime_points, created_at)
      select ${brandId}::int, '+9665' || lpad(g::text, 8, '0'), 'عميل رقم ' || g, (g * 37) % 5000, (g * 53) % 8000,
        now() - (g % 700) * interval '1 day'
      from generate_series(1, ${DINERS}::int) g`);
    // 90 % of the diners ordered (3.3 orders each on average), 1 in 20 orders canceled.
    await db.execute(sql`
      insert into orders (brand_id, branch_id, customer_id, number, order_type, status, payment_method, tax_mode,
        subtotal, branch_taxes, modifiers_taxes, charge_amount, charges_taxes, delivery_fee, taxes_price, total_discount,
        total, foodics_taxes, foodics_charges, foodics_total, created_at)
      select ${brandId}::int, (${`{${branchIds.join(',')}}`}::int[])[1 + g % ${branchIds.length}::int],
        (select min(id) from customers where brand_id = ${brandId}::int) + ((g::bigint * 7919) % ${DINERS * 0.9}::int)::int,
        100000 + g, 2, case when g % 20 = 0 then 'canceled' else 'delivered' end, 'cash', 'inclusive',
        1000 + (g * 31) % 20000, 0, 0, 0, 0, 0, 0, 0, 1000 + (g * 31) % 20000, 0, 0, 0,
        now() - (g % 365) * interval '1 day' - (g % 1440) * interval '1 minute'
      from generate_series(1, ${ORDERS}::int) g`);
    await db.execute(sql`vacuum (analyze) customers`);
    await db.execute(sql`vacuum (analyze) orders`);
    const fillSeconds = (performance.now() - filled) / 1000;

    const cases: Case[] = [
      ['by last order, newest first (the default)', {}, page('lastOrder', 'desc'), { secondPage: true }],
      ['by last order, oldest first (lapsed first)', {}, page('lastOrder', 'asc'), { secondPage: true }],
      ['by spend, highest first', {}, page('spend', 'desc'), { secondPage: true }],
      ['by spend, lowest first', {}, page('spend', 'asc')],
      ['by orders, most first', {}, page('orders', 'desc'), { secondPage: true }],
      ['by orders, fewest first', {}, page('orders', 'asc')],
      ['by name', {}, page('name', 'asc'), { secondPage: true }],
      ['by level (lifetime points)', {}, page('level', 'desc')],
      ['by wallet', {}, page('wallet', 'desc'), { secondPage: true }],
      ['by member since', {}, page('memberSince', 'desc')],
      ['phone search 05000123 (100 diners)', { phonePrefix: '+9665000123' }, page('name', 'asc')],
      ['name search (part of a name)', { nameText: '١٢٣٤' }, page('name', 'asc')],
      ['name search, by spend', { nameText: '١٢٣٤' }, page('spend', 'desc')],
      ['lapsed 30 days, by last order', { lapsedBefore: new Date(Date.now() - 30 * DAY) }, page('lastOrder', 'desc')],
      ['lapsed 30 days, by name', { lapsedBefore: new Date(Date.now() - 30 * DAY) }, page('name', 'asc')],
      ['spend above SAR 500, by spend', { spendAbove: 50_000 }, page('spend', 'desc')],
      ['spend above SAR 500, by name', { spendAbove: 50_000 }, page('name', 'asc')],
      [
        'lapsed 30 days and spend above SAR 500',
        { lapsedBefore: new Date(Date.now() - 30 * DAY), spendAbove: 50_000 },
        page('lastOrder', 'desc'),
      ],
      ['level 1,000-5,000 points, by spend', { lifetimeFrom: 1000, lifetimeBelow: 5000 }, page('spend', 'desc')],
    ];
    const results: CustomersCase[] = [];
    for (const [name, filter, order, options] of cases) {
      const full = { brandId, ...filter };
      let after: CustomerListSort['after'];
      if (options?.secondPage) {
        const first = await listCustomers(db, full, order);
        const last = first[order.limit - 1];
        if (last) after = { value: last.sortKey, id: last.id };
      }
      const times: number[] = [];
      for (let i = 0; i < WARM_UP + RUNS; i += 1) {
        const started = performance.now();
        await listCustomers(db, full, { ...order, after });
        if (i >= WARM_UP) times.push(performance.now() - started);
      }
      times.sort((a, b) => a - b);
      const at = (q: number) => times[Math.min(times.length - 1, Math.ceil(q * times.length) - 1)] ?? 0;
      const row = { name: after ? `${name}, page 2` : name, p50: at(0.5), p95: at(0.95), max: times.at(-1) ?? 0 };
      console.error(`[bench] customers: ${row.name}: p50 ${row.p50.toFixed(1)} ms, p95 ${row.p95.toFixed(1)} ms`);
      results.push(row);
    }
    return { fillSeconds, cases: results };
  } finally {
    await database.close();
  }
}

export function renderCustomers(result: CustomersBenchResult, started: Date): string[] {
  const worst = Math.max(...result.cases.map((c) => c.p95));
  return [
    CUSTOMERS_HEADING,
    '',
    `\`npm run bench -- --only customers\` on ${stamp(started)} UTC. One brand, ${DINERS.toLocaleString('en')} diners, ` +
      `${ORDERS.toLocaleString('en')} orders (90 % of the diners ordered; 1 in 20 orders canceled), filled by SQL in ` +
      `${result.fillSeconds.toFixed(0)} s, then \`vacuum analyze\`. Each query is the repo's statement the route runs ` +
      `(\`listCustomers\`, 50 rows a page), ${WARM_UP} warm-up runs then ${RUNS} timed, one after another, on the shared ` +
      `2-core machine. Target (issue 27): every sort and filter ≤ 300 ms p95. Worst p95 here: ${worst.toFixed(1)} ms.`,
    '',
    '| query | p50 | p95 | max |',
    '| --- | ---: | ---: | ---: |',
    ...result.cases.map(
      (c) => `| ${c.name} | ${c.p50.toFixed(1)} ms | ${c.p95.toFixed(1)} ms | ${c.max.toFixed(1)} ms |`,
    ),
  ];
}
