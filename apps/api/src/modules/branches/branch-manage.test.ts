import { localDate } from '@sufra/shared/branch-hours';
import { branchListResponse } from '@sufra/shared/schemas/branch';
import { manageBranch, manageBranchList, manageZone } from '@sufra/shared/schemas/branch-manage';
import { orderSchema } from '@sufra/shared/schemas/order';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Caller, caller } from '../../../test/accounts.ts';
import { STAFF, UUID } from '../../../test/fixture-brands.ts';
import { diner, type MenuIds, menuIds, placeOrder } from '../../../test/orders.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';

const BASE = '/api/staff/manage/branches';
const allWeek = [0, 1, 2, 3, 4, 5, 6].flatMap((day) => [
  { day, opens: '08:00', closes: '12:00' },
  { day, opens: '16:00', closes: '02:00' },
]);
const newBranch = {
  name: { ar: 'فرع النخيل', en: 'Nakheel branch' },
  address: { ar: 'طريق الملك فهد', en: 'King Fahd Rd' },
  phone: '0112345678',
  location: { lat: 24.75, lng: 46.64 },
  timeZone: 'Asia/Riyadh',
  openingHours: allWeek,
  specialDays: [{ date: '2027-09-23', ranges: [] }],
  orderTypes: { dineIn: true, pickup: true, delivery: true },
  dineInRadiusMeters: 150,
  isOpen: true,
  paymentMethods: { cash: true, card: false },
};
const ring = (west: number, south: number, east: number, north: number) => [
  [west, south],
  [east, south],
  [east, north],
  [west, north],
  [west, south],
];
const zoneBody = (coordinates: number[][], extra: Record<string, unknown> = {}) => ({
  name: { ar: 'الوسط', en: 'Centre' },
  feeHalalas: 700,
  minimumOrderHalalas: 2000,
  estimatedMinutes: 35,
  priority: 0,
  geometry: { type: 'Polygon', coordinates: [coordinates] },
  ...extra,
});

describe('the console: branches and delivery zones', () => {
  let t: TestApp;
  let owner: Caller;
  let manager: Caller;
  let cashier: Caller;
  let otherBrand: Caller;
  let aMain = 0;
  let aClosed = 0;

  const signedIn = async (who: { email: string; password: string }, language = 'en') => {
    const c = caller(t, { language });
    expect((await c.call('POST', '/api/staff/auth/login/', who)).statusCode).toBe(200);
    return c;
  };
  const auditRows = (objectType: string, objectId: number) =>
    t.database.query<{ action: string; before: unknown; after: unknown; ip: string | null }>(
      'select action, before, after, ip from audit_log where object_type = $1 and object_id = $2 order by id',
      [objectType, String(objectId)],
    );

  beforeAll(async () => {
    t = await createTestApp();
    const a = t.seeded.get('test-brand-a');
    if (!a) throw new Error('fixtures not seeded');
    aMain = a.branchIds['a-main'] as number;
    aClosed = a.branchIds['a-closed'] as number;
    owner = await signedIn(STAFF.aOwner);
    manager = await signedIn(STAFF.aManager);
    cashier = await signedIn(STAFF.aCashier);
    otherBrand = await signedIn(STAFF.bManager);
  });
  afterAll(() => t.close());

  describe('who may do what', () => {
    it("lists the manager's branches with zones, payment methods, version and status; cashiers and strangers refused", async () => {
      const res = await manager.call('GET', `${BASE}/`);
      expect(res.statusCode).toBe(200);
      const list = manageBranchList.parse(res.json());
      expect(list.canCreate).toBe(false);
      expect(list.branches.map((b) => b.id)).toEqual([aMain, aClosed]);
      const main = list.branches[0];
      expect(main).toMatchObject({ version: 1, paymentMethods: { cash: true, card: true }, isMain: true });
      expect(main?.zones.map((z) => z.name.en)).toEqual(['Downtown']);
      expect(list.branches[1]?.status).toEqual({ open: false, closedBy: 'hours', changesAt: null });
      expect((await cashier.call('GET', `${BASE}/`)).statusCode).toBe(403);
      expect((await caller(t).call('GET', `${BASE}/`)).statusCode).toBe(401);
      const b = manageBranchList.parse((await otherBrand.call('GET', `${BASE}/`)).json());
      expect(b.branches.map((x) => x.id)).not.toContain(aMain);
    });

    it('lets an owner create a branch (audited, payment choices made) and refuses a manager', async () => {
      expect((await manager.call('POST', `${BASE}/`, newBranch)).statusCode).toBe(403);
      const res = await owner.call('POST', `${BASE}/`, newBranch);
      expect(res.statusCode, res.body).toBe(201);
      const created = manageBranch.parse(res.json());
      expect(created).toMatchObject({
        name: newBranch.name,
        timeZone: 'Asia/Riyadh',
        specialDays: newBranch.specialDays,
        paymentMethods: { cash: true, card: false },
        dineInRadiusMeters: 150,
        version: 1,
        isMain: false,
      });
      expect(created.openingHours).toHaveLength(14);
      const audit = await auditRows('branch', created.id);
      expect(audit).toHaveLength(1);
      expect(audit[0]).toMatchObject({ action: 'create', before: null, ip: '10.0.0.1' });
      // The diners' branch list shows it straight away, with its choices.
      const listed = branchListResponse.parse(
        (await caller(t).call('GET', `/api/branch/list-qr/${created.brandId}/`)).json(),
      );
      expect(listed.branches.map((b) => b.id)).toContain(created.id);
      const choices = await caller(t).call('GET', `/api/menu/order/qr/payment/choices/${created.id}/`);
      expect(choices.json().choices.map((c: { method: string }) => c.method)).toEqual(['cash']);
      // It sells the brand's whole menu from the start (an empty menu would leave its diners nothing to order).
      const [counts] = await t.database.query<{ sold: number; active: number }>(
        `select (select count(*)::int from branch_items where branch_id = $1) as sold,
                (select count(*)::int from menu_items where brand_id = $2 and active) as active`,
        [created.id, created.brandId],
      );
      expect(counts?.active).toBeGreaterThan(0);
      expect(counts?.sold).toBe(counts?.active);
    });

    it("refuses a manager another branch of the brand and another brand's branch, by id, as if absent", async () => {
      const mine = manageBranchList.parse((await owner.call('GET', `${BASE}/`)).json());
      const ownersOnly = mine.branches.find((b) => ![aMain, aClosed].includes(b.id));
      if (!ownersOnly) throw new Error('the created branch is missing');
      const update = { ...newBranch, version: ownersOnly.version };
      for (const [who, id] of [
        [manager, ownersOnly.id],
        [otherBrand, aMain],
      ] as const) {
        expect((await who.call('GET', `${BASE}/${id}/`)).json().error.code).toBe('branch_not_found');
        const put = await who.call('PUT', `${BASE}/${id}/`, update);
        expect(put.statusCode).toBe(404);
        const zone = await who.call('POST', `${BASE}/${id}/zones/`, zoneBody(ring(46.6, 24.6, 46.7, 24.7)));
        expect(zone.statusCode).toBe(404);
      }
      expect((await cashier.call('PUT', `${BASE}/${aMain}/`, update)).statusCode).toBe(403);
    });
  });

  describe('editing a branch', () => {
    it('saves from the version read, moves the version on and audits before and after', async () => {
      const before = manageBranch.parse((await manager.call('GET', `${BASE}/${aClosed}/`)).json());
      const body = {
        ...newBranch,
        name: { ar: 'الفرع المغلق', en: 'Closed branch, renamed' },
        paymentMethods: { cash: true, card: true },
        version: before.version,
      };
      const res = await manager.call('PUT', `${BASE}/${aClosed}/`, body);
      expect(res.statusCode, res.body).toBe(200);
      const saved = manageBranch.parse(res.json());
      expect(saved).toMatchObject({
        version: before.version + 1,
        name: body.name,
        paymentMethods: body.paymentMethods,
      });
      expect(saved.status.open).toBe(saved.status.closedBy === null);
      const audit = (await auditRows('branch', aClosed)).at(-1);
      expect(audit).toMatchObject({ action: 'update' });
      expect(audit?.before).toMatchObject({ name: before.name });
      expect(audit?.after).toMatchObject({ name: body.name });
    });

    it('answers a stale save 409 with both values and writes nothing', async () => {
      const read = manageBranch.parse((await manager.call('GET', `${BASE}/${aClosed}/`)).json());
      const first = { ...newBranch, name: { ar: 'أ', en: 'First save' }, version: read.version };
      expect((await owner.call('PUT', `${BASE}/${aClosed}/`, first)).statusCode).toBe(200);
      const auditCount = (await auditRows('branch', aClosed)).length;
      const second = { ...newBranch, name: { ar: 'ب', en: 'Second save' }, version: read.version };
      const res = await manager.call('PUT', `${BASE}/${aClosed}/`, second, { 'accept-language': 'ar' });
      expect(res.statusCode).toBe(409);
      const { error } = res.json();
      expect(error.code).toBe('branch_version_conflict');
      expect(error.message).toBe('حفظ شخص آخر هذا الفرع بعد أن فتحته: راجع قيمه ثم احفظ من جديد');
      expect(error.details.yours.name.en).toBe('Second save');
      expect(error.details.current).toMatchObject({ name: { en: 'First save' }, version: read.version + 1 });
      const now = manageBranch.parse((await manager.call('GET', `${BASE}/${aClosed}/`)).json());
      expect(now.name.en).toBe('First save');
      expect(await auditRows('branch', aClosed)).toHaveLength(auditCount);
    });

    it('refuses an unknown time zone, a repeated special day and impossible clock times, writing nothing', async () => {
      const read = manageBranch.parse((await manager.call('GET', `${BASE}/${aClosed}/`)).json());
      const bad = [
        [{ timeZone: 'Mars/Olympus' }, 422, 'time_zone_unknown'],
        [
          {
            specialDays: [
              { date: '2027-01-01', ranges: [] },
              { date: '2027-01-01', ranges: [] },
            ],
          },
          422,
          'special_day_repeated',
        ],
        [{ openingHours: [{ day: 1, opens: '25:00', closes: '26:00' }] }, 400, undefined],
        [{ location: { lat: 95, lng: 46 } }, 400, undefined],
      ] as const;
      for (const [change, status, code] of bad) {
        const res = await manager.call('PUT', `${BASE}/${aClosed}/`, {
          ...newBranch,
          ...change,
          version: read.version,
        });
        expect(res.statusCode, JSON.stringify(change)).toBe(status);
        if (code) expect(res.json().error.code).toBe(code);
      }
      const ar = await manager.call(
        'PUT',
        `${BASE}/${aClosed}/`,
        { ...newBranch, timeZone: 'Mars/Olympus', version: read.version },
        { 'accept-language': 'ar' },
      );
      expect(ar.json().error.message).toBe('اختر منطقة زمنية من القائمة');
      expect(manageBranch.parse((await manager.call('GET', `${BASE}/${aClosed}/`)).json()).version).toBe(read.version);
    });

    it('closes the branch for diners on a holiday today, and says when it opens again', async () => {
      const read = manageBranch.parse((await manager.call('GET', `${BASE}/${aClosed}/`)).json());
      const always = [0, 1, 2, 3, 4, 5, 6].map((day) => ({ day, opens: '00:00', closes: '24:00' }));
      const open = await manager.call('PUT', `${BASE}/${aClosed}/`, {
        ...newBranch,
        openingHours: always,
        specialDays: [],
        version: read.version,
      });
      expect(manageBranch.parse(open.json()).status).toEqual({ open: true, closedBy: null, changesAt: null });
      const today = localDate('Asia/Riyadh', new Date());
      const res = await manager.call('PUT', `${BASE}/${aClosed}/`, {
        ...newBranch,
        openingHours: always,
        specialDays: [{ date: today, ranges: [] }],
        version: read.version + 1,
      });
      const saved = manageBranch.parse(res.json());
      expect(saved.status.open).toBe(false);
      expect(saved.status.closedBy).toBe('hours');
      expect(saved.status.changesAt).not.toBeNull();
      const brandId = saved.brandId;
      const diners = branchListResponse.parse((await caller(t).call('GET', `/api/branch/list-qr/${brandId}/`)).json());
      expect(diners.branches.find((b) => b.id === aClosed)).toMatchObject({ status: 'closed', closedBy: 'hours' });
    });
  });

  describe('delivery zones', () => {
    it('refuses polygons that are not closed, too small, crossing themselves or off the Earth', async () => {
      const cases = [
        [ring(46.6, 24.6, 46.7, 24.7).slice(0, 4), 'zone_polygon_not_closed'],
        [
          [
            [46.6, 24.6],
            [46.7, 24.6],
            [46.6, 24.6],
          ],
          'zone_polygon_too_few_points',
        ],
        [
          [
            [46.6, 24.6],
            [46.7, 24.7],
            [46.7, 24.6],
            [46.6, 24.7],
            [46.6, 24.6],
          ],
          'zone_polygon_self_intersecting',
        ],
        [
          [
            [46.6, 24.6],
            [46.7, 124.6],
            [46.7, 24.7],
            [46.6, 24.6],
          ],
          'zone_polygon_out_of_range',
        ],
      ] as const;
      for (const [coordinates, code] of cases) {
        const res = await manager.call(
          'POST',
          `${BASE}/${aMain}/zones/`,
          zoneBody(coordinates as unknown as number[][]),
        );
        expect(res.statusCode, code).toBe(422);
        expect(res.json().error.code).toBe(code);
      }
      const zones = manageBranch.parse((await manager.call('GET', `${BASE}/${aMain}/`)).json()).zones;
      expect(zones).toHaveLength(1);
    });

    it('creates, edits and deletes a zone, audited; a zone is only reachable through its own branch', async () => {
      const created = await manager.call('POST', `${BASE}/${aClosed}/zones/`, zoneBody(ring(46.6, 24.6, 46.7, 24.7)));
      expect(created.statusCode, created.body).toBe(201);
      const zone = manageZone.parse(created.json());
      expect(zone).toMatchObject({ branchId: aClosed, feeHalalas: 700, estimatedMinutes: 35, priority: 0 });
      // Another branch's path does not reach it, even the manager's own other branch.
      const elsewhere = await manager.call(
        'PUT',
        `${BASE}/${aMain}/zones/${zone.id}/`,
        zoneBody(ring(46.6, 24.6, 46.8, 24.8)),
      );
      expect(elsewhere.statusCode).toBe(404);
      expect(elsewhere.json().error.code).toBe('zone_not_found');
      expect((await otherBrand.call('DELETE', `${BASE}/${aClosed}/zones/${zone.id}/`)).statusCode).toBe(404);
      const edited = await manager.call(
        'PUT',
        `${BASE}/${aClosed}/zones/${zone.id}/`,
        zoneBody(ring(46.6, 24.6, 46.8, 24.8), { feeHalalas: 900, estimatedMinutes: null }),
      );
      expect(manageZone.parse(edited.json())).toMatchObject({ feeHalalas: 900, estimatedMinutes: null });
      expect((await manager.call('DELETE', `${BASE}/${aClosed}/zones/${zone.id}/`)).statusCode).toBe(204);
      expect((await manager.call('DELETE', `${BASE}/${aClosed}/zones/${zone.id}/`)).statusCode).toBe(404);
      expect((await auditRows('delivery_zone', zone.id)).map((r) => r.action)).toEqual(['create', 'update', 'delete']);
    });

    describe('at placement, overlaps resolved by priority', () => {
      let ids: MenuIds;
      let d: Caller;
      let addressId = 0;
      beforeAll(async () => {
        ids = await menuIds(t, UUID.aMain);
        d = await diner(t, UUID.aMain, '0590004401');
        const res = await d.call('POST', `/api/customers/${UUID.aMain}/me/addresses/`, {
          title: 'Home',
          description: 'Street 1',
          location: { lat: 24.7, lng: 46.7 },
        });
        addressId = (res.json() as { id: number }).id;
      });
      const deliver = () =>
        placeOrder(d, UUID.aMain, {
          orderType: 3,
          addressId,
          paymentMethod: 'cash',
          lines: [
            { kind: 'product', itemId: ids.item('kabsa'), quantity: 2, modifiers: [ids.option('Size', 'Large')] },
          ],
        });

      it('charges the highest-priority zone containing the address, and the older one again once it is gone', async () => {
        // Inside the fixture's Downtown zone (fee 1000, priority 0) and a new inner zone drawn over it.
        const inner = zoneBody(ring(46.69, 24.69, 46.71, 24.71), { feeHalalas: 300, minimumOrderHalalas: 0 });
        const low = manageZone.parse((await manager.call('POST', `${BASE}/${aMain}/zones/`, inner)).json());
        let order = orderSchema.parse((await deliver()).json());
        expect(order.pricing.deliveryFee).toBe(1000);
        const high = await manager.call('PUT', `${BASE}/${aMain}/zones/${low.id}/`, { ...inner, priority: 5 });
        expect(high.statusCode).toBe(200);
        order = orderSchema.parse((await deliver()).json());
        expect(order.pricing.deliveryFee).toBe(300);
        expect((await manager.call('DELETE', `${BASE}/${aMain}/zones/${low.id}/`)).statusCode).toBe(204);
        order = orderSchema.parse((await deliver()).json());
        expect(order.pricing.deliveryFee).toBe(1000);
      });
    });
  });
});
