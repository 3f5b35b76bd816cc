import type { Language } from '@sufra/shared/language';
import type { PaymentRedirectResponse } from '@sufra/shared/schemas/payment';
import { customerRequest, enc } from '../../../lib/customer-request';

/** `POST /api/orders/{uuid}/{id}/payment/`: a new payment attempt for the same order (never a second order). */
export function retryPayment(uuid: string, orderId: number, language: Language): Promise<PaymentRedirectResponse> {
  return customerRequest<PaymentRedirectResponse>(uuid, `/orders/${enc(uuid)}/${orderId}/payment/`, {
    language,
    method: 'POST',
  });
}
