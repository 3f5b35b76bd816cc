import type { Language } from '@sufra/shared/language';
import type { staffBranchSchema } from '@sufra/shared/schemas/staff';
import type { z } from 'zod';
import { staffRequest } from '../../../lib/staff-request';

/** One branch in the staff user's scope (types only: full zod stays out of the browser bundle). */
export type StaffBranch = z.infer<typeof staffBranchSchema>;

/** `GET /api/staff/branches/`: the branches in the user's scope with their open/closed status. */
export async function getStaffBranches(language: Language): Promise<StaffBranch[]> {
  return (await staffRequest<{ branches: StaffBranch[] }>('/staff/branches/', { language })).branches;
}
