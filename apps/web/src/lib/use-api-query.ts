import { useCallback, useEffect, useSyncExternalStore } from 'react';

/**
 * Server data without a query library: a tiny keyed cache shared by every component, so going
 * menu → item → menu does not refetch. Keys include the language, so switching language refetches.
 * Entries older than STALE_MS are refreshed in the background while the old data stays on screen.
 */
export interface QueryState<T> {
  data: T | undefined;
  error: unknown;
  loading: boolean;
  refetch: () => void;
}

interface Entry {
  data?: unknown;
  error?: unknown;
  loading: boolean;
  fetchedAt: number;
}

const STALE_MS = 60_000;
const cache = new Map<string, Entry>();
const listeners = new Map<string, Set<() => void>>();

function emit(key: string) {
  for (const listener of listeners.get(key) ?? []) listener();
}

function subscribeKey(key: string, listener: () => void) {
  let set = listeners.get(key);
  if (!set) {
    set = new Set();
    listeners.set(key, set);
  }
  set.add(listener);
  return () => {
    set.delete(listener);
  };
}

const inFlight = new Map<string, Promise<void>>();

/** Starts (or joins) the fetch of `key`; the promise settles, never rejects, once the cache holds its outcome. */
export function fetchQuery<T>(key: string, fetcher: () => Promise<T>): Promise<void> {
  const previous = cache.get(key);
  const running = inFlight.get(key);
  if (previous?.loading && running) return running;
  cache.set(key, { data: previous?.data, error: undefined, loading: true, fetchedAt: previous?.fetchedAt ?? 0 });
  emit(key);
  const settled = fetcher().then(
    (data) => {
      cache.set(key, { data, loading: false, fetchedAt: Date.now() });
    },
    (error: unknown) => {
      cache.set(key, { data: previous?.data, error, loading: false, fetchedAt: Date.now() });
    },
  );
  const done = settled.then(() => {
    inFlight.delete(key);
    emit(key);
  });
  inFlight.set(key, done);
  return done;
}

/** Reads a cached value without subscribing (e.g. an item already in the loaded menu). */
export function peekQuery<T>(key: string): T | undefined {
  return cache.get(key)?.data as T | undefined;
}

const EMPTY: Entry = { loading: false, fetchedAt: 0 };

/** `key` null = do not fetch (e.g. a parameter is missing). */
export function useApiQuery<T>(key: string | null, fetcher: () => Promise<T>): QueryState<T> {
  const subscribe = useCallback((listener: () => void) => (key ? subscribeKey(key, listener) : () => {}), [key]);
  const read = () => (key ? (cache.get(key) ?? EMPTY) : EMPTY);
  // The same read while hydrating the server's first paint: app/boot.tsx hydrates only once the data is in the cache.
  const entry = useSyncExternalStore(subscribe, read, read);

  // The fetcher is a fresh closure each render; the key says everything about what it fetches.
  // biome-ignore lint/correctness/useExhaustiveDependencies: keyed by `key` on purpose
  useEffect(() => {
    if (!key) return;
    const current = cache.get(key);
    if (!current || (!current.loading && Date.now() - current.fetchedAt > STALE_MS)) fetchQuery(key, fetcher);
  }, [key]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: keyed by `key` on purpose
  const refetch = useCallback(() => {
    if (key) fetchQuery(key, fetcher);
  }, [key]);

  const started = key !== null && entry !== EMPTY;
  return {
    data: entry.data as T | undefined,
    error: entry.error,
    loading: key !== null && (!started || entry.loading),
    refetch,
  };
}
