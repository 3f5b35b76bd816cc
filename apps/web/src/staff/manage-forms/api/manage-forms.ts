import type { Language } from '@sufra/shared/language';
import type {
  EvaluationFormBody,
  EvaluationFormUpdateBody,
  ManageEvaluationForm,
  ManageEvaluationForms,
} from '@sufra/shared/schemas/evaluations-admin';
import { staffRequest } from '../../../lib/staff-request';

const FORMS = '/staff/manage/evaluations/forms/';

/** The evaluation forms page's query key (under 'staff': signing out clears it). */
export const formsKey = (language: Language) => ['staff', 'manage', 'evaluation-forms', language] as const;

/** `GET /api/staff/manage/evaluations/forms/`: the forms, the brand's branches and its prizes. */
export function getEvaluationForms(language: Language): Promise<ManageEvaluationForms> {
  return staffRequest<ManageEvaluationForms>(FORMS, { language });
}

/** `POST /api/staff/manage/evaluations/forms/`: a new form. */
export function createEvaluationForm(body: EvaluationFormBody, language: Language): Promise<ManageEvaluationForm> {
  return staffRequest<ManageEvaluationForm>(FORMS, { language, method: 'POST', body });
}

/** `PUT /api/staff/manage/evaluations/forms/{id}/`: saves at the version read; 409 edit_conflict has `theirs`. */
export function saveEvaluationForm(
  id: number,
  body: EvaluationFormUpdateBody,
  language: Language,
): Promise<ManageEvaluationForm> {
  return staffRequest<ManageEvaluationForm>(`${FORMS}${id}/`, { language, method: 'PUT', body });
}
