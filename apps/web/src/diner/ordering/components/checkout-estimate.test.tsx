// @vitest-environment happy-dom
import type { Branch } from '@sufra/shared/schemas/branch';
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../../lib/i18n';
import orderingEn from '../../../locales/ordering.en.json';
import { type CartState, initialCartState } from '../../../stores/cart-slice';
import { CheckoutDetails } from './checkout-details';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

let container: HTMLElement;
let root: Root;
beforeEach(async () => {
  vi.useFakeTimers({ toFake: ['Date'] });
  // 12:00 in Riyadh.
  vi.setSystemTime(new Date('2026-11-28T09:00:00Z'));
  i18n.addResourceBundle('en', 'translation', orderingEn, true, true);
  await i18n.changeLanguage('en');
  container = document.createElement('div');
  document.body.append(container);
  root = createRoot(container);
});
afterEach(() => {
  act(() => root.unmount());
  container.remove();
  vi.useRealTimers();
});

const branch = (over: Partial<Branch> = {}) =>
  ({
    id: 1,
    name: { ar: 'العليا', en: 'Olaya' },
    timeZone: 'Asia/Riyadh',
    deliveryZones: [
      {
        id: 9,
        name: { ar: 'الوسط', en: 'Centre' },
        feeHalalas: 0,
        minimumOrderHalalas: 0,
        estimatedMinutes: 40,
        geometry: { type: 'Polygon', coordinates: [] },
      },
    ],
    preparation: { baseMinutes: 10, perItemMinutes: 2 },
    ...over,
  }) as Branch;
const cart = (over: Partial<CartState> = {}) =>
  ({
    ...initialCartState,
    orderType: 2,
    products: [{ productQuantity: 2 }],
    combos: [{ comboQuantity: 1 }],
    ...over,
  }) as CartState;
const estimateText = () => container.querySelector('[data-testid="review-estimate"]')?.textContent ?? null;

describe("the checkout's estimate (issue 28 item 3)", () => {
  it("counts the branch's base and per-item minutes over the cart's units, on the branch's clock", () => {
    // 10 + 2 × 3 units = 16 minutes after 12:00.
    act(() => root.render(<CheckoutDetails uuid="u" cart={cart()} qr={null} branch={branch()} />));
    expect(estimateText()).toBe('Ready around 12:16 PM (If you order now)');
  });

  it("adds the chosen zone's drive for a delivery", () => {
    const delivery = cart({
      orderType: 3,
      deliveryZone: { id: 9, name: { ar: '', en: '' }, feeHalalas: 0, minimumOrderHalalas: 0 },
    });
    act(() => root.render(<CheckoutDetails uuid="u" cart={delivery} qr={null} branch={branch()} />));
    expect(estimateText()).toBe('Arrives around 12:56 PM (If you order now)');
  });

  it('shows none while the branch gives no preparation time', () => {
    act(() =>
      root.render(<CheckoutDetails uuid="u" cart={cart()} qr={null} branch={branch({ preparation: undefined })} />),
    );
    expect(estimateText()).toBeNull();
  });
});
