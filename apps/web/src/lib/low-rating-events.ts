import { EVALUATION_LOW_EVENT, type StaffEvaluation } from '@sufra/shared/schemas/evaluation';
import { apiUrl } from './api-client';

/**
 * The staff live stream (`GET /api/staff/orders/events/`, every branch in scope) for its low-rating events only: the
 * server sends them to managers and owners of the rating's branch. EventSource reconnects by itself after a drop;
 * `onReady` runs after each (re)connection, so the caller reloads the list and misses nothing in between.
 */
export function openLowRatingEvents(handlers: {
  onReady: () => void;
  onLowRating: (evaluation: StaffEvaluation) => void;
}): () => void {
  const source = new EventSource(apiUrl('/staff/orders/events/'), { withCredentials: true });
  source.addEventListener('ready', handlers.onReady);
  source.addEventListener(EVALUATION_LOW_EVENT, (event: MessageEvent) => {
    try {
      const evaluation = JSON.parse(String(event.data)) as StaffEvaluation;
      if (typeof evaluation.id === 'number') handlers.onLowRating(evaluation);
    } catch {
      // A malformed event is dropped; the next reload shows the list as it is.
    }
  });
  return () => source.close();
}

/** Said on this page when an evaluation changed here (an apology sent), so the Evaluations tab's count follows. */
const EVALUATIONS_CHANGED = 'sufra:staff-evaluations-changed';

export function announceEvaluationsChanged(): void {
  window.dispatchEvent(new Event(EVALUATIONS_CHANGED));
}

export function onEvaluationsChanged(listener: () => void): () => void {
  window.addEventListener(EVALUATIONS_CHANGED, listener);
  return () => window.removeEventListener(EVALUATIONS_CHANGED, listener);
}
