// @vitest-environment happy-dom
import type { LoyaltyProgramme } from '@sufra/shared/schemas/loyalty';
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { i18n } from '../../../lib/i18n';
import loyaltyAr from '../../../locales/loyalty.ar.json';
import { LevelsAndRules } from './levels-rules';

// React's act() needs this flag outside a test renderer.
(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

beforeAll(async () => {
  i18n.addResourceBundle('ar', 'translation', loyaltyAr, true, true);
  await i18n.changeLanguage('ar');
});

let container: HTMLElement;
let root: Root;
beforeEach(() => {
  container = document.createElement('div');
  document.body.append(container);
  root = createRoot(container);
});
afterEach(() => {
  act(() => root.unmount());
  container.remove();
});

const programme = (expiry: Pick<LoyaltyProgramme['rules'], 'expiryDays' | 'expiresOn'>): LoyaltyProgramme => ({
  rules: {
    earnPointsPerSar: 10,
    pointValueHalalas: 5,
    minPointsPerRedemption: 100,
    maxPointsPerTransaction: 2_000,
    maxPointsPerDay: 5_000,
    maxRedemptionsPerDay: 3,
    ...expiry,
  },
  levels: [],
});

const expiryText = () =>
  [...container.querySelectorAll('[data-testid="loyalty-rules"] dd')].map((dd) => dd.textContent).at(-1);

describe('the diner rules list: how long points last', () => {
  it('names a fixed expiry date instead of saying points never expire', () => {
    act(() =>
      root.render(
        <LevelsAndRules programme={programme({ expiryDays: null, expiresOn: '2027-03-31' })} levelId={null} />,
      ),
    );
    // Arabic by default, its own digits, the Gregorian date as the brand set it.
    expect(expiryText()).toMatch(/٣١/);
    expect(expiryText()).toMatch(/٢٠٢٧/);
    expect(expiryText()).not.toMatch(/لا تنتهي/);
  });

  it('says points never expire only when neither days nor a date is set, and counts days otherwise', () => {
    act(() =>
      root.render(<LevelsAndRules programme={programme({ expiryDays: null, expiresOn: null })} levelId={null} />),
    );
    expect(expiryText()).toBe('النقاط لا تنتهي صلاحيتها');
    act(() =>
      root.render(<LevelsAndRules programme={programme({ expiryDays: 365, expiresOn: null })} levelId={null} />),
    );
    expect(expiryText()).toMatch(/٣٦٥/);
  });
});
