import type { Language } from '@sufra/shared/language';
import type { TableStatus } from '@sufra/shared/machines/table-status';
import type { Table } from '@sufra/shared/schemas/order-events';
import { staffRequest } from '../../../lib/staff-request';

/** `PATCH /api/staff/tables/{id}/status/`: Free, Occupied, Reserved or Check Printed. */
export function updateTableStatus(id: number, to: TableStatus, language: Language): Promise<Table> {
  return staffRequest<Table>(`/staff/tables/${id}/status/`, { language, method: 'PATCH', body: { to } });
}
