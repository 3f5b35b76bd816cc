import type { Language } from '@sufra/shared/language';
import type { StaffCustomer } from '@sufra/shared/schemas/loyalty';
import type { PhoneValue } from '../../../lib/account-form';
import { staffRequest } from '../../../lib/staff-request';

/** `POST /api/staff/customers/lookup/`: a diner of the manager's brand by phone, with their points (404 when none). */
export function findCustomer(phone: PhoneValue, language: Language): Promise<StaffCustomer> {
  return staffRequest<StaffCustomer>('/staff/customers/lookup/', {
    language,
    method: 'POST',
    body: { phone: { phone_number: phone.number.trim(), dial_code: phone.dial } },
  });
}
