import type { Language } from '@sufra/shared/language';
import type {
  CardSize,
  ManageQrCode,
  ManageTable,
  ManageTablesResponse,
  TableCreateBody,
  TableUpdateBody,
} from '@sufra/shared/schemas/manage-tables';
import { apiUrl } from '../../../lib/api-client';
import { staffRequest } from '../../../lib/staff-request';

/** The query key of a branch's tables (writes invalidate it). */
export const tablesKey = (branchId: number) => ['staff', 'manage-tables', branchId] as const;

/** `GET /api/staff/manage/tables/?branchId=`: the branch's tables with their codes, and its counter codes. */
export function listTables(branchId: number, language: Language): Promise<ManageTablesResponse> {
  return staffRequest<ManageTablesResponse>('/staff/manage/tables/', {
    language,
    query: { branchId: String(branchId) },
  });
}

export function createTable(body: TableCreateBody, language: Language): Promise<ManageTable> {
  return staffRequest<ManageTable>('/staff/manage/tables/', { language, method: 'POST', body });
}

export function updateTable(id: number, body: TableUpdateBody, language: Language): Promise<ManageTable> {
  return staffRequest<ManageTable>(`/staff/manage/tables/${id}/`, { language, method: 'PATCH', body });
}

export function removeTable(id: number, language: Language): Promise<null> {
  return staffRequest<null>(`/staff/manage/tables/${id}/`, { language, method: 'DELETE' });
}

export function createCode(branchId: number, tableId: number | null, language: Language): Promise<ManageQrCode> {
  return staffRequest<ManageQrCode>('/staff/manage/tables/qr-codes/', {
    language,
    method: 'POST',
    body: { branchId, tableId },
  });
}

export function changeCode(uuid: string, action: 'deactivate' | 'replace', language: Language): Promise<ManageQrCode> {
  return staffRequest<ManageQrCode>(`/staff/manage/tables/qr-codes/${uuid}/${action}/`, { language, method: 'POST' });
}

/** The PNG download of the cards (the browser fetches it with the staff cookies). */
export function cardsPngUrl(branchId: number, size: CardSize, page = 1, tableIds?: number[]): string {
  return apiUrl('/staff/manage/tables/cards.png', {
    branchId: String(branchId),
    size,
    page: String(page),
    tableIds: tableIds?.length ? tableIds.join(',') : undefined,
  });
}

/** The PDF download of every card of the branch (A4 pages of six, or one tent card a page). */
export function cardsPdfUrl(branchId: number, size: CardSize): string {
  return apiUrl('/staff/manage/tables/cards.pdf', { branchId: String(branchId), size });
}
