import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isOpenCard, planPunches, punchCardStatus, qualifyingCount } from './punch-cards.ts';

const now = new Date('2026-05-01T12:00:00Z');
const later = new Date('2026-05-10T12:00:00Z');
const earlier = new Date('2026-04-20T12:00:00Z');

describe('punchCardStatus', () => {
  const unused = { claimedAt: null, expiresAt: later };

  it('reads the spec labels from punches, count, completion and where the issued reward stands', () => {
    const card = { itemsCount: 6, expiresAt: later, completedAt: null, reward: null };
    expect(punchCardStatus({ ...card, punches: 0 }, now)).toBe('no_punches');
    expect(punchCardStatus({ ...card, punches: 3 }, now)).toBe('partially_punched');
    // Full, the reward waiting in My Rewards.
    expect(punchCardStatus({ ...card, punches: 6, completedAt: earlier, reward: unused }, now)).toBe('fully_punched');
    expect(
      punchCardStatus({ ...card, punches: 6, completedAt: earlier, reward: { ...unused, expiresAt: null } }, now),
    ).toBe('fully_punched');
    // The reward used: the card is done.
    expect(
      punchCardStatus({ ...card, punches: 6, completedAt: earlier, reward: { ...unused, claimedAt: now } }, now),
    ).toBe('completed');
    expect(punchCardStatus({ ...card, punches: 6, completedAt: earlier, reward: null }, now)).toBe('completed');
  });

  it('expires a card whose days ran out before it filled, or whose reward lapsed unused; never a used one', () => {
    const card = { itemsCount: 6, punches: 3, expiresAt: earlier, completedAt: null, reward: null };
    expect(punchCardStatus(card, now)).toBe('expired');
    expect(punchCardStatus({ ...card, expiresAt: now }, now)).toBe('expired');
    const full = { ...card, punches: 6, completedAt: earlier };
    // The card's own days do not matter once it is full: its reward's do.
    expect(punchCardStatus({ ...full, reward: unused }, now)).toBe('fully_punched');
    expect(punchCardStatus({ ...full, reward: { claimedAt: null, expiresAt: now } }, now)).toBe('expired');
    expect(punchCardStatus({ ...full, reward: { claimedAt: earlier, expiresAt: earlier } }, now)).toBe('completed');
    expect(isOpenCard(card, now)).toBe(false);
    expect(isOpenCard({ ...card, expiresAt: later }, now)).toBe(true);
    expect(isOpenCard({ ...full, expiresAt: later, reward: unused }, now)).toBe(false);
  });
});

describe('qualifyingCount', () => {
  const rule = { itemIds: [1, 2], categoryIds: [10] };

  it('counts one punch per qualifying item, quantity included, by item or by category', () => {
    expect(
      qualifyingCount(
        [
          { itemId: 1, categoryId: 5, quantity: 2 },
          { itemId: 3, categoryId: 10, quantity: 3 },
          { itemId: 4, categoryId: 5, quantity: 7 },
        ],
        rule,
      ),
    ).toBe(5);
  });

  it('counts an item once even when it qualifies both by id and by category', () => {
    expect(qualifyingCount([{ itemId: 2, categoryId: 10, quantity: 4 }], rule)).toBe(4);
  });

  it('counts nothing for an order of other items', () => {
    expect(qualifyingCount([{ itemId: 9, categoryId: null, quantity: 9 }], rule)).toBe(0);
  });
});

describe('planPunches', () => {
  it('adds to the open card without filling it', () => {
    expect(planPunches(2, 6, 3)).toEqual([{ card: 'current', punches: 3, fills: false }]);
  });

  it('fills the open card and starts the next with the extra punches', () => {
    expect(planPunches(4, 6, 5)).toEqual([
      { card: 'current', punches: 2, fills: true },
      { card: 'new', punches: 3, fills: false },
    ]);
  });

  it('starts a card when there is none, and fills as many fresh cards as the order covers', () => {
    expect(planPunches(null, 3, 7)).toEqual([
      { card: 'new', punches: 3, fills: true },
      { card: 'new', punches: 3, fills: true },
      { card: 'new', punches: 1, fills: false },
    ]);
  });

  it('plans nothing for no punches', () => {
    expect(planPunches(1, 6, 0)).toEqual([]);
  });

  it('never loses or invents a punch, never overfills a card, and fills exactly the full ones', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 50 }),
        fc.option(fc.nat(50), { nil: null }),
        fc.nat(500),
        (itemsCount, rawCurrent, earned) => {
          const current = rawCurrent === null ? null : Math.min(rawCurrent, itemsCount - 1);
          const steps = planPunches(current, itemsCount, earned);
          expect(steps.reduce((sum, s) => sum + s.punches, 0)).toBe(earned);
          for (const [i, step] of steps.entries()) {
            const before = step.card === 'current' ? (current ?? 0) : 0;
            expect(step.punches).toBeGreaterThan(0);
            expect(before + step.punches).toBeLessThanOrEqual(itemsCount);
            expect(step.fills).toBe(before + step.punches === itemsCount);
            // Only the last step may leave a card unfilled; only the first may be the current card.
            if (i < steps.length - 1) expect(step.fills).toBe(true);
            if (i > 0) expect(step.card).toBe('new');
          }
        },
      ),
    );
  });
});
