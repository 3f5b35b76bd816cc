import type { Language } from '@sufra/shared/language';
import type {
  PunchProgrammeBody,
  StaffPunchProgramme,
  StaffPunchProgrammesResponse,
} from '@sufra/shared/schemas/punch-cards';
import { staffRequest } from '../../../lib/staff-request';

/** `GET /api/staff/punch-programmes/`: the brand's programmes with their card counts, and what the form picks from. */
export function getPunchProgrammes(language: Language): Promise<StaffPunchProgrammesResponse> {
  return staffRequest<StaffPunchProgrammesResponse>('/staff/punch-programmes/', { language });
}

/** `POST /api/staff/punch-programmes/` (new) or `PUT …/{id}/` (edit). */
export function savePunchProgramme(
  id: number | null,
  body: PunchProgrammeBody,
  language: Language,
): Promise<StaffPunchProgramme> {
  return staffRequest<StaffPunchProgramme>(
    id === null ? '/staff/punch-programmes/' : `/staff/punch-programmes/${id}/`,
    { language, method: id === null ? 'POST' : 'PUT', body },
  );
}

/** `POST /api/staff/punch-programmes/{id}/archive|restore/` at the version read (a stale one answers 409). */
export function setPunchProgrammeArchived(
  programme: Pick<StaffPunchProgramme, 'id' | 'version'>,
  archive: boolean,
  language: Language,
): Promise<StaffPunchProgramme> {
  return staffRequest<StaffPunchProgramme>(
    `/staff/punch-programmes/${programme.id}/${archive ? 'archive' : 'restore'}/`,
    { language, method: 'POST', body: { version: programme.version } },
  );
}

/** `POST /api/staff/punch-programmes/{id}/duplicate/`: a switched-off copy, to edit. */
export function duplicatePunchProgramme(id: number, language: Language): Promise<StaffPunchProgramme> {
  return staffRequest<StaffPunchProgramme>(`/staff/punch-programmes/${id}/duplicate/`, {
    language,
    method: 'POST',
    body: {},
  });
}
