import type { Language } from '@sufra/shared/language';
import type { StaffEvaluationAlerts } from '@sufra/shared/schemas/evaluation';
import { staffRequest } from '../../../lib/staff-request';

/** `GET /api/staff/evaluations/alerts/`: low ratings of the user's branches not yet answered with an apology. */
export function getEvaluationAlerts(language: Language) {
  return staffRequest<StaffEvaluationAlerts>('/staff/evaluations/alerts/', { language });
}
