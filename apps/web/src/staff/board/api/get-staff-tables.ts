import type { Language } from '@sufra/shared/language';
import type { Table } from '@sufra/shared/schemas/order-events';
import { staffRequest } from '../../../lib/staff-request';

/** `GET /api/staff/tables/?branchId=`: the branch's tables with their status. */
export async function getStaffTables(branchId: number, language: Language, signal?: AbortSignal): Promise<Table[]> {
  const response = await staffRequest<{ tables: Table[] }>('/staff/tables/', {
    language,
    query: { branchId: String(branchId) },
    ...(signal ? { signal } : {}),
  });
  return response.tables;
}
