import type { AdminMenuResponse, ItemListResponse, itemListQuery } from '@sufra/shared/schemas/menu-admin';
import type { z } from 'zod';
import type { AppContext } from '../../app-context.ts';
import type { StaffPrincipal } from '../../plugins/auth.ts';
import { AppError } from '../../plugins/errors.ts';
import { countOwn, listBranches, listCategories, listItems, listModifierGroups } from './menu-admin.repo.ts';
import { toAdminCategory, toAdminItems, toAdminModifierGroups } from './menu-admin.view.ts';
import type { createMenuAdminWrites } from './menu-admin-writes.service.ts';
import { pageItemIds } from './menu-item-list.repo.ts';

type Staff = StaffPrincipal;

/** The user's branches and the brand's categories, as both reads answer them. */
function branchesAndCategories(
  branchRows: Awaited<ReturnType<typeof listBranches>>,
  categories: Awaited<ReturnType<typeof listCategories>>,
) {
  return {
    branches: branchRows.map((b) => ({ id: b.id, name: { ar: b.nameAr, en: b.nameEn }, timeZone: b.timeZone })),
    categories: categories.map((c) => toAdminCategory(c.category, c.itemCount)),
  };
}

/** The menu console's reads: the whole menu (the editors) and the item list a page at a time. */
export function createMenuAdminReads(ctx: AppContext, { canEditMenu }: ReturnType<typeof createMenuAdminWrites>) {
  const { db } = ctx;
  return {
    /** Everything the console shows: categories, items (with their rows at the user's branches), modifier groups. */
    async overview(staff: Staff): Promise<AdminMenuResponse> {
      if (staff.role === 'cashier') throw new AppError('forbidden');
      const [allowed, branchRows, categories, listing, groups] = await Promise.all([
        canEditMenu(staff),
        listBranches(db, staff.brandId, staff.branchIds),
        listCategories(db, staff.brandId),
        listItems(db, staff.brandId, staff.branchIds),
        listModifierGroups(db, staff.brandId),
      ]);
      return {
        canEditMenu: allowed,
        ...branchesAndCategories(branchRows, categories),
        items: toAdminItems(
          listing,
          branchRows.map((b) => b.id),
          ctx.config.imageHost,
          ctx.now(),
        ),
        modifierGroups: toAdminModifierGroups(groups),
      };
    },

    /**
     * The item list a page at a time (docs/adr/0710): the filters and sort applied by the database, then only the
     * page's items built in full. The statuses are read at `branch`, one of the user's (403 another of the brand's,
     * 404 another brand's); a category of another brand simply matches nothing.
     */
    async itemPage(
      staff: Staff,
      query: z.output<typeof itemListQuery>,
      language: 'ar' | 'en',
    ): Promise<ItemListResponse> {
      if (staff.role === 'cashier') throw new AppError('forbidden');
      if (query.branch !== undefined && !staff.branchIds.includes(query.branch)) {
        const own = await countOwn(db, staff.brandId, 'branch', [query.branch]);
        throw new AppError(own === 1 ? 'forbidden' : 'branch_not_found');
      }
      // The user's first branch (the lowest id, as listBranches orders them) unless one was asked for.
      const branchId = query.branch ?? (staff.branchIds.length > 0 ? Math.min(...staff.branchIds) : null);
      const now = ctx.now();
      const [allowed, branchRows, categories, { ids, total }] = await Promise.all([
        canEditMenu(staff),
        listBranches(db, staff.brandId, staff.branchIds),
        listCategories(db, staff.brandId),
        pageItemIds(db, staff.brandId, {
          q: query.q,
          categoryId: query.category,
          status: query.status,
          branchId,
          sort: query.sort,
          direction: query.direction,
          language,
          offset: query.offset,
          limit: query.limit,
          now,
        }),
      ]);
      const built =
        ids.length === 0
          ? []
          : toAdminItems(
              await listItems(db, staff.brandId, staff.branchIds, ids),
              branchRows.map((b) => b.id),
              ctx.config.imageHost,
              now,
            );
      const byId = new Map(built.map((item) => [item.id, item]));
      return {
        canEditMenu: allowed,
        ...branchesAndCategories(branchRows, categories),
        branchId,
        items: ids.flatMap((id) => byId.get(id) ?? []),
        total,
        offset: query.offset,
        limit: query.limit,
      };
    },
  };
}
