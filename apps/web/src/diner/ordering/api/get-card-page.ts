import type { Language } from '@sufra/shared/language';
import type { CardPageResponse } from '@sufra/shared/schemas/payment';
import { customerRequest, enc } from '../../../lib/customer-request';

/** `GET /api/orders/{uuid}/{id}/payment/card/`: the order and where the browser turns the card into a token. */
export function getCardPage(uuid: string, orderId: number, language: Language): Promise<CardPageResponse> {
  return customerRequest<CardPageResponse>(uuid, `/orders/${enc(uuid)}/${orderId}/payment/card/`, { language });
}
