import type { Language } from '@sufra/shared/language';
import type { OrderEvaluation } from '@sufra/shared/schemas/evaluation';
import { customerRequest, enc } from '../../../lib/customer-request';

/** `GET /api/evaluations/{uuid}/orders/{id}/`: the brand's form for this order, and whether it was rated. */
export function getOrderEvaluation(uuid: string, orderId: number, language: Language) {
  return customerRequest<OrderEvaluation>(uuid, `/evaluations/${enc(uuid)}/orders/${orderId}/`, { language });
}
