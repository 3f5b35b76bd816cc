import type { Language } from '@sufra/shared/language';
import type {
  BranchManageBody,
  BranchManageUpdateBody,
  ManageBranch,
  ManageBranchList,
  ManageZone,
  ZoneManageBody,
} from '@sufra/shared/schemas/branch-manage';
import type { GeocodeResponse } from '@sufra/shared/schemas/geocoding';
import { apiRequest } from '../../../lib/api-client';
import { staffRequest } from '../../../lib/staff-request';

const BASE = '/staff/manage/branches';

/** `GET /api/staff/manage/branches/`: the branches in the user's scope, with zones and status. */
export function listManageBranches(language: Language): Promise<ManageBranchList> {
  return staffRequest<ManageBranchList>(`${BASE}/`, { language });
}

/** `POST /api/staff/manage/branches/` (owners) or `PUT …/{id}/` from the version read (409 when stale). */
export function saveBranch(
  id: number | null,
  body: BranchManageBody | BranchManageUpdateBody,
  language: Language,
): Promise<ManageBranch> {
  return staffRequest<ManageBranch>(id === null ? `${BASE}/` : `${BASE}/${id}/`, {
    language,
    method: id === null ? 'POST' : 'PUT',
    body,
  });
}

/** `POST …/{branch}/zones/` (zone null) or `PUT …/{branch}/zones/{zone}/`. */
export function saveZone(
  branchId: number,
  zoneId: number | null,
  body: ZoneManageBody,
  language: Language,
): Promise<ManageZone> {
  const url = zoneId === null ? `${BASE}/${branchId}/zones/` : `${BASE}/${branchId}/zones/${zoneId}/`;
  return staffRequest<ManageZone>(url, { language, method: zoneId === null ? 'POST' : 'PUT', body });
}

/** `DELETE …/{branch}/zones/{zone}/`. */
export function deleteZone(branchId: number, zoneId: number, language: Language): Promise<unknown> {
  return staffRequest(`${BASE}/${branchId}/zones/${zoneId}/`, { language, method: 'DELETE' });
}

/** `GET /api/geocode/?q=`: places matching an address search (the offline gazetteer unless configured). */
export function searchPlaces(
  q: string,
  near: { lat: number; lng: number } | null,
  language: Language,
): Promise<GeocodeResponse> {
  const params = new URLSearchParams({ q, ...(near ? { near: `${near.lat.toFixed(4)},${near.lng.toFixed(4)}` } : {}) });
  return apiRequest<GeocodeResponse>(`/geocode/?${params}`, { language });
}
