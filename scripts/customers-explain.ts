// The console's customer list at 100,000 diners (issue 27 item 8, docs/adr/0490): fills a throwaway database with one
// brand of 100,000 diners and 300,000 orders, then prints each list query's plan and time (EXPLAIN ANALYZE, and the
// median of 5 runs through the repo). Run on PostgreSQL: `bash scripts/with-postgres.sh node scripts/customers-explain.ts`.
import { type SQL, sql } from 'drizzle-orm';
import { loadConfig } from '../apps/api/src/config/env.ts';
import { createDatabase, type Queryable } from '../apps/api/src/db/client.ts';
import { migrate } from '../apps/api/src/db/migrate.ts';
import { seedBrand } from '../apps/api/src/db/seed/seed.ts';
import {
  type CustomerListFilter,
  type CustomerListSort,
  listCustomers,
} from '../apps/api/src/modules/customers-admin/customers-admin.repo.ts';
import { brandA } from '../apps/api/test/fixture-brands.ts';

const DINERS = 100_000;
const ORDERS = 300_000;

const database = await createDatabase(loadConfig({ ...process.env, DEMO_SEED: 'false' }));
await migrate(database);
const { db } = database;
const seeded = await seedBrand(db, { ...brandA, sampleOrders: [] });
const brandId = seeded.brandId;
const branchIds = Object.values(seeded.branchIds);
console.log(`filling: ${DINERS} diners, ${ORDERS} orders (${database.kind})`);
await db.execute(sql`
  insert into customers (brand_id, phone, full_name, wallet_points, lifetime_points, created_at)
  select ${brandId}::int, '+9665' || lpad(g::text, 8, '0'), 'عميل رقم ' || g, (g * 37) % 5000, (g * 53) % 8000,
    now() - (g % 700) * interval '1 day'
  from generate_series(1, ${DINERS}::int) g`);
await db.execute(sql`
  insert into orders (brand_id, branch_id, customer_id, number, order_type, status, payment_method, tax_mode,
    subtotal, branch_taxes, modifiers_taxes, charge_amount, charges_taxes, delivery_fee, taxes_price, total_discount,
    total, foodics_taxes, foodics_charges, foodics_total, created_at)
  select ${brandId}::int, (${`{${branchIds.join(',')}}`}::int[])[1 + g % ${branchIds.length}::int],
    (select min(id) from customers where brand_id = ${brandId}::int) + ((g::bigint * 7919) % ${DINERS}::int)::int,
    100000 + g, 2, case when g % 20 = 0 then 'canceled' else 'delivered' end, 'cash', 'inclusive',
    1000 + (g * 31) % 20000, 0, 0, 0, 0, 0, 0, 0, 1000 + (g * 31) % 20000, 0, 0, 0,
    now() - (g % 365) * interval '1 day' - (g % 1440) * interval '1 minute'
  from generate_series(1, ${ORDERS}::int) g`);
await db.execute(sql`analyze customers`);
await db.execute(sql`analyze orders`);
await db.execute(sql`vacuum (analyze) orders`).catch(() => undefined);

/** A Queryable that runs EXPLAIN ANALYZE of the repo's statement instead, keeping the plan. */
function explaining(into: string[]): Queryable {
  return {
    execute: async (query: SQL) => {
      const result = (await db.execute(sql`explain (analyze, buffers) ${query}`)) as unknown as {
        rows: Record<string, string>[];
      };
      into.push(...result.rows.map((r) => Object.values(r)[0] ?? ''));
      return { rows: [] };
    },
  } as unknown as Queryable;
}

const cases: [string, Partial<CustomerListFilter>, CustomerListSort][] = [
  ['first page by name', {}, { sort: 'name', direction: 'asc', limit: 50 }],
  ['first page by level (lifetime points)', {}, { sort: 'level', direction: 'desc', limit: 50 }],
  ['first page by wallet', {}, { sort: 'wallet', direction: 'desc', limit: 50 }],
  ['phone search 05000123 (100 diners)', { phonePrefix: '+9665000123' }, { sort: 'name', direction: 'asc', limit: 50 }],
  ['name search', { nameText: '١٢٣٤' }, { sort: 'name', direction: 'asc', limit: 50 }],
  ['first page by last order (the default)', {}, { sort: 'lastOrder', direction: 'desc', limit: 50 }],
  ['first page by spend', {}, { sort: 'spend', direction: 'desc', limit: 50 }],
  [
    'lapsed 30 days, spend above SAR 500',
    { lapsedBefore: new Date(Date.now() - 30 * 86_400_000), spendAbove: 50_000 },
    { sort: 'lastOrder', direction: 'desc', limit: 50 },
  ],
];
const figures: string[] = [];
for (const [name, filter, order] of cases) {
  const full = { brandId, ...filter };
  const plan: string[] = [];
  await listCustomers(explaining(plan), full, order);
  const times: number[] = [];
  for (let i = 0; i < 5; i += 1) {
    const started = performance.now();
    await listCustomers(db, full, order);
    times.push(performance.now() - started);
  }
  const median = times.sort((a, b) => a - b)[2] ?? 0;
  console.log(`\n== ${name}: median ${median.toFixed(1)} ms\n${plan.join('\n')}`);
  figures.push(`| ${name} | ${median.toFixed(1)} ms | ${plan.find((l) => l.startsWith('Execution Time')) ?? ''} |`);
}
console.log(`\n| query | median of 5 (repo) | EXPLAIN ANALYZE |\n| --- | --- | --- |\n${figures.join('\n')}`);
await database.close();
