import type { Branch } from '@sufra/shared/schemas/branch';
import type { CartBranch } from '../../../stores/cart-slice';

export const cartBranch = (branch: Pick<Branch, 'id' | 'name'>): CartBranch => ({ id: branch.id, name: branch.name });
