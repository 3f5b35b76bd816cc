// @vitest-environment happy-dom
import type { AdminItem, ItemListResponse } from '@sufra/shared/schemas/menu-admin';
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { clearQueries } from '../../../lib/query-writes';
import { FILTER_DEBOUNCE_MS, ItemsPage } from './items-page';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

/** Each request the page sends, held until the test answers it. */
interface Sent {
  url: URL;
  signal: AbortSignal | undefined;
  answer: (body: ItemListResponse) => void;
}
let sent: Sent[];
let container: HTMLElement;
let root: Root;
beforeEach(() => {
  sent = [];
  vi.useFakeTimers();
  vi.stubGlobal(
    'fetch',
    vi.fn(
      (input: string, init?: RequestInit) =>
        new Promise<Response>((resolve, reject) => {
          init?.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
          sent.push({
            url: new URL(input, 'http://localhost'),
            signal: init?.signal ?? undefined,
            answer: (body) =>
              resolve(new Response(JSON.stringify(body), { headers: { 'content-type': 'application/json' } })),
          });
        }),
    ),
  );
  container = document.createElement('div');
  document.body.append(container);
  root = createRoot(container);
});
afterEach(() => {
  act(() => root.unmount());
  container.remove();
  clearQueries(['staff']);
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

const OWNER = 'owner' as const;
const $ = (testId: string) => container.querySelector(`[data-testid="${testId}"]`) as HTMLInputElement | null;
const rows = () => [...container.querySelectorAll('[data-testid="menu-items"] tbody tr')].map((r) => r.textContent);
function type(value: string) {
  act(() => {
    const input = $('menu-items-filter');
    Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')?.set?.call(input, value);
    input?.dispatchEvent(new Event('input', { bubbles: true }));
  });
}
const wait = (ms: number) => act(async () => vi.advanceTimersByTimeAsync(ms));
const listRequests = () => sent.filter((s) => s.url.pathname.endsWith('/staff/manage/menu/items/'));

const item = (id: number, en: string): AdminItem => ({
  id,
  categoryId: 1,
  slug: en.toLowerCase(),
  name: { ar: en, en },
  description: { ar: '', en: '' },
  priceHalalas: 1000,
  taxRateBasisPoints: null,
  calories: null,
  allergens: [],
  image: null,
  imageColor: null,
  active: true,
  isCombo: false,
  version: 1,
  modifierGroupIds: [],
  comboSlots: [],
  branches: [{ branchId: 5, sold: true, available: true, soldOutUntil: null, priceHalalas: null }],
});
const page = (items: AdminItem[], total = items.length): ItemListResponse => ({
  canEditMenu: true,
  branches: [{ id: 5, name: { ar: 'الرئيسي', en: 'Main' }, timeZone: 'Asia/Riyadh' }],
  categories: [],
  branchId: 5,
  items,
  total,
  offset: 0,
  limit: 50,
});

describe('the item list (server-paged, docs/adr/0710)', () => {
  it('asks once for what was typed after a pause, cancels the request a newer one replaces, and keeps the rows meanwhile', async () => {
    act(() => root.render(<ItemsPage role={OWNER} />));
    expect(listRequests()).toHaveLength(1);
    expect(listRequests()[0]?.url.searchParams.get('q')).toBeNull();
    await act(async () => listRequests()[0]?.answer(page([item(1, 'Water'), item(2, 'Juice')], 120)));
    expect(rows()).toHaveLength(2);

    // Three keys in quick succession: nothing sent until the typing pauses, then one request for all three.
    type('w');
    await wait(50);
    type('wa');
    await wait(50);
    type('wat');
    await wait(FILTER_DEBOUNCE_MS - 10);
    expect(listRequests()).toHaveLength(1);
    await wait(20);
    expect(listRequests()).toHaveLength(2);
    expect(listRequests()[1]?.url.searchParams.get('q')).toBe('wat');

    // Typed on before it answered: that request is cancelled, the new one sent, the old rows still shown.
    type('wate');
    await wait(FILTER_DEBOUNCE_MS + 10);
    expect(listRequests()).toHaveLength(3);
    expect(listRequests()[1]?.signal?.aborted).toBe(true);
    expect(listRequests()[2]?.url.searchParams.get('q')).toBe('wate');
    expect(rows()).toHaveLength(2);
    await act(async () => listRequests()[2]?.answer(page([item(1, 'Water')])));
    expect(rows()).toHaveLength(1);
    expect(rows()[0]).toContain('Water');
  });

  it("shows no rows of the branch left while another branch's page loads: their buttons would act at the old one", async () => {
    act(() => root.render(<ItemsPage role={OWNER} />));
    const two = page([item(1, 'Water')]);
    two.branches.push({ id: 6, name: { ar: 'الثاني', en: 'Second' }, timeZone: 'Asia/Riyadh' });
    await act(async () => listRequests()[0]?.answer(two));
    expect($('menu-item-soldout-water')).not.toBeNull();
    const select = $('menu-branch') as unknown as HTMLSelectElement;
    await act(async () => {
      select.value = '6';
      select.dispatchEvent(new Event('change', { bubbles: true }));
    });
    expect(listRequests().at(-1)?.url.searchParams.get('branch')).toBe('6');
    expect($('menu-item-soldout-water')).toBeNull();
    await act(async () =>
      listRequests()
        .at(-1)
        ?.answer({ ...two, branchId: 6 }),
    );
    expect($('menu-item-soldout-water')).not.toBeNull();
  });

  it('turns pages and sorts on the server: the page and the sort are the request’s', async () => {
    act(() => root.render(<ItemsPage role={OWNER} />));
    await act(async () => listRequests()[0]?.answer(page([item(1, 'Water')], 120)));
    const next = container.querySelector('.console-pager button:last-of-type') as HTMLButtonElement;
    await act(async () => next.click());
    expect(listRequests().at(-1)?.url.searchParams.get('offset')).toBe('50');
    const byPrice = [...container.querySelectorAll('th button')].find((b) =>
      b.textContent?.includes('manageMenu.columns.price'),
    ) as HTMLButtonElement | undefined;
    await act(async () => byPrice?.click());
    const asked = listRequests().at(-1)?.url.searchParams;
    expect(asked?.get('sort')).toBe('price');
    expect(asked?.get('direction')).toBe('asc');
    expect(asked?.get('offset')).toBe('0'); // back to the first page
  });
});
