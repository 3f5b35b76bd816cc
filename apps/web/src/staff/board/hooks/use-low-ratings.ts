import type { StaffEvaluation } from '@sufra/shared/schemas/evaluation';
import { useCallback, useEffect, useRef, useState } from 'react';
import { onEvaluationsChanged, openLowRatingEvents } from '../../../lib/low-rating-events';
import { useLanguage } from '../../../lib/use-language';
import { getEvaluationAlerts } from '../api/get-evaluation-alerts';

/**
 * For managers and owners on every staff section: how many low ratings wait for an answer (the Evaluations tab's
 * count), and the latest low rating that arrived live while this page was open (the board's alert). The count is
 * read again after each (re)connection of the live stream, each low rating, and each apology sent on this page.
 */
export function useLowRatings(manages: boolean) {
  const language = useLanguage();
  const languageRef = useRef(language);
  languageRef.current = language;
  const [unanswered, setUnanswered] = useState<number | null>(null);
  const [latest, setLatest] = useState<StaffEvaluation | null>(null);

  const load = useCallback(() => {
    getEvaluationAlerts(languageRef.current).then(
      (alerts) => setUnanswered(alerts.unansweredLow),
      // The count is a pointer to the tab, not the tab: a failed read leaves the last one shown.
      () => undefined,
    );
  }, []);

  useEffect(() => {
    if (!manages) return;
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
  }, [manages, load]);

  return { unanswered, latest, dismiss: () => setLatest(null) };
}
