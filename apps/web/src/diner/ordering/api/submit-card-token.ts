import type { Language } from '@sufra/shared/language';
import type { PaymentRedirect, PaymentSourceBody } from '@sufra/shared/schemas/payment';
import { customerRequest, enc } from '../../../lib/customer-request';

/** `POST /api/orders/{uuid}/{id}/payment/source/`: only the token (never the card); answers the 3-D Secure step. */
export function submitCardToken(uuid: string, orderId: number, token: string, language: Language) {
  const body: PaymentSourceBody = { token };
  return customerRequest<PaymentRedirect>(uuid, `/orders/${enc(uuid)}/${orderId}/payment/source/`, {
    language,
    method: 'POST',
    body,
  });
}
