import { brandSettings } from '@sufra/shared/schemas/brand-settings';
import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Caller, caller } from '../../../test/accounts.ts';
import { STAFF } from '../../../test/fixture-brands.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { auditLog } from '../../db/schema/audit.ts';
import { brands } from '../../db/schema/brands.ts';

const URL = '/api/staff/manage/brand/';

describe('brand settings in the console (issue 26 item 8)', () => {
  let t: TestApp;
  let owner: Caller;
  let manager: Caller;
  let cashier: Caller;
  let otherBrand: Caller;
  let brandA: number;

  const staffCaller = async (who: { email: string; password: string }, language = 'en') => {
    const c = caller(t, { language });
    expect((await c.call('POST', '/api/staff/auth/login/', who)).statusCode).toBe(200);
    return c;
  };
  const read = async (c: Caller) => brandSettings.parse((await c.call('GET', URL)).json());
  const body = (s: Awaited<ReturnType<typeof read>>, change: Record<string, unknown> = {}) => {
    const { logo: _logo, ...rest } = s;
    return { ...rest, ...change };
  };

  beforeAll(async () => {
    t = await createTestApp();
    brandA = t.seeded.get('test-brand-a')?.brandId as number;
    owner = await staffCaller(STAFF.aOwner);
    manager = await staffCaller(STAFF.aManager);
    cashier = await staffCaller(STAFF.aCashier);
    otherBrand = await staffCaller(STAFF.bManager);
  });
  afterAll(async () => {
    await t.close();
  });

  it("reads the brand's settings with a version", async () => {
    const s = await read(manager);
    expect(s).toMatchObject({
      name: { en: 'Brand A' },
      taxMode: 'inclusive',
      vatRateBp: 1500,
      vatNumber: '310122393500003',
    });
    expect(s.version).toBeGreaterThanOrEqual(1);
  });

  it('saves names, colour, language, VAT and hosts, moves the version and records an audit row in the same save', async () => {
    const s = await read(manager);
    const res = await manager.call(
      'PUT',
      URL,
      body(s, {
        name: { ar: 'مطعم أ الجديد', en: 'Brand A New' },
        brandColor: '#4F1F7C',
        defaultLanguage: 'en',
        vatNumber: '310123456700003',
        vatRateBp: 1500,
        taxMode: 'exclusive',
        hosts: ['brand-a.test', 'Order.Brand-A.test'],
      }),
    );
    expect(res.statusCode).toBe(200);
    const saved = brandSettings.parse(res.json());
    expect(saved).toMatchObject({
      name: { en: 'Brand A New' },
      brandColor: '#4f1f7c',
      defaultLanguage: 'en',
      vatNumber: '310123456700003',
      taxMode: 'exclusive',
      hosts: ['brand-a.test', 'order.brand-a.test'],
      version: s.version + 1,
    });
    const rows = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.brandId, brandA), eq(auditLog.objectType, 'brand')));
    expect(rows).toHaveLength(1);
    expect(rows[0]?.before).toMatchObject({ taxMode: 'inclusive', vatNumber: '310122393500003' });
    expect(rows[0]?.after).toMatchObject({ taxMode: 'exclusive', vatNumber: '310123456700003' });
  });

  it('refuses a stale save with 409 and both versions, changing nothing', async () => {
    const s = await read(owner);
    expect((await owner.call('PUT', URL, body(s, { vatRateBp: 1000 }))).statusCode).toBe(200);
    const stale = await manager.call('PUT', URL, body(s, { vatRateBp: 500 }));
    expect(stale.statusCode).toBe(409);
    const error = stale.json().error;
    expect(error.code).toBe('edit_conflict');
    expect(error.message).toBe(
      'Someone else saved this first. Their version is shown: use it, or change it and save again',
    );
    expect(error.details.theirs).toMatchObject({ vatRateBp: 1000, version: s.version + 1 });
    expect(error.details.yours).toMatchObject({ vatRateBp: 500 });
    expect((await read(owner)).vatRateBp).toBe(1000);
  });

  it("refuses a colour white text cannot be read on, a malformed VAT number and another brand's host, in both languages", async () => {
    const s = await read(owner);
    const light = await owner.call('PUT', URL, body(s, { brandColor: '#f3ecfa' }));
    expect(light.statusCode).toBe(422);
    expect(light.json().error.code).toBe('brand_color_contrast');
    const arabic = await staffCaller(STAFF.aOwner, 'ar');
    const vat = await arabic.call('PUT', URL, body(s, { vatNumber: '123456789012345' }));
    expect(vat.statusCode).toBe(422);
    expect(vat.json().error.message).toBe('الرقم الضريبي ١٥ رقمًا يبدأ بـ ٣ وينتهي بـ ٣');
    const [b] = await t.db.select({ hosts: brands.hosts }).from(brands).where(eq(brands.slug, 'test-brand-b'));
    const taken = await owner.call('PUT', URL, body(s, { hosts: [b?.hosts[0] ?? 'brand-b.test'] }));
    expect(taken.statusCode).toBe(409);
    expect(taken.json().error.code).toBe('host_in_use');
    expect((await owner.call('PUT', URL, body(s, { hosts: ['not a host'] }))).statusCode).toBe(400);
    expect(await read(owner)).toEqual(s);
  });

  it("lets only the owner decide whether managers edit the menu; the manager's menu write follows it", async () => {
    const categories = '/api/staff/manage/menu/categories/';
    const s = await read(owner);
    expect(s.managersEditMenu).toBe(false);
    expect((await manager.call('POST', categories, { name: { ar: 'أ', en: 'A' } })).statusCode).toBe(403);
    // A manager cannot give themselves the right (nor anything else in that save), in either language.
    const arabic = await staffCaller(STAFF.aManager, 'ar');
    const refused = await arabic.call('PUT', URL, body(s, { managersEditMenu: true, vatRateBp: 500 }));
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error).toMatchObject({
      code: 'menu_permission_owner_only',
      message: 'المالك وحده يقرر إن كان المديرون يعدّلون القائمة',
    });
    expect(await read(owner)).toEqual(s);
    // A manager's save that leaves it as it is goes through.
    const kept = await manager.call('PUT', URL, body(s, { managersEditMenu: false }));
    expect(kept.statusCode).toBe(200);
    const allowed = await owner.call('PUT', URL, body(await read(owner), { managersEditMenu: true }));
    expect(allowed.statusCode).toBe(200);
    expect(brandSettings.parse(allowed.json()).managersEditMenu).toBe(true);
    expect((await manager.call('POST', categories, { name: { ar: 'أ', en: 'A' } })).statusCode).toBe(201);
    const [row] = await t.db
      .select({ after: auditLog.after })
      .from(auditLog)
      .where(and(eq(auditLog.brandId, brandA), eq(auditLog.objectType, 'brand')))
      .orderBy(desc(auditLog.id))
      .limit(1);
    expect(row?.after).toMatchObject({ managersEditMenu: true });
    // Back as it was for the other tests.
    expect((await owner.call('PUT', URL, body(await read(owner), { managersEditMenu: false }))).statusCode).toBe(200);
  });

  it('the database refuses a malformed VAT number too', async () => {
    await expect(t.db.update(brands).set({ vatNumber: '12345' }).where(eq(brands.id, brandA))).rejects.toThrow();
  });

  it("refuses a cashier and a signed-out caller; another brand's manager reads and writes only their own brand", async () => {
    expect((await cashier.call('GET', URL)).statusCode).toBe(403);
    const s = await read(owner);
    expect((await cashier.call('PUT', URL, body(s))).statusCode).toBe(403);
    expect((await caller(t).call('GET', URL)).statusCode).toBe(401);
    const theirs = await read(otherBrand);
    expect(theirs.name.en).not.toBe(s.name.en);
    // Their save with brand A's version and names changes their own brand only.
    await otherBrand.call('PUT', URL, body(s, { name: { ar: 'ب', en: 'B renamed' }, hosts: [] }));
    expect((await read(owner)).name).toEqual(s.name);
  });
});
