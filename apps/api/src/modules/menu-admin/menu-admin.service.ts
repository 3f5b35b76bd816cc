import { soldOutTodayUntil } from '@sufra/shared/menu/sold-out-today';
import type {
  AdminCategory,
  AdminItem,
  branchItemBody,
  bulkBody,
  categoryBody,
  categoryOrderBody,
  categoryUpdateBody,
  itemBody,
  itemUpdateBody,
} from '@sufra/shared/schemas/menu-admin';
import type { z } from 'zod';
import type { AppContext } from '../../app-context.ts';
import type { Queryable } from '../../db/client.ts';
import type { StaffPrincipal } from '../../plugins/auth.ts';
import { AppError } from '../../plugins/errors.ts';
import type { FileStorage } from '../../providers/storage/file-storage.ts';
import {
  addAllItemsToBranch,
  addItemToAllBranches,
  countOwn,
  deleteCategory,
  insertCategory,
  insertItem,
  listBranches,
  listCategories,
  lockBrandCategories,
  lockCategory,
  lockItem,
  lockItems,
  setCategorySort,
  setItemImage,
  updateCategory,
  updateItem,
  updateItems,
} from './menu-admin.repo.ts';
import { categorySnapshot, itemSnapshot, toAdminCategory } from './menu-admin.view.ts';
import { createMenuAdminReads } from './menu-admin-reads.service.ts';
import { createMenuAdminWrites } from './menu-admin-writes.service.ts';
import { deleteBranchItem, findBranchItem, setSoldOutUntil, upsertBranchItem } from './menu-branch-items.repo.ts';
import { createMenuCsvService } from './menu-csv.service.ts';
import { createModifierGroupsService } from './menu-modifier-groups.service.ts';
import { readMenuPhoto, storeMenuPhoto } from './menu-photos.service.ts';

type Staff = StaffPrincipal;
type Ip = string | null;

/**
 * The menu console (issue 26 items 2 and 3). Every write is one transaction holding the change, its audit row
 * (recordStaffChange) and the brand's menu version bump (invalidateMenu): every instance's cached menu is stale from
 * the commit on, so a diner's next menu request shows the change. Brand-wide edits (categories, items, modifier
 * groups) are the owner's, and a manager's when the brand allows it (brands.managers_edit_menu); a branch's
 * availability, price and "sold out today" are any manager's of that branch. Shared objects carry a version: a save
 * made at an older one is refused with 409 and both values (docs/adr/0430).
 */
/**
 * A branch just created (modules/branches, in its transaction) starts with the brand's whole menu: without rows in
 * branch_items its diners would see an empty menu until each item was switched on.
 */
export function sellBrandMenuAt(tx: Queryable, brandId: number, branchId: number): Promise<void> {
  return addAllItemsToBranch(tx, brandId, branchId);
}

export function createMenuAdminService(ctx: AppContext, { storage }: { storage: FileStorage }) {
  const { db } = ctx;
  const writes = createMenuAdminWrites(ctx);
  const {
    canEditMenu,
    assertCanEditMenu,
    assertOwnBranch,
    write,
    audit,
    categoryView,
    itemView,
    categoryColumns,
    itemColumns,
    writeItemLinks,
    freeSlug,
  } = writes;

  return {
    canEditMenu,
    ...createMenuCsvService(ctx, writes),
    ...createModifierGroupsService(writes),
    ...createMenuAdminReads(ctx, writes),

    async createCategory(staff: Staff, ip: Ip, body: z.output<typeof categoryBody>): Promise<AdminCategory> {
      await assertCanEditMenu(staff);
      const columns = categoryColumns(body);
      return write(staff, async (tx) => {
        const row = await insertCategory(tx, staff.brandId, columns);
        await audit(tx, staff, ip, {
          objectType: 'menu_category',
          objectId: row.id,
          action: 'create',
          before: null,
          after: categorySnapshot(row),
        });
        return toAdminCategory(row, 0);
      });
    },

    async updateCategory(
      staff: Staff,
      ip: Ip,
      id: number,
      body: z.output<typeof categoryUpdateBody>,
    ): Promise<AdminCategory> {
      await assertCanEditMenu(staff);
      const columns = categoryColumns(body);
      return write(staff, async (tx) => {
        const before = await lockCategory(tx, staff.brandId, id);
        if (!before) throw new AppError('menu_category_not_found');
        if (before.version !== body.version) {
          throw new AppError('menu_edit_conflict', { current: await categoryView(tx, staff, id), yours: body });
        }
        const row = await updateCategory(tx, staff.brandId, id, body.version, columns);
        if (!row) throw new AppError('menu_edit_conflict', { current: await categoryView(tx, staff, id), yours: body });
        await audit(tx, staff, ip, {
          objectType: 'menu_category',
          objectId: id,
          action: 'update',
          before: categorySnapshot(before),
          after: categorySnapshot(row),
        });
        return categoryView(tx, staff, id);
      });
    },

    /** Deletes an empty category (items are moved out first: deleting them with it would be too easy a mistake). */
    async deleteCategory(staff: Staff, ip: Ip, id: number): Promise<void> {
      await assertCanEditMenu(staff);
      await write(staff, async (tx) => {
        const before = await lockCategory(tx, staff.brandId, id);
        if (!before) throw new AppError('menu_category_not_found');
        const view = await categoryView(tx, staff, id);
        if (view.itemCount > 0) throw new AppError('menu_category_not_empty');
        await deleteCategory(tx, staff.brandId, id);
        await audit(tx, staff, ip, {
          objectType: 'menu_category',
          objectId: id,
          action: 'delete',
          before: categorySnapshot(before),
          after: null,
        });
      });
    },

    /** The categories in this order: the list must name every category of the brand once. */
    async orderCategories(staff: Staff, ip: Ip, body: z.output<typeof categoryOrderBody>): Promise<AdminCategory[]> {
      await assertCanEditMenu(staff);
      return write(staff, async (tx) => {
        const rows = await lockBrandCategories(tx, staff.brandId);
        const known = new Set(rows.map((r) => r.id));
        const asked = new Set(body.categoryIds);
        if (
          asked.size !== body.categoryIds.length ||
          asked.size !== known.size ||
          ![...asked].every((i) => known.has(i))
        ) {
          throw new AppError('menu_order_mismatch');
        }
        for (const [sort, id] of body.categoryIds.entries()) {
          const before = rows.find((r) => r.id === id);
          if (before?.sort === sort) continue;
          await setCategorySort(tx, id, sort);
          await audit(tx, staff, ip, {
            objectType: 'menu_category',
            objectId: id,
            action: 'update',
            before: { sort: before?.sort ?? null },
            after: { sort },
          });
        }
        const after = await listCategories(tx, staff.brandId);
        return after.map((c) => toAdminCategory(c.category, c.itemCount));
      });
    },

    async item(staff: Staff, id: number): Promise<AdminItem> {
      if (staff.role === 'cashier') throw new AppError('forbidden');
      return itemView(db, staff, id);
    },

    async createItem(staff: Staff, ip: Ip, body: z.output<typeof itemBody>): Promise<AdminItem> {
      await assertCanEditMenu(staff);
      return write(staff, async (tx) => {
        const { columns, groupIds } = await itemColumns(tx, staff, body);
        const row = await insertItem(tx, staff.brandId, await freeSlug(tx, staff.brandId, body.name.en), columns);
        await writeItemLinks(tx, row.id, body, groupIds);
        await addItemToAllBranches(tx, staff.brandId, row.id);
        await audit(tx, staff, ip, {
          objectType: 'menu_item',
          objectId: row.id,
          action: 'create',
          before: null,
          after: { ...itemSnapshot(row), modifierGroupIds: groupIds, comboSlots: body.comboSlots },
        });
        return itemView(tx, staff, row.id);
      });
    },

    async updateItem(staff: Staff, ip: Ip, id: number, body: z.output<typeof itemUpdateBody>): Promise<AdminItem> {
      await assertCanEditMenu(staff);
      return write(staff, async (tx) => {
        const before = await lockItem(tx, staff.brandId, id);
        if (!before) throw new AppError('item_not_found');
        // The row is locked: its version now is the one this save must have read.
        if (before.version !== body.version) {
          throw new AppError('menu_edit_conflict', { current: await itemView(tx, staff, id), yours: body });
        }
        const beforeView = await itemView(tx, staff, id);
        const { columns, groupIds } = await itemColumns(tx, staff, body, id);
        const row = await updateItem(tx, staff.brandId, id, body.version, columns);
        if (!row) throw new AppError('menu_edit_conflict', { current: beforeView, yours: body });
        await writeItemLinks(tx, id, body, groupIds);
        await audit(tx, staff, ip, {
          objectType: 'menu_item',
          objectId: id,
          action: 'update',
          before: { ...itemSnapshot(before), modifierGroupIds: beforeView.modifierGroupIds },
          after: { ...itemSnapshot(row), modifierGroupIds: groupIds },
        });
        return itemView(tx, staff, id);
      });
    },

    /** One item at one branch: sold there or not, available / sold out today / sold out, the branch's price. */
    async setBranchItem(
      staff: Staff,
      ip: Ip,
      itemId: number,
      branchId: number,
      body: z.output<typeof branchItemBody>,
    ): Promise<AdminItem> {
      if (staff.role === 'cashier') throw new AppError('forbidden');
      return write(staff, async (tx) => {
        await assertOwnBranch(tx, staff, branchId);
        const item = await lockItem(tx, staff.brandId, itemId);
        if (!item) throw new AppError('item_not_found');
        const before = await findBranchItem(tx, branchId, itemId);
        const branch = (await listBranches(tx, staff.brandId, [branchId]))[0];
        const now = ctx.now();
        if (!body.sold) {
          if (before) await deleteBranchItem(tx, branchId, itemId);
        } else {
          await upsertBranchItem(tx, {
            branchId,
            itemId,
            isAvailable: body.availability !== 'sold_out',
            soldOutUntil:
              body.availability === 'sold_out_today' ? soldOutTodayUntil(now, branch?.timeZone ?? 'Asia/Riyadh') : null,
            priceHalalas: body.priceHalalas,
          });
        }
        const after = body.sold ? await findBranchItem(tx, branchId, itemId) : undefined;
        const snap = (r: typeof before) =>
          r
            ? {
                isAvailable: r.isAvailable,
                soldOutUntil: r.soldOutUntil?.toISOString() ?? null,
                priceHalalas: r.priceHalalas,
              }
            : null;
        await audit(tx, staff, ip, {
          objectType: 'menu_branch_item',
          objectId: `${branchId}:${itemId}`,
          branchId,
          action: before ? (after ? 'update' : 'delete') : 'create',
          before: snap(before),
          after: snap(after),
        });
        return itemView(tx, staff, itemId);
      });
    },

    /**
     * A bulk action on many items at once: all of them or none (one transaction), each audited. Every item is
     * locked and must still be at the version the client read: otherwise 409 `menu_bulk_conflict` names the items
     * saved since, and nothing is written.
     */
    async bulk(staff: Staff, ip: Ip, body: z.output<typeof bulkBody>): Promise<{ changed: number }> {
      if (staff.role === 'cashier') throw new AppError('forbidden');
      const read = new Map(body.items.map((i) => [i.id, i.version]));
      const ids = [...read.keys()];
      const perBranch = body.action === 'sold_out_today' || body.action === 'back_in_stock';
      if (perBranch && body.branchId === undefined) {
        throw new AppError('menu_bulk_needs_branch', undefined, { branchId: 'menu_bulk_needs_branch' });
      }
      if (body.action === 'move_category' && body.categoryId === undefined) {
        throw new AppError('menu_bulk_needs_category', undefined, { categoryId: 'menu_bulk_needs_category' });
      }
      if (!perBranch) await assertCanEditMenu(staff);
      return write(staff, async (tx) => {
        const locked = await lockItems(tx, staff.brandId, ids);
        if (locked.length !== ids.length) throw new AppError('item_not_found');
        const conflicts = locked.filter((row) => row.version !== read.get(row.id));
        if (conflicts.length > 0) {
          throw new AppError('menu_bulk_conflict', {
            conflicts: conflicts.map((r) => ({ id: r.id, name: { ar: r.nameAr, en: r.nameEn }, version: r.version })),
          });
        }
        if (perBranch && body.branchId !== undefined) {
          const branchId = body.branchId;
          await assertOwnBranch(tx, staff, branchId);
          const branch = (await listBranches(tx, staff.brandId, [branchId]))[0];
          const until =
            body.action === 'sold_out_today' ? soldOutTodayUntil(ctx.now(), branch?.timeZone ?? 'Asia/Riyadh') : null;
          const before = await setSoldOutUntil(tx, branchId, ids, until);
          for (const row of before) {
            await audit(tx, staff, ip, {
              objectType: 'menu_branch_item',
              objectId: `${branchId}:${row.itemId}`,
              branchId,
              action: 'update',
              before: { isAvailable: row.isAvailable, soldOutUntil: row.soldOutUntil?.toISOString() ?? null },
              after: until
                ? { isAvailable: row.isAvailable, soldOutUntil: until.toISOString() }
                : { isAvailable: true, soldOutUntil: null },
            });
          }
          return { changed: before.length };
        }
        if (body.action === 'move_category' && body.categoryId !== undefined) {
          if ((await countOwn(tx, staff.brandId, 'category', [body.categoryId])) !== 1) {
            throw new AppError('menu_category_not_found', undefined, { categoryId: 'menu_category_not_found' });
          }
        }
        const columns =
          body.action === 'move_category' ? { categoryId: body.categoryId } : { active: body.action === 'activate' };
        const befores = new Map(locked.map((row) => [row.id, row]));
        const rows = await updateItems(tx, staff.brandId, ids, columns);
        for (const row of rows) {
          const before = befores.get(row.id);
          await audit(tx, staff, ip, {
            objectType: 'menu_item',
            objectId: row.id,
            action: 'update',
            before: before ? itemSnapshot(before) : null,
            after: itemSnapshot(row),
          });
        }
        return { changed: rows.length };
      });
    },

    /**
     * A new photo for an item: checked by its bytes, re-encoded at the menu's sizes with a placeholder colour, stored
     * (local folder or S3), then the item points at it (its version moves on) in one audited write.
     */
    async setItemPhoto(staff: Staff, ip: Ip, id: number, upload: Buffer): Promise<AdminItem> {
      await assertCanEditMenu(staff);
      // The item first: another brand's id is refused before a byte is decoded.
      await itemView(db, staff, id);
      const photo = await storeMenuPhoto(storage, staff.brandId, id, upload);
      return write(staff, async (tx) => {
        const before = await lockItem(tx, staff.brandId, id);
        if (!before) throw new AppError('item_not_found');
        await setItemImage(tx, id, photo.image, photo.imageColor);
        await audit(tx, staff, ip, {
          objectType: 'menu_item',
          objectId: id,
          action: 'update',
          before: { image: before.image, imageColor: before.imageColor },
          after: { image: photo.image, imageColor: photo.imageColor },
        });
        return itemView(tx, staff, id);
      });
    },

    /** A stored menu photo (public: it is on the diner's menu). */
    photo: (brandId: number, name: string) => readMenuPhoto(storage, brandId, name),
  };
}

export type MenuAdminService = ReturnType<typeof createMenuAdminService>;
