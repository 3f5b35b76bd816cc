import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  isReferralCodeShape,
  LEAD_EVENTS,
  LEAD_STATUSES,
  type LeadEvent,
  type LeadStatus,
  leadStatusesMovedBy,
  nextLeadStatus,
  normalizeReferralCode,
  REFERRAL_CODE_LENGTH,
  referralCodeFrom,
  refundWindowStart,
  rewardEffect,
} from './referral.ts';

/** Plays events on a lead the way the API does: an event that does not move it changes nothing. */
function play(events: LeadEvent[]) {
  let status: LeadStatus = 'pending';
  let rewarded = 0;
  let clawedBack = 0;
  const seen: LeadStatus[] = [status];
  for (const event of events) {
    const next = nextLeadStatus(status, event);
    if (next === null) continue;
    const effect = rewardEffect(status, next);
    if (effect === 'reward') rewarded += 1;
    if (effect === 'claw_back') clawedBack += 1;
    status = next;
    seen.push(status);
  }
  return { status, rewarded, clawedBack, seen };
}

const events = fc.array(fc.constantFrom(...LEAD_EVENTS), { maxLength: 40 });

describe('the referral lead machine', () => {
  it('rewards at most once, whatever events come in whatever order or how often', () => {
    fc.assert(
      fc.property(events, (list) => {
        const { rewarded, clawedBack, status } = play(list);
        expect(rewarded).toBeLessThanOrEqual(1);
        expect(clawedBack).toBeLessThanOrEqual(rewarded);
        // Held rewards: one exactly while converted, none otherwise.
        expect(rewarded - clawedBack).toBe(status === 'converted' ? 1 : 0);
      }),
    );
  });

  it('never goes back to an earlier status, and declined is the end', () => {
    const order = new Map(LEAD_STATUSES.map((s, i) => [s, i]));
    fc.assert(
      fc.property(events, (list) => {
        const { seen } = play(list);
        for (let i = 1; i < seen.length; i++) {
          expect(order.get(seen[i] as LeadStatus)).toBeGreaterThan(order.get(seen[i - 1] as LeadStatus) as number);
        }
      }),
    );
    for (const event of LEAD_EVENTS) expect(nextLeadStatus('declined', event)).toBeNull();
  });

  it('converts only a lead whose friend registered (a pending lead cannot be rewarded)', () => {
    fc.assert(
      fc.property(events, (list) => {
        const firstRegistered = list.indexOf('friend_registered');
        const before = firstRegistered === -1 ? list : list.slice(0, firstRegistered);
        expect(play(before).status).toBe('pending');
        expect(play(before).rewarded).toBe(0);
      }),
    );
  });

  it('lists for each event exactly the statuses it moves (the SQL guard)', () => {
    expect(leadStatusesMovedBy('order_completed')).toEqual(['joined', 'active']);
    expect(leadStatusesMovedBy('order_refunded')).toEqual(['converted']);
    expect(leadStatusesMovedBy('friend_registered')).toEqual(['pending']);
    expect(leadStatusesMovedBy('order_under_way')).toEqual(['joined']);
  });

  it('claws back a refund within the window only', () => {
    const at = new Date('2026-11-01T10:00:00Z');
    const rules = { refundWindowDays: 14 };
    const clawsBack = (refundedAt: string) => refundWindowStart(new Date(refundedAt), rules) <= at;
    expect(clawsBack('2026-11-15T10:00:00Z')).toBe(true);
    expect(clawsBack('2026-11-15T10:00:01Z')).toBe(false);
  });
});

describe('referral codes', () => {
  it('makes codes of our alphabet from any random bytes', () => {
    fc.assert(
      fc.property(fc.uint8Array({ minLength: REFERRAL_CODE_LENGTH, maxLength: 16 }), (bytes) => {
        expect(isReferralCodeShape(referralCodeFrom(bytes))).toBe(true);
      }),
    );
  });

  it('reads a code as typed: spaces, dashes, lower case and Arabic-Indic digits', () => {
    expect(normalizeReferralCode('  abcd-ef٢٣ ')).toBe('ABCDEF23');
    expect(normalizeReferralCode('ab cd ef ۲۳')).toBe('ABCDEF23');
    expect(isReferralCodeShape('ABCDEF23')).toBe(true);
    expect(isReferralCodeShape('ABCDEF2O')).toBe(false);
    expect(isReferralCodeShape('ABC')).toBe(false);
  });
});
