/**
 * Cancel reasons the system itself writes, shown localized instead of as text. A plain module, free of zod, so the
 * browser's confirmation and payment-failed pages can import the value without bringing the order schemas (and zod)
 * into their chunks (issue 14: they carried ~36 KB gzip for one string).
 */

/** The cancel reason of a card order whose payment never came within CARD_PAYMENT_TIMEOUT_MINUTES. */
export const PAYMENT_EXPIRED_REASON = 'payment_expired';
