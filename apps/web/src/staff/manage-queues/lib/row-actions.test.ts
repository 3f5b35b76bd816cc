import { describe, expect, it } from 'vitest';
import { rowActions } from './row-actions';

describe("the queues page's row actions (issue 28 item 2)", () => {
  it('offers a dead SMS, e-mail or Foodics hand-off to be sent again, nothing that is still retrying', () => {
    for (const queue of ['sms', 'mail', 'foodics'] as const)
      expect(rowActions({ queue, state: 'dead' }).retry).toBe(true);
    for (const queue of ['sms', 'mail', 'foodics'] as const)
      expect(rowActions({ queue, state: 'retrying' }).retry).toBe(false);
  });

  it('drops an SMS or e-mail dead or retrying, a Foodics hand-off only once dead', () => {
    expect(rowActions({ queue: 'sms', state: 'retrying' }).discard).toBe(true);
    expect(rowActions({ queue: 'mail', state: 'dead' }).discard).toBe(true);
    expect(rowActions({ queue: 'foodics', state: 'dead' }).discard).toBe(true);
    expect(rowActions({ queue: 'foodics', state: 'retrying' }).discard).toBe(false);
  });

  it('refunds and the kitchen hand-off are never dropped; a failing one may be tried now', () => {
    for (const queue of ['refunds', 'kitchen'] as const)
      expect(rowActions({ queue, state: 'retrying' })).toEqual({ retry: true, discard: false, tryNow: true });
    for (const queue of ['sms', 'mail', 'foodics'] as const)
      expect(rowActions({ queue, state: 'dead' }).tryNow).toBe(false);
  });
});
