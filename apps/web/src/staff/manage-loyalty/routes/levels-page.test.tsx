// @vitest-environment happy-dom
import type { LoyaltyLevelsAdmin } from '@sufra/shared/schemas/loyalty-admin';
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { LevelsEditor } from './levels-page';

// React's act() needs this flag outside a test renderer.
(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

let container: HTMLElement;
let root: Root;
const fetchSpy = vi.fn(() => Promise.reject(new Error('no request expected')));
beforeEach(() => {
  container = document.createElement('div');
  document.body.append(container);
  root = createRoot(container);
  vi.stubGlobal('fetch', fetchSpy);
});
afterEach(() => {
  act(() => root.unmount());
  container.remove();
  fetchSpy.mockClear();
  vi.unstubAllGlobals();
});

const $ = (testId: string) => container.querySelector(`[data-testid="${testId}"]`) as HTMLElement | null;
const click = (element: Element | null) => act(() => (element as HTMLElement).click());
function type(input: HTMLElement | null, value: string) {
  act(() => {
    Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')?.set?.call(input, value);
    input?.dispatchEvent(new Event('input', { bubbles: true }));
  });
}

const data = (canEdit: boolean): LoyaltyLevelsAdmin => ({
  version: 4,
  canEdit,
  levels: [
    {
      id: 1,
      name: { ar: 'برونزي', en: 'Bronze' },
      minLifetimePoints: 0,
      multiplierBasisPoints: 10_000,
      perks: { ar: [], en: [] },
      diners: 12,
    },
    {
      id: 2,
      name: { ar: 'فضي', en: 'Silver' },
      minLifetimePoints: 1_500,
      multiplierBasisPoints: 12_500,
      perks: { ar: [], en: [] },
      diners: 3,
    },
  ],
});

describe('the levels editor (issue 27 item 2)', () => {
  it('lists the levels lowest first with the diners in each now', () => {
    act(() => root.render(<LevelsEditor data={data(true)} />));
    expect(($('level-name-en-0') as HTMLInputElement).value).toBe('Bronze');
    expect(($('level-name-en-1') as HTMLInputElement).value).toBe('Silver');
    expect($('level-now-0')?.textContent).toMatch(/12|١٢/);
  });

  it('will not send a set whose first level was retired: no diner may be left without a level', () => {
    act(() => root.render(<LevelsEditor data={data(true)} />));
    click($('level-retire-0'));
    expect($('save-bar')?.getAttribute('data-state')).toBe('dirty');
    click($('save-bar-save'));
    expect($('levels-set-error')).not.toBeNull();
    expect(fetchSpy).not.toHaveBeenCalledWith(
      expect.stringContaining('/levels/'),
      expect.objectContaining({ method: 'PUT' }),
    );
  });

  it('marks a threshold two levels share, and a new level without names', () => {
    act(() => root.render(<LevelsEditor data={data(true)} />));
    type($('level-min-1'), '0');
    click($('level-add'));
    click($('save-bar-save'));
    expect($('level-min-1')?.getAttribute('aria-invalid')).toBe('true');
    expect($('level-name-ar-2')?.getAttribute('aria-invalid')).toBe('true');
  });

  it('moving a level down trades thresholds with its neighbour', () => {
    act(() => root.render(<LevelsEditor data={data(true)} />));
    click(container.querySelectorAll('button[aria-label]')[1] ?? null);
    expect(($('level-name-en-0') as HTMLInputElement).value).toBe('Silver');
    expect(($('level-min-0') as HTMLInputElement).value).toMatch(/^(0|٠)$/);
  });

  it('shows a manager the levels without a way to change them', () => {
    act(() => root.render(<LevelsEditor data={data(false)} />));
    expect($('loyalty-read-only')).not.toBeNull();
    expect($('save-bar')).toBeNull();
    expect($('level-add')).toBeNull();
    expect(($('level-min-0') as HTMLInputElement).disabled).toBe(true);
  });
});
