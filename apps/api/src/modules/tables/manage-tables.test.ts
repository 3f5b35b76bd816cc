import { manageQrCode, manageTable, manageTablesResponse } from '@sufra/shared/schemas/manage-tables';
import jsqr from 'jsqr';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Caller, caller } from '../../../test/accounts.ts';
import { STAFF, UUID } from '../../../test/fixture-brands.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';

const BASE = '/api/staff/manage/tables';
// jsqr is CommonJS whose types describe an ES default export: the function is both the module and its `default`.
const jsQR = jsqr.default;

describe('console tables and QR codes', () => {
  let t: TestApp;
  let owner: Caller;
  let manager: Caller;
  let cashier: Caller;
  let otherBrand: Caller;
  let mainBranch: number;
  let closedBranch: number;
  let otherBrandBranch: number;

  const staffCaller = async (who: { email: string; password: string }, language = 'en') => {
    const c = caller(t, { language });
    expect((await c.call('POST', '/api/staff/auth/login/', who)).statusCode).toBe(200);
    return c;
  };
  const branchOf = async (uuid: string) => {
    const [row] = await t.database.query<{ id: number }>('select branch_id as id from qr_codes where uuid = $1', [
      uuid,
    ]);
    if (!row) throw new Error(`no QR ${uuid}`);
    return row.id;
  };
  const auditRows = (objectType: string, objectId: string | number) =>
    t.database.query<{ action: string; before: unknown; after: unknown; ip: string | null }>(
      'select action, before, after, ip from audit_log where object_type = $1 and object_id = $2 order by id',
      [objectType, String(objectId)],
    );
  const createTable = async (c: Caller, body: Record<string, unknown>) => {
    const res = await c.call('POST', `${BASE}/`, body);
    expect(res.statusCode, res.body).toBe(201);
    return manageTable.parse(res.json());
  };

  beforeAll(async () => {
    t = await createTestApp();
    mainBranch = await branchOf(UUID.aMain);
    closedBranch = await branchOf(UUID.aClosed);
    otherBrandBranch = await branchOf(UUID.bMain);
    // The manager keeps the main branch only: the closed branch is the "another branch of the brand" case.
    await t.database.query(
      `delete from staff_user_branches where branch_id = $1
         and staff_user_id = (select id from staff_users where email = $2)`,
      [closedBranch, STAFF.aManager.email],
    );
    owner = await staffCaller(STAFF.aOwner);
    manager = await staffCaller(STAFF.aManager);
    cashier = await staffCaller(STAFF.aCashier);
    otherBrand = await staffCaller(STAFF.bManager);
  });
  afterAll(async () => {
    await t?.close();
  });

  it('a manager adds a table with seats and area: it gets a QR code on the brand page host, audited', async () => {
    const table = await createTable(manager, { branchId: mainBranch, number: 'T7', seats: 6, area: 'Terrace' });
    expect(table).toMatchObject({ branchId: mainBranch, number: 'T7', seats: 6, area: 'Terrace', version: 1 });
    expect(table.codes).toHaveLength(1);
    const [code] = table.codes;
    expect(code?.active).toBe(true);
    // Brand A's page host is brand-a.test; the scheme follows the public URL.
    expect(code?.url).toMatch(/^https?:\/\/brand-a\.test\/qr\/[0-9a-f-]{36}$/);
    expect(code?.url.endsWith(`/qr/${code?.uuid}`)).toBe(true);
    expect(await auditRows('table', table.id)).toEqual([
      { action: 'create', before: null, after: { number: 'T7', seats: 6, area: 'Terrace' }, ip: '10.0.0.1' },
    ]);
    expect(await auditRows('qr_code', code?.uuid ?? '')).toHaveLength(1);

    // The diner scanning it lands on that table.
    const landing = await caller(t).call('GET', `/api/restaurant/qr/${code?.uuid}/data/`);
    expect(landing.statusCode, landing.body).toBe(200);
    expect(JSON.stringify(landing.json())).toContain('T7');

    const list = manageTablesResponse.parse((await manager.call('GET', `${BASE}/?branchId=${mainBranch}`)).json());
    expect(list.tables.map((x) => x.number)).toContain('T7');
    expect(list.counterCodes.map((c) => c.uuid)).toContain(UUID.aMain);
    expect(list.brandName.en).toBe('Brand A');
  });

  it('refuses a number the branch already has (409, localized), writing nothing', async () => {
    const before = await t.database.query('select count(*)::int as n from audit_log');
    const res = await manager.call('POST', `${BASE}/`, { branchId: mainBranch, number: '1', seats: 2, area: '' });
    expect(res.statusCode).toBe(409);
    expect(res.json().error.code).toBe('table_number_taken');
    const arabic = await staffCaller(STAFF.aManager, 'ar');
    const ar = await arabic.call('POST', `${BASE}/`, { branchId: mainBranch, number: '1', seats: 2, area: '' });
    expect(ar.json().error.message).toBe('يوجد في هذا الفرع طاولة بهذا الرقم');
    expect(await t.database.query('select count(*)::int as n from audit_log')).toEqual(before);
  });

  it('refuses bad input with 400: seats out of range, an empty number', async () => {
    for (const body of [
      { branchId: mainBranch, number: '9', seats: 0, area: '' },
      { branchId: mainBranch, number: '9', seats: 100, area: '' },
      { branchId: mainBranch, number: '  ', seats: 2, area: '' },
    ]) {
      expect((await manager.call('POST', `${BASE}/`, body)).statusCode).toBe(400);
    }
  });

  it('edits against the version read; a stale save answers 409 with both values', async () => {
    const table = await createTable(owner, { branchId: mainBranch, number: '20', seats: 2, area: '' });
    const first = await manager.call('PATCH', `${BASE}/${table.id}/`, {
      number: '20',
      seats: 4,
      area: 'Hall',
      version: 1,
    });
    expect(first.statusCode, first.body).toBe(200);
    expect(manageTable.parse(first.json())).toMatchObject({ seats: 4, area: 'Hall', version: 2 });
    const stale = await owner.call('PATCH', `${BASE}/${table.id}/`, { number: '20', seats: 8, area: '', version: 1 });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().error.code).toBe('table_changed');
    expect(stale.json().error.details.current).toMatchObject({ seats: 4, area: 'Hall', version: 2 });
    expect(stale.json().error.details.yours).toMatchObject({ seats: 8, version: 1 });
    const rows = await auditRows('table', table.id);
    expect(rows.map((r) => r.action)).toEqual(['create', 'update']);
    expect(rows[1]).toMatchObject({ before: { seats: 2, area: '' }, after: { seats: 4, area: 'Hall' } });
    // Renaming onto a taken number: 409, the table as it was.
    const taken = await manager.call('PATCH', `${BASE}/${table.id}/`, {
      number: '1',
      seats: 4,
      area: 'Hall',
      version: 2,
    });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().error.code).toBe('table_number_taken');
  });

  it('replaces a code: the old one lands on the inactive-code error, the new one on the same table', async () => {
    const table = await createTable(manager, { branchId: mainBranch, number: '30', seats: 2, area: '' });
    const old = table.codes[0]?.uuid ?? '';
    const res = await manager.call('POST', `${BASE}/qr-codes/${old}/replace/`);
    expect(res.statusCode, res.body).toBe(201);
    const fresh = manageQrCode.parse(res.json());
    expect(fresh).toMatchObject({ tableId: table.id, active: true });

    const gone = await caller(t).call('GET', `/api/restaurant/qr/${old}/data/`);
    expect(gone.statusCode).toBe(410);
    expect(gone.json().error.code).toBe('qr_inactive');
    const now = await caller(t).call('GET', `/api/restaurant/qr/${fresh.uuid}/data/`);
    expect(now.statusCode).toBe(200);

    const [row] = await t.database.query<{ active: boolean; replaced_by: string }>(
      'select active, replaced_by from qr_codes where uuid = $1',
      [old],
    );
    expect(row).toEqual({ active: false, replaced_by: fresh.uuid });
    expect((await auditRows('qr_code', old)).map((r) => r.action)).toEqual(['create', 'update']);
    // Replacing or deactivating it again: 410, nothing new.
    expect((await manager.call('POST', `${BASE}/qr-codes/${old}/replace/`)).statusCode).toBe(410);
    expect((await manager.call('POST', `${BASE}/qr-codes/${old}/deactivate/`)).statusCode).toBe(410);
    expect(await t.database.query('select 1 from qr_codes where table_id = $1', [table.id])).toHaveLength(2);
  });

  it('deactivates a counter code, and creates a new counter code', async () => {
    const created = await manager.call('POST', `${BASE}/qr-codes/`, { branchId: mainBranch, tableId: null });
    expect(created.statusCode, created.body).toBe(201);
    const code = manageQrCode.parse(created.json());
    expect(code.tableId).toBeNull();
    const off = await manager.call('POST', `${BASE}/qr-codes/${code.uuid}/deactivate/`);
    expect(off.statusCode).toBe(200);
    expect(manageQrCode.parse(off.json()).active).toBe(false);
    expect((await caller(t).call('GET', `/api/restaurant/qr/${code.uuid}/data/`)).statusCode).toBe(410);
    expect((await auditRows('qr_code', code.uuid)).map((r) => r.action)).toEqual(['create', 'update']);
  });

  it('removes a table: its codes stop working', async () => {
    const table = await createTable(manager, { branchId: mainBranch, number: '40', seats: 2, area: '' });
    const uuid = table.codes[0]?.uuid ?? '';
    expect((await manager.call('DELETE', `${BASE}/${table.id}/`)).statusCode).toBe(204);
    expect((await caller(t).call('GET', `/api/restaurant/qr/${uuid}/data/`)).statusCode).toBe(410);
    expect((await auditRows('table', table.id)).map((r) => r.action)).toEqual(['create', 'delete']);
  });

  it('prints the cards as a PNG whose QR decodes to the table code URL (A4 sheet and tent card)', async () => {
    const table = await createTable(manager, { branchId: mainBranch, number: '50', seats: 2, area: '' });
    const url = table.codes[0]?.url;
    for (const size of ['a4', 'tent']) {
      const res = await manager.call(
        'GET',
        `${BASE}/cards.png?branchId=${mainBranch}&tableIds=${table.id}&size=${size}`,
      );
      expect(res.statusCode, res.body).toBe(200);
      expect(res.headers['content-type']).toBe('image/png');
      const { data, info } = await sharp(res.rawPayload).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
      expect([info.width, info.height]).toEqual(size === 'a4' ? [1240, 1754] : [591, 886]);
      const found = jsQR(new Uint8ClampedArray(data), info.width, info.height);
      expect(found?.data).toBe(url);
    }
    const huge = await manager.call('GET', `${BASE}/cards.png?branchId=${mainBranch}&tableIds=4023528977`);
    expect(huge.statusCode).toBe(400);
    const all = await manager.call('GET', `${BASE}/cards.png?branchId=${mainBranch}`);
    expect(all.statusCode).toBe(200);
    expect(Number(all.headers['x-pages'])).toBeGreaterThanOrEqual(1);
  });

  describe('who may', () => {
    it('refuses the cashier every console call (403)', async () => {
      expect((await cashier.call('GET', `${BASE}/?branchId=${mainBranch}`)).statusCode).toBe(403);
      const res = await cashier.call('POST', `${BASE}/`, { branchId: mainBranch, number: '60', seats: 2, area: '' });
      expect(res.statusCode).toBe(403);
      expect((await cashier.call('POST', `${BASE}/qr-codes/${UUID.aMain}/deactivate/`)).statusCode).toBe(403);
    });

    it('refuses a manager another branch of the brand: by id, by reference in a body, and its codes', async () => {
      expect((await manager.call('GET', `${BASE}/?branchId=${closedBranch}`)).statusCode).toBe(403);
      const body = { branchId: closedBranch, number: '70', seats: 2, area: '' };
      expect((await manager.call('POST', `${BASE}/`, body)).statusCode).toBe(403);
      expect(
        (await manager.call('POST', `${BASE}/qr-codes/`, { branchId: closedBranch, tableId: null })).statusCode,
      ).toBe(403);
      expect((await manager.call('POST', `${BASE}/qr-codes/${UUID.aClosed}/replace/`)).statusCode).toBe(403);
      expect((await manager.call('GET', `${BASE}/cards.png?branchId=${closedBranch}`)).statusCode).toBe(403);
      const theirs = await createTable(owner, { branchId: closedBranch, number: '71', seats: 2, area: '' });
      const patch = { number: '71', seats: 3, area: '', version: 1 };
      expect((await manager.call('PATCH', `${BASE}/${theirs.id}/`, patch)).statusCode).toBe(403);
      expect((await manager.call('DELETE', `${BASE}/${theirs.id}/`)).statusCode).toBe(403);
      // A table of the other branch named inside a body for my branch: refused, no code made.
      const mixed = await manager.call('POST', `${BASE}/qr-codes/`, { branchId: mainBranch, tableId: theirs.id });
      expect(mixed.statusCode).toBe(403);
      const [active] = await t.database.query<{ active: boolean }>('select active from qr_codes where uuid = $1', [
        UUID.aClosed,
      ]);
      expect(active?.active).toBe(true);
    });

    it("refuses another brand's branch, table and code as not found (404), and inside a body", async () => {
      const mine = await createTable(owner, { branchId: mainBranch, number: '80', seats: 2, area: '' });
      expect((await otherBrand.call('GET', `${BASE}/?branchId=${mainBranch}`)).statusCode).toBe(404);
      const body = { branchId: mainBranch, number: '81', seats: 2, area: '' };
      expect((await otherBrand.call('POST', `${BASE}/`, body)).statusCode).toBe(404);
      const patch = { number: '80', seats: 3, area: '', version: 1 };
      expect((await otherBrand.call('PATCH', `${BASE}/${mine.id}/`, patch)).statusCode).toBe(404);
      expect((await otherBrand.call('DELETE', `${BASE}/${mine.id}/`)).statusCode).toBe(404);
      expect((await otherBrand.call('POST', `${BASE}/qr-codes/${UUID.aTable}/deactivate/`)).statusCode).toBe(404);
      // Their own branch, with my table inside the body.
      const cross = await otherBrand.call('POST', `${BASE}/qr-codes/`, {
        branchId: otherBrandBranch,
        tableId: mine.id,
      });
      expect(cross.statusCode).toBe(404);
      expect((await otherBrand.call('GET', `${BASE}/cards.png?branchId=${mainBranch}`)).statusCode).toBe(404);
      const [code] = await t.database.query<{ active: boolean }>('select active from qr_codes where uuid = $1', [
        UUID.aTable,
      ]);
      expect(code?.active).toBe(true);
    });
  });
});
