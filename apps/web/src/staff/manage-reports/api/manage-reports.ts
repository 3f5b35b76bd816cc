import type { Language } from '@sufra/shared/language';
import type { ReportDashboard, ReportExportResponse, ReportQuery, ReportTable } from '@sufra/shared/schemas/reports';
import { staffRequest } from '../../../lib/staff-request';

const BASE = '/staff/manage/reports';

/** Every reports query's key starts here (under 'staff': signing out clears it). */
export const reportsKey = ['staff', 'manage', 'reports'] as const;

function search(query: ReportQuery, extra: Record<string, string> = {}): string {
  const params = new URLSearchParams({ from: query.from, to: query.to, ...extra });
  if (query.branchId !== undefined) params.set('branchId', String(query.branchId));
  return params.toString();
}

/** `GET …/dashboard/`: the period's figures beside the period just before it (read from the roll-ups). */
export function getDashboard(query: ReportQuery, language: Language): Promise<ReportDashboard> {
  return staffRequest<ReportDashboard>(`${BASE}/dashboard/?${search(query)}`, { language });
}

/** `GET …/export/`: one table as CSV (UTF-8 with a byte-order mark) in the interface's language. */
export function exportReportTable(query: ReportQuery, table: ReportTable, language: Language) {
  return staffRequest<ReportExportResponse>(`${BASE}/export/?${search(query, { table })}`, { language });
}
