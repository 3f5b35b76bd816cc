import type { Language } from '@sufra/shared/language';
import { staffRequest } from '../../../lib/staff-request';
import type { StaffBranch } from './get-staff-branches';

/** `PATCH /api/staff/branches/{id}/`: the manager's manual open switch (a cashier gets 403). */
export function updateStaffBranch(id: number, isOpen: boolean, language: Language): Promise<StaffBranch> {
  return staffRequest<StaffBranch>(`/staff/branches/${id}/`, { language, method: 'PATCH', body: { isOpen } });
}
