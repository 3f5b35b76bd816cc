import type { Language } from '@sufra/shared/language';
import type { SubmitEvaluationBody, SubmittedEvaluation } from '@sufra/shared/schemas/evaluation';
import { customerRequest, enc } from '../../../lib/customer-request';

/**
 * `POST /api/evaluations/{uuid}/forms/{form}/`: multipart, the answers as the `evaluation` field and each photo as a
 * file part (the server checks them by content, re-encodes them and drops their metadata).
 */
export function submitEvaluation(
  uuid: string,
  formId: string,
  body: SubmitEvaluationBody,
  photos: File[],
  language: Language,
) {
  const form = new FormData();
  form.append('evaluation', JSON.stringify(body));
  for (const photo of photos) form.append('photos', photo, photo.name);
  return customerRequest<SubmittedEvaluation>(uuid, `/evaluations/${enc(uuid)}/forms/${enc(formId)}/`, {
    language,
    method: 'POST',
    body: form,
  });
}
