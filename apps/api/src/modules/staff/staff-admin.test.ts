import { staffInvitationResponse, staffListResponse } from '@sufra/shared/schemas/staff-admin';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Caller, caller } from '../../../test/accounts.ts';
import { STAFF } from '../../../test/fixture-brands.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { auditLog } from '../../db/schema/audit.ts';
import { staffInvitations, staffUsers } from '../../db/schema/staff.ts';

describe('staff accounts in the console (issue 26 item 9)', () => {
  let t: TestApp;
  let owner: Caller;
  let manager: Caller;
  let cashier: Caller;
  let otherBrand: Caller;
  let aMain: number;
  let aClosed: number;
  let bMain: number;

  const signIn = async (who: { email: string; password: string }) => {
    const c = caller(t);
    const res = await c.call('POST', '/api/staff/auth/login/', who);
    return { c, status: res.statusCode };
  };
  const staffCaller = async (who: { email: string; password: string }) => {
    const { c, status } = await signIn(who);
    expect(status).toBe(200);
    return c;
  };
  const invite = (c: Caller, body: Record<string, unknown>) => c.call('POST', '/api/staff/manage/staff/', body);
  const tokenOf = (link: string) => link.split('#')[1] ?? '';
  const versionOf = async (id: number) => {
    const [row] = await t.db.select({ version: staffUsers.version }).from(staffUsers).where(eq(staffUsers.id, id));
    return row?.version ?? 1;
  };

  beforeAll(async () => {
    t = await createTestApp();
    aMain = t.seeded.get('test-brand-a')?.branchIds['a-main'] as number;
    aClosed = t.seeded.get('test-brand-a')?.branchIds['a-closed'] as number;
    bMain = t.seeded.get('test-brand-b')?.branchIds['b-main'] as number;
    owner = await staffCaller(STAFF.aOwner);
    manager = await staffCaller(STAFF.aManager);
    cashier = await staffCaller(STAFF.aCashier);
    otherBrand = await staffCaller(STAFF.bManager);
  });
  afterAll(async () => {
    await t.close();
  });

  it('an owner invites a cashier: the one-time link sets the password, once, and the hash alone is stored', async () => {
    const res = await invite(owner, {
      email: 'New.Cashier@brand-a.test',
      name: 'New Cashier',
      role: 'cashier',
      branchIds: [aMain],
    });
    expect(res.statusCode).toBe(201);
    const invitation = staffInvitationResponse.parse(res.json());
    const token = tokenOf(invitation.link);
    expect(invitation.link).toMatch(/\/staff\/invitation#/);
    // Not signed in before the link is used.
    expect((await signIn({ email: 'new.cashier@brand-a.test', password: 'a-new-password-1' })).status).toBe(401);
    const [stored] = await t.db
      .select()
      .from(staffInvitations)
      .where(eq(staffInvitations.staffUserId, invitation.staffUserId));
    expect(stored?.tokenHash).not.toContain(token);
    expect(stored?.tokenHash).toHaveLength(64);
    const accept = (password: string) => caller(t).call('POST', '/api/staff/invitations/accept/', { token, password });
    expect((await accept('a-new-password-1')).statusCode).toBe(204);
    expect((await signIn({ email: 'new.cashier@brand-a.test', password: 'a-new-password-1' })).status).toBe(200);
    const again = await accept('another-password-2');
    expect(again.statusCode).toBe(410);
    expect(again.json().error.code).toBe('invitation_invalid');
    const rows = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.objectType, 'staff_user'), eq(auditLog.objectId, String(invitation.staffUserId))));
    expect(rows.map((r) => r.action)).toEqual(['create']);
  });

  it('refuses an expired link', async () => {
    const res = await invite(owner, { email: 'late@brand-a.test', name: 'Late', role: 'cashier', branchIds: [aMain] });
    const invitation = staffInvitationResponse.parse(res.json());
    await t.db
      .update(staffInvitations)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(staffInvitations.staffUserId, invitation.staffUserId));
    const accept = await caller(t).call('POST', '/api/staff/invitations/accept/', {
      token: tokenOf(invitation.link),
      password: 'a-new-password-1',
    });
    expect(accept.statusCode).toBe(410);
  });

  it('a manager invites cashiers of their branches only, never a manager; a cashier invites nobody', async () => {
    expect(
      (await invite(manager, { email: 'c2@brand-a.test', name: 'C2', role: 'cashier', branchIds: [aClosed] }))
        .statusCode,
    ).toBe(201);
    expect(
      (await invite(manager, { email: 'm2@brand-a.test', name: 'M2', role: 'manager', branchIds: [aMain] })).statusCode,
    ).toBe(403);
    expect(
      (await invite(cashier, { email: 'c3@brand-a.test', name: 'C3', role: 'cashier', branchIds: [aMain] })).statusCode,
    ).toBe(403);
    expect(
      (await invite(owner, { email: 'o2@brand-a.test', name: 'O2', role: 'owner', branchIds: [aMain] })).statusCode,
    ).toBe(400);
  });

  it("refuses another brand's branch named in the body, a taken email, and changes nothing", async () => {
    const foreign = await invite(owner, {
      email: 'x@brand-a.test',
      name: 'X',
      role: 'cashier',
      branchIds: [aMain, bMain],
    });
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().error.code).toBe('branch_not_found');
    const taken = await invite(owner, {
      email: STAFF.bManager.email,
      name: 'Dup',
      role: 'cashier',
      branchIds: [aMain],
    });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().error.code).toBe('staff_email_in_use');
    expect(await t.db.select().from(staffUsers).where(eq(staffUsers.email, 'x@brand-a.test'))).toEqual([]);
  });

  it("deactivating a cashier ends their session at once; managers cannot touch managers or another brand's staff", async () => {
    const [row] = await t.db
      .select({ id: staffUsers.id })
      .from(staffUsers)
      .where(eq(staffUsers.email, STAFF.aCashier.email));
    const cashierId = row?.id as number;
    expect((await cashier.call('GET', '/api/staff/me/')).statusCode).toBe(200);
    const off = await manager.call('PATCH', `/api/staff/manage/staff/${cashierId}/`, {
      active: false,
      version: await versionOf(cashierId as number),
    });
    expect(off.statusCode).toBe(200);
    expect((await cashier.call('GET', '/api/staff/me/')).statusCode).toBe(401);
    expect((await signIn(STAFF.aCashier)).status).toBe(401);
    // Another brand's manager: not found by id.
    expect(
      (
        await otherBrand.call('PATCH', `/api/staff/manage/staff/${cashierId}/`, {
          active: true,
          version: await versionOf(cashierId as number),
        })
      ).statusCode,
    ).toBe(404);
    const [m] = await t.db
      .select({ id: staffUsers.id })
      .from(staffUsers)
      .where(eq(staffUsers.email, STAFF.aManager.email));
    const [o] = await t.db
      .select({ id: staffUsers.id })
      .from(staffUsers)
      .where(eq(staffUsers.email, STAFF.aOwner.email));
    expect(
      (
        await manager.call('PATCH', `/api/staff/manage/staff/${o?.id}/`, {
          active: false,
          version: await versionOf(o?.id as number),
        })
      ).statusCode,
    ).toBe(403);
    expect(
      (
        await manager.call('PATCH', `/api/staff/manage/staff/${m?.id}/`, {
          active: false,
          version: await versionOf(m?.id as number),
        })
      ).statusCode,
    ).toBe(403);
    expect(
      (
        await owner.call('PATCH', `/api/staff/manage/staff/${cashierId}/`, {
          active: true,
          version: await versionOf(cashierId as number),
        })
      ).statusCode,
    ).toBe(200);
    expect((await signIn(STAFF.aCashier)).status).toBe(200);
  });
  it("lists staff by role: owners the brand's staff, managers the cashiers of their branches only; cashiers refused", async () => {
    const list = async (c: Caller) => {
      const res = await c.call('GET', '/api/staff/manage/staff/');
      expect(res.statusCode).toBe(200);
      return staffListResponse.parse(res.json()).staff;
    };
    const pending = staffInvitationResponse.parse(
      (
        await invite(owner, { email: 'pending@brand-a.test', name: 'Pending', role: 'cashier', branchIds: [aClosed] })
      ).json(),
    );
    const byOwner = await list(owner);
    const emails = byOwner.map((s) => s.email);
    expect(emails).toEqual(
      expect.arrayContaining([STAFF.aOwner.email, STAFF.aManager.email, STAFF.aCashier.email, 'pending@brand-a.test']),
    );
    expect(emails).not.toContain(STAFF.bManager.email);
    expect(byOwner.find((s) => s.email === STAFF.aCashier.email)).toMatchObject({
      name: 'Cashier A',
      role: 'cashier',
      branchIds: [aMain],
      active: true,
      invited: false,
    });
    expect(byOwner.find((s) => s.id === pending.staffUserId)).toMatchObject({ active: false, invited: true });

    const byManager = await list(manager);
    expect(new Set(byManager.map((s) => s.role))).toEqual(new Set(['cashier']));
    expect(byManager.map((s) => s.email)).toContain(STAFF.aCashier.email);

    // A manager of a-closed alone sees that branch's cashiers, never a-main's.
    const invitation = staffInvitationResponse.parse(
      (
        await invite(owner, {
          email: 'closed.mgr@brand-a.test',
          name: 'Closed Mgr',
          role: 'manager',
          branchIds: [aClosed],
        })
      ).json(),
    );
    const password = 'closed-manager-1';
    await caller(t).call('POST', '/api/staff/invitations/accept/', { token: tokenOf(invitation.link), password });
    const closedManager = await staffCaller({ email: 'closed.mgr@brand-a.test', password });
    const byClosed = (await list(closedManager)).map((s) => s.email);
    expect(byClosed).toContain('pending@brand-a.test');
    expect(byClosed).not.toContain(STAFF.aCashier.email);

    expect((await list(otherBrand)).map((s) => s.email)).not.toContain(STAFF.aCashier.email);
    // A fresh session: the test above ended the cashier's first one.
    const freshCashier = await staffCaller(STAFF.aCashier);
    expect((await freshCashier.call('GET', '/api/staff/manage/staff/')).statusCode).toBe(403);
    expect((await caller(t).call('GET', '/api/staff/manage/staff/')).statusCode).toBe(401);
  });
  it('a new one-time link resets a password: earlier links and sessions end; refused across brands, roles and when deactivated', async () => {
    const accept = (link: string, password: string) =>
      caller(t).call('POST', '/api/staff/invitations/accept/', { token: tokenOf(link), password });
    const created = staffInvitationResponse.parse(
      (
        await invite(owner, { email: 'reset.me@brand-a.test', name: 'Reset Me', role: 'cashier', branchIds: [aMain] })
      ).json(),
    );
    const id = created.staffUserId;
    const linkFor = (c: Caller) => c.call('POST', `/api/staff/manage/staff/${id}/link/`);
    // Invited, link lost: a new one replaces it.
    const again = await linkFor(owner);
    expect(again.statusCode).toBe(201);
    expect((await accept(created.link, 'first-password-1')).statusCode).toBe(410);
    expect((await accept(staffInvitationResponse.parse(again.json()).link, 'first-password-1')).statusCode).toBe(204);
    const signedIn = await staffCaller({ email: 'reset.me@brand-a.test', password: 'first-password-1' });

    // Forgotten password: a manager of the branch hands over a reset link; the old password and session end.
    const reset = await linkFor(manager);
    expect(reset.statusCode).toBe(201);
    expect((await accept(staffInvitationResponse.parse(reset.json()).link, 'second-password-2')).statusCode).toBe(204);
    expect((await signedIn.call('GET', '/api/staff/me/')).statusCode).toBe(401);
    expect((await signIn({ email: 'reset.me@brand-a.test', password: 'first-password-1' })).status).toBe(401);
    expect((await signIn({ email: 'reset.me@brand-a.test', password: 'second-password-2' })).status).toBe(200);

    // Not another brand's, not a manager's account by a manager, never by a cashier.
    expect((await linkFor(otherBrand)).statusCode).toBe(404);
    const [m] = await t.db
      .select({ id: staffUsers.id })
      .from(staffUsers)
      .where(eq(staffUsers.email, STAFF.aManager.email));
    expect((await manager.call('POST', `/api/staff/manage/staff/${m?.id}/link/`)).statusCode).toBe(403);
    const freshCashier = await staffCaller(STAFF.aCashier);
    expect((await linkFor(freshCashier)).statusCode).toBe(403);

    // Deactivation spends a live link, and a deactivated account gets none.
    const live = staffInvitationResponse.parse((await linkFor(owner)).json());
    expect(
      (
        await owner.call('PATCH', `/api/staff/manage/staff/${id}/`, {
          active: false,
          version: await versionOf(id as number),
        })
      ).statusCode,
    ).toBe(200);
    expect((await accept(live.link, 'third-password-3')).statusCode).toBe(410);
    const refused = await linkFor(owner);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.code).toBe('staff_inactive');
    const audit = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.objectType, 'staff_user'), eq(auditLog.objectId, String(id))));
    expect(audit.filter((r) => r.action === 'update' && JSON.stringify(r.after).includes('oneTimeLink'))).toHaveLength(
      3,
    );
  });
});
