import type { Language } from '@sufra/shared/language';
import type { ServiceSwitchList } from '@sufra/shared/schemas/staff';
import type { Service } from '@sufra/shared/services';
import { staffRequest } from '../../../lib/staff-request';

/** `PUT /api/staff/services/{service}/`: switches a service off or on for the whole brand; answers every switch. */
export function setService(service: Service, isActive: boolean, language: Language): Promise<ServiceSwitchList> {
  return staffRequest<ServiceSwitchList>(`/staff/services/${service}/`, {
    language,
    method: 'PUT',
    body: { isActive },
  });
}
