import type { AuditSnapshot } from '@sufra/shared/audit';
import type { ErrorCode } from '@sufra/shared/messages/errors';
import type { AdminCategory, AdminItem, categoryBody, itemBody } from '@sufra/shared/schemas/menu-admin';
import type { z } from 'zod';
import type { AppContext } from '../../app-context.ts';
import type { Transaction } from '../../db/client.ts';
import type { StaffPrincipal } from '../../plugins/auth.ts';
import { AppError } from '../../plugins/errors.ts';
import { recordStaffChange } from '../audit/audit.service.ts';
import { forgetMenuKeys, invalidateMenu } from '../menu/menu.service.ts';
import {
  type CategoryColumns,
  countOwn,
  type ItemColumns,
  listCategories,
  listItems,
  managersEditMenu,
  replaceComboSlots,
  replaceItemGroups,
  slugsLike,
} from './menu-admin.repo.ts';
import { toAdminCategory, toAdminItems } from './menu-admin.view.ts';

type Staff = StaffPrincipal;
type Ip = string | null;

/**
 * What every menu console write shares (menu-admin.service.ts, menu-csv.service.ts): who may edit, the one
 * transaction with the menu's version bump, the audit row, the console's views of an item or category, and the
 * columns an item or category body becomes.
 */
export function createMenuAdminWrites(ctx: AppContext) {
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
      before: AuditSnapshot | null;
      after: AuditSnapshot | null;
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
  };
}

/** An item's slug from its English name ("Chicken Kabsa" → "chicken-kabsa"). */
export function slugBase(nameEn: string): string {
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

export type MenuAdminWrites = ReturnType<typeof createMenuAdminWrites>;
