import type { Language } from '@sufra/shared/language';
import type { AuditList, AuditListQuery } from '@sufra/shared/schemas/audit';
import { staffRequest } from '../../../lib/staff-request';

/** `GET /api/staff/manage/audit/`: one page of the brand's audit log, newest first. */
export function getAuditLog(filter: AuditListQuery, language: Language): Promise<AuditList> {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(filter))
    if (value !== undefined && value !== '') search.set(key, String(value));
  const query = search.toString();
  return staffRequest<AuditList>(`/staff/manage/audit/${query ? `?${query}` : ''}`, { language });
}

/** `GET /api/staff/users/`: the brand's staff (the audit log's person filter). */
export function getStaffUsers(language: Language): Promise<{ users: { id: number; name: string }[] }> {
  return staffRequest<{ users: { id: number; name: string }[] }>('/staff/users/', { language });
}
