// @vitest-environment happy-dom
import type { FoodicsMapping, FoodicsMenuImportSummary } from '@sufra/shared/schemas/foodics-menu';
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { ready } from '../foodics-strings';
import { FoodicsMenuSection } from './menu-section';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const mapping: FoodicsMapping = {
  local: [
    {
      kind: 'branch',
      id: 2,
      name: { ar: 'الملقا', en: 'Malqa' },
      active: true,
      branchId: null,
      branchName: null,
      foodicsId: null,
      foodicsName: null,
    },
    {
      kind: 'branch',
      id: 1,
      name: { ar: 'العليا', en: 'Olaya' },
      active: true,
      branchId: null,
      branchName: null,
      foodicsId: 'fb-1',
      foodicsName: 'Olaya',
    },
    {
      kind: 'product',
      id: 7,
      name: { ar: 'شاي', en: 'Tea' },
      active: true,
      branchId: null,
      branchName: null,
      foodicsId: null,
      foodicsName: null,
    },
    {
      kind: 'table',
      id: 31,
      name: { ar: '3', en: '3' },
      active: true,
      branchId: 1,
      branchName: { ar: 'العليا', en: 'Olaya' },
      foodicsId: null,
      foodicsName: null,
    },
  ],
  unmappedAtFoodics: [
    { kind: 'branch', foodicsId: 'fb-2', name: 'Malqa' },
    { kind: 'product', foodicsId: 'fp-tea', name: 'Tea' },
  ],
  foodicsError: null,
};
const zero = { created: 0, updated: 0, deactivated: 0 };
const summary: FoodicsMenuImportSummary = {
  counts: {
    categories: zero,
    products: { created: 3, updated: 1, deactivated: 2 },
    modifiers: zero,
    modifierOptions: zero,
    combos: zero,
    branchItems: zero,
  },
  skipped: 0,
  at: '2026-11-29T04:00:00.000Z',
};

let container: HTMLElement;
let root: Root;
const sent: { method: string; url: string; body: unknown }[] = [];
const json = (body: unknown) =>
  new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });

beforeAll(() => ready);
beforeEach(() => {
  container = document.createElement('div');
  document.body.append(container);
  root = createRoot(container);
  sent.length = 0;
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit = {}) => {
      const method = init.method ?? 'GET';
      sent.push({ method, url: String(url), body: init.body ? JSON.parse(String(init.body)) : undefined });
      if (String(url).includes('/menu-import/')) return json(summary);
      if (method === 'PUT') return json({ kind: 'branch', localId: 2, foodicsId: 'fb-2' });
      return json(mapping);
    }),
  );
});
afterEach(() => {
  act(() => root.unmount());
  container.remove();
  vi.unstubAllGlobals();
});

const $ = (testId: string) => container.querySelector(`[data-testid="${testId}"]`) as HTMLElement | null;
const settle = () => act(async () => new Promise((r) => setTimeout(r, 0)));

describe('the Foodics menu section (owners, ADR 0680)', () => {
  it('lists the unmapped only by default, all on the filter; maps one to a Foodics id of its kind', async () => {
    act(() => root.render(<FoodicsMenuSection />));
    await settle();
    const branchRows = () => [...($('foodics-mapping-branches')?.querySelectorAll('tbody tr') ?? [])];
    expect(branchRows()).toHaveLength(1);
    expect(branchRows()[0]?.textContent).toContain('الملقا');
    act(() => ($('foodics-mapping-filter-all') as HTMLInputElement).click());
    expect(branchRows()).toHaveLength(2);
    expect($('foodics-unmap-branch-1')).not.toBeNull();
    // Only Foodics' unmapped ids of the row's kind are offered.
    const select = $('foodics-choose-branch-2') as HTMLSelectElement;
    expect([...select.options].map((o) => o.value)).toEqual(['', 'fb-2']);
    expect(($('foodics-map-branch-2') as HTMLButtonElement).disabled).toBe(true);
    act(() => {
      select.value = 'fb-2';
      select.dispatchEvent(new Event('change', { bubbles: true }));
    });
    await act(async () => ($('foodics-map-branch-2') as HTMLButtonElement).click());
    await settle();
    expect(sent.find((s) => s.method === 'PUT')).toMatchObject({
      url: expect.stringContaining('/staff/manage/foodics/mapping/'),
      body: { kind: 'branch', localId: 2, foodicsId: 'fb-2' },
    });
  });

  it("lists a branch's tables; a table's Foodics id is typed in and sent as the table's mapping", async () => {
    act(() => root.render(<FoodicsMenuSection />));
    await settle();
    const rows = [...($('foodics-mapping-tables')?.querySelectorAll('tbody tr') ?? [])];
    expect(rows).toHaveLength(1);
    expect(rows[0]?.textContent).toMatch(/العليا|Olaya/);
    // Tables are not among the items.
    expect($('foodics-mapping-items')?.textContent).not.toMatch(/طاولة|Table 3/);
    const input = $('foodics-choose-table-31') as HTMLInputElement;
    expect(($('foodics-map-table-31') as HTMLButtonElement).disabled).toBe(true);
    act(() => {
      const setValue = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')?.set;
      setValue?.call(input, ' ftb-olaya-3 ');
      input.dispatchEvent(new Event('input', { bubbles: true }));
    });
    await act(async () => ($('foodics-map-table-31') as HTMLButtonElement).click());
    await settle();
    expect(sent.find((s) => s.method === 'PUT')).toMatchObject({
      body: { kind: 'table', localId: 31, foodicsId: 'ftb-olaya-3' },
    });
  });

  it('imports on the button and shows what changed per kind', async () => {
    act(() => root.render(<FoodicsMenuSection />));
    await settle();
    await act(async () => ($('foodics-import-run') as HTMLButtonElement).click());
    await settle();
    expect(sent.some((s) => s.method === 'POST' && s.url.includes('/staff/manage/foodics/menu-import/'))).toBe(true);
    const row = $('foodics-import-products');
    const cells = [...(row?.querySelectorAll('td') ?? [])].map((td) => td.textContent);
    expect([
      ['3', '1', '2'],
      ['٣', '١', '٢'],
    ]).toContainEqual(cells);
    expect($('foodics-import-summary')).not.toBeNull();
  });
});
