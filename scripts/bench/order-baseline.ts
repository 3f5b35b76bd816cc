// The raw baseline of the order run: the same writes as one placement, straight through `pg`, no HTTP.
import { randomUUID } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import pg from 'pg';
import { ORDER_CONNECTIONS, type OrderLoad, percentile } from './order-load.ts';

export type BaselineShape = 'transaction' | 'statement';

export interface BaselineTemplate {
  brandId: number;
  branchId: number;
  customerIds: number[];
  order: { pricing: Record<string, number | string>; lines: unknown[] };
}

const ORDER_COLUMNS = `brand_id, branch_id, customer_id, number, order_type, payment_method, tax_mode, subtotal, branch_taxes,
  modifiers_taxes, charge_amount, charges_taxes, delivery_fee, taxes_price, total_discount, total, foodics_taxes,
  foodics_charges, foodics_total, notes`;
const LINE_COLUMNS = `position, kind, item_id, name_ar, name_en, quantity, unit_price_halalas, subtotal, tax, total,
  modifiers, slots`;
const LINE_RECORD = `l(position int, kind text, item_id int, name_ar text, name_en text, quantity int,
  unit_price_halalas int, subtotal int, tax int, total int, modifiers jsonb, slots jsonb)`;
const COUNTER_UPSERT = `insert into branch_order_counters (branch_id, last_number) values ($2, 1)
  on conflict (branch_id) do update set last_number = branch_order_counters.last_number + 1 returning last_number`;

/** The baseline's two shapes of the same writes: begin, five statements, commit; or one statement of CTEs. */
function baselineWriters(template: BaselineTemplate) {
  const lines = JSON.stringify(template.order.lines);
  const p = template.order.pricing;
  const money = [
    p.taxMode,
    p.subtotal,
    p.branchTaxes,
    p.modifiersTaxes,
    p.chargeAmount,
    p.chargesTaxes,
    p.deliveryFee,
    p.taxesPrice,
    p.totalDiscount,
    p.total,
    p.foodicsTaxes,
    p.foodicsCharges,
    p.foodicsTotal,
  ];
  const response = JSON.stringify(template.order);

  async function asTransaction(client: pg.PoolClient, customerId: number) {
    await client.query('begin');
    try {
      const counter = await client.query<{ last_number: number }>(COUNTER_UPSERT.replace('$2', '$1'), [
        template.branchId,
      ]);
      const order = await client.query<{ id: number }>(
        `insert into orders (${ORDER_COLUMNS})
         values ($1, $2, $3, $4, 2, 'cash', $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, 'Baseline order')
         returning id`,
        [template.brandId, template.branchId, customerId, counter.rows[0]?.last_number, ...money],
      );
      const orderId = order.rows[0]?.id;
      await client.query(
        `insert into order_lines (order_id, ${LINE_COLUMNS})
         select $1, ${LINE_COLUMNS} from jsonb_to_recordset($2::jsonb) as ${LINE_RECORD}`,
        [orderId, lines],
      );
      await client.query(
        `insert into order_outbox (order_id, event, payload, delivered_at)
         values ($1, 'order_placed', jsonb_build_object('orderId', $1::int), now())`,
        [orderId],
      );
      await client.query(
        `insert into idempotency_keys (customer_id, key, request_hash, response_status, response_body)
         values ($1, $2, 'baseline', 201, $3::jsonb || jsonb_build_object('id', $4::int))`,
        [customerId, randomUUID(), response, orderId],
      );
      await client.query('commit');
    } catch (error) {
      await client.query('rollback').catch(() => {});
      throw error;
    }
  }

  async function asStatement(client: pg.PoolClient, customerId: number) {
    await client.query(
      `with counter as (${COUNTER_UPSERT}),
       o as (
         insert into orders (${ORDER_COLUMNS})
         select $1, $2, $3, counter.last_number, 2, 'cash', $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16,
           'Baseline order'
         from counter returning id, number
       ),
       l as (
         insert into order_lines (order_id, ${LINE_COLUMNS})
         select o.id, ${LINE_COLUMNS} from o, jsonb_to_recordset($17::jsonb) as ${LINE_RECORD}
       ),
       e as (
         insert into order_outbox (order_id, event, payload, delivered_at)
         select o.id, 'order_placed', jsonb_build_object('orderId', o.id, 'number', o.number), now() from o
       ),
       k as (
         insert into idempotency_keys (customer_id, key, request_hash, response_status, response_body)
         select $3, $18, 'baseline', 201, $19::jsonb || jsonb_build_object('id', o.id, 'number', o.number) from o
       )
       select id, number from o`,
      [template.brandId, template.branchId, customerId, ...money, lines, randomUUID(), response],
    );
  }
  return { transaction: asTransaction, statement: asStatement };
}

/**
 * The raw baseline: a pg Pool of the same size as the load's connections, each worker placing orders back to back
 * with the same writes as one placement (order row with a fresh per-branch number, its lines, the outbox row and
 * the idempotency row with the stored response), atomically. No HTTP, no reads, no validation: the floor the
 * database itself sets for these writes on this machine. Two shapes: the plain one (begin, five statements,
 * commit) and one statement of data-modifying CTEs (one round trip; the branch's counter row is locked only
 * while that statement runs).
 */
export async function loadBaseline(
  url: string,
  template: BaselineTemplate,
  seconds: number,
  shape: BaselineShape,
): Promise<OrderLoad> {
  const pool = new pg.Pool({ connectionString: url, max: ORDER_CONNECTIONS });
  pool.on('error', () => {});
  const latencies: number[] = [];
  let failed = 0;
  let firstError = '';
  let next = 0;
  const placeOne = baselineWriters(template)[shape];
  const deadline = performance.now() + seconds * 1000;
  const worker = async () => {
    while (performance.now() < deadline) {
      const customerId = template.customerIds[next++ % template.customerIds.length] ?? 0;
      const started = performance.now();
      const client = await pool.connect();
      try {
        await placeOne(client, customerId);
        latencies.push(performance.now() - started);
      } catch (error) {
        failed++;
        firstError ||= error instanceof Error ? error.message : String(error);
      } finally {
        client.release();
      }
    }
  };
  const started = performance.now();
  await Promise.all(Array.from({ length: ORDER_CONNECTIONS }, worker));
  const elapsed = (performance.now() - started) / 1000;
  await pool.end();
  latencies.sort((a, b) => a - b);
  return {
    label:
      shape === 'transaction'
        ? `raw pg, begin + 5 statements + commit (Pool ${ORDER_CONNECTIONS})`
        : `raw pg, one statement (Pool ${ORDER_CONNECTIONS})`,
    ordersPerSecond: latencies.length / elapsed,
    p50Ms: percentile(latencies, 50),
    p99Ms: percentile(latencies, 99),
    orders: latencies.length,
    problems: failed,
    breakdown: `${latencies.length.toLocaleString('en-US')} committed${failed ? `, **${failed} failed: ${firstError}**` : ''}`,
  };
}
