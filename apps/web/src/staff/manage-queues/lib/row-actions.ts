import { QUEUES_NEVER_GIVEN_UP, QUEUES_WITH_DEAD_LETTERS, type QueueFailure } from '@sufra/shared/schemas/queues';

/**
 * What the owner may do with a failing row, as the server allows it (modules/queues-admin): send a dead letter again
 * (SMS, e-mail, Foodics); drop an SMS or e-mail that is dead or waiting for its next try, or a dead Foodics hand-off
 * (marked handled). Refunds and the kitchen hand-off are never given up: never dropped, but a failing one may be tried
 * now (`tryNow`: the same retry call, the next try brought forward; docs/adr/0750).
 */
export function rowActions(f: Pick<QueueFailure, 'queue' | 'state'>): {
  retry: boolean;
  discard: boolean;
  tryNow: boolean;
} {
  const message = f.queue === 'sms' || f.queue === 'mail';
  const neverGivenUp = QUEUES_NEVER_GIVEN_UP.includes(f.queue);
  return {
    retry:
      (f.state === 'dead' && QUEUES_WITH_DEAD_LETTERS.includes(f.queue)) || (neverGivenUp && f.state === 'retrying'),
    discard: message || (f.queue === 'foodics' && f.state === 'dead'),
    tryNow: neverGivenUp && f.state === 'retrying',
  };
}
