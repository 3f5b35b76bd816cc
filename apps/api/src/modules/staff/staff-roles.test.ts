import { staffAccountResponse, staffInvitationResponse } from '@sufra/shared/schemas/staff-admin';
import { staffSessionsResponse } from '@sufra/shared/schemas/staff-sessions';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Caller, caller } from '../../../test/accounts.ts';
import { STAFF } from '../../../test/fixture-brands.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { auditLog } from '../../db/schema/audit.ts';
import { staffUserBranches, staffUsers } from '../../db/schema/staff.ts';

/** Issue 26 item 9's gaps: roles, branches, sessions ended on a change, and "my sessions". */
describe('staff roles, branches and sessions (issue 26 item 9)', () => {
  let t: TestApp;
  let owner: Caller;
  let otherBrand: Caller;
  let aMain: number;
  let aClosed: number;
  let bMain: number;
  let n = 0;

  const signIn = async (who: { email: string; password: string }, userAgent = 'TestBrowser/1', ip = '10.0.0.1') => {
    const c = caller(t, { ip });
    const res = await c.call('POST', '/api/staff/auth/login/', who, { 'user-agent': userAgent });
    expect(res.statusCode).toBe(200);
    return c;
  };
  /** A new account the owner invites and its holder activates: its id, credentials and a signed-in caller. */
  const newStaff = async (role: 'manager' | 'cashier', branchIds: number[]) => {
    n += 1;
    const email = `${role}.${n}@roles.brand-a.test`;
    const password = `password-${role}-${n}`;
    const res = await owner.call('POST', '/api/staff/manage/staff/', { email, name: `${role} ${n}`, role, branchIds });
    expect(res.statusCode).toBe(201);
    const invitation = staffInvitationResponse.parse(res.json());
    const token = invitation.link.split('#')[1];
    expect((await caller(t).call('POST', '/api/staff/invitations/accept/', { token, password })).statusCode).toBe(204);
    const who = { email, password };
    return { id: invitation.staffUserId, who, c: await signIn(who) };
  };
  const account = async (id: number) => {
    const [row] = await t.db.select().from(staffUsers).where(eq(staffUsers.id, id));
    const links = await t.db.select().from(staffUserBranches).where(eq(staffUserBranches.staffUserId, id));
    return { ...row, branchIds: links.map((l) => l.branchId).sort((a, b) => a - b) };
  };
  const patch = async (c: Caller, id: number, body: Record<string, unknown>) =>
    c.call('PATCH', `/api/staff/manage/staff/${id}/`, { version: (await account(id)).version, ...body });
  const idOf = async (email: string) => {
    const [row] = await t.db.select({ id: staffUsers.id }).from(staffUsers).where(eq(staffUsers.email, email));
    return row?.id as number;
  };

  beforeAll(async () => {
    t = await createTestApp();
    aMain = t.seeded.get('test-brand-a')?.branchIds['a-main'] as number;
    aClosed = t.seeded.get('test-brand-a')?.branchIds['a-closed'] as number;
    bMain = t.seeded.get('test-brand-b')?.branchIds['b-main'] as number;
    owner = await signIn(STAFF.aOwner);
    otherBrand = await signIn(STAFF.bManager);
  });
  afterAll(async () => {
    await t.close();
  });

  it("an owner changes a manager's branches, then role: each change ends their sessions at once and is audited", async () => {
    const m = await newStaff('manager', [aMain, aClosed]);
    expect((await m.c.call('GET', '/api/staff/me/')).statusCode).toBe(200);
    const res = await patch(owner, m.id, { branchIds: [aClosed] });
    expect(res.statusCode).toBe(200);
    expect(staffAccountResponse.parse(res.json())).toMatchObject({ role: 'manager', branchIds: [aClosed], version: 2 });
    expect((await m.c.call('GET', '/api/staff/me/')).statusCode).toBe(401);

    const again = await signIn(m.who);
    expect((await again.call('GET', '/api/staff/branches/')).json().branches).toMatchObject([{ id: aClosed }]);
    const demoted = await patch(owner, m.id, { role: 'cashier' });
    expect(demoted.statusCode).toBe(200);
    expect((await again.call('GET', '/api/staff/me/')).statusCode).toBe(401);
    const asCashier = await signIn(m.who);
    expect((await asCashier.call('GET', '/api/staff/manage/staff/')).statusCode).toBe(403);
    expect(await account(m.id)).toMatchObject({ role: 'cashier', branchIds: [aClosed], version: 3 });

    const rows = await t.db
      .select()
      .from(auditLog)
      .where(
        and(eq(auditLog.objectType, 'staff_user'), eq(auditLog.objectId, String(m.id)), eq(auditLog.action, 'update')),
      );
    expect(rows.map((r) => [r.before, r.after])).toEqual([
      [{ branchIds: [aMain, aClosed].sort((a, b) => a - b) }, { branchIds: [aClosed], version: 2 }],
      [{ role: 'manager' }, { role: 'cashier', version: 3 }],
    ]);
  });

  it('a stale version answers 409 edit_conflict with both values and changes nothing', async () => {
    const c = await newStaff('cashier', [aMain]);
    const stale = (await account(c.id)).version;
    expect((await patch(owner, c.id, { branchIds: [aMain, aClosed] })).statusCode).toBe(200);
    const res = await owner.call('PATCH', `/api/staff/manage/staff/${c.id}/`, { version: stale, branchIds: [aClosed] });
    expect(res.statusCode).toBe(409);
    const body = res.json();
    expect(body.error.code).toBe('edit_conflict');
    expect(body.error.details.current).toMatchObject({ branchIds: [aMain, aClosed].sort((a, b) => a - b) });
    expect(body.error.details.yours).toMatchObject({ branchIds: [aClosed] });
    expect((await account(c.id)).branchIds).toEqual([aMain, aClosed].sort((a, b) => a - b));
  });

  it('a manager changes only the branches of cashiers they manage, within their own branches', async () => {
    // A manager of a-closed alone, and cashiers of theirs and of a-main.
    const m = await newStaff('manager', [aClosed]);
    const theirs = await newStaff('cashier', [aClosed]);
    const notTheirs = await newStaff('cashier', [aMain]);
    const otherManager = await newStaff('manager', [aClosed]);

    // A branch they do not have: refused, nothing changes, the cashier stays signed in.
    const grant = await patch(m.c, theirs.id, { branchIds: [aClosed, aMain] });
    expect(grant.statusCode).toBe(403);
    expect((await account(theirs.id)).branchIds).toEqual([aClosed]);
    expect((await theirs.c.call('GET', '/api/staff/me/')).statusCode).toBe(200);
    // Never a role change, never a cashier of another branch, a manager or themselves.
    expect((await patch(m.c, theirs.id, { role: 'manager' })).statusCode).toBe(403);
    expect((await patch(m.c, notTheirs.id, { branchIds: [aClosed] })).statusCode).toBe(403);
    expect((await patch(m.c, otherManager.id, { branchIds: [aClosed] })).statusCode).toBe(403);
    expect((await patch(m.c, m.id, { branchIds: [aClosed, aMain] })).statusCode).toBe(403);
    expect((await patch(m.c, await idOf(STAFF.aOwner.email), { active: false })).statusCode).toBe(403);
    // Another brand's branch inside the body: not found, whoever asks.
    const foreign = await patch(m.c, theirs.id, { branchIds: [bMain] });
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().error.code).toBe('branch_not_found');
    expect((await patch(owner, theirs.id, { branchIds: [aMain, bMain] })).statusCode).toBe(404);
    // Another brand's staff by id: not found.
    expect((await patch(otherBrand, theirs.id, { branchIds: [bMain] })).statusCode).toBe(404);
    expect((await patch(owner, await idOf(STAFF.bManager.email), { active: false })).statusCode).toBe(404);
    // A cashier: no console.
    expect((await patch(theirs.c, notTheirs.id, { branchIds: [aMain] })).statusCode).toBe(403);
    // No branch at all: a manager or cashier needs one.
    const none = await patch(owner, theirs.id, { branchIds: [] });
    expect(none.statusCode).toBe(422);
    expect(none.json().error.code).toBe('staff_branches_required');
    expect((await account(theirs.id)).branchIds).toEqual([aClosed]);

    // Within their own branches: allowed, and the cashier signs in again.
    const moved = await newStaff('cashier', [aClosed]);
    expect((await patch(m.c, moved.id, { branchIds: [aClosed] })).statusCode).toBe(200);
    expect((await moved.c.call('GET', '/api/staff/me/')).statusCode).toBe(200);
    expect((await patch(m.c, moved.id, { active: false })).statusCode).toBe(200);
    expect((await moved.c.call('GET', '/api/staff/me/')).statusCode).toBe(401);
  });

  it('a brand keeps an active owner: owners make and unmake owners, the last one cannot step down', async () => {
    const ownerId = await idOf(STAFF.aOwner.email);
    const last = await patch(owner, ownerId, { role: 'manager', branchIds: [aMain] });
    expect(last.statusCode).toBe(409);
    expect(last.json().error.code).toBe('last_owner');
    expect((await patch(owner, ownerId, { active: false })).statusCode).toBe(403);
    expect((await account(ownerId)).role).toBe('owner');

    // A manager made owner works at every branch (no list), then the first owner may step down.
    const m = await newStaff('manager', [aMain]);
    const made = await patch(owner, m.id, { role: 'owner' });
    expect(made.statusCode).toBe(200);
    expect(staffAccountResponse.parse(made.json())).toMatchObject({ role: 'owner', branchIds: [] });
    const second = await signIn(m.who);
    // Unmade without a branch list: refused until one is given.
    const noBranches = await patch(second, ownerId, { role: 'manager' });
    expect(noBranches.statusCode).toBe(422);
    const stepDown = await patch(owner, ownerId, { role: 'manager', branchIds: [aMain, aClosed] });
    expect(stepDown.statusCode).toBe(200);
    expect((await owner.call('GET', '/api/staff/me/')).statusCode).toBe(401);
    // Now the second owner is the last: they cannot step down or be switched off by a manager.
    const secondLast = await patch(second, m.id, { role: 'cashier', branchIds: [aMain] });
    expect(secondLast.json().error.code).toBe('last_owner');
    // Give the brand its owner back for the tests after this one.
    expect((await patch(second, ownerId, { role: 'owner' })).statusCode).toBe(200);
    owner = await signIn(STAFF.aOwner);
  });

  it('every role sees its own sessions (browser, address, this one marked) and ends one or all others', async () => {
    const c = await newStaff('cashier', [aMain]);
    const phone = await signIn(c.who, 'PhoneBrowser/2', '10.0.0.7');
    const tablet = await signIn(c.who, 'TabletBrowser/3', '10.0.0.8');
    const list = async (who: Caller) => {
      const res = await who.call('GET', '/api/staff/sessions/');
      expect(res.statusCode).toBe(200);
      return staffSessionsResponse.parse(res.json()).sessions;
    };
    const sessions = await list(phone);
    expect(sessions).toHaveLength(3);
    const mine = sessions.find((s) => s.current);
    expect(mine).toMatchObject({ userAgent: 'PhoneBrowser/2', ip: '10.0.0.7' });
    expect(sessions.filter((s) => s.current)).toHaveLength(1);
    const tabletSession = sessions.find((s) => s.userAgent === 'TabletBrowser/3');
    expect(tabletSession).toMatchObject({ ip: '10.0.0.8', current: false });

    // Someone else's session by id: not found, and it stays signed in.
    const other = await newStaff('cashier', [aMain]);
    const theirs = (await list(other.c))[0];
    expect((await phone.call('DELETE', `/api/staff/sessions/${theirs?.id}/`)).statusCode).toBe(404);
    expect((await other.c.call('GET', '/api/staff/me/')).statusCode).toBe(200);

    // One: the tablet's next request is 401; the refresh cookie no longer works either.
    expect((await phone.call('DELETE', `/api/staff/sessions/${tabletSession?.id}/`)).statusCode).toBe(204);
    expect((await tablet.call('GET', '/api/staff/me/')).statusCode).toBe(401);
    expect((await tablet.call('POST', '/api/staff/auth/refresh/')).statusCode).toBe(401);
    const ended = await phone.call('DELETE', `/api/staff/sessions/${tabletSession?.id}/`);
    expect(ended.statusCode).toBe(404);
    expect(ended.json().error.code).toBe('staff_session_not_found');

    // All others: only this one remains.
    const res = await phone.call('POST', '/api/staff/sessions/end-others/');
    expect(res.json()).toEqual({ ended: 1 });
    expect((await c.c.call('GET', '/api/staff/me/')).statusCode).toBe(401);
    expect((await list(phone)).map((s) => s.current)).toEqual([true]);
    // A refresh keeps the session (same family) and records where it was used.
    expect(
      (await phone.call('POST', '/api/staff/auth/refresh/', undefined, { 'user-agent': 'PhoneBrowser/2.1' }))
        .statusCode,
    ).toBe(200);
    expect(await list(phone)).toMatchObject([{ current: true, userAgent: 'PhoneBrowser/2.1' }]);
    const audit = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.objectType, 'staff_user'), eq(auditLog.objectId, String(c.id))));
    expect(audit.filter((r) => JSON.stringify(r.after).includes('sessionsEnded'))).toHaveLength(2);
    expect((await caller(t).call('GET', '/api/staff/sessions/')).statusCode).toBe(401);
  });
});
