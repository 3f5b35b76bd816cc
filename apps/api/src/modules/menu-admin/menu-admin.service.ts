import type { Language } from '@sufra/shared/language';
import { soldOutTodayUntil } from '@sufra/shared/menu/sold-out-today';
import { type ErrorCode, errorMessage } from '@sufra/shared/messages/errors';
import type {
  AdminCategory,
  AdminItem,
  AdminMenuResponse,
  AdminModifierGroup,
  branchItemBody,
  bulkBody,
  categoryBody,
  categoryOrderBody,
  categoryUpdateBody,
  itemBody,
  itemUpdateBody,
  modifierGroupBody,
} from '@sufra/shared/schemas/menu-admin';
import type { z } from 'zod';
import type { AppContext } from '../../app-context.ts';
import type { Transaction } from '../../db/client.ts';
import type { StaffPrincipal } from '../../plugins/auth.ts';
import { AppError } from '../../plugins/errors.ts';
import type { FileStorage } from '../../providers/storage/file-storage.ts';
import { recordStaffChange } from '../audit/audit.service.ts';
import { forgetMenuKeys, invalidateMenu } from '../menu/menu.service.ts';
import {
  addItemsToAllBranches,
  addItemToAllBranches,
  type CategoryColumns,
  categoriesByName,
  countOwn,
  deleteBranchItem,
  deleteCategory,
  findBranchItem,
  type ItemColumns,
  type ItemRow,
  insertCategory,
  insertItem,
  insertItemsBatch,
  listBranches,
  listCategories,
  listItems,
  listModifierGroups,
  lockBrandCategories,
  lockBrandItems,
  lockCategory,
  lockItem,
  lockModifierGroup,
  managersEditMenu,
  replaceComboSlots,
  replaceItemGroups,
  setCategorySort,
  setItemImage,
  setSoldOutUntil,
  slugsLike,
  updateCategory,
  updateItem,
  updateItems,
  upsertBranchItem,
  writeModifierGroup,
} from './menu-admin.repo.ts';
import {
  categorySnapshot,
  itemSnapshot,
  toAdminCategory,
  toAdminItems,
  toAdminModifierGroups,
} from './menu-admin.view.ts';
import { type CsvRowError, readMenuCsv, writeMenuCsv } from './menu-csv.rules.ts';
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
export function createMenuAdminService(ctx: AppContext, { storage }: { storage: FileStorage }) {
  const { db } = ctx;

  async function canEditMenu(staff: Staff): Promise<boolean> {
    if (staff.role === 'owner') return true;
    if (staff.role !== 'manager') return false;
    return managersEditMenu(db, staff.brandId);
  }

  async function assertCanEditMenu(staff: Staff): Promise<void> {
    if (staff.role === 'cashier') throw new AppError('forbidden');
    if (!(await canEditMenu(staff))) throw new AppError('menu_edit_not_allowed');
  }

  /** A branch the staff user works at: another brand's (or none) is "not found", another of the brand's forbidden. */
  async function assertOwnBranch(tx: Transaction, staff: Staff, branchId: number): Promise<void> {
    if (staff.branchIds.includes(branchId)) return;
    const own = await countOwn(tx, staff.brandId, 'branch', [branchId]);
    throw new AppError(own === 1 ? 'forbidden' : 'branch_not_found');
  }

  /** Writes in one transaction with the menu's version bump (every instance's cache goes stale at commit). */
  async function write<T>(staff: Staff, fn: (tx: Transaction) => Promise<T>): Promise<T> {
    const result = await db.transaction(async (tx) => {
      const written = await fn(tx);
      await invalidateMenu(tx, staff.brandId);
      return written;
    });
    forgetMenuKeys(db);
    return result;
  }

  const audit = (
    tx: Transaction,
    staff: Staff,
    ip: Ip,
    entry: {
      objectType: 'menu_category' | 'menu_item' | 'menu_branch_item' | 'menu_modifier_group';
      objectId: number | string;
      action: 'create' | 'update' | 'delete';
      before: Record<string, unknown> | null;
      after: Record<string, unknown> | null;
      branchId?: number;
    },
  ) => recordStaffChange(tx, staff, ip, { brandId: staff.brandId, at: ctx.now(), ...entry });

  async function categoryView(tx: Transaction, staff: Staff, id: number): Promise<AdminCategory> {
    const rows = await listCategories(tx, staff.brandId);
    const row = rows.find((r) => r.category.id === id);
    if (!row) throw new AppError('menu_category_not_found');
    return toAdminCategory(row.category, row.itemCount);
  }

  async function itemView(tx: Transaction | typeof db, staff: Staff, id: number): Promise<AdminItem> {
    const listing = await listItems(tx, staff.brandId, staff.branchIds, [id]);
    const [item] = toAdminItems(listing, staff.branchIds, ctx.config.imageHost, ctx.now());
    if (!item) throw new AppError('item_not_found');
    return item;
  }

  function categoryColumns(body: z.output<typeof categoryBody>): CategoryColumns {
    const from = body.visibleFromMinute;
    const until = body.visibleUntilMinute;
    if ((from === null) !== (until === null) || (from !== null && (from === until || from > 1439))) {
      throw new AppError('menu_window_invalid', undefined, { visibleUntilMinute: 'menu_window_invalid' });
    }
    const fields: Record<string, ErrorCode> = {};
    if (body.name.ar === '') fields['name.ar'] = 'field_required';
    if (body.name.en === '') fields['name.en'] = 'field_required';
    if (Object.keys(fields).length > 0) throw new AppError('validation_failed', undefined, fields);
    return {
      nameAr: body.name.ar,
      nameEn: body.name.en,
      descriptionAr: body.description.ar,
      descriptionEn: body.description.en,
      visibleFromMinute: from,
      visibleUntilMinute: until,
    };
  }

  /** The item's columns; its category, modifier groups and combo products must be the brand's own (422 otherwise). */
  async function itemColumns(tx: Transaction, staff: Staff, body: z.output<typeof itemBody>, selfId?: number) {
    const fields: Record<string, ErrorCode> = {};
    if (body.name.ar === '') fields['name.ar'] = 'field_required';
    if (body.name.en === '') fields['name.en'] = 'field_required';
    if (Object.keys(fields).length > 0) throw new AppError('validation_failed', undefined, fields);
    if ((await countOwn(tx, staff.brandId, 'category', [body.categoryId])) !== 1) {
      throw new AppError('menu_category_not_found', undefined, { categoryId: 'menu_category_not_found' });
    }
    const groupIds = [...new Set(body.modifierGroupIds)];
    if ((await countOwn(tx, staff.brandId, 'group', groupIds)) !== groupIds.length) {
      throw new AppError('menu_modifier_group_not_found', undefined, {
        modifierGroupIds: 'menu_modifier_group_not_found',
      });
    }
    const productIds = [...new Set(body.comboSlots.flatMap((s) => s.choices.map((c) => c.itemId)))];
    if (
      productIds.includes(selfId ?? -1) ||
      (await countOwn(tx, staff.brandId, 'plainItem', productIds)) !== productIds.length
    ) {
      throw new AppError('menu_combo_choice_invalid', undefined, { comboSlots: 'menu_combo_choice_invalid' });
    }
    const columns: ItemColumns = {
      categoryId: body.categoryId,
      nameAr: body.name.ar,
      nameEn: body.name.en,
      descriptionAr: body.description.ar,
      descriptionEn: body.description.en,
      priceHalalas: body.priceHalalas,
      taxRateBp: body.taxRateBasisPoints,
      calories: body.calories,
      allergens: [...new Set(body.allergens)],
      active: body.active,
      isCombo: body.comboSlots.length > 0,
    };
    return { columns, groupIds };
  }

  async function writeItemLinks(tx: Transaction, itemId: number, body: z.output<typeof itemBody>, groupIds: number[]) {
    await replaceItemGroups(tx, itemId, groupIds);
    await replaceComboSlots(
      tx,
      itemId,
      body.comboSlots.map((s) => ({
        nameAr: s.name.ar,
        nameEn: s.name.en,
        choices: dedupeChoices(s.choices),
      })),
    );
  }

  async function freeSlug(tx: Transaction, brandId: number, nameEn: string): Promise<string> {
    const base = slugBase(nameEn);
    const taken = await slugsLike(tx, brandId, base);
    if (!taken.has(base)) return base;
    for (let n = 2; ; n += 1) if (!taken.has(`${base}-${n}`)) return `${base}-${n}`;
  }

  return {
    canEditMenu,

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
        branches: branchRows.map((b) => ({ id: b.id, name: { ar: b.nameAr, en: b.nameEn }, timeZone: b.timeZone })),
        categories: categories.map((c) => toAdminCategory(c.category, c.itemCount)),
        items: toAdminItems(
          listing,
          branchRows.map((b) => b.id),
          ctx.config.imageHost,
          ctx.now(),
        ),
        modifierGroups: toAdminModifierGroups(groups),
      };
    },

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

    /** A bulk action on many items at once: all of them or none (one transaction), each audited. */
    async bulk(staff: Staff, ip: Ip, body: z.output<typeof bulkBody>): Promise<{ changed: number }> {
      if (staff.role === 'cashier') throw new AppError('forbidden');
      const ids = [...new Set(body.itemIds)];
      const perBranch = body.action === 'sold_out_today' || body.action === 'back_in_stock';
      if (perBranch && body.branchId === undefined) {
        throw new AppError('menu_bulk_needs_branch', undefined, { branchId: 'menu_bulk_needs_branch' });
      }
      if (body.action === 'move_category' && body.categoryId === undefined) {
        throw new AppError('menu_bulk_needs_category', undefined, { categoryId: 'menu_bulk_needs_category' });
      }
      if (!perBranch) await assertCanEditMenu(staff);
      return write(staff, async (tx) => {
        if ((await countOwn(tx, staff.brandId, 'item', ids)) !== ids.length) throw new AppError('item_not_found');
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
        const befores = new Map<number, ItemRow>();
        for (const id of ids) {
          const row = await lockItem(tx, staff.brandId, id);
          if (row) befores.set(id, row);
        }
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

    /** Every item of the brand as CSV (the category by its Arabic name; import reads either language's). */
    async exportCsv(staff: Staff): Promise<{ filename: string; csv: string }> {
      if (staff.role === 'cashier') throw new AppError('forbidden');
      const [categories, listing] = await Promise.all([
        listCategories(db, staff.brandId),
        listItems(db, staff.brandId, []),
      ]);
      const names = new Map(categories.map((c) => [c.category.id, c.category.nameAr]));
      const csv = writeMenuCsv(
        listing.items.map((i) => ({
          id: i.id,
          category: names.get(i.categoryId) ?? '',
          nameAr: i.nameAr,
          nameEn: i.nameEn,
          descriptionAr: i.descriptionAr,
          descriptionEn: i.descriptionEn,
          priceHalalas: i.priceHalalas,
          calories: i.calories,
          active: i.active,
        })),
      );
      return { filename: 'menu-items.csv', csv };
    },

    /**
     * Imports items and prices from CSV, all or nothing: rows with an id update that item of the brand, rows without
     * one create an item (sold at every branch). Any bad row refuses the whole file with every bad cell named (422).
     */
    async importCsv(
      staff: Staff,
      ip: Ip,
      csv: string,
      language: Language,
    ): Promise<{ created: number; updated: number }> {
      await assertCanEditMenu(staff);
      const refuse = (errors: CsvRowError[]) =>
        new AppError('menu_csv_invalid', {
          rows: errors.slice(0, 100).map((e) => ({
            line: e.line,
            column: e.column,
            message: errorMessage(e.code, language),
          })),
          errorCount: errors.length,
        });
      const { rows, errors } = readMenuCsv(csv);
      if (errors.some((e) => e.code === 'menu_csv_header')) throw refuse(errors);
      return write(staff, async (tx) => {
        const items = new Map((await lockBrandItems(tx, staff.brandId)).map((i) => [i.id, i]));
        const categories = await categoriesByName(tx, staff.brandId);
        const planned: { row: (typeof rows)[number]; categoryId: number; before: ItemRow | undefined }[] = [];
        for (const row of rows) {
          const categoryId = categories.get(row.category.trim().toLowerCase());
          if (row.category !== '' && categoryId === undefined) {
            errors.push({ line: row.line, column: 'category', code: 'menu_csv_row_category' });
          }
          const before = row.id === null ? undefined : items.get(row.id);
          if (row.id !== null && !before) errors.push({ line: row.line, column: 'id', code: 'menu_csv_row_item' });
          if (categoryId !== undefined) planned.push({ row, categoryId, before });
        }
        if (errors.length > 0) throw refuse(errors.sort((a, b) => a.line - b.line));
        let updated = 0;
        // Slugs picked in memory from the brand's (locked) items: no query per new row.
        const taken = new Set([...items.values()].map((i) => i.slug));
        const slugFor = (nameEn: string) => {
          const base = slugBase(nameEn);
          let slug = base;
          for (let n = 2; taken.has(slug); n += 1) slug = `${base}-${n}`;
          taken.add(slug);
          return slug;
        };
        const fresh: (ItemColumns & { slug: string })[] = [];
        for (const { row, categoryId, before } of planned) {
          const columns = {
            categoryId,
            nameAr: row.nameAr,
            nameEn: row.nameEn,
            priceHalalas: row.priceHalalas,
            ...(row.descriptionAr === undefined ? {} : { descriptionAr: row.descriptionAr }),
            ...(row.descriptionEn === undefined ? {} : { descriptionEn: row.descriptionEn }),
            ...(row.calories === undefined ? {} : { calories: row.calories }),
            ...(row.active === undefined ? {} : { active: row.active }),
          };
          if (before) {
            const changed = Object.entries(columns).some(
              ([k, v]) => (before as unknown as Record<string, unknown>)[k] !== v,
            );
            if (!changed) continue;
            const after = await updateItem(tx, staff.brandId, before.id, before.version, columns);
            if (!after) throw new AppError('menu_edit_conflict');
            await audit(tx, staff, ip, {
              objectType: 'menu_item',
              objectId: before.id,
              action: 'update',
              before: itemSnapshot(before),
              after: itemSnapshot(after),
            });
            updated += 1;
          } else {
            fresh.push({
              descriptionAr: '',
              descriptionEn: '',
              calories: null,
              active: true,
              ...columns,
              taxRateBp: null,
              allergens: [],
              isCombo: false,
              slug: slugFor(row.nameEn),
            });
          }
        }
        const inserted = await insertItemsBatch(tx, staff.brandId, fresh);
        await addItemsToAllBranches(
          tx,
          staff.brandId,
          inserted.map((i) => i.id),
        );
        for (const after of inserted) {
          await audit(tx, staff, ip, {
            objectType: 'menu_item',
            objectId: after.id,
            action: 'create',
            before: null,
            after: itemSnapshot(after),
          });
        }
        const created = inserted.length;
        return { created, updated };
      });
    },

    async createModifierGroup(
      staff: Staff,
      ip: Ip,
      body: z.output<typeof modifierGroupBody>,
    ): Promise<AdminModifierGroup> {
      return saveModifierGroup(staff, ip, undefined, body);
    },

    async updateModifierGroup(
      staff: Staff,
      ip: Ip,
      id: number,
      body: z.output<typeof modifierGroupBody>,
    ): Promise<AdminModifierGroup> {
      return saveModifierGroup(staff, ip, id, body);
    },
  };

  async function saveModifierGroup(
    staff: Staff,
    ip: Ip,
    id: number | undefined,
    body: z.output<typeof modifierGroupBody>,
  ): Promise<AdminModifierGroup> {
    await assertCanEditMenu(staff);
    if (body.min > body.max) throw new AppError('menu_modifier_min_max', undefined, { min: 'menu_modifier_min_max' });
    return write(staff, async (tx) => {
      let before: Record<string, unknown> | null = null;
      if (id !== undefined) {
        const row = await lockModifierGroup(tx, staff.brandId, id);
        if (!row) throw new AppError('menu_modifier_group_not_found');
        before = toAdminModifierGroups(await listModifierGroups(tx, staff.brandId)).find((g) => g.id === id) ?? null;
      }
      const groupId = await writeModifierGroup(tx, staff.brandId, id, {
        nameAr: body.name.ar,
        nameEn: body.name.en,
        minChoices: body.min,
        maxChoices: body.max,
        options: body.options.map((o) => ({
          nameAr: o.name.ar,
          nameEn: o.name.en,
          priceHalalas: o.priceHalalas,
          available: o.available,
        })),
      });
      const after = toAdminModifierGroups(await listModifierGroups(tx, staff.brandId)).find((g) => g.id === groupId);
      if (!after) throw new Error('modifier group vanished');
      await audit(tx, staff, ip, {
        objectType: 'menu_modifier_group',
        objectId: groupId,
        action: id === undefined ? 'create' : 'update',
        before,
        after,
      });
      return after;
    });
  }
}

/** An item's slug from its English name ("Chicken Kabsa" → "chicken-kabsa"). */
function slugBase(nameEn: string): string {
  return (
    nameEn
      .toLowerCase()
      .normalize('NFKD')
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-+|-+$/g, '')
      .slice(0, 60) || 'item'
  );
}

function dedupeChoices(choices: { itemId: number; extraPriceHalalas: number }[]) {
  const byItem = new Map<number, { itemId: number; extraPriceHalalas: number }>();
  for (const c of choices) if (!byItem.has(c.itemId)) byItem.set(c.itemId, c);
  return [...byItem.values()];
}

export type MenuAdminService = ReturnType<typeof createMenuAdminService>;
