import type { Language } from '@sufra/shared/language';
import type { PaymentVerifyResponse } from '@sufra/shared/schemas/payment';
import { customerRequest, enc } from '../../../lib/customer-request';

/**
 * `POST /api/orders/{uuid}/{id}/payment/verify/`: the server asks the provider itself for the latest attempt (the
 * query the provider appended to the return URL is never sent).
 */
export function verifyPayment(uuid: string, orderId: number, language: Language): Promise<PaymentVerifyResponse> {
  return customerRequest<PaymentVerifyResponse>(uuid, `/orders/${enc(uuid)}/${orderId}/payment/verify/`, {
    language,
    method: 'POST',
  });
}
