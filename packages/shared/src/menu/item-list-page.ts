/**
 * The console's item list: rows a page (docs/adr/0710). Apart from schemas/menu-admin.ts (which re-exports it) so the
 * list's chunk need not evaluate the zod schemas for one number (docs/adr/0770).
 */
export const ITEM_LIST_PAGE = 50;
