import { type SQL, sql } from 'drizzle-orm';
import {
  PLACED_COLUMNS,
  type StatementExtra,
  type StatementRelation,
  WRITE_COLUMNS,
} from '../../core/checkout-statement.repo.ts';
import { brandContextVersionSql } from '../../core/qr-context.repo.ts';
import { sessionLiveSql } from '../../core/sessions.repo.ts';
import { authSessions } from '../../db/schema/auth.ts';
import { customers } from '../../db/schema/customers.ts';
import { branchOrderCounters, idempotencyKeys, orderLines, orders } from '../../db/schema/orders.ts';
import { paymentAttempts } from '../../db/schema/payments.ts';

// The placement statement (placement.repo insertPlacedOrders) in its CTEs' groups, in the order it runs them, with
// the checkout extras' fragments (core/checkout-extras.rules) folded in where their lock rank puts them. The fragments that do
// not depend on the batch are built once, here; the writes travel as one jsonb parameter. The relations the
// extras read (`go`, `placed`) and their columns are this file's exported contract (WRITE_COLUMNS, PLACED_COLUMNS).

function relation<C extends string>(name: string, alias: string, columns: readonly C[]): StatementRelation<C> {
  const c = Object.fromEntries(columns.map((column) => [column, sql.raw(`${alias}.${column}`)])) as Record<C, SQL>;
  return { from: sql.raw(`${name} ${alias}`), c };
}

/** Each extra's view of `go` and `placed` (its own columns added), built once per extra. */
const relationsOf = new WeakMap<StatementExtra, { go: StatementRelation<string>; placed: StatementRelation<string> }>();

function scopes(extra: StatementExtra, branchId: number, at: string) {
  let relations = relationsOf.get(extra);
  if (!relations) {
    const own = Object.keys(extra.columns);
    relations = {
      go: relation('go', 'g', [...WRITE_COLUMNS, ...own]),
      placed: relation('placed', 'p', [...WRITE_COLUMNS, ...PLACED_COLUMNS, ...own]),
    };
    relationsOf.set(extra, relations);
  }
  const common = { at: sql`${at}::timestamptz`, branchId: sql`${branchId}::int` };
  return { guard: { ...common, go: relations.go }, rows: { ...common, placed: relations.placed } };
}

/** The statement's own input columns (placement.repo inputRow fills them), then each present extra's. */
const CORE_COLUMNS = `ord int, id int, brand_id int, customer_id int, family_id uuid,
        order_type int, status text, payment_method text, payment_status text, tax_mode text, subtotal int8,
        branch_taxes int8, modifiers_taxes int8, charge_amount int8, charges_taxes int8, delivery_fee int8,
        taxes_price int8, total_discount int8, total int8, foodics_taxes int8, foodics_charges int8, foodics_total int8,
        notes text, receive_at timestamptz, lat float8, lng float8, address jsonb, delivery_zone_id int,
        table_id int, table_number text, prep_minutes int, delivery_minutes int, created_at timestamptz, updated_at timestamptz, context_version int, key text,
        request_hash text, response_status int, response_body jsonb, attempt_id int, attempt_provider text,
        attempt_key text, hand_to_kitchen boolean`;

/** The batch's writes as rows (placement.repo placementInput: one jsonb array). */
function inputCte(input: string, extras: readonly StatementExtra[]): SQL {
  const own = extras.flatMap((e) => Object.entries(e.columns).map(([name, type]) => `, ${name} ${type}`)).join('');
  return sql`input as (
      select * from jsonb_to_recordset(${input}::jsonb) as i(${sql.raw(CORE_COLUMNS + own)},
        lines jsonb)
    )`;
}

/** Each write's session check, its key's claim check and its QR context's version check. */
const checkedCte = sql`checked as (
      -- The access check every signed-in request makes (sessions.repo customerSessionLiveSelect), and the key's: one
      -- index probe per write each (lateral, limit 1). As exists() the key's check was planned as one hashed scan of
      -- the whole key table per batch while it had fewer than ~30,000 rows (a batch is estimated at 100 writes).
      select i.*, session.live is not null as live, key_row.taken is not null as taken,
        ${brandContextVersionSql(sql`i.brand_id`)} = i.context_version as current
      from input i
      left join lateral (
        select true as live from ${authSessions} s join ${customers} c on c.id = s.subject_id and c.brand_id = i.brand_id
        where s.family_id = i.family_id and s.subject_kind = 'customer' and s.subject_id = i.customer_id
          and ${sessionLiveSql('s', sql`i.created_at`)}
        limit 1
      ) session on true
      left join lateral (
        select true as taken from ${idempotencyKeys} k where k.customer_id = i.customer_id and k.key = i.key limit 1
      ) key_row on true
    )`;

/** The writes that passed their checks, a key doubled in the batch going ahead once. */
const goingAheadCtes = sql`candidates as (
      -- A key twice in the batch (a double submit): its first live write is the one that may go ahead.
      select c.*, row_number() over (partition by c.customer_id, c.key order by c.ord) as nth_of_key
      from checked c
      where c.live and not c.taken and c.current
    ), go as (
      select c.* from candidates c where c.nth_of_key = 1
    )`;

/**
 * placement_extras_held (migration 0027) raises SU001 when its argument is not true: nothing is written, and the
 * checkout write asks the extras which writes to refuse.
 */
const extrasHeld = (held: readonly SQL[]) => sql`placement_extras_held((select ${sql.join([...held], sql` and `)}))`;

/** The writes going ahead with their ids and rank; with guards, only once all of them held. */
function freshCte(held: readonly SQL[]): SQL {
  return sql`fresh as (
      -- The writes that go ahead, their ids (a cash order's drawn here) and their rank in the batch. With extras'
      -- guards, only once every one of them held: their rows are locked and moved here, in lock order, before the
      -- branch's counter below.
      select g.*, coalesce(g.id, nextval('orders_id_seq')::int) as order_id, row_number() over (order by g.ord) as n
      from go g
      ${held.length > 0 ? sql`where ${extrasHeld(held)}` : sql``}
    )`;
}

/** The branch's numbers for the batch, the orders inserted with them, and each placed write with its number. */
function numberedOrdersCtes(branchId: number): SQL {
  return sql`counter as (
      -- The batch's numbers: the n after the branch's last, the write ranked n taking last - count + n.
      insert into ${branchOrderCounters} (branch_id, last_number) values (${branchId}::int, (select count(*)::int from fresh))
      on conflict (branch_id) do update set last_number = ${branchOrderCounters}.last_number + excluded.last_number
      returning last_number - (select count(*)::int from fresh) as before
    ), new_orders as (
      insert into ${orders} (id, brand_id, branch_id, customer_id, number, order_type, status, payment_method,
        payment_status, tax_mode, subtotal, branch_taxes, modifiers_taxes, charge_amount, charges_taxes, delivery_fee,
        taxes_price, total_discount, total, foodics_taxes, foodics_charges, foodics_total, notes, receive_at, lat, lng,
        address, delivery_zone_id, table_id, table_number, prep_minutes, delivery_minutes, created_at, updated_at)
      overriding system value
      select f.order_id, f.brand_id, ${branchId}::int, f.customer_id, counter.before + f.n, f.order_type, f.status,
        f.payment_method, f.payment_status, f.tax_mode, f.subtotal, f.branch_taxes, f.modifiers_taxes,
        f.charge_amount, f.charges_taxes, f.delivery_fee, f.taxes_price, f.total_discount, f.total, f.foodics_taxes,
        f.foodics_charges, f.foodics_total, f.notes, f.receive_at, f.lat, f.lng, f.address, f.delivery_zone_id,
        f.table_id, f.table_number, f.prep_minutes, f.delivery_minutes, f.created_at, f.updated_at
      from fresh f, counter
      order by f.n
      returning id, number
    ), placed as (
      -- Each write that went ahead, with its order's number.
      select f.*, o.number from fresh f join new_orders o on o.id = f.order_id
    )`;
}

/** The placed orders' lines. */
const linesCte = sql`new_lines as (
      insert into ${orderLines} (order_id, position, kind, item_id, name_ar, name_en, quantity, unit_price_halalas,
        subtotal, tax, total, modifiers, slots)
      select p.order_id, l.position, l.kind, l.item_id, l.name_ar, l.name_en, l.quantity, l.unit_price_halalas,
        l.subtotal, l.tax, l.total, l.modifiers, l.slots
      from placed p, jsonb_to_recordset(p.lines) as l(position int, kind text, item_id int, name_ar text,
        name_en text, quantity int, unit_price_halalas int8, subtotal int8, tax int8, total int8, modifiers jsonb,
        slots jsonb)
    )`;

/** The placed writes' idempotency keys with their responses, and a card order's first payment attempt. */
const keyAndAttemptCtes = sql`claimed as (
      -- The key with its response. No "on conflict": a key a concurrent statement inserted fails this one.
      insert into ${idempotencyKeys} (customer_id, key, request_hash, response_status, response_body, created_at)
      select p.customer_id, p.key, p.request_hash, p.response_status,
        p.response_body || jsonb_build_object('id', p.order_id, 'number', p.number), p.created_at
      from placed p
    ), attempt as (
      -- A card order's first attempt, so placement makes no round trip of its own for it.
      insert into ${paymentAttempts} (id, order_id, provider, idempotency_key, amount_halalas, created_at, updated_at)
      overriding system value
      select p.attempt_id, p.order_id, p.attempt_provider, p.attempt_key, p.total, p.created_at, p.created_at
      from placed p
      where p.attempt_provider is not null
      returning id, order_id
    )`;

/** One answer per write, in the batch's order, with the extras' answer expressions (a wake-up sent at commit). */
function answerSelect(answers: readonly SQL[], heldAfter: readonly SQL[]): SQL {
  return sql`-- An extra's expressions here run (a select CTE nobody reads would not).
    select c.ord, c.live, c.taken, c.current, p.order_id as id, p.number, a.id as attempt_id
      ${sql.join(
        answers.map((answer) => sql`, ${answer}`),
        sql``,
      )}
    from checked c
    left join placed p on p.ord = c.ord
    left join attempt a on a.order_id = p.order_id
    ${heldAfter.length > 0 ? sql`where ${extrasHeld(heldAfter)}` : sql``}
    order by c.ord`;
}

/**
 * The whole statement for one branch's batch written at `at` (ISO): its CTEs in the order they run, the extras
 * present in the batch folded in by their lock rank (guards before the counter, rows after), then the answers.
 */
export function placementStatement(
  branchId: number,
  input: string,
  extras: readonly StatementExtra[],
  at: string,
): SQL {
  const guards = extras.flatMap((extra) => {
    const guard = extra.guard?.(scopes(extra, branchId, at).guard);
    return guard ? [guard] : [];
  });
  const rows = extras.flatMap((extra) => {
    const written = extra.rows?.(scopes(extra, branchId, at).rows);
    return written ? [written] : [];
  });
  const ctes = [
    inputCte(input, extras),
    checkedCte,
    goingAheadCtes,
    ...guards.map((g) => g.ctes),
    freshCte(guards.map((g) => g.held)),
    numberedOrdersCtes(branchId),
    linesCte,
    keyAndAttemptCtes,
    ...rows.flatMap((r) => (r.ctes ? [r.ctes] : [])),
  ];
  return sql`
    with ${sql.join(ctes, sql`, `)}
    ${answerSelect(
      rows.flatMap((r) => (r.answer ? [r.answer] : [])),
      rows.flatMap((r) => (r.held ? [r.held] : [])),
    )}`;
}
