import type { Language } from '@sufra/shared/language';
import { formatNumber } from '../../lib/format-number';

/** "#42" in the interface's digits, kept left to right inside Arabic text (an isolate, so bidi cannot flip it). */
export const orderNumberText = (number: number, language: Language) => `\u2066#${formatNumber(number, language)}\u2069`;

const timeFormats = new Map<string, Intl.DateTimeFormat>();

/**
 * When something happened to an order (placed, paid), in the interface's language and digits, in the branch's time
 * zone when it is known.
 */
export function formatOrderTime(iso: string, language: Language, timeZone?: string): string {
  const key = `${language}:${timeZone ?? ''}`;
  let format = timeFormats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(language === 'ar' ? 'ar-SA' : 'en-SA', {
      dateStyle: 'medium',
      timeStyle: 'short',
      ...(timeZone ? { timeZone } : {}),
    });
    timeFormats.set(key, format);
  }
  return format.format(new Date(iso));
}

/** The diner's words for where an order's money stands. */
export function paymentStateKey(order: {
  paymentMethod: 'cash' | 'card';
  paymentStatus: 'unpaid' | 'paid' | 'refunded';
}): 'cashPaid' | 'cashUnpaid' | 'cardPaid' | 'cardUnpaid' | 'refunded' {
  if (order.paymentStatus === 'refunded') return 'refunded';
  if (order.paymentMethod === 'cash') return order.paymentStatus === 'paid' ? 'cashPaid' : 'cashUnpaid';
  return order.paymentStatus === 'paid' ? 'cardPaid' : 'cardUnpaid';
}

const clockFormats = new Map<string, Intl.DateTimeFormat>();

/** A time of day as the branch's clock reads it ("12:40 PM", "١٢:٤٠ م"): the order's estimate and status times. */
export function formatClockTime(iso: string, language: Language, timeZone?: string): string {
  const key = `${language}:${timeZone ?? ''}`;
  let format = clockFormats.get(key);
  if (!format) {
    try {
      format = new Intl.DateTimeFormat(language === 'ar' ? 'ar-SA' : 'en-SA', {
        timeStyle: 'short',
        ...(timeZone ? { timeZone } : {}),
      });
    } catch {
      format = new Intl.DateTimeFormat(language === 'ar' ? 'ar-SA' : 'en-SA', { timeStyle: 'short' });
    }
    clockFormats.set(key, format);
  }
  return format.format(new Date(iso));
}
