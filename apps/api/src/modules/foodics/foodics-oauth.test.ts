import { orderSchema } from '@sufra/shared/schemas/order';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Caller, caller } from '../../../test/accounts.ts';
import { type FakeFoodics, startFakeFoodics } from '../../../test/fake-foodics.ts';
import { STAFF, UUID } from '../../../test/fixture-brands.ts';
import { diner, menuIds, placeOrder, setBranchSwitch } from '../../../test/orders.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';

const CLIENT = { clientId: 'sufra-test-client', clientSecret: 'sufra-test-secret' };
const KEY = '5f'.repeat(32);
const REDIRECT = 'http://sufra.test/api/staff/manage/foodics/connection/callback/';
const BUSINESS = 737373;
const CONNECTION = '/api/staff/manage/foodics/connection/';

/**
 * A brand connected to Foodics by its owner (issue 28 item 1, docs/adr/0650), through the real app and the fake
 * Foodics, on PGlite and PostgreSQL: OAuth 2's authorization code exchanged, whoami recorded, the tokens encrypted at
 * rest and refreshed on a 401, disconnect; the state bound to the owner and brand; other roles and brands refused.
 */
describe('Foodics connection by OAuth', () => {
  let t: TestApp;
  let fake: FakeFoodics;
  let clock = new Date();
  let owner: Caller;
  let brandId: number;

  const login = async (who: { email: string; password: string }) => {
    const c = caller(t);
    expect((await c.call('POST', '/api/staff/auth/login/', who)).statusCode).toBe(200);
    return c;
  };
  /** The owner's round trip: our authorize URL, Foodics' console (the fake approves), back to our callback. */
  const connect = async (who: Caller, tamper: (state: string) => string = (s) => s) => {
    const started = await who.call('POST', `${CONNECTION}authorize/`);
    expect(started.statusCode, started.body).toBe(200);
    const url = new URL((started.json() as { url: string }).url);
    expect(`${url.origin}${url.pathname}`).toBe(`${fake.root}/authorize`);
    expect(url.searchParams.get('client_id')).toBe(CLIENT.clientId);
    expect(url.searchParams.get('redirect_uri')).toBe(REDIRECT);
    const consent = await fetch(url, { redirect: 'manual' });
    expect(consent.status).toBe(302);
    const back = new URL(consent.headers.get('location') ?? '');
    expect(`${back.origin}${back.pathname}`).toBe(REDIRECT);
    back.searchParams.set('state', tamper(back.searchParams.get('state') ?? ''));
    const res = await who.call('GET', `${back.pathname}${back.search}`);
    expect(res.statusCode).toBe(302);
    return res.headers.location;
  };
  const stored = async () => {
    const [row] = await t.database.query<{ access: string | null; refresh: string | null; name: string | null }>(
      `select access_token_enc as access, refresh_token_enc as refresh, business_name as name
       from foodics_connections where brand_id = $1`,
      [brandId],
    );
    return row;
  };

  beforeAll(async () => {
    fake = await startFakeFoodics({
      token: 'not-used-server-token',
      business: { reference: BUSINESS, name: 'Brand A Foodics' },
      catalogue: { branches: ['fb-main'], products: ['fp-water'], taxes: ['ft-vat'] },
      oauth: CLIENT,
    });
    t = await createTestApp({
      now: () => clock,
      env: {
        KITCHEN_RELAY_INTERVAL_MS: '0',
        FOODICS_RELAY_INTERVAL_MS: '0',
        FOODICS_API_URL: fake.url,
        FOODICS_CONSOLE_URL: fake.root,
        FOODICS_CLIENT_ID: CLIENT.clientId,
        FOODICS_CLIENT_SECRET: CLIENT.clientSecret,
        FOODICS_REDIRECT_URI: REDIRECT,
        FOODICS_TOKEN_KEY: KEY,
        FOODICS_TIMEOUT_MS: '10000', // never waited out here: room for a loaded machine
      },
    });
    owner = await login(STAFF.aOwner);
    const [row] = await t.database.query<{ brandId: number }>(
      `select b.brand_id as "brandId" from qr_codes q join branches b on b.id = q.branch_id where q.uuid = $1`,
      [UUID.aMain],
    );
    if (!row) throw new Error('no brand');
    brandId = row.brandId;
  });
  afterAll(async () => {
    await t?.close();
    await fake?.close();
  });

  it('connects the owner’s brand: code exchanged, whoami recorded, tokens stored encrypted and audited without them', async () => {
    expect((await owner.call('GET', CONNECTION)).json()).toMatchObject({
      connected: false,
      via: null,
      oauthAvailable: true,
    });
    expect(await connect(owner)).toBe('/staff/manage/foodics?foodics=connected');
    const tokens = fake.issued.at(-1);
    if (!tokens) throw new Error('no token issued');
    expect((await owner.call('GET', CONNECTION)).json()).toMatchObject({
      connected: true,
      via: 'oauth',
      businessName: 'Brand A Foodics',
      businessReference: BUSINESS,
    });
    const row = await stored();
    expect(row?.access).toMatch(/^v1\./);
    expect(row?.refresh).toMatch(/^v1\./);
    // Not readable in the row: neither token, nor any part of it.
    const dump = JSON.stringify(
      await t.database.query('select * from foodics_connections where brand_id = $1', [brandId]),
    );
    expect(dump).not.toContain(tokens.access);
    expect(dump).not.toContain(tokens.refresh);
    expect(dump).not.toContain(tokens.access.slice(3, 20));
    const audits = await t.database.query<{ action: string; after: unknown }>(
      `select action, after from audit_log where object_type = 'foodics_connection' and object_id = $1`,
      [String(brandId)],
    );
    expect(audits).toEqual([
      {
        action: 'create',
        after: {
          businessReference: BUSINESS,
          businessId: expect.any(String),
          businessName: 'Brand A Foodics',
          oauth: true,
        },
      },
    ]);
    expect(JSON.stringify(audits)).not.toContain(tokens.access);
  });

  it('hands an order over with the brand’s own token, and refreshes it on a 401 (stored encrypted again)', async () => {
    const ids = await menuIds(t, UUID.aMain);
    await setBranchSwitch(t, UUID.aMain, 'integrated', true);
    const [branch] = await t.database.query<{ id: number }>('select branch_id as id from qr_codes where uuid = $1', [
      UUID.aMain,
    ]);
    await t.database.query(
      `insert into foodics_ids (brand_id, kind, local_key, foodics_id) values
        ($1, 'branch', $2, 'fb-main'), ($1, 'product', $3, 'fp-water'), ($1, 'tax', 'vat', 'ft-vat')
       on conflict do nothing`,
      [brandId, String(branch?.id), String(ids.item('water'))],
    );
    const before = await stored();
    fake.expireAccessTokens();
    const issued = fake.issued.length;
    const a = await diner(t, UUID.aMain, '0501112233');
    clock = new Date();
    const res = await placeOrder(a, UUID.aMain, {
      orderType: 2,
      paymentMethod: 'cash',
      lines: [{ kind: 'product', itemId: ids.item('water'), quantity: 1 }],
    });
    expect(res.statusCode, res.body).toBe(201);
    const order = orderSchema.parse(res.json());
    clock = new Date(Date.now() + 1);
    await t.app.kitchenRelay.drainOnce();
    expect(await t.app.foodicsRelay.drainOnce()).toMatchObject({ sent: 1, dead: 0 });
    expect(fake.ordersFor(`sufra-order-${order.id}`)).toHaveLength(1);
    // One refresh, and every call after it with the new token.
    expect(fake.issued).toHaveLength(issued + 1);
    const fresh = fake.issued.at(-1);
    const create = fake.requests.find((r) => r.method === 'POST' && r.path === '/v5/orders' && r.status === 200);
    expect(create?.auth).toBe(`Bearer ${fresh?.access}`);
    const after = await stored();
    expect(after?.access).not.toBe(before?.access);
    expect(JSON.stringify(after)).not.toContain(fresh?.access ?? '-');
  });

  it('refuses a state that was altered or belongs to another brand’s owner, and tells of a refusal at Foodics', async () => {
    expect(await connect(owner, (s) => `${s.slice(0, -3)}xyz`)).toBe('/staff/manage/foodics?foodics=state_invalid');
    // Brand B's owner comes back with brand A's state.
    await t.database.query(`update staff_users set role = 'owner' where email = $1`, [STAFF.bManager.email]);
    const otherOwner = await login(STAFF.bManager);
    const started = await owner.call('POST', `${CONNECTION}authorize/`);
    const url = new URL((started.json() as { url: string }).url);
    const back = new URL((await fetch(url, { redirect: 'manual' })).headers.get('location') ?? '');
    const stolen = await otherOwner.call('GET', `${back.pathname}${back.search}`);
    expect(stolen.headers.location).toBe('/staff/manage/foodics?foodics=state_invalid');
    expect((await otherOwner.call('GET', CONNECTION)).json()).toMatchObject({ connected: false });
    // Brand B cannot disconnect brand A.
    const foreign = await otherOwner.call('DELETE', CONNECTION);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().error.code).toBe('foodics_not_connected');
    expect((await owner.call('GET', CONNECTION)).json()).toMatchObject({ connected: true, via: 'oauth' });
    // The owner says no at Foodics.
    const denied = await owner.call('GET', `${CONNECTION}callback/?error=access_denied&state=x`);
    expect(denied.headers.location).toBe('/staff/manage/foodics?foodics=refused');
  });

  it('lets owners only see, start or end the connection (managers and cashiers refused)', async () => {
    for (const who of [STAFF.aManager, STAFF.aCashier]) {
      const c = await login(who);
      expect((await c.call('GET', CONNECTION)).statusCode).toBe(403);
      expect((await c.call('POST', `${CONNECTION}authorize/`)).statusCode).toBe(403);
      expect((await c.call('GET', `${CONNECTION}callback/?code=x&state=y`)).statusCode).toBe(403);
      expect((await c.call('DELETE', CONNECTION)).statusCode).toBe(403);
    }
    expect((await caller(t).call('GET', CONNECTION)).statusCode).toBe(401);
  });

  it('disconnects: the tokens deleted, audited, and a second disconnect is refused', async () => {
    const res = await owner.call('DELETE', CONNECTION);
    expect(res.json()).toEqual({ connected: false });
    expect(await stored()).toBeUndefined();
    expect((await owner.call('GET', CONNECTION)).json()).toMatchObject({ connected: false, via: null });
    const [audit] = await t.database.query<{ action: string; before: unknown }>(
      `select action, before from audit_log where object_type = 'foodics_connection' and action = 'delete'`,
    );
    expect(audit).toMatchObject({ action: 'delete', before: { businessReference: BUSINESS, oauth: true } });
    expect((await owner.call('DELETE', CONNECTION)).statusCode).toBe(404);
  });
});
