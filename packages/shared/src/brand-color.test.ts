import { describe, expect, it } from 'vitest';
import { contrastRatio, whiteTextPassesAA } from './brand-color.ts';

describe('the brand colour contrast check', () => {
  it('measures contrast as WCAG does', () => {
    expect(contrastRatio('#ffffff', '#000000')).toBeCloseTo(21, 5);
    expect(contrastRatio('#ffffff', '#ffffff')).toBeCloseTo(1, 5);
    // The house purple, 8.2:1 on white (global.css).
    expect(contrastRatio('#6b2fa3', '#ffffff')).toBeCloseTo(8.2, 1);
  });

  it('accepts dark brand colours and refuses light ones for white text', () => {
    expect(whiteTextPassesAA('#6b2fa3')).toBe(true);
    expect(whiteTextPassesAA('#767676')).toBe(true); // 4.54:1, just over
    expect(whiteTextPassesAA('#777777')).toBe(false); // 4.48:1, just under
    expect(whiteTextPassesAA('#f3ecfa')).toBe(false);
    expect(whiteTextPassesAA('#FFF')).toBe(false);
  });
});
