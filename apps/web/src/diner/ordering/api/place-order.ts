import type { Language } from '@sufra/shared/language';
import type { PlaceOrderBody } from '@sufra/shared/schemas/order';
import type { PlacedOrderResponse } from '@sufra/shared/schemas/payment';
import { customerRequest, enc } from '../../../lib/customer-request';

/** `POST /api/orders/{uuid}/` with the attempt's Idempotency-Key: a retried request answers the first order.
 * A card order's answer carries the provider's page to go to. */
export function placeOrder(uuid: string, body: PlaceOrderBody, idempotencyKey: string, language: Language) {
  return customerRequest<PlacedOrderResponse>(uuid, `/orders/${enc(uuid)}/`, {
    language,
    method: 'POST',
    body,
    headers: { 'Idempotency-Key': idempotencyKey },
  });
}
