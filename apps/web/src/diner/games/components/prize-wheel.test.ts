import { describe, expect, it } from 'vitest';
import { labelTurn, rotationFor } from './prize-wheel';

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

describe("the wheel's labels", () => {
  it('read left to right (never upside down) wherever the wheel stops', () => {
    for (const count of [2, 5, 6, 8]) {
      const slice = 360 / count;
      for (const rotation of [0, 1_837, rotationFor(1, count, 0), rotationFor(count - 1, count, 400), -45]) {
        for (let i = 0; i < count; i += 1) {
          const middle = (i + 0.5) * slice;
          // The label's reading direction, clockwise from pointing right: within a quarter turn of rightwards.
          const reading = (((middle + rotation + labelTurn(middle, rotation)) % 360) + 360) % 360;
          expect(reading <= 90 || reading >= 270, `slice ${i} of ${count} at ${rotation}°`).toBe(true);
        }
      }
    }
  });
});
