import type { Language } from '@sufra/shared/language';
import type { PointsEntry } from '@sufra/shared/schemas/loyalty';
import { useCallback, useEffect, useState } from 'react';
import { errorText } from '../../../lib/api-client';
import { getPointsHistory, HISTORY_PAGE_SIZE } from '../api/get-points-history';

/**
 * The points ledger a page at a time, newest first: the first page on arrival (and when the language changes), the
 * next one before the last entry shown; a failure's message in the diner's language.
 */
export function usePointsHistory(uuid: string, language: Language) {
  const [entries, setEntries] = useState<PointsEntry[] | null>(null);
  const [hasMore, setHasMore] = useState(false);
  const [loading, setLoading] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const load = useCallback(
    (before?: number) => {
      setLoading(true);
      setError(null);
      getPointsHistory(uuid, before, language).then(
        (page) => {
          setEntries((list) => (before === undefined ? page.entries : [...(list ?? []), ...page.entries]));
          setHasMore(page.entries.length === HISTORY_PAGE_SIZE);
          setLoading(false);
        },
        (caught: unknown) => {
          setError(errorText(caught, language));
          setLoading(false);
        },
      );
    },
    [uuid, language],
  );
  useEffect(() => load(), [load]);

  return { entries, hasMore, loading, error, load, last: entries?.at(-1)?.id };
}
