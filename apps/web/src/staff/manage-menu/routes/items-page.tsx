import type { Language } from '@sufra/shared/language';
import { ITEM_LIST_PAGE } from '@sufra/shared/menu/item-list-page';
import type { ItemListQuery, ItemListResponse, ItemListSort } from '@sufra/shared/schemas/menu-admin';
import type { StaffRole } from '@sufra/shared/schemas/staff';
import { useEffect, useRef, useState } from 'react';
import { LoadError, LoadingBlock } from '../../../components/ui/load-state';
import { fetchQuery, useApiQuery } from '../../../lib/use-api-query';
import { useLanguage } from '../../../lib/use-language';
import { useTranslation } from '../../../lib/use-translation';
import type { TableSort } from '../../console/ui/data-table';
import { getItemList, itemListKey } from '../api/menu-admin';
import { ItemsTable } from '../components/items-table';
import type { StatusFilter } from '../item-status';

/** Typing in the filter box waits this long for the next key before asking the server (docs/adr/0710). */
export const FILTER_DEBOUNCE_MS = 100;

/** `value` once it has stayed the same for `ms`. */
function useDebounced<T>(value: T, ms: number): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return settled;
}

function listQuery(s: {
  q: string;
  categoryId: number | null;
  status: StatusFilter;
  branch: number | null;
  sort: TableSort;
  page: number;
}): ItemListQuery {
  return {
    q: s.q,
    category: s.categoryId ?? undefined,
    status: s.status,
    branch: s.branch ?? undefined,
    sort: (s.sort?.column as ItemListSort | undefined) ?? 'menu',
    direction: s.sort?.direction ?? 'asc',
    offset: s.page * ITEM_LIST_PAGE,
  };
}

/**
 * Asks for the list's first page (no filter) now, under the key the list reads when it mounts: a cold open of
 * /staff/manage/menu starts it while the page's strings load and render (docs/adr/0710); settles (never rejects) once
 * the answer is in the cache.
 */
export function prefetchItemList(language: Language): Promise<void> {
  const first = listQuery({ q: '', categoryId: null, status: 'all', branch: null, sort: null, page: 0 });
  return fetchQuery(itemListKey(language, first), () => getItemList(first, language));
}

/**
 * The item list, a page of 50 at a time from the server (docs/adr/0710): the filters, the sort and the page are the
 * request's; a newer request cancels the one still on its way, and the last page stays on screen while the next
 * one loads. Selections (for the bulk actions) are kept across pages with the version each item was read at.
 */
export function ItemsPage({ role }: { role: StaffRole }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const [text, setText] = useState('');
  const q = useDebounced(text.trim(), FILTER_DEBOUNCE_MS);
  const [categoryId, setCategoryId] = useState<number | null>(null);
  const [status, setStatus] = useState<StatusFilter>('all');
  const [branchChoice, setBranchChoice] = useState<number | null>(null);
  const [sort, setSort] = useState<TableSort>(null);
  const [page, setPage] = useState(0);
  const params = listQuery({ q, categoryId, status, branch: branchChoice, sort, page });
  const inFlight = useRef<AbortController | null>(null);
  const query = useApiQuery(
    itemListKey(language, params),
    () => {
      inFlight.current?.abort();
      const controller = new AbortController();
      inFlight.current = controller;
      return getItemList(params, language, controller.signal);
    },
    // A first page asked for ahead (prefetchItemList) and answered before this mounts is shown, not asked again;
    // older ones are shown while they refresh.
    { staleMs: 5_000 },
  );
  useEffect(() => () => inFlight.current?.abort(), []);
  // The page on screen while the next one loads (a filter typed, a page turned): no flash of a loading block. Not
  // across a change of branch: its rows' buttons would act at the branch they were read at, not the one chosen.
  const shown = useRef<ItemListResponse | undefined>(undefined);
  if (query.data) shown.current = query.data;
  const previous = shown.current;
  const list =
    query.data ?? (previous && (branchChoice === null || previous.branchId === branchChoice) ? previous : undefined);
  if (query.error && !list && !isAbort(query.error)) return <LoadError error={query.error} onRetry={query.refetch} />;
  if (!list) return <LoadingBlock />;
  const filtered = q !== '' || categoryId !== null || status !== 'all';
  return (
    <ItemsTable
      list={list}
      role={role}
      loading={query.loading}
      filters={{
        text,
        setText: (value) => {
          setText(value);
          setPage(0);
        },
        categoryId,
        setCategoryId: (id) => {
          setCategoryId(id);
          setPage(0);
        },
        status,
        setStatus: (value) => {
          setStatus(value);
          setPage(0);
        },
        setBranch: (id) => {
          setBranchChoice(id);
          setPage(0);
        },
        sort,
        setSort: (next) => {
          setSort(next);
          setPage(0);
        },
        page,
        setPage,
      }}
      emptyText={filtered ? t('console.table.noMatch') : t('manageMenu.empty')}
    />
  );
}

const isAbort = (error: unknown) => error instanceof DOMException && error.name === 'AbortError';
