import { QUEUES_WITH_DEAD_LETTERS, type QueueFailure } from '@sufra/shared/schemas/queues';

/**
 * What the owner may do with a failing row, as the server allows it (modules/queues-admin): send a dead letter again
 * (SMS, e-mail, Foodics); drop an SMS or e-mail that is dead or waiting for its next try, or a dead Foodics hand-off
 * (marked handled). Refunds and the kitchen hand-off are never given up: nothing to do but wait.
 */
export function rowActions(f: Pick<QueueFailure, 'queue' | 'state'>): { retry: boolean; discard: boolean } {
  const message = f.queue === 'sms' || f.queue === 'mail';
  return {
    retry: f.state === 'dead' && QUEUES_WITH_DEAD_LETTERS.includes(f.queue),
    discard: message || (f.queue === 'foodics' && f.state === 'dead'),
  };
}
