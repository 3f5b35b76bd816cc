// @vitest-environment happy-dom
import type { StaffUser } from '@sufra/shared/schemas/staff';
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { RewardForm } from './reward-form';

// React's act() needs this flag outside a test renderer.
(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

let container: HTMLElement;
let root: Root;
const sent: { url: string; method: string; body: Record<string, unknown> }[] = [];
const fetchSpy = vi.fn(async (url: string, init?: RequestInit) => {
  sent.push({ url, method: init?.method ?? 'GET', body: init?.body ? JSON.parse(String(init.body)) : {} });
  return new Response(JSON.stringify({ id: 9 }), { status: 201, headers: { 'content-type': 'application/json' } });
});
beforeEach(() => {
  container = document.createElement('div');
  document.body.append(container);
  root = createRoot(container);
  vi.stubGlobal('fetch', fetchSpy);
  sent.length = 0;
});
afterEach(() => {
  act(() => root.unmount());
  container.remove();
  fetchSpy.mockClear();
  vi.unstubAllGlobals();
});

const owner = {
  id: 1,
  role: 'owner',
  branches: [{ id: 3, name: { ar: 'العليا', en: 'Olaya' } }],
} as unknown as StaffUser;

function set(element: Element | null, value: string) {
  act(() => {
    const proto = element instanceof HTMLSelectElement ? HTMLSelectElement.prototype : HTMLInputElement.prototype;
    Object.getOwnPropertyDescriptor(proto, 'value')?.set?.call(element, value);
    element?.dispatchEvent(new Event(element instanceof HTMLSelectElement ? 'change' : 'input', { bubbles: true }));
  });
}
const input = (label: string) => {
  const id = [...container.querySelectorAll('label')].find((l) => l.textContent === label)?.htmlFor;
  return id ? container.querySelector(`#${CSS.escape(id)}`) : null;
};

describe('the reward editor', () => {
  it('sends a percent reward in basis points and halalas, without the other kinds’ fields', async () => {
    const done = vi.fn();
    act(() => root.render(<RewardForm reward={null} shop="prize" user={owner} onDone={done} />));
    set(container.querySelector('[data-testid="reward-kind"]'), 'percent');
    expect(input('manageRewards.form.amount')).toBeNull();
    set(input('manageRewards.form.nameAr'), 'خصم ١٥٪');
    set(input('manageRewards.form.nameEn'), '15% off');
    set(input('manageRewards.form.percent'), '15');
    set(input('manageRewards.form.cap'), '12.5');
    await act(async () => {
      container.querySelector('form')?.dispatchEvent(new Event('submit', { bubbles: true, cancelable: true }));
    });
    expect(sent).toHaveLength(1);
    expect(sent[0]?.method).toBe('POST');
    expect(sent[0]?.body).toMatchObject({
      shop: 'prize',
      kind: 'percent',
      nameEn: '15% off',
      percentBasisPoints: 1_500,
      maxDiscountHalalas: 1_250,
      amountHalalas: null,
      itemId: null,
      pointsCost: null,
      branchIds: null,
      validDays: 30,
    });
    expect(done).toHaveBeenCalled();
  });
});
