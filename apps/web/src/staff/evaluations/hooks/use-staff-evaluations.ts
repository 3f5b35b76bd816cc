import type { StaffEvaluation, StaffEvaluations } from '@sufra/shared/schemas/evaluation';
import { useCallback, useEffect, useRef, useState } from 'react';
import { errorText } from '../../../lib/api-client';
import { announceEvaluationsChanged, openLowRatingEvents } from '../../../lib/low-rating-events';
import { useLanguage } from '../../../lib/use-language';
import { getStaffEvaluations } from '../api/get-staff-evaluations';

/** The branches' averages and the latest evaluations, loaded when the live stream is ready; a low rating arrives live. */
export function useStaffEvaluations(manages: boolean) {
  const language = useLanguage();
  const languageRef = useRef(language);
  languageRef.current = language;
  const [data, setData] = useState<StaffEvaluations | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [alert, setAlert] = useState<StaffEvaluation | null>(null);

  const load = useCallback(() => {
    getStaffEvaluations(languageRef.current).then(
      (loaded) => {
        setData(loaded);
        setError(null);
      },
      (failure: unknown) => setError(errorText(failure, languageRef.current)),
    );
  }, []);

  useEffect(() => {
    if (!manages) return;
    return openLowRatingEvents({
      onReady: load,
      onLowRating: (evaluation) => {
        setAlert(evaluation);
        setData((current) =>
          current && !current.evaluations.some((e) => e.id === evaluation.id)
            ? { ...current, evaluations: [evaluation, ...current.evaluations] }
            : current,
        );
        // The averages move with it.
        load();
      },
    });
  }, [manages, load]);

  const replace = (next: StaffEvaluation) => {
    setData((current) =>
      current ? { ...current, evaluations: current.evaluations.map((e) => (e.id === next.id ? next : e)) } : current,
    );
    // The tab's count of unanswered low ratings follows (staff shell).
    announceEvaluationsChanged();
  };

  return { data, error, alert, load, replace };
}
