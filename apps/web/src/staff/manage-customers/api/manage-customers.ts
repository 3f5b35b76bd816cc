import type { Language } from '@sufra/shared/language';
import type {
  CustomerExportResponse,
  CustomerLevels,
  CustomerListBody,
  CustomerListResponse,
  CustomerPage,
  CustomerPointsBody,
  CustomerPrizeBody,
  GrantableRewards,
} from '@sufra/shared/schemas/customers-admin';
import { staffRequest } from '../../../lib/staff-request';

const BASE = '/staff/manage/customers';

/** Every customers query's key starts here (under 'staff': signing out clears it). */
export const customersKey = ['staff', 'manage', 'customers'] as const;

/** `POST …/search/`: one page of the brand's diners (filters in the body: a typed phone stays out of logs). */
export function searchCustomers(body: CustomerListBody, language: Language): Promise<CustomerListResponse> {
  return staffRequest<CustomerListResponse>(`${BASE}/search/`, { language, method: 'POST', body });
}

/** `POST …/export/`: the segment's CSV (UTF-8 with a byte-order mark); the export is audited. */
export function exportCustomers(body: CustomerListBody, language: Language): Promise<CustomerExportResponse> {
  return staffRequest<CustomerExportResponse>(`${BASE}/export/`, { language, method: 'POST', body });
}

export function getCustomerLevels(language: Language): Promise<CustomerLevels> {
  return staffRequest<CustomerLevels>(`${BASE}/levels/`, { language });
}

/** `GET …/{id}/`: the customer's page (each view is in the audit log). */
export function getCustomerPage(id: number, language: Language): Promise<CustomerPage> {
  return staffRequest<CustomerPage>(`${BASE}/${id}/`, { language });
}

export function getGrantableRewards(language: Language): Promise<GrantableRewards> {
  return staffRequest<GrantableRewards>(`${BASE}/rewards/`, { language });
}

export function grantPoints(id: number, body: CustomerPointsBody, language: Language) {
  return staffRequest<{ walletPoints: number; lifetimePoints: number }>(`${BASE}/${id}/points/`, {
    language,
    method: 'POST',
    body,
  });
}

export function grantPrize(id: number, body: CustomerPrizeBody, language: Language) {
  return staffRequest<{ id: number; name: { ar: string; en: string } }>(`${BASE}/${id}/rewards/`, {
    language,
    method: 'POST',
    body,
  });
}
