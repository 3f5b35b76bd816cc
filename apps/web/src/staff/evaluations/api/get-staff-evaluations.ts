import type { Language } from '@sufra/shared/language';
import type { StaffEvaluations } from '@sufra/shared/schemas/evaluation';
import { staffRequest } from '../../../lib/staff-request';

/** `GET /api/staff/evaluations/`: per branch in scope the count and average, then the latest evaluations. */
export function getStaffEvaluations(language: Language) {
  return staffRequest<StaffEvaluations>('/staff/evaluations/', { language });
}
