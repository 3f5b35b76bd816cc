import type { Language } from '@sufra/shared/language';
import type {
  AdminCategory,
  AdminItem,
  AdminMenuResponse,
  AdminModifierGroup,
  BranchItemBody,
  BulkBody,
  CategoryBody,
  CategoryUpdateBody,
  ItemBody,
  ItemListQuery,
  ItemListResponse,
  ItemUpdateBody,
  ModifierGroupBody,
  ModifierGroupUpdateBody,
} from '@sufra/shared/schemas/menu-admin';
import { staffRequest } from '../../../lib/staff-request';

const BASE = '/staff/manage/menu';

/** The menu console's reads and writes (apps/api/src/modules/menu-admin). Query keys start with 'staff'. */
export const menuAdminKey = (language: Language) => ['staff', 'manage', 'menu', language] as const;
export const menuAdminPrefix = ['staff', 'manage', 'menu'] as const;

export function getAdminMenu(language: Language): Promise<AdminMenuResponse> {
  return staffRequest<AdminMenuResponse>(`${BASE}/`, { language });
}

/** The item list's page (server-filtered and sorted): under the menu's prefix, so every menu write refreshes it. */
export const itemListKey = (language: Language, query: ItemListQuery) =>
  ['staff', 'manage', 'menu', 'items', language, JSON.stringify(query)] as const;

export function getItemList(query: ItemListQuery, language: Language, signal?: AbortSignal): Promise<ItemListResponse> {
  const params: Record<string, string> = {};
  for (const [name, value] of Object.entries(query))
    if (value !== undefined && value !== '') params[name] = String(value);
  return staffRequest<ItemListResponse>(`${BASE}/items/`, { language, query: params, signal });
}

export function saveItem(id: number, body: ItemUpdateBody, language: Language): Promise<AdminItem> {
  return staffRequest<AdminItem>(`${BASE}/items/${id}/`, { language, method: 'PUT', body });
}

export function setBranchItem(
  itemId: number,
  branchId: number,
  body: BranchItemBody,
  language: Language,
): Promise<AdminItem> {
  return staffRequest<AdminItem>(`${BASE}/items/${itemId}/branches/${branchId}/`, { language, method: 'PUT', body });
}

export function bulkItems(body: BulkBody, language: Language): Promise<{ changed: number }> {
  return staffRequest<{ changed: number }>(`${BASE}/items/bulk/`, { language, method: 'POST', body });
}

export function uploadItemPhoto(id: number, file: File, language: Language): Promise<AdminItem> {
  const form = new FormData();
  form.append('photo', file);
  return staffRequest<AdminItem>(`${BASE}/items/${id}/photo/`, { language, method: 'POST', body: form });
}

export function createCategory(body: CategoryBody, language: Language): Promise<AdminCategory> {
  return staffRequest<AdminCategory>(`${BASE}/categories/`, { language, method: 'POST', body });
}

export function saveCategory(id: number, body: CategoryUpdateBody, language: Language): Promise<AdminCategory> {
  return staffRequest<AdminCategory>(`${BASE}/categories/${id}/`, { language, method: 'PUT', body });
}

export function orderCategories(categoryIds: number[], language: Language): Promise<{ categories: AdminCategory[] }> {
  return staffRequest<{ categories: AdminCategory[] }>(`${BASE}/categories/order/`, {
    language,
    method: 'PUT',
    body: { categoryIds },
  });
}

export function exportItemsCsv(language: Language): Promise<{ filename: string; csv: string }> {
  return staffRequest<{ filename: string; csv: string }>(`${BASE}/items/csv/`, { language });
}

export function importItemsCsv(csv: string, language: Language): Promise<{ created: number; updated: number }> {
  return staffRequest<{ created: number; updated: number }>(`${BASE}/items/csv/`, {
    language,
    method: 'POST',
    body: { csv },
  });
}

export const adminItemKey = (id: number, language: Language) =>
  ['staff', 'manage', 'menu', 'item', id, language] as const;

export function getAdminItem(id: number, language: Language): Promise<AdminItem> {
  return staffRequest<AdminItem>(`${BASE}/items/${id}/`, { language });
}

export function createModifierGroup(body: ModifierGroupBody, language: Language): Promise<AdminModifierGroup> {
  return staffRequest<AdminModifierGroup>(`${BASE}/modifier-groups/`, { language, method: 'POST', body });
}

export function saveModifierGroup(
  id: number,
  body: ModifierGroupUpdateBody,
  language: Language,
): Promise<AdminModifierGroup> {
  return staffRequest<AdminModifierGroup>(`${BASE}/modifier-groups/${id}/`, { language, method: 'PUT', body });
}

export function deleteModifierGroup(id: number, language: Language): Promise<void> {
  return staffRequest<void>(`${BASE}/modifier-groups/${id}/`, { language, method: 'DELETE' });
}

export function createItem(body: ItemBody, language: Language): Promise<AdminItem> {
  return staffRequest<AdminItem>(`${BASE}/items/`, { language, method: 'POST', body });
}
