import type { CardErrorCode, CardField } from '@sufra/shared/payments/card';
import type { CardPageResponse } from '@sufra/shared/schemas/payment';
import { HTTP_TIMEOUT_MS } from '../../../lib/api-client';

export interface CardForTokenization {
  holder: string;
  /** Digits only. */
  number: string;
  month: number;
  /** The full year (2031). */
  year: number;
  cvv: string;
}

export type CardTokenResult =
  | { ok: true; token: string }
  /** Moyasar refused the card's fields (each mapped to our field and its spec message where it named one). */
  | { ok: false; reason: 'refused'; fields: Partial<Record<CardField, CardErrorCode>> }
  /** No answer, a network error or a 5xx: nothing was made, the diner can send again. */
  | { ok: false; reason: 'unavailable' };

/** Moyasar's field names in its validation errors, as our card fields. */
const FIELD_OF: Record<string, [CardField, CardErrorCode]> = {
  number: ['number', 'card_number_invalid'],
  month: ['expiry', 'card_expiry_invalid'],
  year: ['expiry', 'card_expiry_invalid'],
  cvc: ['cvv', 'card_cvv_invalid'],
  name: ['holder', 'card_holder_required'],
};

/**
 * `POST {tokensUrl}` at Moyasar, straight from the browser with the publishable key (Moyasar's tokenization, see
 * docs/adr/0074-moyasar-through-our-card-page.md): this is the only request that ever carries the card, and it
 * never goes to our API. Not through api-client on purpose: that one talks to our API (its base, cookies, refresh).
 */
export async function createCardToken(
  tokenization: CardPageResponse['tokenization'],
  callbackUrl: string,
  card: CardForTokenization,
): Promise<CardTokenResult> {
  let response: Response;
  try {
    response = await fetch(tokenization.tokensUrl, {
      method: 'POST',
      headers: {
        authorization: `Basic ${btoa(`${tokenization.publishableKey}:`)}`,
        'content-type': 'application/json',
        accept: 'application/json',
      },
      body: JSON.stringify({
        name: card.holder,
        number: card.number,
        month: card.month,
        year: card.year,
        cvc: card.cvv,
        callback_url: callbackUrl,
        // A token for this one payment: the payment's own 3-D Secure step verifies the card.
        save_only: true,
      }),
      credentials: 'omit',
      signal: AbortSignal.timeout(HTTP_TIMEOUT_MS),
    });
  } catch {
    return { ok: false, reason: 'unavailable' };
  }
  const body: unknown = await response.json().catch(() => null);
  if (response.ok) {
    const id = body && typeof body === 'object' && 'id' in body ? body.id : null;
    return typeof id === 'string' && id.length > 0 ? { ok: true, token: id } : { ok: false, reason: 'unavailable' };
  }
  if (response.status >= 500 || response.status === 401 || response.status === 403) {
    // A wrong publishable key is our configuration, not the diner's card.
    return { ok: false, reason: 'unavailable' };
  }
  const fields: Partial<Record<CardField, CardErrorCode>> = {};
  const errors = body && typeof body === 'object' && 'errors' in body ? body.errors : null;
  for (const key of errors && typeof errors === 'object' ? Object.keys(errors) : []) {
    const mapped = FIELD_OF[key];
    if (mapped) fields[mapped[0]] = mapped[1];
  }
  return { ok: false, reason: 'refused', fields };
}
