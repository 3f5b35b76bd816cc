// What customer_order_stats' triggers (docs/adr/0700) add to an order's write, on PostgreSQL: the same single-row
// order inserts and status moves timed with the triggers on and off, alternating rounds so the machine's other load
// hits both alike. Run: `bash scripts/with-postgres.sh node scripts/order-stats-trigger-cost.ts`.
import { sql } from 'drizzle-orm';
import { loadConfig } from '../apps/api/src/config/env.ts';
import { createDatabase } from '../apps/api/src/db/client.ts';
import { migrate } from '../apps/api/src/db/migrate.ts';
import { seedBrand } from '../apps/api/src/db/seed/seed.ts';
import { brandA } from '../apps/api/test/fixture-brands.ts';

const ORDERS = 2_000;
const ROUNDS = 4;
const database = await createDatabase(loadConfig({ ...process.env, DEMO_SEED: 'false' }));
await migrate(database);
const { db } = database;
const seeded = await seedBrand(db, { ...brandA, sampleOrders: [] });
const brandId = seeded.brandId;
const branchId = Object.values(seeded.branchIds)[0] as number;
await db.execute(sql`
  insert into customers (brand_id, phone, full_name)
  select ${brandId}::int, '+9665' || lpad(g::text, 8, '0'), 'diner ' || g from generate_series(1, 1000) g`);
const { rows } = (await db.execute(
  sql`select min(id)::int as first from customers where brand_id = ${brandId}::int`,
)) as unknown as {
  rows: { first: number }[];
};
const first = rows[0]?.first ?? 0;
let number = 1_000_000;

async function round(triggers: boolean): Promise<{ insertMs: number; moveMs: number }> {
  const mode = triggers ? sql`enable` : sql`disable`;
  for (const name of ['orders_stats_insert', 'orders_stats_update'])
    await db.execute(sql`alter table orders ${mode} trigger ${sql.raw(name)}`);
  const ids: number[] = [];
  let started = performance.now();
  for (let i = 0; i < ORDERS; i += 1) {
    number += 1;
    const result = (await db.execute(sql`
      insert into orders (brand_id, branch_id, customer_id, number, order_type, status, payment_method, tax_mode,
        subtotal, branch_taxes, modifiers_taxes, charge_amount, charges_taxes, delivery_fee, taxes_price,
        total_discount, total, foodics_taxes, foodics_charges, foodics_total)
      values (${brandId}::int, ${branchId}::int, ${first + (i % 1000)}::int, ${number}::int, 2, 'pending', 'cash',
        'inclusive', 5000, 0, 0, 0, 0, 0, 0, 0, 5000, 0, 0, 0)
      returning id`)) as unknown as { rows: { id: number }[] };
    ids.push(Number(result.rows[0]?.id));
  }
  const insertMs = (performance.now() - started) / ORDERS;
  started = performance.now();
  for (const id of ids) await db.execute(sql`update orders set status = 'sent_to_kitchen' where id = ${id}::int`);
  const moveMs = (performance.now() - started) / ORDERS;
  return { insertMs, moveMs };
}

const on: { insertMs: number; moveMs: number }[] = [];
const off: { insertMs: number; moveMs: number }[] = [];
for (let r = 0; r < ROUNDS; r += 1) {
  off.push(await round(false));
  on.push(await round(true));
}
const best = (xs: { insertMs: number; moveMs: number }[], k: 'insertMs' | 'moveMs') => Math.min(...xs.map((x) => x[k]));
console.log(
  `one order insert: ${best(off, 'insertMs').toFixed(3)} ms without the triggers, ${best(on, 'insertMs').toFixed(3)} ms with`,
);
console.log(
  `one status move:  ${best(off, 'moveMs').toFixed(3)} ms without the triggers, ${best(on, 'moveMs').toFixed(3)} ms with`,
);
console.log(`(best of ${ROUNDS} alternating rounds of ${ORDERS} single-row statements each, one connection)`);
await database.close();
