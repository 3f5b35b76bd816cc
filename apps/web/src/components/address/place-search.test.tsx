// @vitest-environment happy-dom
import type { GeocodePlace } from '@sufra/shared/schemas/geocoding';
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, beforeEach, describe, expect, it, type Mock, vi } from 'vitest';
import { PlaceSearch } from './place-search';
import { DEBOUNCE_MS, type SearchPlacesFn } from './use-place-search';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const place = (en: string, ar: string, lat: number): GeocodePlace => ({
  name: { en, ar },
  context: { en: 'Riyadh', ar: 'الرياض' },
  kind: 'district',
  location: { lat, lng: 46.7 },
});
const OLAYA = place('Olaya', 'العليا', 24.69);
const MALAZ = place('Malaz', 'الملز', 24.66);

let container: HTMLElement;
let root: Root;
beforeEach(() => {
  vi.useFakeTimers();
  container = document.createElement('div');
  document.body.append(container);
  root = createRoot(container);
});
afterEach(() => {
  act(() => root.unmount());
  container.remove();
  vi.useRealTimers();
});

const input = () => container.querySelector('[role="combobox"]') as HTMLInputElement;
const listbox = () => container.querySelector('[role="listbox"]') as HTMLElement;
const options = () => [...container.querySelectorAll('[role="option"]')] as HTMLElement[];

/** Types as React sees it (the native value setter, then an input event). */
function type(text: string) {
  const setter = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')?.set;
  act(() => {
    setter?.call(input(), text);
    input().dispatchEvent(new Event('input', { bubbles: true }));
  });
}
const key = (k: string) => act(() => input().dispatchEvent(new KeyboardEvent('keydown', { key: k, bubbles: true })));
const settle = async (ms = DEBOUNCE_MS) => {
  await act(async () => {
    await vi.advanceTimersByTimeAsync(ms);
  });
};

function renderSearch(
  search: Mock<SearchPlacesFn> = vi.fn<SearchPlacesFn>(async () => [OLAYA, MALAZ]),
  onPick = vi.fn(),
) {
  act(() => root.render(<PlaceSearch search={search} language="en" onPick={onPick} />));
  return { search, onPick };
}

describe('the address search combobox', () => {
  it('searches once after typing pauses (debounced), not for each key, and not under two characters', async () => {
    const { search } = renderSearch();
    type('o');
    await settle();
    expect(search).not.toHaveBeenCalled();
    type('ol');
    type('ola');
    type('olay');
    await settle(DEBOUNCE_MS - 1);
    expect(search).not.toHaveBeenCalled();
    await settle(1);
    expect(search).toHaveBeenCalledTimes(1);
    expect(search.mock.calls[0]?.[0]).toBe('olay');
    expect(input().getAttribute('aria-expanded')).toBe('true');
    expect(options().map((o) => o.textContent)).toEqual(['OlayaRiyadh', 'MalazRiyadh']);
  });

  it('cancels a search the next keystroke made stale and never shows its late answer', async () => {
    const signals: AbortSignal[] = [];
    const answers: Array<(places: GeocodePlace[]) => void> = [];
    const search = vi.fn<SearchPlacesFn>(
      (_q, signal) =>
        new Promise<GeocodePlace[]>((resolve) => {
          signals.push(signal);
          answers.push(resolve);
        }),
    );
    renderSearch(search);
    type('ola');
    await settle();
    type('mal');
    expect(signals[0]?.aborted).toBe(true);
    await settle();
    await act(async () => answers[1]?.([MALAZ]));
    await act(async () => answers[0]?.([OLAYA]));
    expect(options().map((o) => o.textContent)).toEqual(['MalazRiyadh']);
  });

  it('moves through the options with the arrows (aria-activedescendant, wrapping) and picks with Enter', async () => {
    const { onPick } = renderSearch();
    type('riyadh');
    await settle();
    expect(input().getAttribute('aria-activedescendant')).toBeNull();
    key('ArrowDown');
    expect(input().getAttribute('aria-activedescendant')).toBe(options()[0]?.id);
    expect(options()[0]?.getAttribute('aria-selected')).toBe('true');
    key('ArrowDown');
    key('ArrowDown');
    expect(input().getAttribute('aria-activedescendant')).toBe(options()[0]?.id);
    key('ArrowUp');
    expect(options()[1]?.getAttribute('aria-selected')).toBe('true');
    key('Enter');
    expect(onPick).toHaveBeenCalledWith(MALAZ);
    expect(listbox().hidden).toBe(true);
    expect(input().getAttribute('aria-expanded')).toBe('false');
  });

  it('picks with a tap, closes with Escape and clears the text with a second Escape', async () => {
    const { onPick } = renderSearch();
    type('riyadh');
    await settle();
    act(() => options()[0]?.dispatchEvent(new MouseEvent('mousedown', { bubbles: true })));
    expect(onPick).toHaveBeenCalledWith(OLAYA);
    type('riyad');
    await settle();
    expect(listbox().hidden).toBe(false);
    key('Escape');
    expect(listbox().hidden).toBe(true);
    expect(input().value).toBe('riyad');
    key('Escape');
    expect(input().value).toBe('');
  });

  it('says in the status line how many places came, none, or that the search failed', async () => {
    const search = vi.fn<SearchPlacesFn>(async (q) => {
      if (q === 'fail') throw new Error('offline');
      return q === 'zzz' ? [] : [OLAYA];
    });
    renderSearch(search);
    const status = () => container.querySelector('[role="status"]')?.textContent;
    type('olaya');
    await settle();
    expect(status()).toContain('address.searchCount');
    type('zzz');
    await settle();
    expect(status()).toBe('address.searchNone');
    type('fail');
    await settle();
    expect(status()).toBe('address.searchFailed');
  });
});
