import type { Language } from '@sufra/shared/language';
import type { Order, PlaceOrderBody } from '@sufra/shared/schemas/order';
import { customerRequest, enc } from '../../../lib/customer-request';

/** `POST /api/orders/{uuid}/` with the attempt's Idempotency-Key: a retried request answers the first order. */
export function placeOrder(uuid: string, body: PlaceOrderBody, idempotencyKey: string, language: Language) {
  return customerRequest<Order>(uuid, `/orders/${enc(uuid)}/`, {
    language,
    method: 'POST',
    body,
    headers: { 'Idempotency-Key': idempotencyKey },
  });
}
