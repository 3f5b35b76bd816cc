import type { Language } from '@sufra/shared/language';
import type { PointsHistory } from '@sufra/shared/schemas/loyalty';
import { customerRequest, enc } from '../../../lib/customer-request';

export const HISTORY_PAGE_SIZE = 30;

/** `GET /api/loyalty/{uuid}/me/history/?before=&limit=`: the diner's points movements, newest first. */
export function getPointsHistory(uuid: string, before: number | undefined, language: Language): Promise<PointsHistory> {
  return customerRequest<PointsHistory>(uuid, `/loyalty/${enc(uuid)}/me/history/`, {
    language,
    query: { limit: String(HISTORY_PAGE_SIZE), before: before === undefined ? undefined : String(before) },
  });
}
