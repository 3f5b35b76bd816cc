// @vitest-environment happy-dom
import type { StaffOrder } from '@sufra/shared/schemas/order';
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { OrderPosState } from './order-pos-state';
import { PosPendingAlert } from './pos-pending-alert';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

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
const $ = (selector: string) => container.querySelector(selector) as HTMLElement | null;

type Pos = NonNullable<StaffOrder['pos']>;
const pos = (patch: Partial<Pos>): Pos => ({
  state: 'sent',
  reason: null,
  nextTryAt: null,
  failures: 0,
  sentAt: '2026-11-23T15:00:00Z',
  waitingSince: null,
  updatedAt: '2026-11-23T15:00:00Z',
  ...patch,
});

describe('an order’s POS state on its card', () => {
  it('shows a retry with its reason, and no console link', () => {
    const retrying = pos({
      state: 'retrying',
      reason: 'Foodics POST /orders: 500 Server Error',
      nextTryAt: '2026-11-23T15:01:00Z',
    });
    act(() => root.render(<OrderPosState pos={retrying} timeZone="Asia/Riyadh" consoleLink />));
    expect($('[data-testid="order-pos"]')?.dataset.pos).toBe('retrying');
    expect($('[data-testid="order-pos-reason"] bdi')?.textContent).toBe('Foodics POST /orders: 500 Server Error');
    expect($('a')).toBeNull();
  });

  it('links a dead hand-off to the console’s Foodics page for managers, not for cashiers', () => {
    const dead = pos({ state: 'dead', reason: 'not mapped to Foodics: product:4' });
    act(() => root.render(<OrderPosState pos={dead} timeZone="Asia/Riyadh" consoleLink />));
    expect($('a')?.getAttribute('href')).toBe('/staff/manage/foodics');
    act(() => root.render(<OrderPosState pos={dead} timeZone="Asia/Riyadh" consoleLink={false} />));
    expect($('a')).toBeNull();
    expect($('[data-testid="order-pos-reason"]')).not.toBeNull();
  });
});

describe('the pending alert', () => {
  it('is an alert naming the orders, and nothing when none waits', () => {
    const waiting = { id: 9, number: 12, pos: pos({ waitingSince: '2026-11-23T15:05:00Z' }) } as StaffOrder;
    act(() => root.render(<PosPendingAlert orders={[waiting]} timeZone="Asia/Riyadh" />));
    const alert = $('[data-testid="board-pos-alert"]');
    expect(alert?.getAttribute('role')).toBe('alert');
    expect(alert?.textContent).toContain('staff.board.pos.alertBody');
    act(() => root.render(<PosPendingAlert orders={[]} timeZone="Asia/Riyadh" />));
    expect($('[data-testid="board-pos-alert"]')).toBeNull();
  });
});
