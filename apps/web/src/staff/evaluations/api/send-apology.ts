import type { Language } from '@sufra/shared/language';
import type { StaffEvaluation } from '@sufra/shared/schemas/evaluation';
import { staffRequest } from '../../../lib/staff-request';

/** `POST /api/staff/evaluations/{id}/apology/`: the reward granted to the diner and the evaluation marked answered. */
export function sendApology(evaluationId: number, rewardId: number, language: Language) {
  return staffRequest<StaffEvaluation>(`/staff/evaluations/${evaluationId}/apology/`, {
    language,
    method: 'POST',
    body: { rewardId },
  });
}
