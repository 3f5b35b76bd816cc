import { emit, fetchQuery, hashKey, type QueryKey, store } from './use-api-query';

// The cache's writes: what a mutation or a paged list does to it. Apart from lib/use-api-query.ts so the menu's first
// chunk, which only reads, does not carry them.
const { cache, listeners, fetchers, inFlight } = store;

/** Whether `key` starts with every element of `prefix` (an empty prefix matches every key). */
export function keyStartsWith(key: QueryKey, prefix: QueryKey): boolean {
  return prefix.length <= key.length && prefix.every((part, index) => part === key[index]);
}

/** The cached entry's data and whether a request for it is on its way (without subscribing). */
export function queryStatus<T>(key: QueryKey): { data: T | undefined; loading: boolean } {
  const entry = cache.get(hashKey(key));
  return { data: entry?.data as T | undefined, loading: entry?.loading ?? false };
}

/** Puts a value a write answered with into the cache (every reader of `key` sees it at once). */
export function setQueryData<T>(key: QueryKey, update: T | ((previous: T | undefined) => T)): void {
  const hash = hashKey(key);
  const previous = cache.get(hash);
  const data =
    typeof update === 'function' ? (update as (previous: T | undefined) => T)(previous?.data as T | undefined) : update;
  // A request on its way stays so: it was sent after the write this value comes from, so its answer is as new.
  cache.set(hash, { data, loading: previous?.loading ?? false, fetchedAt: store.stamp() });
  emit(hash);
}

/**
 * Marks every entry under `prefix` out of date: those on screen refetch now (their old data stays meanwhile), the
 * others on their next read. Resolves once the refetches have settled.
 */
export function invalidateQueries(prefix: QueryKey): Promise<void> {
  const refetches: Promise<void>[] = [];
  for (const [hash, entry] of cache) {
    const key: QueryKey = JSON.parse(hash);
    if (!keyStartsWith(key, prefix)) continue;
    const fetcher = fetchers.get(hash);
    if (listeners.has(hash) && fetcher) refetches.push(fetchQuery(key, fetcher, true));
    else {
      inFlight.delete(hash);
      cache.set(hash, { ...entry, loading: false, invalid: true });
    }
  }
  return Promise.all(refetches).then(() => undefined);
}

/** Forgets every entry (tests; a signed-out user's data). */
export function clearQueries(prefix: QueryKey = []): void {
  for (const hash of cache.keys()) {
    if (!keyStartsWith(JSON.parse(hash), prefix)) continue;
    cache.delete(hash);
    inFlight.delete(hash);
    fetchers.delete(hash);
    emit(hash);
  }
}
