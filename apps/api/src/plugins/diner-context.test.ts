import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UUID } from '../../test/fixture-brands.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import type { AuthGuards } from './auth.ts';
import { dinerRoutesOf, registerDinerContext } from './diner-context.ts';

describe('the diner context (request.diner)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  it('runs first on every route of the app with a QR uuid in its path, but the menu (its own cached key)', () => {
    // The routes as the OpenAPI document lists them (fastify-swagger's own record), against the plugin's.
    const documented = Object.entries((t.app.swagger() as { paths: Record<string, object> }).paths)
      .filter(([path]) => path.includes('/{uuid}/'))
      .flatMap(([path, item]) =>
        Object.keys(item).map((method) => `${method.toUpperCase()} ${path.replace(/\{(\w+)\}/g, ':$1')}`),
      );
    const seen = dinerRoutesOf(t.app).filter((r) => r.method !== 'HEAD');
    expect(seen.map((r) => `${r.method} ${r.url}`).sort()).toEqual(documented.sort());
    expect(
      seen
        .filter((r) => !r.preHandler)
        .map((r) => `${r.method} ${r.url}`)
        .sort(),
    ).toEqual([
      'GET /api/menu/qr/:uuid/',
      'GET /api/menu/qr/:uuid/items/:id/',
      'GET /api/menu/qr/:uuid/items/by-name/:name/',
    ]);
    // Every diner area: QR landing, sign-in, profile, orders, payments, live updates, loyalty, punch cards, coupons,
    // evaluations, referral, games.
    expect(documented.length).toBeGreaterThan(40);
    expect(
      seen
        .filter((r) => r.context === 'kept')
        .map((r) => `${r.method} ${r.url}`)
        .sort(),
    ).toEqual([
      'POST /api/games/:uuid/:kind/spin/',
      'POST /api/loyalty/:uuid/shop/:id/buy/',
      'POST /api/orders/:uuid/',
    ]);
  });

  it('answers as the routes always did: 404 unknown, 403 switched off, then 401, in that order', async () => {
    const unknown = '00000000-0000-4000-8000-000000000000';
    const missing = await t.app.inject({ method: 'GET', url: `/api/loyalty/${unknown}/me/` });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().error.code).toBe('qr_not_found');
    // Signed out at a usable QR code with loyalty on: the session is what is missing.
    const signedOut = await t.app.inject({ method: 'GET', url: `/api/loyalty/${UUID.aMain}/me/` });
    expect(signedOut.statusCode).toBe(401);
    expect(signedOut.json().error.code).toBe('unauthenticated');
    // The brand's loyalty switched off: refused before the session is read, with the service that is off.
    const [qr] = await t.database.query<{ brandId: number }>(
      'select b.brand_id as "brandId" from qr_codes q join branches b on b.id = q.branch_id where q.uuid = $1',
      [UUID.aMain],
    );
    await t.database.query(
      "insert into service_switches (brand_id, branch_id, service, is_active) values ($1, null, 'loyalty', false)",
      [qr?.brandId],
    );
    try {
      const off = await t.app.inject({ method: 'GET', url: `/api/loyalty/${UUID.aMain}/me/` });
      expect(off.statusCode).toBe(403);
      expect(off.json().error.code).toBe('service_deactivated');
      // The brand's other areas are not this route's business: the profile still asks for the session.
      const profile = await t.app.inject({ method: 'GET', url: `/api/customers/${UUID.aMain}/me/` });
      expect(profile.statusCode).toBe(401);
    } finally {
      await t.database.query("delete from service_switches where brand_id = $1 and service = 'loyalty'", [qr?.brandId]);
    }
  });
});

describe('registerDinerContext', () => {
  const deps = { qr: {} as never, guards: {} as AuthGuards };

  it('refuses at start-up a route with a QR uuid in its path that does not say how its context is read', async () => {
    const app = Fastify();
    registerDinerContext(app, deps);
    await expect(async () => {
      app.get('/api/somewhere/:uuid/', async () => ({}));
      await app.ready();
    }).rejects.toThrow(/GET \/api\/somewhere\/:uuid\/ has a QR uuid in its path: declare config/);
    await app.close();
  });

  it('refuses a service switch on a context that checks none (known)', async () => {
    const app = Fastify();
    registerDinerContext(app, deps);
    await expect(async () => {
      app.get('/api/x/:uuid/', { config: { diner: { context: 'known', services: ['loyalty'] } } }, async () => ({}));
      await app.ready();
    }).rejects.toThrow(/'known' context checks no service switch/);
    await app.close();
  });

  it('leaves routes without a QR uuid alone', async () => {
    const app = Fastify();
    registerDinerContext(app, deps);
    app.get('/api/staff/things/:id/', async () => ({ ok: true }));
    app.get('/api/x/:uuidish/', async () => ({ ok: true }));
    expect((await app.inject({ method: 'GET', url: '/api/staff/things/1/' })).json()).toEqual({ ok: true });
    expect((await app.inject({ method: 'GET', url: '/api/x/1/' })).json()).toEqual({ ok: true });
    await app.close();
  });
});
