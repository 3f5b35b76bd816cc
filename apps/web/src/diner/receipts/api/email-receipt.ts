import type { Language } from '@sufra/shared/language';
import type { ReceiptEmail } from '@sufra/shared/schemas/receipt';
import { customerRequest, enc } from '../../../lib/customer-request';

/** `POST /api/orders/{uuid}/{id}/receipt/email/`: "Email me this receipt" (sent after the answer; rate-limited). */
export function emailReceipt(uuid: string, id: number, language: Language): Promise<ReceiptEmail> {
  return customerRequest<ReceiptEmail>(uuid, `/orders/${enc(uuid)}/${id}/receipt/email/`, {
    language,
    method: 'POST',
  });
}
