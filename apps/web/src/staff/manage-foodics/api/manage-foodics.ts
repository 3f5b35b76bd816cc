import type { Language } from '@sufra/shared/language';
import type { FoodicsHandOffList } from '@sufra/shared/schemas/foodics';
import { staffRequest } from '../../../lib/staff-request';

/** The query key of the console's Foodics hand-offs (under 'staff': signing out clears it). */
export const foodicsHandOffsKey = ['staff', 'manage', 'foodics'] as const;

export type FoodicsHandOffFilter = 'dead' | 'waiting' | 'queued' | 'all';

/** `GET /api/staff/manage/foodics/orders/`: orders handed to Foodics in the caller's branches, by state. */
export function listFoodicsHandOffs(filter: FoodicsHandOffFilter, language: Language): Promise<FoodicsHandOffList> {
  const query = filter === 'all' ? '' : `?state=${filter}`;
  return staffRequest<FoodicsHandOffList>(`/staff/manage/foodics/orders/${query}`, { language });
}

/** `POST …/{orderId}/retry/` or `…/handled/`: a dead letter sent again, or settled by hand. */
export function settleFoodicsHandOff(
  orderId: number,
  action: 'retry' | 'handled',
  language: Language,
): Promise<{ orderId: number; state: string }> {
  return staffRequest(`/staff/manage/foodics/orders/${orderId}/${action}/`, { language, method: 'POST' });
}
