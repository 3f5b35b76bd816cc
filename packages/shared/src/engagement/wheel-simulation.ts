import type { SegmentPrize } from './wheel.ts';

/**
 * What a game's settings are expected to give over a run of spins (issue 27 item 4: "a simulation on the page shows
 * the expected prizes per 1,000 spins before saving"). Deterministic, not random: each spin is shared among the
 * segments that can still be drawn in proportion to their weights (the server's draw, shared/engagement/wheel.ts),
 * and a prize stops being drawable when its expected wins reach what is left of its stock or, the run being one
 * day's, of its daily budget. When no prize is left the wheel refuses ("out of gifts"), so the later spins are not
 * played.
 */
export interface SimulatedSegment {
  weight: number;
  prize: SegmentPrize;
  /** Prizes left in total (stock minus won; null: no limit). */
  stockLeft: number | null;
  /** The daily budget (null: none). */
  dailyBudget: number | null;
}

export interface WheelSimulation {
  /** Spins played before the wheel ran out of gifts (the run's length when it never did). */
  spinsPlayed: number;
  /** Expected wins of each segment, in the segments' order (fractions kept; round for display). */
  expected: number[];
  /** Expected prizes in all (every segment but "try again"). */
  prizes: number;
  /** The spin at which each segment runs out (null: it lasts the run). */
  runsOutAt: (number | null)[];
}

export const SIMULATED_SPINS = 1_000;

/** A little below one prize: below it a capacity counts as used up (the fractions' rounding). */
const EPSILON = 1e-9;

export function simulateWheel(segments: readonly SimulatedSegment[], spins = SIMULATED_SPINS): WheelSimulation {
  const capacity = segments.map((s) => {
    if (s.prize === 'none') return Number.POSITIVE_INFINITY;
    const limits = [s.stockLeft, s.dailyBudget].filter((v): v is number => v !== null);
    return limits.length === 0 ? Number.POSITIVE_INFINITY : Math.max(0, Math.min(...limits));
  });
  const expected = segments.map(() => 0);
  const runsOutAt: (number | null)[] = segments.map(() => null);
  const open = (i: number) => (segments[i]?.weight ?? 0) > 0 && (expected[i] ?? 0) < (capacity[i] ?? 0) - EPSILON;
  const prizeOpen = () => segments.some((s, i) => s.prize !== 'none' && open(i));
  let spinsPlayed = 0;
  for (let spin = 1; spin <= spins; spin += 1) {
    if (!prizeOpen()) break;
    spinsPlayed = spin;
    // One spin shared by weight; a share larger than what a prize has left spills over to the others.
    let left = 1;
    while (left > EPSILON) {
      const drawable = segments.map((_, i) => i).filter(open);
      const total = drawable.reduce((sum, i) => sum + (segments[i]?.weight ?? 0), 0);
      if (total === 0) break;
      let spilled = 0;
      for (const i of drawable) {
        const share = (left * (segments[i]?.weight ?? 0)) / total;
        const room = (capacity[i] ?? 0) - (expected[i] ?? 0);
        const taken = Math.min(share, room);
        expected[i] = (expected[i] ?? 0) + taken;
        spilled += share - taken;
        if (!open(i) && runsOutAt[i] === null) runsOutAt[i] = spin;
      }
      left = spilled;
    }
  }
  const prizes = segments.reduce((sum, s, i) => (s.prize === 'none' ? sum : sum + (expected[i] ?? 0)), 0);
  return { spinsPlayed, expected, prizes, runsOutAt };
}
