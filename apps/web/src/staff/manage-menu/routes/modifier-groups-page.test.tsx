// @vitest-environment happy-dom
import type { AdminMenuResponse } from '@sufra/shared/schemas/menu-admin';
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { GroupForm } from '../components/modifier-group-form';

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
  vi.unstubAllGlobals();
});

const byTestId = (id: string) => container.querySelector(`[data-testid="${id}"]`) as HTMLInputElement;
function type(input: HTMLInputElement, value: string) {
  act(() => {
    Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')?.set?.call(input, value);
    input.dispatchEvent(new Event('input', { bubbles: true }));
  });
}

const menu: AdminMenuResponse = {
  canEditMenu: true,
  branches: [],
  categories: [],
  items: [],
  modifierGroups: [],
};

describe('the choice group editor', () => {
  it('shows min over max, a bad price and missing names under their fields, and sends nothing', async () => {
    // Nothing may reach the network while the form has errors.
    const sent = vi.fn(() => Promise.reject(new Error('no request expected')));
    vi.stubGlobal('fetch', sent);
    act(() => root.render(<GroupForm group={null} menu={menu} />));
    type(byTestId('menu-group-min'), '3');
    type(byTestId('menu-group-max'), '2');
    type(byTestId('menu-group-option-price-0'), '4.505');
    await act(async () => byTestId('save-bar-save').click());
    expect(byTestId('menu-group-max').getAttribute('aria-invalid')).toBe('true');
    expect(byTestId('menu-group-min').getAttribute('aria-invalid')).not.toBe('true');
    expect(byTestId('menu-group-option-price-0').getAttribute('aria-invalid')).toBe('true');
    expect(byTestId('menu-group-name-ar').getAttribute('aria-invalid')).toBe('true');
    expect(byTestId('menu-group-option-name-en-0').getAttribute('aria-invalid')).toBe('true');
    expect(sent).not.toHaveBeenCalled();

    // Fixed, the same fields are no longer marked.
    type(byTestId('menu-group-max'), '3');
    type(byTestId('menu-group-option-price-0'), '4.50');
    expect(byTestId('menu-group-max').getAttribute('aria-invalid')).not.toBe('true');
    expect(byTestId('menu-group-option-price-0').getAttribute('aria-invalid')).not.toBe('true');
  });
});
