import type { Language } from '@sufra/shared/language';
import type { FoodicsMapping, FoodicsMappingBody, FoodicsMenuImportSummary } from '@sufra/shared/schemas/foodics-menu';
import { staffRequest } from '../../../lib/staff-request';

/** The query key of the brand's Foodics id mapping (under 'staff': signing out clears it). */
export const foodicsMappingKey = ['staff', 'manage', 'foodics-mapping'] as const;

/** `POST /api/staff/manage/foodics/menu-import/` (owners): Foodics' menu into ours, the summary back. */
export function importFoodicsMenu(language: Language): Promise<FoodicsMenuImportSummary> {
  return staffRequest<FoodicsMenuImportSummary>('/staff/manage/foodics/menu-import/', { language, method: 'POST' });
}

/** `GET …/mapping/`: our branches and items with their Foodics ids, and Foodics' not mapped to ours. */
export function getFoodicsMapping(language: Language): Promise<FoodicsMapping> {
  return staffRequest<FoodicsMapping>('/staff/manage/foodics/mapping/', { language });
}

/** `PUT …/mapping/`: one branch or item mapped to a Foodics id, or unmapped (null). */
export function setFoodicsMapping(body: FoodicsMappingBody, language: Language): Promise<unknown> {
  return staffRequest('/staff/manage/foodics/mapping/', { language, method: 'PUT', body });
}
