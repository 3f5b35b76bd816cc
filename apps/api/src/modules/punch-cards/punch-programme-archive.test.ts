import { myRewardsResponse } from '@sufra/shared/schemas/loyalty';
import { staffPunchProgrammeSchema, staffPunchProgrammesResponse } from '@sufra/shared/schemas/punch-cards';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Caller, caller } from '../../../test/accounts.ts';
import { STAFF, UUID } from '../../../test/fixture-brands.ts';
import { diner, type MenuIds, menuIds } from '../../../test/orders.ts';
import { cardsOf, completeOrder, createProgramme, orderOf } from '../../../test/punch-cards.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { copyName } from './punch-programme-archive.service.ts';

// Issue 27 item 7: punch card programmes are archived (no delete), restored and duplicated; audited, versioned.
describe('archiving, restoring and duplicating punch card programmes', () => {
  let t: TestApp;
  let ids: MenuIds;
  let owner: Caller;
  let manager: Caller;
  let cashier: Caller;
  let bManager: Caller;

  const post = (as: Caller, id: number, what: 'archive' | 'restore' | 'duplicate', version?: number) =>
    as.call('POST', `/api/staff/punch-programmes/${id}/${what}/`, version === undefined ? undefined : { version });
  const listed = async (as: Caller, id: number) =>
    staffPunchProgrammesResponse
      .parse((await as.call('GET', '/api/staff/punch-programmes/')).json())
      .programmes.find((p) => p.id === id);
  const auditRows = async (id: number) =>
    t.database.query<{ action: string; before: unknown; after: unknown }>(
      "select action, before, after from audit_log where object_type = 'punch_programme' and object_id = $1 order by id",
      [String(id)],
    );
  const myRewards = async (c: Caller) =>
    myRewardsResponse.parse((await c.call('GET', `/api/loyalty/${UUID.aMain}/me/rewards/`)).json()).rewards;

  beforeAll(async () => {
    t = await createTestApp();
    ids = await menuIds(t, UUID.aMain);
    owner = caller(t);
    manager = caller(t);
    cashier = caller(t);
    bManager = caller(t);
    expect((await owner.call('POST', '/api/staff/auth/login/', STAFF.aOwner)).statusCode).toBe(200);
    expect((await manager.call('POST', '/api/staff/auth/login/', STAFF.aManager)).statusCode).toBe(200);
    expect((await cashier.call('POST', '/api/staff/auth/login/', STAFF.aCashier)).statusCode).toBe(200);
    expect((await bManager.call('POST', '/api/staff/auth/login/', STAFF.bManager)).statusCode).toBe(200);
  });
  afterAll(async () => {
    await t.close();
  });

  it('archives a programme: no more punches or cards offered, a reward already earned stays, audited', async () => {
    const programme = await createProgramme(manager, {
      itemIds: [ids.item('kabsa')],
      itemsCount: 2,
      rewardName: 'Free juice',
    });
    const me = await diner(t, UUID.aMain, '+966500003201');
    await completeOrder(cashier, (await orderOf(me, ids, [{ slug: 'kabsa', quantity: 3 }])).id);
    expect(await myRewards(me)).toHaveLength(1);

    const res = await post(manager, programme.id, 'archive', programme.version);
    expect(res.statusCode, res.body).toBe(200);
    const archived = staffPunchProgrammeSchema.parse(res.json());
    expect(archived).toMatchObject({ isActive: false });
    expect(archived.archivedAt).not.toBeNull();

    // The open card (1 punch) is no longer offered and takes no punch; the earned reward is still theirs.
    await completeOrder(cashier, (await orderOf(me, ids, [{ slug: 'kabsa', quantity: 2 }])).id);
    const cards = (await cardsOf(me)).filter((c) => c.programme.id === programme.id);
    expect(cards.map((c) => c.status)).toEqual(['fully_punched']);
    expect(await myRewards(me)).toHaveLength(1);
    const [punches] = await t.database.query<{ n: number }>(
      'select coalesce(sum(punches), 0)::int as n from punch_cards where programme_id = $1',
      [programme.id],
    );
    expect(punches?.n).toBe(3);
    const fresh = await diner(t, UUID.aMain, '+966500003202');
    expect((await cardsOf(fresh)).some((c) => c.programme.id === programme.id)).toBe(false);

    const rows = await auditRows(programme.id);
    expect(rows.map((r) => r.action)).toEqual(['update']);
    expect(rows[0]?.before).toMatchObject({ archivedAt: null, isActive: true });
  });

  it('refuses editing an archived programme, restores it switched off, and answers a stale version with 409', async () => {
    const programme = await createProgramme(owner, { itemIds: [ids.item('kabsa')], rewardName: 'Free juice' });
    const archived = staffPunchProgrammeSchema.parse(
      (await post(owner, programme.id, 'archive', programme.version)).json(),
    );
    const body = {
      name: { ar: 'بطاقة', en: 'Card' },
      itemIds: [ids.item('kabsa')],
      itemsCount: 5,
      daysToComplete: 30,
      rewardId: programme.rewardId,
      isActive: true,
    };
    const edit = await owner.call('PUT', `/api/staff/punch-programmes/${programme.id}/`, body);
    expect(edit.statusCode, edit.body).toBe(409);
    expect(edit.json().error.code).toBe('archived_edit_refused');

    const stale = await post(manager, programme.id, 'restore', programme.version);
    expect(stale.statusCode, stale.body).toBe(409);
    expect(stale.json().error.code).toBe('edit_conflict');
    expect(stale.json().error.details.theirs.archivedAt).not.toBeNull();
    expect(stale.json().error.details.yours).toEqual({ version: programme.version });

    const restored = await post(manager, programme.id, 'restore', archived.version);
    expect(restored.statusCode, restored.body).toBe(200);
    expect(staffPunchProgrammeSchema.parse(restored.json())).toMatchObject({ archivedAt: null, isActive: false });
    const on = await owner.call('PUT', `/api/staff/punch-programmes/${programme.id}/`, body);
    expect(on.statusCode, on.body).toBe(200);
    // An edit moves the version too: archiving at the version read before it is stale.
    const afterEdit = await post(owner, programme.id, 'archive', archived.version + 1);
    expect(afterEdit.statusCode, afterEdit.body).toBe(409);
    expect((await listed(owner, programme.id))?.isActive).toBe(true);
    expect((await auditRows(programme.id)).map((r) => r.action)).toEqual(['update', 'update']);
  });

  it('duplicates a programme as a switched-off copy named "(copy)", editable like any other', async () => {
    const programme = await createProgramme(manager, {
      itemIds: [ids.item('kabsa')],
      itemsCount: 6,
      daysToComplete: 45,
      rewardName: 'Free juice',
    });
    const res = await post(manager, programme.id, 'duplicate');
    expect(res.statusCode, res.body).toBe(201);
    const copy = staffPunchProgrammeSchema.parse(res.json());
    expect(copy).toMatchObject({
      name: { ar: 'بطاقة الكبسة (نسخة)', en: 'Kabsa card (copy)' },
      itemIds: [ids.item('kabsa')],
      itemsCount: 6,
      daysToComplete: 45,
      rewardId: programme.rewardId,
      isActive: false,
      archivedAt: null,
      activeCards: 0,
    });
    const edit = await manager.call('PUT', `/api/staff/punch-programmes/${copy.id}/`, {
      name: { ar: 'بطاقة القهوة', en: 'Coffee card' },
      itemIds: [ids.item('kabsa')],
      itemsCount: 8,
      daysToComplete: 30,
      rewardId: copy.rewardId,
      isActive: true,
    });
    expect(edit.statusCode, edit.body).toBe(200);
    const rows = await auditRows(copy.id);
    expect(rows.map((r) => r.action)).toEqual(['create']);
    expect(rows[0]?.after).toMatchObject({ duplicatedFrom: programme.id });
    expect(copyName('x'.repeat(80), 'en')).toHaveLength(80);
  });

  it("refuses the cashier and another brand's manager (404), writing nothing", async () => {
    const programme = await createProgramme(owner, { itemIds: [ids.item('kabsa')], rewardName: 'Free juice' });
    const before = await t.database.query<{ n: number }>('select count(*)::int as n from punch_programmes');
    for (const what of ['archive', 'restore', 'duplicate'] as const) {
      const version = what === 'duplicate' ? undefined : programme.version;
      expect((await post(cashier, programme.id, what, version)).statusCode).toBe(403);
      const other = await post(bManager, programme.id, what, version);
      expect(other.statusCode, other.body).toBe(404);
      expect(other.json().error.code).toBe('punch_programme_not_found');
    }
    expect(await t.database.query('select count(*)::int as n from punch_programmes')).toEqual(before);
    expect((await listed(owner, programme.id))?.archivedAt).toBeNull();
    expect(await auditRows(programme.id)).toHaveLength(0);
  });
});
