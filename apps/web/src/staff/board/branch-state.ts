import type { StaffBranch } from './api/get-staff-branches';

/**
 * What the branch card says about a branch, with the reason when it is closed. A bare "Closed" beside the manager's
 * switch turned on read as a contradiction: the switch lets the branch take orders, its opening hours may still say
 * no. Keys of the account strings (`staff.branchState.*`).
 */
export function branchStateKey(branch: Pick<StaffBranch, 'status' | 'isOpen'>): string {
  if (branch.status === 'open') return 'staff.branchState.open';
  return branch.isOpen ? 'staff.branchState.closedByHours' : 'staff.branchState.closedBySwitch';
}
