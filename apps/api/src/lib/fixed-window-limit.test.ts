import { describe, expect, it } from 'vitest';
import { createFixedWindowLimit } from './fixed-window-limit.ts';

describe('fixed-window limit', () => {
  it('allows max hits per key in a window, then says how long to wait; other keys and the next window are free', () => {
    const limit = createFixedWindowLimit({ max: 2, windowMs: 60_000 });
    expect(limit.hit('a', 0)).toBeNull();
    expect(limit.hit('a', 1_000)).toBeNull();
    expect(limit.hit('a', 15_500)).toBe(45);
    expect(limit.hit('b', 15_500)).toBeNull();
    expect(limit.hit('a', 60_000)).toBeNull();
  });

  it('forgets every key when more than maxKeys are counted (memory stays bounded)', () => {
    const limit = createFixedWindowLimit({ max: 1, windowMs: 60_000, maxKeys: 2 });
    limit.hit('a', 0);
    expect(limit.hit('a', 0)).not.toBeNull();
    limit.hit('b', 0);
    limit.hit('c', 0);
    expect(limit.hit('a', 0)).toBeNull();
  });
});
