import { describe, expect, it } from 'vitest';
import { roundScaleMeters, scaleLabel } from './scale-label';

describe('the map scale', () => {
  it('rounds down to 1, 2 or 5 times a power of ten', () => {
    expect(roundScaleMeters(87)).toBe(50);
    expect(roundScaleMeters(230)).toBe(200);
    expect(roundScaleMeters(1999)).toBe(1000);
    expect(roundScaleMeters(7400)).toBe(5000);
    expect(roundScaleMeters(0)).toBe(0);
  });

  it('says the distance in the interface language, with its own digits', () => {
    expect(scaleLabel(200, 'en')).toBe('200 m');
    expect(scaleLabel(2000, 'en')).toBe('2 km');
    expect(scaleLabel(200, 'ar')).toMatch(/^٢٠٠\s?متر$/);
    expect(scaleLabel(5000, 'ar')).toMatch(/^٥\s?كم$/);
  });
});
