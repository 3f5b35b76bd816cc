import type { Language } from '@sufra/shared/language';
import type { EvaluationForm } from '@sufra/shared/schemas/evaluation';
import { customerRequest, enc } from '../../../lib/customer-request';

/**
 * `GET /api/evaluations/{uuid}/forms/{form}/?order=`: the questions, and whether that order was rated already;
 * without an order, whether the diner rated today's visit to the QR code's branch.
 */
export function getEvaluationForm(uuid: string, formId: string, orderId: number | undefined, language: Language) {
  return customerRequest<EvaluationForm>(uuid, `/evaluations/${enc(uuid)}/forms/${enc(formId)}/`, {
    language,
    ...(orderId === undefined ? {} : { query: { order: String(orderId) } }),
  });
}
