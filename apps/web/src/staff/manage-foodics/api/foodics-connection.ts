import type { Language } from '@sufra/shared/language';
import type { FoodicsConnectionView } from '@sufra/shared/schemas/foodics';
import { staffRequest } from '../../../lib/staff-request';

/** The query key of the brand's Foodics connection (under 'staff': signing out clears it). */
export const foodicsConnectionKey = ['staff', 'manage', 'foodics-connection'] as const;

/** `GET /api/staff/manage/foodics/connection/` (owners): the business, and how it is connected. */
export function getFoodicsConnection(language: Language): Promise<FoodicsConnectionView> {
  return staffRequest<FoodicsConnectionView>('/staff/manage/foodics/connection/', { language });
}

/** `POST …/connection/authorize/`: Foodics' page where the owner allows the app (the browser goes there). */
export function startFoodicsConnection(language: Language): Promise<{ url: string }> {
  return staffRequest<{ url: string }>('/staff/manage/foodics/connection/authorize/', { language, method: 'POST' });
}

/** `DELETE …/connection/`: the brand's tokens deleted. */
export function disconnectFoodics(language: Language): Promise<{ connected: false }> {
  return staffRequest<{ connected: false }>('/staff/manage/foodics/connection/', { language, method: 'DELETE' });
}
