import { redemptionLookupResponse } from '@sufra/shared/schemas/loyalty';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Caller, caller, countRows } from '../../../test/accounts.ts';
import { STAFF, UUID } from '../../../test/fixture-brands.ts';
import { diner } from '../../../test/orders.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { REWARD_CODE_LIMITS } from './reward-redemption.service.ts';

describe('typed reward codes at the counter are throttled per staff user and per branch', () => {
  let t: TestApp;
  let clock = new Date('2026-04-01T09:00:00Z');
  let mainBranch: number;

  const staffCaller = async (who: { email: string; password: string }, language = 'en') => {
    const c = caller(t, { language });
    expect((await c.call('POST', '/api/staff/auth/login/', who)).statusCode).toBe(200);
    return c;
  };
  /** A guess: a well-formed code that nobody owns, with some diner's phone. */
  const guess = (c: Caller, path = 'lookup/') =>
    c.call('POST', `/api/staff/redemptions/${path}`, {
      code: 'AAAA-AAAA',
      phone: { phone_number: '0500000901' },
      branchId: mainBranch,
    });

  beforeAll(async () => {
    t = await createTestApp({ now: () => clock });
    const [row] = await t.database.query<{ id: number }>('select branch_id as id from qr_codes where uuid = $1', [
      UUID.aMain,
    ]);
    mainBranch = row?.id ?? 0;
  });
  afterAll(async () => {
    await t.close();
  });

  it("refuses a staff user's typed codes past the minute's allowance with 429 and the wait, in both languages", async () => {
    const cashier = await staffCaller(STAFF.aCashier);
    for (let i = 0; i < REWARD_CODE_LIMITS.perStaffUser; i += 1) {
      // Lookups and redemptions count alike: either tells a guesser whether the code exists.
      expect((await guess(cashier, i % 2 ? 'lookup/' : '')).statusCode).toBe(404);
    }
    const refused = await guess(cashier);
    expect(refused.statusCode).toBe(429);
    expect(refused.json().error.code).toBe('reward_code_throttled');
    expect(refused.json().error.message).toBe(
      'Too many typed codes in a minute, wait a little and try again (or scan the QR code)',
    );
    expect(refused.headers['retry-after']).toBe('60');
    const arabic = await staffCaller(STAFF.aCashier, 'ar');
    const refusedAr = await guess(arabic);
    expect(refusedAr.statusCode).toBe(429);
    expect(refusedAr.json().error.message).toBe(
      'رموز مكتوبة كثيرة خلال دقيقة، انتظر قليلًا ثم حاول مرة أخرى (أو امسح رمز QR)',
    );
    // A refusal is not counted: the allowance comes back a minute after the first try, not after the last refusal.
    expect(await countRows(t, 'reward_code_attempts')).toBe(REWARD_CODE_LIMITS.perStaffUser);

    clock = new Date(clock.getTime() + 30_000);
    expect((await guess(cashier)).headers['retry-after']).toBe('30');
    clock = new Date(clock.getTime() + 30_001);
    expect((await guess(cashier)).statusCode).toBe(404);
  });

  it('checks at most the allowance of fifty typed codes sent at once by one staff user (counted before checking)', async () => {
    clock = new Date(clock.getTime() + 10 * 60_000);
    const manager = await staffCaller(STAFF.aManager);
    const before = await countRows(t, 'reward_code_attempts');
    const answers = await Promise.all(Array.from({ length: 50 }, () => guess(manager)));
    const statuses = answers.map((a) => a.statusCode);
    // Every try is either checked (404: no such code) or refused before checking (429); only 30 are checked.
    expect(statuses.filter((s) => s === 404)).toHaveLength(REWARD_CODE_LIMITS.perStaffUser);
    expect(statuses.filter((s) => s === 429)).toHaveLength(50 - REWARD_CODE_LIMITS.perStaffUser);
    expect(await countRows(t, 'reward_code_attempts')).toBe(before + REWARD_CODE_LIMITS.perStaffUser);
  });

  it("limits a branch's counters together, and leaves a scanned QR alone", async () => {
    clock = new Date(clock.getTime() + 10 * 60_000);
    const cashier = await staffCaller(STAFF.aCashier);
    const manager = await staffCaller(STAFF.aManager);
    const owner = await staffCaller(STAFF.aOwner);
    for (const c of [cashier, manager]) {
      for (let i = 0; i < REWARD_CODE_LIMITS.perBranch / 2; i += 1) expect((await guess(c)).statusCode).toBe(404);
    }
    // The owner has typed nothing, but the branch has had its 60.
    const refused = await guess(owner);
    expect(refused.statusCode).toBe(429);
    expect(refused.json().error.code).toBe('reward_code_throttled');

    // The diner's own QR still works at the throttled branch.
    const phone = '+966500000902';
    const c = await diner(t, UUID.aMain, phone);
    const [customer] = await t.database.query<{ id: number }>('select id from customers where phone = $1', [phone]);
    await manager.call('POST', `/api/staff/customers/${customer?.id}/points/`, { points: 100, reason: 'Test credit' });
    const [juice] = await t.database.query<{ id: number }>("select id from rewards where name_en = 'Free juice'");
    const bought = await c.call('POST', `/api/loyalty/${UUID.aMain}/shop/${juice?.id}/buy/`);
    const ownedId = bought.json().owned.id as number;
    const qr = (await c.call('GET', `/api/loyalty/${UUID.aMain}/me/rewards/${ownedId}/qr/`)).json().token as string;
    const scanned = await owner.call('POST', '/api/staff/redemptions/lookup/', { qr, branchId: mainBranch });
    expect(scanned.statusCode).toBe(200);
    expect(redemptionLookupResponse.parse(scanned.json()).owned.id).toBe(ownedId);
  });
});
