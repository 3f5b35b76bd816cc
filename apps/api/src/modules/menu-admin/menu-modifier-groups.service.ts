import type { AdminModifierGroup, modifierGroupBody, modifierGroupUpdateBody } from '@sufra/shared/schemas/menu-admin';
import type { z } from 'zod';
import type { Transaction } from '../../db/client.ts';
import type { StaffPrincipal } from '../../plugins/auth.ts';
import { AppError } from '../../plugins/errors.ts';
import { listModifierGroups, lockItems } from './menu-admin.repo.ts';
import { toAdminModifierGroups } from './menu-admin.view.ts';
import type { MenuAdminWrites } from './menu-admin-writes.service.ts';
import {
  deleteModifierGroup,
  itemsOfGroup,
  lockModifierGroup,
  setItemGroupLink,
  writeModifierGroup,
} from './menu-modifier-groups.repo.ts';

type Staff = StaffPrincipal;
type Ip = string | null;

/**
 * The brand's choice groups in the menu console: create, rewrite (at the version read) and delete, each with the
 * items it is attached to, in one transaction with its audit rows.
 */
export function createModifierGroupsService({ assertCanEditMenu, write, audit }: MenuAdminWrites) {
  return {
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
      body: z.output<typeof modifierGroupUpdateBody>,
    ): Promise<AdminModifierGroup> {
      return saveModifierGroup(staff, ip, id, body);
    },

    /** Deletes a modifier group: it leaves every item (their versions move on); orders keep their own copies. */
    async deleteModifierGroup(staff: Staff, ip: Ip, id: number): Promise<void> {
      await assertCanEditMenu(staff);
      await write(staff, async (tx) => {
        if (!(await lockModifierGroup(tx, staff.brandId, id))) throw new AppError('menu_modifier_group_not_found');
        const before = await groupView(tx, staff, id);
        const itemIds = await itemsOfGroup(tx, id);
        await lockItems(tx, staff.brandId, itemIds);
        for (const itemId of itemIds) {
          await setItemGroupLink(tx, itemId, id, false);
          await audit(tx, staff, ip, {
            objectType: 'menu_item',
            objectId: itemId,
            action: 'update',
            before: { modifierGroupIdAttached: id },
            after: { modifierGroupIdDetached: id },
          });
        }
        await deleteModifierGroup(tx, staff.brandId, id);
        await audit(tx, staff, ip, {
          objectType: 'menu_modifier_group',
          objectId: id,
          action: 'delete',
          before: { ...before, itemIds },
          after: null,
        });
      });
    },
  };

  async function groupView(tx: Transaction, staff: Staff, id: number): Promise<AdminModifierGroup | undefined> {
    return toAdminModifierGroups(await listModifierGroups(tx, staff.brandId)).find((g) => g.id === id);
  }

  /**
   * Creates or rewrites a modifier group (at the version read: 409 with both values when stale) and attaches it to
   * or takes it off the items named in `itemLinks`, each at the version read (409 `menu_bulk_conflict` naming the
   * items saved since). All in one transaction, each change audited.
   */
  async function saveModifierGroup(
    staff: Staff,
    ip: Ip,
    id: number | undefined,
    body: z.output<typeof modifierGroupBody> & { version?: number },
  ): Promise<AdminModifierGroup> {
    await assertCanEditMenu(staff);
    if (body.min > body.max) throw new AppError('menu_modifier_min_max', undefined, { min: 'menu_modifier_min_max' });
    const links = new Map(body.itemLinks.map((l) => [l.itemId, l]));
    return write(staff, async (tx) => {
      let before: AdminModifierGroup | null = null;
      if (id !== undefined) {
        const row = await lockModifierGroup(tx, staff.brandId, id);
        if (!row) throw new AppError('menu_modifier_group_not_found');
        before = (await groupView(tx, staff, id)) ?? null;
        if (row.version !== body.version) {
          throw new AppError('menu_edit_conflict', { current: before, yours: body });
        }
      }
      const items = await lockItems(tx, staff.brandId, [...links.keys()]);
      if (items.length !== links.size) {
        throw new AppError('item_not_found', undefined, { itemLinks: 'item_not_found' });
      }
      const conflicts = items.filter((row) => row.version !== links.get(row.id)?.version);
      if (conflicts.length > 0) {
        throw new AppError('menu_bulk_conflict', {
          conflicts: conflicts.map((r) => ({ id: r.id, name: { ar: r.nameAr, en: r.nameEn }, version: r.version })),
        });
      }
      const groupId = await writeModifierGroup(tx, staff.brandId, id, {
        nameAr: body.name.ar,
        nameEn: body.name.en,
        minChoices: body.min,
        maxChoices: body.max,
        options: body.options.map((o) => ({
          id: o.id,
          nameAr: o.name.ar,
          nameEn: o.name.en,
          priceHalalas: o.priceHalalas,
          available: o.available,
        })),
      });
      if (groupId === undefined) {
        throw new AppError('menu_modifier_option_not_found', undefined, { options: 'menu_modifier_option_not_found' });
      }
      const attachedBefore = new Set(id === undefined ? [] : await itemsOfGroup(tx, groupId));
      for (const link of links.values()) {
        if (attachedBefore.has(link.itemId) === link.attached) continue;
        await setItemGroupLink(tx, link.itemId, groupId, link.attached);
        await audit(tx, staff, ip, {
          objectType: 'menu_item',
          objectId: link.itemId,
          action: 'update',
          before: link.attached ? null : { modifierGroupIdAttached: groupId },
          after: link.attached ? { modifierGroupIdAttached: groupId } : { modifierGroupIdDetached: groupId },
        });
      }
      const after = await groupView(tx, staff, groupId);
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
