import { useCallback, useEffect, useRef, useState } from 'react';
import { queryStatus, setQueryData } from './query-writes';
import { hashKey, type QueryKey, type QueryOptions, useApiQuery } from './use-api-query';

export interface Pages<TPage> {
  pages: TPage[];
}

export interface PagesState<TPage> {
  /** The pages loaded so far, in order; undefined until the first one is in. */
  pages: TPage[] | undefined;
  /** True while the first page is loading (or reloading after an invalidation). */
  loading: boolean;
  /** True while the next page is loading. */
  loadingMore: boolean;
  /** The first page's error, or the last "load more"'s. */
  error: unknown;
  /** Whether there is a page after the last one loaded. */
  hasMore: boolean;
  /** Loads the next page and appends it (nothing when there is none or one is on its way). */
  loadMore: () => void;
  /** Reloads from the first page. */
  refetch: () => void;
}

/**
 * A list read a page at a time ("load more"), cached under `key` like any query: the first page on arrival, each next
 * page from the cursor `nextCursor` finds in the pages so far (undefined = no more). An invalidation of the key starts
 * again from the first page; a page that lands after that (or after the key changed) is dropped.
 */
export function useApiPages<TPage, TCursor>(
  key: QueryKey | null,
  fetchPage: (cursor: TCursor | undefined) => Promise<TPage>,
  nextCursor: (lastPage: TPage, pages: TPage[]) => TCursor | undefined,
  options?: QueryOptions,
): PagesState<TPage> {
  const query = useApiQuery<Pages<TPage>>(key, () => fetchPage(undefined).then((page) => ({ pages: [page] })), options);
  const [more, setMore] = useState<{ hash: string | null; loading: boolean; error: unknown }>({
    hash: null,
    loading: false,
    error: undefined,
  });
  const hash = key ? hashKey(key) : null;
  const mounted = useRef(true);
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);

  const pages = query.data?.pages;
  const last = pages?.at(-1);
  const cursor = pages && last !== undefined ? nextCursor(last, pages) : undefined;
  const moreHere = more.hash === hash ? more : { loading: false, error: undefined };

  // biome-ignore lint/correctness/useExhaustiveDependencies: keyed by `hash`; the cursor comes from the cached pages
  const loadMore = useCallback(() => {
    if (!key || !hash || !query.data || cursor === undefined || moreHere.loading || query.loading) return;
    const before = query.data;
    setMore({ hash, loading: true, error: undefined });
    fetchPage(cursor).then(
      (page) => {
        const now = queryStatus<Pages<TPage>>(key);
        // Reloaded (an invalidation) or replaced meanwhile: this page belongs to a list no longer shown.
        if (now.data === before && !now.loading) setQueryData<Pages<TPage>>(key, { pages: [...before.pages, page] });
        if (mounted.current)
          setMore((state) => (state.hash === hash ? { hash, loading: false, error: undefined } : state));
      },
      (error: unknown) => {
        if (mounted.current) setMore((state) => (state.hash === hash ? { hash, loading: false, error } : state));
      },
    );
  }, [hash, query.data, query.loading, cursor, moreHere.loading]);

  return {
    pages,
    loading: query.loading,
    loadingMore: moreHere.loading,
    error: query.error ?? moreHere.error,
    hasMore: cursor !== undefined,
    loadMore,
    refetch: query.refetch,
  };
}
