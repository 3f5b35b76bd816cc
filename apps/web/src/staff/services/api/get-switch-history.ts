import type { Language } from '@sufra/shared/language';
import type { SwitchHistory } from '@sufra/shared/schemas/audit';
import { staffRequest } from '../../../lib/staff-request';

/** `GET /api/staff/services/history/`: who switched a service or a branch off or on, and when (newest first). */
export function getSwitchHistory(language: Language): Promise<SwitchHistory> {
  return staffRequest<SwitchHistory>('/staff/services/history/', { language });
}
