import type { Language } from '@sufra/shared/language';
import type { Receipt } from '@sufra/shared/schemas/receipt';
import { customerRequest, enc } from '../../../lib/customer-request';

/** `GET /api/orders/{uuid}/{id}/receipt/`: the receipt of one of the signed-in diner's orders (another's: 404). */
export function getReceipt(uuid: string, id: number, language: Language): Promise<Receipt> {
  return customerRequest<Receipt>(uuid, `/orders/${enc(uuid)}/${id}/receipt/`, { language });
}
