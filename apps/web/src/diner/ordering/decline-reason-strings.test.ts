import { DECLINE_REASON_LABELS, DECLINE_REASONS } from '@sufra/shared/order-times';
import { describe, expect, it } from 'vitest';
import inboxAr from '../../locales/inbox.ar.json';
import inboxEn from '../../locales/inbox.en.json';
import orderingAr from '../../locales/ordering.ar.json';
import orderingEn from '../../locales/ordering.en.json';

/**
 * The diner's pages read a decline's reason from their own locale files, not from shared/order-times (that would be
 * a chunk shared with the staff app, one more line in the menu route's first load): the words must stay the board's.
 */
describe("a decline's reason in the diner's words", () => {
  it('is the same on the confirmation page, in the inbox and on the board, in both languages', () => {
    for (const reason of DECLINE_REASONS) {
      expect(orderingEn.ordering.times.reasons[reason]).toBe(DECLINE_REASON_LABELS[reason].en);
      expect(orderingAr.ordering.times.reasons[reason]).toBe(DECLINE_REASON_LABELS[reason].ar);
      expect(inboxEn.inbox.declineReasons[reason]).toBe(DECLINE_REASON_LABELS[reason].en);
      expect(inboxAr.inbox.declineReasons[reason]).toBe(DECLINE_REASON_LABELS[reason].ar);
    }
    expect(Object.keys(orderingEn.ordering.times.reasons)).toEqual([...DECLINE_REASONS]);
  });
});
