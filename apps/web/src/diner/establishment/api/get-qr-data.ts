import type { Language } from '@sufra/shared/language';
import type { QrData } from '@sufra/shared/schemas/establishment';
import { apiRequest } from '../../../lib/api-client';
import { type QueryKey, useApiQuery } from '../../../lib/use-api-query';

/** The API refuses a utm_source that is not 1–100 letters, digits, `_`, `.` or `-`; such a value is dropped, not sent. */
export function cleanUtmSource(value: string | null | undefined): string | undefined {
  const trimmed = value?.trim();
  return trimmed && /^[\w.-]{1,100}$/.test(trimmed) ? trimmed : undefined;
}

/** `GET restaurant/qr/{uuid}/data/?utm_source=` (spec §7). */
export function getQrData(uuid: string, language: Language, utmSource?: string | null): Promise<QrData> {
  return apiRequest<QrData>(`/restaurant/qr/${encodeURIComponent(uuid)}/data/`, {
    language,
    query: { utm_source: cleanUtmSource(utmSource) },
  });
}

export const qrDataQueryKey = (uuid: string): QueryKey => ['qr', uuid];

/** Keyed without the language: brand and branch names come in both languages, so a switch does not refetch. */
export function useQrData(uuid: string | undefined, language: Language, utmSource?: string | null) {
  return useApiQuery(uuid ? qrDataQueryKey(uuid) : null, () => getQrData(uuid ?? '', language, utmSource));
}
