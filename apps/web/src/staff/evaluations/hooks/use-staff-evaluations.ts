import type { StaffEvaluation, StaffEvaluations } from '@sufra/shared/schemas/evaluation';
import { useEffect, useState } from 'react';
import { errorText } from '../../../lib/api-client';
import { announceEvaluationsChanged, openLowRatingEvents } from '../../../lib/low-rating-events';
import { invalidateQueries, setQueryData } from '../../../lib/query-writes';
import { useApiQuery } from '../../../lib/use-api-query';
import { useLanguage } from '../../../lib/use-language';
import { getStaffEvaluations } from '../api/get-staff-evaluations';

const KEY = ['staff', 'evaluations'];

/** The branches' averages and the latest evaluations, loaded when the live stream is ready; a low rating arrives live. */
export function useStaffEvaluations(manages: boolean) {
  const language = useLanguage();
  const [alert, setAlert] = useState<StaffEvaluation | null>(null);
  // Loaded once the live stream is ready (no low rating falls between), again on each reconnection and low rating.
  const [ready, setReady] = useState(false);
  const query = useApiQuery(manages && ready ? KEY : null, () => getStaffEvaluations(language));
  const data = query.data ?? null;
  const error = query.error ? errorText(query.error, language) : null;
  const load = () => {
    setReady(true);
    void invalidateQueries(KEY);
  };

  useEffect(() => {
    if (!manages) return;
    const reload = () => {
      setReady(true);
      void invalidateQueries(KEY);
    };
    return openLowRatingEvents({
      onReady: reload,
      onLowRating: (evaluation) => {
        setAlert(evaluation);
        setQueryData<StaffEvaluations | undefined>(KEY, (current) =>
          current && !current.evaluations.some((e) => e.id === evaluation.id)
            ? { ...current, evaluations: [evaluation, ...current.evaluations] }
            : current,
        );
        // The averages move with it.
        reload();
      },
    });
  }, [manages]);

  const replace = (next: StaffEvaluation) => {
    setQueryData<StaffEvaluations | undefined>(KEY, (current) =>
      current ? { ...current, evaluations: current.evaluations.map((e) => (e.id === next.id ? next : e)) } : current,
    );
    // The tab's count of unanswered low ratings follows (staff shell).
    announceEvaluationsChanged();
  };

  return { data, error, alert, load, replace };
}
