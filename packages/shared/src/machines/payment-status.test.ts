import { describe, expect, it } from 'vitest';
import { LANGUAGES } from '../language.ts';
import {
  canTransitionPayment,
  INITIAL_PAYMENT_STATUS,
  isPaymentStatus,
  isTerminalPaymentStatus,
  nextPaymentStatuses,
  PAYMENT_STATUS_LABELS,
  PAYMENT_STATUSES,
  paymentStatusLabel,
  TERMINAL_PAYMENT_STATUSES,
} from './payment-status.ts';

// The rules written out a second time, by hand, to check the table against.
const ALLOWED = ['initiated → paid', 'initiated → failed', 'paid → refunded'];

describe('payment status machine', () => {
  const every = PAYMENT_STATUSES.flatMap((from) =>
    PAYMENT_STATUSES.map((to) => ({ from, to, move: `${from} → ${to}` })),
  );

  it('allows exactly the moves written out here', () => {
    expect(every.filter((c) => canTransitionPayment(c.from, c.to)).map((c) => c.move)).toEqual(ALLOWED);
  });

  it.each(every.filter((c) => !ALLOWED.includes(c.move)))('refuses $move', ({ from, to }) => {
    expect(canTransitionPayment(from, to)).toBe(false);
  });

  it('never lets a failed or refunded payment move again (a retry is a new payment)', () => {
    for (const status of TERMINAL_PAYMENT_STATUSES) {
      expect(isTerminalPaymentStatus(status)).toBe(true);
      expect(nextPaymentStatuses(status)).toEqual([]);
    }
    expect(isTerminalPaymentStatus('paid')).toBe(false);
  });

  it('starts every payment as initiated, from which paid and failed are reachable', () => {
    expect(INITIAL_PAYMENT_STATUS).toBe('initiated');
    expect(nextPaymentStatuses('initiated')).toEqual(['paid', 'failed']);
  });

  it('knows its own statuses only', () => {
    expect(isPaymentStatus('paid')).toBe(true);
    expect(isPaymentStatus('authorized')).toBe(false);
    expect(isPaymentStatus(undefined)).toBe(false);
  });

  it('has a label in both languages for every status, Arabic in Arabic script', () => {
    for (const status of PAYMENT_STATUSES) {
      for (const language of LANGUAGES) expect(paymentStatusLabel(status, language).length).toBeGreaterThan(0);
      expect(PAYMENT_STATUS_LABELS[status].ar).toMatch(/[\u0600-\u06ff]/);
    }
  });
});
