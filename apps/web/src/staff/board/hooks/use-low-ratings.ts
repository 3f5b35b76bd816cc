import type { StaffEvaluation } from '@sufra/shared/schemas/evaluation';
import { useEffect, useState } from 'react';
import { onEvaluationsChanged, openLowRatingEvents } from '../../../lib/low-rating-events';
import { invalidateQueries } from '../../../lib/query-writes';
import { useApiQuery } from '../../../lib/use-api-query';
import { useLanguage } from '../../../lib/use-language';
import { getEvaluationAlerts } from '../api/get-evaluation-alerts';

/**
 * For managers and owners on every staff section: how many low ratings wait for an answer (the Evaluations tab's
 * count), and the latest low rating that arrived live while this page was open (the board's alert). The count is
 * read again after each (re)connection of the live stream, each low rating, and each apology sent on this page.
 */
export function useLowRatings(manages: boolean) {
  const language = useLanguage();
  const [latest, setLatest] = useState<StaffEvaluation | null>(null);
  // Asked once the live stream is ready (no low rating falls between the read and the stream), then on each signal.
  const [ready, setReady] = useState(false);
  // A number: the language does not change it, and is not in the key.
  const alerts = useApiQuery(manages && ready ? ['staff', 'evaluation-alerts'] : null, () =>
    getEvaluationAlerts(language),
  );
  // The count is a pointer to the tab, not the tab: a failed read leaves the last one shown.
  const unanswered = alerts.data?.unansweredLow ?? null;

  useEffect(() => {
    if (!manages) return;
    const load = () => {
      setReady(true);
      void invalidateQueries(['staff', 'evaluation-alerts']);
    };
    const stopEvents = openLowRatingEvents({
      onReady: load,
      onLowRating: (evaluation) => {
        setLatest(evaluation);
        load();
      },
    });
    const stopChanges = onEvaluationsChanged(load);
    return () => {
      stopEvents();
      stopChanges();
    };
  }, [manages]);

  return { unanswered, latest, dismiss: () => setLatest(null) };
}
