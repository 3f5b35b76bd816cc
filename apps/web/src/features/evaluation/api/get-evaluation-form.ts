import type { Language } from '@sufra/shared/language';
import type { EvaluationForm } from '@sufra/shared/schemas/evaluation';
import { customerRequest, enc } from '../../../lib/customer-request';

/** `GET /api/evaluations/{uuid}/forms/{form}/?order=`: the questions, and whether that order was rated already. */
export function getEvaluationForm(uuid: string, formId: string, orderId: number, language: Language) {
  return customerRequest<EvaluationForm>(uuid, `/evaluations/${enc(uuid)}/forms/${enc(formId)}/`, {
    language,
    query: { order: String(orderId) },
  });
}
