import { describe, expect, it } from 'vitest';
import { rotationFor } from './prize-wheel';

describe('the wheel turns to the slice the server drew', () => {
  it("puts the slice's middle under the pointer, after whole turns forward", () => {
    for (const count of [1, 2, 5, 8]) {
      let from = 0;
      for (const index of [0, count - 1, Math.floor(count / 2), 0]) {
        const to = rotationFor(index, count, from);
        expect(to - from).toBeGreaterThanOrEqual(5 * 360);
        expect(to - from).toBeLessThan(6 * 360);
        // The slice's middle, turned by `to`, sits at the top (0° mod 360).
        const middle = (index + 0.5) * (360 / count);
        expect((((middle + to) % 360) + 360) % 360).toBeCloseTo(0, 6);
        from = to;
      }
    }
  });
});
