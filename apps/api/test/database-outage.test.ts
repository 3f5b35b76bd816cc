import net from 'node:net';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isDatabaseUnavailable } from '../src/db/db-errors.ts';
import { countRows } from './accounts.ts';
import { UUID } from './fixture-brands.ts';
import { diner, menuIds, newKey, placeOrder } from './orders.ts';
import { createTestApp, type TestApp } from './test-app.ts';

/** A local port nothing listens on (bound, then released). */
async function closedPort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  await new Promise<void>((resolve) => server.close(() => resolve()));
  if (!address || typeof address === 'string') throw new Error('no port');
  return address.port;
}

// Issue 13 item 8: during a PostgreSQL restart a placement answered 500. Now 503 with Retry-After, nothing
// written, and the same request (the web app keeps its idempotency key) places the order once the database is
// back.
describe('a database outage', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('answers a placement 503 + Retry-After while the database restarts, then places it once with the same key', async () => {
    if (t.database.kind !== 'postgres' || !t.config.databaseUrl) {
      // The embedded database can't go away under the app; what the handler relies on is still checked against a
      // real failed connection: a pg pool pointed at a closed port.
      const pool = new pg.Pool({ connectionString: `postgres://u@127.0.0.1:${await closedPort()}/x`, max: 1 });
      const failure = await pool.query('select 1').catch((error: unknown) => error);
      await pool.end();
      expect(isDatabaseUnavailable(failure)).toBe(true);
      expect(isDatabaseUnavailable(new Error('duplicate key value violates unique constraint'))).toBe(false);
      return;
    }
    const ids = await menuIds(t, UUID.aMain);
    const a = await diner(t, UUID.aMain, '0583330001');
    const body = {
      orderType: 2,
      lines: [{ kind: 'product', itemId: ids.item('kabsa'), quantity: 1, modifiers: [ids.option('Size', 'Large')] }],
      paymentMethod: 'cash',
    };
    const before = await countRows(t, 'orders');
    const keysBefore = await countRows(t, 'idempotency_keys');
    const name = new URL(t.config.databaseUrl).pathname.slice(1);
    // The restart, as the app sees it: every connection to its database is cut and new ones are refused. Done from
    // the server's maintenance database (a database can't refuse connections from one of its own).
    const adminUrl = new URL(t.config.databaseUrl);
    adminUrl.pathname = '/postgres';
    const admin = new pg.Client({ connectionString: adminUrl.toString() });
    await admin.connect();
    try {
      await admin.query(`alter database ${pg.escapeIdentifier(name)} allow_connections false`);
      await admin.query(
        'select pg_terminate_backend(pid) from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()',
        [name],
      );
      // pg_terminate_backend only signals: wait until every backend of the database has gone, so no query of the
      // app's (or of this test's countRows) is sent on a connection that is about to be cut.
      for (let left = 1; left > 0; ) {
        const [row] = (await admin.query('select count(*)::int as n from pg_stat_activity where datname = $1', [name]))
          .rows as { n: number }[];
        left = row?.n ?? 0;
        if (left > 0) await new Promise((resolve) => setTimeout(resolve, 10));
      }
      const key = newKey();
      const during = await placeOrder(a, UUID.aMain, body, key);
      expect(during.statusCode).toBe(503);
      expect(during.headers['retry-after']).toBe('2');
      expect(during.json()).toEqual({
        error: {
          code: 'service_unavailable',
          message: 'The service is briefly unavailable, try again in a moment',
          details: { retryAfterSeconds: 2 },
        },
      });
      await admin.query(`alter database ${pg.escapeIdentifier(name)} allow_connections true`);
      // Nothing of it was written.
      expect(await countRows(t, 'orders')).toBe(before);
      expect(await countRows(t, 'idempotency_keys')).toBe(keysBefore);
      const after = await placeOrder(a, UUID.aMain, body, key);
      expect(after.statusCode).toBe(201);
      const again = await placeOrder(a, UUID.aMain, body, key);
      expect(again.statusCode).toBe(201);
      expect(again.json()).toEqual(after.json());
      expect(await countRows(t, 'orders')).toBe(before + 1);
    } finally {
      await admin.query(`alter database ${pg.escapeIdentifier(name)} allow_connections true`).catch(() => {});
      await admin.end();
    }
  });
});
