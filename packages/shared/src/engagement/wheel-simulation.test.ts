import { describe, expect, it } from 'vitest';
import { simulateWheel } from './wheel-simulation.ts';

const seg = (
  weight: number,
  prize: 'reward' | 'points' | 'none',
  stockLeft: number | null = null,
  dailyBudget: number | null = null,
) => ({
  weight,
  prize,
  stockLeft,
  dailyBudget,
});

describe('simulateWheel (expected prizes per 1,000 spins)', () => {
  it('shares the spins by weight when nothing runs out', () => {
    const run = simulateWheel([seg(1, 'reward'), seg(3, 'none')]);
    expect(run.spinsPlayed).toBe(1_000);
    expect(run.expected[0]).toBeCloseTo(250, 6);
    expect(run.expected[1]).toBeCloseTo(750, 6);
    expect(run.prizes).toBeCloseTo(250, 6);
    expect(run.runsOutAt).toEqual([null, null]);
  });

  it('caps a prize at its stock and gives its weight to the others after', () => {
    const run = simulateWheel([seg(1, 'reward', 10), seg(1, 'points'), seg(2, 'none')]);
    expect(run.expected[0]).toBeCloseTo(10, 6);
    // 40 spins to give the 10; the 960 after are shared 1:2.
    expect(run.runsOutAt[0]).toBe(40);
    expect(run.expected[1]).toBeCloseTo(10 + 960 / 3, 6);
    expect(run.expected[2]).toBeCloseTo(20 + (960 * 2) / 3, 6);
    expect(run.prizes).toBeCloseTo(10 + 10 + 320, 6);
  });

  it('caps a prize at the smaller of its stock left and its daily budget', () => {
    expect(simulateWheel([seg(1, 'reward', 50, 5), seg(1, 'none')]).expected[0]).toBeCloseTo(5, 6);
    expect(simulateWheel([seg(1, 'reward', 3, 5), seg(1, 'none')]).expected[0]).toBeCloseTo(3, 6);
  });

  it('stops when every prize is gone: the wheel is out of gifts', () => {
    const run = simulateWheel([seg(1, 'reward', 2), seg(1, 'none')]);
    expect(run.spinsPlayed).toBe(4);
    expect(run.prizes).toBeCloseTo(2, 6);
    expect(run.expected[1]).toBeCloseTo(2, 6);
    expect(simulateWheel([seg(1, 'reward', 0), seg(1, 'none')]).spinsPlayed).toBe(0);
  });

  it('never gives more than the spins played', () => {
    const run = simulateWheel([seg(5, 'points'), seg(7, 'reward', 100, 30), seg(1, 'none')], 1_000);
    const all = run.expected.reduce((a, b) => a + b, 0);
    expect(all).toBeCloseTo(run.spinsPlayed, 6);
    expect(run.expected[1]).toBeCloseTo(30, 6);
  });
});
