import { randomBytes } from 'node:crypto';
import { orderSchema, staffOrderSchema } from '@sufra/shared/schemas/order';
import { tableListResponse, tableSchema } from '@sufra/shared/schemas/order-events';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { type Caller, caller, signIn } from './accounts.ts';
import { openStream, type StreamClient } from './event-stream-client.ts';
import { STAFF, UUID } from './fixture-brands.ts';
import { diner, menuIds, newKey } from './orders.ts';
import { type Instance, startServer } from './server-process.ts';
import { createTestApp, type TestApp } from './test-app.ts';

/** PGlite lives inside one process: there, the two instances are two apps on the one embedded database. */
async function startInProcess(t: TestApp): Promise<Instance> {
  const app: FastifyInstance = await buildApp(t.config, { database: t.database });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  if (!address || typeof address === 'string') throw new Error('no address');
  return { url: `http://127.0.0.1:${address.port}`, stop: () => app.close() };
}

/**
 * Two API instances on one database: a diner and a board connected to instance A see what staff do through
 * instance B, because events travel through PostgreSQL (LISTEN/NOTIFY), not through memory. On PostgreSQL the
 * instances are two server processes; on PGlite (one process by nature) two apps sharing the embedded database.
 */
describe('live events across two API instances', () => {
  let t: TestApp;
  let a: Instance;
  let b: Instance;
  let dinerA: Caller;
  let cashier: Caller;
  let water: number;
  const streams: StreamClient[] = [];
  const secret = randomBytes(32).toString('base64url');

  /** A JSON call over HTTP to one instance with a caller's cookies. */
  const http = async (instance: Instance, c: Caller, method: string, path: string, body?: unknown, headers = {}) => {
    const res = await fetch(`${instance.url}${path}`, {
      method,
      headers: {
        cookie: c.jar.header(),
        'accept-language': 'en',
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        ...headers,
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    return { status: res.status, json: (await res.json()) as unknown };
  };
  const stream = async (instance: Instance, c: Caller, path: string) => {
    const s = await openStream(`${instance.url}${path}`, { cookie: c.jar.header() });
    streams.push(s);
    expect(s.status).toBe(200);
    return s;
  };
  const pickupThroughB = async () => {
    const res = await http(
      b,
      dinerA,
      'POST',
      `/api/orders/${UUID.aMain}/`,
      { orderType: 2, lines: [{ kind: 'product', itemId: water, quantity: 1 }], paymentMethod: 'cash' },
      { 'idempotency-key': newKey() },
    );
    expect(res.status).toBe(201);
    return orderSchema.parse(res.json);
  };

  beforeAll(async () => {
    // Every instance must share the secret that signs sessions (as production requires with DATABASE_URL).
    t = await createTestApp({ env: { AUTH_SECRET: secret } });
    water = (await menuIds(t, UUID.aMain)).item('water');
    dinerA = await diner(t, UUID.aMain, '0596000001');
    cashier = caller(t);
    expect((await cashier.call('POST', '/api/staff/auth/login/', STAFF.aCashier)).statusCode).toBe(200);
    if (t.database.kind === 'postgres' && t.config.databaseUrl) {
      const env = { DATABASE_URL: t.config.databaseUrl, AUTH_SECRET: secret, DATABASE_POOL_SIZE: '4' };
      [a, b] = await Promise.all([startServer(env), startServer(env)]);
    } else {
      [a, b] = await Promise.all([startInProcess(t), startInProcess(t)]);
    }
    // Two server processes starting at once beside the run's other files (server-process.ts): a bound on a hang.
  }, 150_000);
  afterAll(async () => {
    for (const s of streams) s.close();
    await Promise.all([a?.stop(), b?.stop()]);
    await t.close();
  });

  it('runs two distinct instances', () => {
    expect(a.url).not.toBe(b.url);
  });

  it('shares the sign-in throttles: five wrong passwords through A make the next try through B wait', async () => {
    const anyone = caller(t);
    const wrong = { email: STAFF.bManager.email, password: 'not-the-password' };
    for (let i = 0; i < 5; i += 1) {
      expect((await http(a, anyone, 'POST', '/api/staff/auth/login/', wrong)).status).toBe(401);
    }
    // The wait is 30 s after the fifth failure; the try through B comes well within it.
    const res = await http(b, anyone, 'POST', '/api/staff/auth/login/', STAFF.bManager);
    expect(res.status).toBe(429);
    expect(res.json).toMatchObject({ error: { code: 'sign_in_throttled' } });
  });

  it("sends a status set through B to the diner's and the board's streams on A", async () => {
    const order = await pickupThroughB();
    const diners = await stream(a, dinerA, `/api/orders/${UUID.aMain}/${order.id}/events/`);
    expect(orderSchema.parse((await diners.next('order')).data).status).toBe('pending');
    const board = await stream(a, cashier, '/api/staff/orders/events/');
    expect((await board.next()).event).toBe('ready');

    const moved = await http(b, cashier, 'PATCH', `/api/staff/orders/${order.id}/status/`, { to: 'sent_to_kitchen' });
    expect(moved.status).toBe(200);

    expect(orderSchema.parse((await diners.next('order')).data)).toMatchObject({
      id: order.id,
      status: 'sent_to_kitchen',
    });
    const updated = staffOrderSchema.parse((await board.next('order_updated')).data);
    expect(updated).toMatchObject({ id: order.id, status: 'sent_to_kitchen' });
  });

  it("hands an order placed through B to A's board, and a table set through B too", async () => {
    const board = await stream(a, cashier, '/api/staff/orders/events/');
    expect((await board.next()).event).toBe('ready');
    const order = await pickupThroughB();
    const placed = staffOrderSchema.parse((await board.next('order_placed')).data);
    expect(placed).toMatchObject({ id: order.id, number: order.number });

    const list = await http(b, cashier, 'GET', `/api/staff/tables/?branchId=${order.branchId}`);
    const table = tableListResponse.parse(list.json).tables[0];
    if (!table) throw new Error('fixture has no table');
    const next = table.status === 'reserved' ? 'free' : 'reserved';
    expect((await http(b, cashier, 'PATCH', `/api/staff/tables/${table.id}/status/`, { to: next })).status).toBe(200);
    expect(tableSchema.parse((await board.next('table_updated')).data)).toMatchObject({ id: table.id, status: next });
  });

  it('holds the wheel across instances: two spins at once through A and B draw once; a stock of 10 gives 10', async () => {
    const [game] = await t.database.query<{ id: number }>(
      `insert into games (brand_id, kind, name_ar, name_en, cooldown_days_after_win)
       select b.brand_id, 'wheel', 'العجلة', 'The wheel', 7 from qr_codes q join branches b on b.id = q.branch_id
       where q.uuid = $1 returning id`,
      [UUID.aMain],
    );
    if (!game) throw new Error('no game');
    await t.database.query(
      `insert into game_segments (game_id, position, label_ar, label_en, color, prize, reward_id, points, weight, stock)
       values ($1, 0, 'عصير', 'Juice', '#ff8800', 'reward', (select id from rewards where name_en = 'Free juice'), null, 20, 10),
         ($1, 1, 'حاول مجددًا', 'Try again', '#888888', 'none', null, null, 1, null)`,
      [game.id],
    );
    const spinners: Caller[] = [];
    for (let i = 0; i < 30; i += 1) {
      // Each from its own address: the sign-in's per-address allowance is not what this test is about.
      const c = caller(t, { ip: `10.9.0.${i}` });
      const res = await signIn(t, c, UUID.aMain, `+9665000099${String(i).padStart(2, '0')}`, { fullName: `Spin ${i}` });
      expect(res.statusCode).toBe(200);
      spinners.push(c);
    }
    // Every diner spins through A and through B at the same moment.
    const answers = await Promise.all(
      spinners.flatMap((c) =>
        [a, b].map((instance) => http(instance, c, 'POST', `/api/games/${UUID.aMain}/wheel/spin/`)),
      ),
    );
    // Each answer is a draw (200) or a refusal (429 the minute, 409 a win's period or the gifts gone), never an error;
    // at most one of a diner's two spins draws.
    for (const answer of answers) expect([200, 409, 429]).toContain(answer.status);
    for (let i = 0; i < spinners.length; i += 1) {
      expect([answers[2 * i]?.status, answers[2 * i + 1]?.status].filter((st) => st === 200).length).toBeLessThan(2);
    }
    const twice = await t.database.query(
      'select customer_id from game_draws where game_id = $1 group by customer_id having count(*) > 1',
      [game.id],
    );
    expect(twice).toEqual([]);
    const [juice] = await t.database.query<{ won: number; draws: number; winners: number }>(
      `select s.won, (select count(*)::int from game_draws d where d.segment_id = s.id) as draws,
         (select count(distinct d.customer_id)::int from game_draws d where d.segment_id = s.id) as winners
       from game_segments s where s.game_id = $1 and s.label_en = 'Juice'`,
      [game.id],
    );
    // 30 draws at 20:1 for the juice: its stock of 10 is reached, and never passed, each winner once.
    expect(juice).toEqual({ won: 10, draws: 10, winners: 10 });
  }, 120_000);
});
