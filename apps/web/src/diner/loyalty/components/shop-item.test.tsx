// @vitest-environment happy-dom
import type { ShopResponse } from '@sufra/shared/schemas/loyalty';
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { i18n } from '../../../lib/i18n';
import loyaltyAr from '../../../locales/loyalty.ar.json';
import loyaltyEn from '../../../locales/loyalty.en.json';
import { ShopItem } from './shop-page';

// React's act() needs this flag outside a test renderer.
(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

beforeAll(() => {
  i18n.addResourceBundle('ar', 'translation', loyaltyAr, true, true);
  i18n.addResourceBundle('en', 'translation', loyaltyEn, true, true);
});

let container: HTMLElement;
let root: Root;
let bought: number[];
beforeEach(async () => {
  await i18n.changeLanguage('ar');
  container = document.createElement('div');
  document.body.append(container);
  root = createRoot(container);
  bought = [];
});
afterEach(() => {
  act(() => root.unmount());
  container.remove();
});

const reward = (over: Partial<ShopResponse['rewards'][number]> = {}): ShopResponse['rewards'][number] => ({
  id: 7,
  shop: 'points',
  kind: 'gift',
  name: { ar: 'قهوة مجانية', en: 'Free coffee' },
  description: { ar: '', en: '' },
  image: null,
  pointsCost: 100,
  itemId: null,
  percentBasisPoints: null,
  maxDiscountHalalas: null,
  amountHalalas: null,
  validDays: null,
  affordable: true,
  soldOut: false,
  ...over,
});

const show = (r: ShopResponse['rewards'][number], signedIn = true) =>
  act(() => root.render(<ShopItem reward={r} signedIn={signedIn} onBuy={(p) => bought.push(p.id)} />));
const button = () => container.querySelector<HTMLButtonElement>('[data-testid="buy-reward"]');
const label = () => container.querySelector('[data-testid="reward-sold-out"]')?.textContent ?? null;

describe('a shop reward card: sold out', () => {
  it('labels a sold-out reward and disables its buy button with the reason, in Arabic', () => {
    show(reward({ soldOut: true }));
    expect(label()).toBe('نفدت الكمية');
    expect(button()?.disabled).toBe(true);
    expect(button()?.textContent).toBe('نفدت الكمية');
    expect(button()?.getAttribute('aria-label')).toBe('نفدت الكمية: قهوة مجانية');
    act(() => button()?.click());
    expect(bought).toEqual([]);
  });

  it('says sold out in English, before "not enough points" (more points would not help)', async () => {
    await act(() => i18n.changeLanguage('en'));
    show(reward({ soldOut: true, affordable: false }));
    expect(label()).toBe('Sold out');
    expect(button()?.textContent).toBe('Sold out');
    expect(button()?.disabled).toBe(true);
  });

  it('labels it for a signed-out diner too, who has no buy button', () => {
    show(reward({ soldOut: true }), false);
    expect(label()).toBe('نفدت الكمية');
    expect(button()).toBeNull();
  });

  it('keeps a reward in stock on sale: no label, the button buys it', () => {
    show(reward());
    expect(label()).toBeNull();
    expect(button()?.disabled).toBe(false);
    act(() => button()?.click());
    expect(bought).toEqual([7]);
  });
});
