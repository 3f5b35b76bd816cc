import { useCallback, useEffect, useRef, useSyncExternalStore } from 'react';

/**
 * Server data without a query library (docs/adr/0360-one-way-to-load-server-data.md): one keyed cache shared by every
 * component, so going menu → item → menu does not refetch. A key is an array, most general part first
 * (`['loyalty', uuid, 'account', language]`), so a write can invalidate everything under a prefix (`['loyalty', uuid]`).
 * Keys that depend on the language include it, so switching language refetches. Entries older than their `staleMs`
 * are refreshed in the background while the old data stays on screen. Writes go through `useApiMutation`
 * (lib/use-api-mutation.ts), paged lists through `useApiPages` (lib/use-api-pages.ts).
 */
export type QueryKey = readonly (string | number | boolean | null)[];

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
  /** Set by an invalidation: the next read fetches whatever the age. */
  invalid?: boolean;
}

const DEFAULT_STALE_MS = 60_000;
let last = 0;
/** Now in ms, never the same twice: an answer and a reader's ask in one millisecond still have an order. */
const stamp = () => (last = Math.max(Date.now(), last + 1));
const cache = new Map<string, Entry>();
const listeners = new Map<string, Set<() => void>>();
/** The last fetcher each key was read with: an invalidation refetches what is on screen with it. */
const fetchers = new Map<string, () => Promise<unknown>>();
/** The request whose answer a key is waiting for; an older one that lands later is dropped. */
const inFlight = new Map<string, Promise<void>>();

/** The cache's name of a key (its JSON): `['menu', 'abc', 'ar']` and `['menu', 'abc', 'ar']` are one entry. */
export const hashKey = (key: QueryKey): string => JSON.stringify(key);

/** @internal the cache's state, for the writes in lib/query-writes.ts (kept out of the menu's first chunk). */
export const store = { cache, listeners, fetchers, inFlight, stamp };

export function emit(hash: string) {
  for (const listener of listeners.get(hash) ?? []) listener();
}

function subscribeKey(hash: string, listener: () => void) {
  let set = listeners.get(hash);
  if (!set) {
    set = new Set();
    listeners.set(hash, set);
  }
  set.add(listener);
  return () => {
    set.delete(listener);
    if (set.size === 0) listeners.delete(hash);
  };
}

/** Starts the fetch of `key` (or joins the one in flight); the promise settles, never rejects, once the cache holds
 * the outcome. `force` starts a fresh request even while one is in flight (an invalidation: the older answer may
 * predate the write), and the older answer is then ignored. */
export function fetchQuery<T>(key: QueryKey, fetcher: () => Promise<T>, force = false): Promise<void> {
  const hash = hashKey(key);
  fetchers.set(hash, fetcher);
  const running = inFlight.get(hash);
  if (running && !force) return running;
  const previous = cache.get(hash);
  cache.set(hash, { data: previous?.data, loading: true, fetchedAt: previous?.fetchedAt ?? 0 });
  emit(hash);
  const promise: Promise<void> = fetcher()
    .then(
      (data): Entry => ({ data, loading: false, fetchedAt: stamp() }),
      (error: unknown): Entry => ({ data: cache.get(hash)?.data, error, loading: false, fetchedAt: stamp() }),
    )
    .then((entry) => {
      if (inFlight.get(hash) !== promise) return; // a newer request owns the key now
      inFlight.delete(hash);
      cache.set(hash, entry);
      emit(hash);
    });
  inFlight.set(hash, promise);
  return promise;
}

/** Reads a cached value without subscribing (e.g. an item already in the loaded menu). */
export function peekQuery<T>(key: QueryKey): T | undefined {
  return cache.get(hashKey(key))?.data as T | undefined;
}

export interface QueryOptions {
  /**
   * How old the cached data may be before a new reader refetches it (default 60 s). 0: each mount asks again and shows
   * nothing (loading) until that answer is in, as a page with its own request would; later refreshes keep the data.
   */
  staleMs?: number;
}

const EMPTY: Entry = { loading: false, fetchedAt: 0 };

/** `key` null = do not fetch (e.g. a parameter is missing). */
export function useApiQuery<T>(
  key: QueryKey | null,
  fetcher: () => Promise<T>,
  { staleMs = DEFAULT_STALE_MS }: QueryOptions = {},
): QueryState<T> {
  const hash = key ? hashKey(key) : null;
  const subscribe = useCallback((listener: () => void) => (hash ? subscribeKey(hash, listener) : () => {}), [hash]);
  const read = () => (hash ? (cache.get(hash) ?? EMPTY) : EMPTY);
  // The same read while hydrating the server's first paint: app/boot.tsx hydrates only once the data is in the cache.
  const entry = useSyncExternalStore(subscribe, read, read);
  // staleMs 0: when this reader asked, so an answer from before it is not shown.
  const since = useRef<[string | null, number]>([null, 0]);

  // The fetcher is a fresh closure each render; the key says everything about what it fetches.
  // biome-ignore lint/correctness/useExhaustiveDependencies: keyed by `hash` on purpose
  useEffect(() => {
    if (!key || !hash) return;
    since.current = [hash, stamp()];
    const current = cache.get(hash);
    if (!current || (!current.loading && (current.invalid || !staleMs || Date.now() - current.fetchedAt > staleMs)))
      fetchQuery(key, fetcher);
  }, [hash]);

  // An invalidation refetches with the fetcher of the latest render (a map entry, harmless to set while rendering).
  if (hash) fetchers.set(hash, fetcher);

  // Joins a load in flight rather than sending a second request.
  // biome-ignore lint/correctness/useExhaustiveDependencies: keyed by `hash` on purpose
  const refetch = useCallback(() => {
    if (key) fetchQuery(key, fetcher);
  }, [hash]);

  const started = hash !== null && entry !== EMPTY;
  const hide = !staleMs && (since.current[0] !== hash || entry.fetchedAt < since.current[1]);
  return {
    data: hide ? undefined : (entry.data as T | undefined),
    error: hide ? undefined : entry.error,
    loading: hash !== null && (hide || !started || entry.loading),
    refetch,
  };
}
