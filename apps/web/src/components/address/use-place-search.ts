import type { GeocodePlace } from '@sufra/shared/schemas/geocoding';
import { useCallback, useEffect, useRef, useState } from 'react';

/** The least the server searches for (geocodeQuery: 2 characters). */
export const MIN_QUERY = 2;
/** Typing pauses this long before a search goes: about one request a word, not one a key. */
export const DEBOUNCE_MS = 300;

export type PlaceSearchStatus = 'idle' | 'searching' | 'done' | 'failed';

export type SearchPlacesFn = (query: string, signal: AbortSignal) => Promise<GeocodePlace[]>;

/**
 * The address search's state (a combobox's logic, apart from its markup so it is tested alone): the text typed,
 * the places for the LAST text only (a search still running when the text changes is aborted, and a late answer is
 * dropped), the option the arrows made active, and whether the list is open.
 */
export function usePlaceSearch(search: SearchPlacesFn, debounceMs = DEBOUNCE_MS) {
  const [query, setQueryText] = useState('');
  const [places, setPlaces] = useState<GeocodePlace[]>([]);
  const [status, setStatus] = useState<PlaceSearchStatus>('idle');
  const [active, setActive] = useState(-1);
  const [open, setOpen] = useState(false);
  const running = useRef<AbortController | null>(null);
  const searchRef = useRef(search);
  searchRef.current = search;

  useEffect(() => {
    running.current?.abort();
    running.current = null;
    const text = query.trim();
    if (text.length < MIN_QUERY) {
      setPlaces([]);
      setStatus('idle');
      setActive(-1);
      return;
    }
    const controller = new AbortController();
    const timer = setTimeout(() => {
      running.current = controller;
      setStatus('searching');
      searchRef.current(text, controller.signal).then(
        (found) => {
          if (controller.signal.aborted) return;
          setPlaces(found);
          setStatus('done');
          setActive(-1);
        },
        () => {
          if (controller.signal.aborted) return;
          setPlaces([]);
          setStatus('failed');
        },
      );
    }, debounceMs);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [query, debounceMs]);

  const setQuery = useCallback((text: string) => {
    setQueryText(text);
    setOpen(true);
  }, []);

  /** ArrowDown / ArrowUp move through the options (wrapping); they open a closed list. */
  const move = useCallback(
    (step: 1 | -1) => {
      setOpen(true);
      if (places.length === 0) return;
      setActive((current) => {
        if (current === -1) return step === 1 ? 0 : places.length - 1;
        return (current + step + places.length) % places.length;
      });
    },
    [places.length],
  );

  const close = useCallback(() => {
    setOpen(false);
    setActive(-1);
  }, []);

  return { query, setQuery, places, status, active, setActive, open: open && status !== 'idle', move, close };
}
