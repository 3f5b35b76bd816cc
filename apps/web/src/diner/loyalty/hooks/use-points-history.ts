import type { Language } from '@sufra/shared/language';
import { errorText } from '../../../lib/api-client';
import { useApiPages } from '../../../lib/use-api-pages';
import { useDinerKey } from '../../../stores/use-diner-key';
import { getPointsHistory, HISTORY_PAGE_SIZE } from '../api/get-points-history';

/**
 * The points ledger a page at a time, newest first: the first page on arrival (and when the language changes), the
 * next one before the last entry shown; a failure's message in the diner's language.
 */
export function usePointsHistory(uuid: string, language: Language) {
  const diner = useDinerKey(uuid);
  const list = useApiPages(
    diner ? [...diner, 'points-history', language] : null,
    (before: number | undefined) => getPointsHistory(uuid, before, language),
    (last) => (last.entries.length === HISTORY_PAGE_SIZE ? last.entries.at(-1)?.id : undefined),
    { staleMs: 0 },
  );
  const entries = list.pages ? list.pages.flatMap((page) => page.entries) : null;
  // No cursor: the first page again (a retry of the first load); a cursor: the next page.
  const load = (before?: number) => (before === undefined ? list.refetch() : list.loadMore());
  return {
    entries,
    hasMore: list.hasMore,
    loading: list.loading || list.loadingMore,
    error: list.error ? errorText(list.error, language) : null,
    load,
    last: entries?.at(-1)?.id,
  };
}
