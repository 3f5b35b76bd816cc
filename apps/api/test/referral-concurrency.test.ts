import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Caller, caller, latestCode } from './accounts.ts';
import { UUID } from './fixture-brands.ts';
import { diner } from './orders.ts';
import { createTestApp, type TestApp } from './test-app.ts';

/**
 * A referrer enters a friend's phone at the moment the friend registers. Meaningful on PostgreSQL (the two requests
 * really run side by side); on PGlite they run one after the other and the same must hold. Either the lead came
 * first and joins with the registration, or the friend was already a customer and the lead stays Pending: since
 * issue 24 a customer's phone is answered like any other (201), so the answer tells no one who is a customer.
 */
describe('a lead entered while its friend registers', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('is answered alike, and joins or stays pending, never written twice', async () => {
    // Four referrers, ten friends each: a diner may invite ten a day.
    const referrers: Caller[] = [];
    for (let r = 0; r < 4; r += 1) referrers.push(await diner(t, UUID.aMain, `+96650000990${r}`));
    const friends = Array.from({ length: 40 }, (_, i) => `+9665000099${String(i + 10).padStart(2, '0')}`);
    // Every friend has a code waiting (set-up, one after the other).
    const pending = [];
    for (const [i, phone] of friends.entries()) {
      const c = caller(t, { ip: `10.9.${Math.floor(i / 200)}.${i % 200}` });
      const sent = await c.call('POST', `/api/auth/${UUID.aMain}/otp/`, { phone: { phone_number: phone } });
      expect(sent.statusCode, sent.body).toBe(202);
      const { requestId } = sent.json() as { requestId: string };
      pending.push({ c, phone, requestId, code: await latestCode(t, phone) });
    }
    const answers = await Promise.all(
      pending.map(async ({ c, phone, requestId, code }, i) => {
        const referrer = referrers[i % 4];
        if (!referrer) throw new Error('no referrer');
        const [lead, verify] = await Promise.all([
          referrer.call('POST', `/api/referral/${UUID.aMain}/me/leads/`, { phone: { phone_number: phone } }),
          c.call('POST', `/api/auth/${UUID.aMain}/otp/verify/`, {
            requestId,
            code,
            profile: { fullName: 'Noura Friend' },
          }),
        ]);
        expect(verify.statusCode, verify.body).toBe(200);
        expect(lead.statusCode, lead.body).toBe(201);
        return lead.json().status as string;
      }),
    );
    const leads = await t.database.query<{ friend_phone: string; status: string; friend_id: number | null }>(
      'select friend_phone, status, friend_id from referral_leads where friend_phone = any($1::text[])',
      [friends],
    );
    expect(leads).toHaveLength(friends.length);
    // A joined lead names its friend; a pending one (the friend registered first) none.
    expect(leads.filter((l) => (l.status === 'joined') !== (l.friend_id !== null))).toEqual([]);
    expect(leads.filter((l) => l.status !== 'joined' && l.status !== 'pending')).toEqual([]);
    expect(answers.every((status) => status === 'pending')).toBe(true);
  });
});
