import type { Language } from '@sufra/shared/language';
import type { ServiceSwitchList } from '@sufra/shared/schemas/staff';
import { staffRequest } from '../../../lib/staff-request';

/** `GET /api/staff/services/`: the brand's service switches (a service without a row is on). */
export function getServices(language: Language): Promise<ServiceSwitchList> {
  return staffRequest<ServiceSwitchList>('/staff/services/', { language });
}
