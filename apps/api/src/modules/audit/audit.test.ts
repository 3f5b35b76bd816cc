import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { auditListResponse } from '@sufra/shared/schemas/audit';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Caller, caller } from '../../../test/accounts.ts';
import { STAFF } from '../../../test/fixture-brands.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { auditLog } from '../../db/schema/audit.ts';
import { staffUserBranches, staffUsers } from '../../db/schema/staff.ts';
import { hashPassword } from '../staff/password.service.ts';
import { recordStaffChange } from './audit.service.ts';

const list = async (c: Caller, query = '') => {
  const res = await c.call('GET', `/api/staff/manage/audit/${query}`);
  return { status: res.statusCode, body: res.statusCode === 200 ? auditListResponse.parse(res.json()) : res.json() };
};

describe('the audit log page (issue 26 item 10)', () => {
  let t: TestApp;
  let owner: Caller;
  let manager: Caller;
  let closedOnlyManager: Caller;
  let cashier: Caller;
  let otherBrand: Caller;
  let brandA: number;
  let aMain: number;
  let aClosed: number;
  let ownerId: number;
  let managerId: number;

  const staffCaller = async (who: { email: string; password: string }) => {
    const c = caller(t);
    expect((await c.call('POST', '/api/staff/auth/login/', who)).statusCode).toBe(200);
    return c;
  };

  beforeAll(async () => {
    t = await createTestApp();
    const a = t.seeded.get('test-brand-a');
    if (!a) throw new Error('brand a not seeded');
    brandA = a.brandId;
    aMain = a.branchIds['a-main'] as number;
    aClosed = a.branchIds['a-closed'] as number;
    // A manager of the closed branch only: another branch's rows are not theirs.
    const [extra] = await t.db
      .insert(staffUsers)
      .values({
        brandId: brandA,
        email: 'closed-manager@brand-a.test',
        name: 'Closed Manager',
        role: 'manager',
        passwordHash: await hashPassword('closed-pass-a'),
      })
      .returning({ id: staffUsers.id });
    await t.db.insert(staffUserBranches).values({ staffUserId: extra?.id as number, branchId: aClosed });
    const idOf = async (email: string) =>
      (await t.db.select({ id: staffUsers.id }).from(staffUsers).where(eq(staffUsers.email, email)))[0]?.id as number;
    ownerId = await idOf(STAFF.aOwner.email);
    managerId = await idOf(STAFF.aManager.email);
    const at = (minute: number) => new Date(Date.UTC(2026, 10, 1, 9, minute));
    const rows = [
      { by: ownerId, branchId: null, type: 'brand', id: brandA, action: 'update', at: at(0) },
      { by: managerId, branchId: aMain, type: 'branch', id: aMain, action: 'update', at: at(1) },
      { by: managerId, branchId: aClosed, type: 'branch', id: aClosed, action: 'update', at: at(2) },
      { by: ownerId, branchId: null, type: 'staff_user', id: managerId, action: 'update', at: at(3) },
    ] as const;
    for (const r of rows)
      await t.db.transaction((tx) =>
        recordStaffChange(tx, { id: r.by }, '10.1.2.3', {
          brandId: brandA,
          branchId: r.branchId,
          objectType: r.type,
          objectId: r.id,
          action: r.action,
          before: { isOpen: true },
          after: { isOpen: false },
          at: r.at,
        }),
      );
    owner = await staffCaller(STAFF.aOwner);
    manager = await staffCaller(STAFF.aManager);
    closedOnlyManager = await staffCaller({ email: 'closed-manager@brand-a.test', password: 'closed-pass-a' });
    cashier = await staffCaller(STAFF.aCashier);
    otherBrand = await staffCaller(STAFF.bManager);
  });
  afterAll(async () => {
    await t.close();
  });

  it('shows an owner every row of the brand, newest first, with who, where from and before/after', async () => {
    const { status, body } = await list(owner);
    expect(status).toBe(200);
    const types = body.entries.map((e: { objectType: string }) => e.objectType);
    expect(types).toEqual(['staff_user', 'branch', 'branch', 'brand']);
    expect(body.entries[1]).toMatchObject({
      by: { id: managerId, name: 'Manager A' },
      ip: '10.1.2.3',
      branch: { id: aClosed },
      action: 'update',
      before: { isOpen: true },
      after: { isOpen: false },
    });
  });

  it("shows a manager their branches' rows and the brand-wide ones, not another branch's nor the staff accounts'", async () => {
    const all = await list(manager);
    expect(all.body.entries.map((e: { objectType: string }) => e.objectType)).toEqual(['branch', 'branch', 'brand']);
    const closedOnly = await list(closedOnlyManager);
    expect(closedOnly.body.entries.map((e: { objectId: string }) => e.objectId)).toEqual([
      String(aClosed),
      String(brandA),
    ]);
    // Asking for another branch's object by id finds nothing.
    expect((await list(closedOnlyManager, `?objectType=branch&objectId=${aMain}`)).body.entries).toEqual([]);
  });

  it('filters by person, object and date range, and pages with nextBefore', async () => {
    const byManager = await list(owner, `?staffUserId=${managerId}`);
    expect(byManager.body.entries.every((e: { by: { id: number } }) => e.by.id === managerId)).toBe(true);
    expect(byManager.body.entries).toHaveLength(2);
    const one = await list(owner, `?objectType=branch&objectId=${aMain}`);
    expect(one.body.entries).toHaveLength(1);
    const window = await list(owner, `?from=2026-11-01T09:01:00Z&to=2026-11-01T09:02:00Z`);
    expect(window.body.entries.map((e: { objectId: string }) => e.objectId)).toEqual([String(aClosed), String(aMain)]);
    const first = await list(owner, '?limit=3');
    expect(first.body.entries).toHaveLength(3);
    expect(first.body.nextBefore).toBe(first.body.entries[2].id);
    const second = await list(owner, `?limit=3&before=${first.body.nextBefore}`);
    expect(second.body.entries.map((e: { objectType: string }) => e.objectType)).toEqual(['brand']);
    expect(second.body.nextBefore).toBeNull();
  });

  it('refuses a cashier, a signed-out caller and bad filters; another brand sees none of it', async () => {
    expect((await list(cashier)).status).toBe(403);
    expect((await list(caller(t))).status).toBe(401);
    expect((await list(owner, '?from=yesterday')).status).toBe(400);
    expect((await list(owner, '?limit=1000')).status).toBe(400);
    const other = await list(otherBrand, `?objectType=branch&objectId=${aMain}`);
    expect(other.status).toBe(200);
    expect(other.body.entries).toEqual([]);
  });

  it('cannot be edited or deleted: the database refuses UPDATE and DELETE of a row', async () => {
    const [row] = await t.db
      .select({ id: auditLog.id })
      .from(auditLog)
      .where(eq(auditLog.staffUserId, managerId))
      .limit(1);
    const id = row?.id as number;
    // The database's own message (drizzle wraps it as the cause).
    const refusal = (write: PromiseLike<unknown>) =>
      Promise.resolve(write).then(
        () => 'accepted',
        (error: { message?: string; cause?: { message?: string } }) => error.cause?.message ?? error.message,
      );
    expect(await refusal(t.db.update(auditLog).set({ ip: '1.1.1.1' }).where(eq(auditLog.id, id)))).toMatch(
      /append-only/,
    );
    expect(await refusal(t.db.delete(auditLog).where(eq(auditLog.id, id)))).toMatch(/append-only/);
    expect(await refusal(t.db.execute(sql`update audit_log set staff_user_id = ${ownerId} where id = ${id}`))).toMatch(
      /append-only/,
    );
    const [still] = await t.db.select().from(auditLog).where(eq(auditLog.id, id));
    expect(still).toMatchObject({ ip: '10.1.2.3', staffUserId: managerId });
  });

  it("still lets a deleted staff user's rows keep their history with a null link", async () => {
    const [temp] = await t.db
      .insert(staffUsers)
      .values({ brandId: brandA, email: 'temp@brand-a.test', name: 'Temp', role: 'cashier', passwordHash: 'x' })
      .returning({ id: staffUsers.id });
    const tempId = temp?.id as number;
    await t.db.transaction((tx) =>
      recordStaffChange(tx, { id: tempId }, null, {
        brandId: brandA,
        objectType: 'brand',
        objectId: brandA,
        action: 'update',
        before: null,
        after: { vatNumber: 'removed-user-test' },
        at: new Date(),
      }),
    );
    await t.db.delete(staffUsers).where(eq(staffUsers.id, tempId));
    const rows = await t.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.after, { vatNumber: 'removed-user-test' }));
    expect(rows).toHaveLength(1);
    expect(rows[0]?.staffUserId).toBeNull();
  });

  it('has no update or delete of the audit log anywhere in the API source', () => {
    const root = join(import.meta.dirname, '..', '..');
    const files: string[] = [];
    const walk = (dir: string) => {
      for (const name of readdirSync(dir)) {
        const path = join(dir, name);
        if (statSync(path).isDirectory()) walk(path);
        else if (name.endsWith('.ts') && !name.endsWith('.test.ts')) files.push(path);
      }
    };
    walk(root);
    const offenders = files.filter((file) =>
      /\.(update|delete)\(\s*auditLog\b|(update|delete\s+from)\s+"?audit_log"?/i.test(readFileSync(file, 'utf8')),
    );
    expect(files.length).toBeGreaterThan(50);
    expect(offenders).toEqual([]);
  });
});
