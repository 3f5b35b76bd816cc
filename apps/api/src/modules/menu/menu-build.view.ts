/**
 * The wire menu of one branch in one language, built from its rows (menu.repo loadBranchMenu), and frozen with its
 * bytes, hash and compressed forms for the menu service's cache.
 */
import { createHash } from 'node:crypto';
import { promisify } from 'node:util';
import { brotliCompress, gzip, constants as zlibConstants } from 'node:zlib';
import { localWeekMinute } from '@sufra/shared/branch-hours';
import { imageUrl } from '@sufra/shared/host-rule';
import type { Language } from '@sufra/shared/language';
import { isInsideWindow, minutesToNextEdge } from '@sufra/shared/menu/menu-windows';
import type { ComboSlot, MenuCategory, MenuItem, MenuResponse, ModifierGroup } from '@sufra/shared/schemas/menu';
import type { BranchMenuRows } from './menu.repo.ts';

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

export type MenuEncoding = 'br' | 'gzip';

/** One branch's menu in one language, serialised once and kept with its bytes, hash and compressed forms. */
export interface BuiltMenu {
  menu: MenuResponse;
  itemsById: Map<number, MenuItem>;
  itemIdBySlug: Map<string, number>;
  groupsById: Map<number, ModifierGroup>;
  /** The UTF-8 JSON bytes sent for an identity response. */
  body: Buffer;
  /** Hash of `body`; the strong ETag is `"<hash>"`, `"<hash>-br"` or `"<hash>-gzip"` per encoding. */
  hash: string;
  encoded(encoding: MenuEncoding): Promise<Buffer>;
}

type SoldHere = Map<number, BranchMenuRows['items'][number]>;

const pick = (language: Language, ar: string, en: string) => (language === 'ar' ? ar : en);

/** Appends `value` to the list kept under `key`, in the rows' order. */
function addTo<K, V>(lists: Map<K, V[]>, key: K, value: V): void {
  const list = lists.get(key);
  if (list) list.push(value);
  else lists.set(key, [value]);
}

/**
 * What of the rows holds at `now` on the branch's clock: the items of categories inside their visibility window,
 * "sold out today" still running, and the instant this next changes by itself (a window's edge, a sold-out-until
 * passing), after which the cached menu is rebuilt though no one wrote anything.
 */
export function rowsAt(rows: BranchMenuRows, now: Date): { rows: BranchMenuRows; changesAt: number } {
  const timeZone = rows.brand?.timeZone ?? 'Asia/Riyadh';
  const { minute } = localWeekMinute(timeZone, now);
  const minuteStart = Math.floor(now.getTime() / 60_000) * 60_000;
  let changesAt = Number.POSITIVE_INFINITY;
  const hidden = new Set<number>();
  for (const c of rows.categories) {
    const window = { fromMinute: c.visibleFromMinute, untilMinute: c.visibleUntilMinute };
    if (!isInsideWindow(window, minute)) hidden.add(c.id);
    const edge = minutesToNextEdge(window, minute);
    if (edge !== null) changesAt = Math.min(changesAt, minuteStart + edge * 60_000);
  }
  const items = rows.items
    .filter((r) => !hidden.has(r.item.categoryId))
    .map((r) => {
      const until = r.soldOutUntil?.getTime();
      if (until === undefined || until <= now.getTime()) return r;
      changesAt = Math.min(changesAt, until);
      return { ...r, isAvailable: false };
    });
  const shown = new Set(items.map((r) => r.item.id));
  return {
    rows: { ...rows, items, itemGroups: rows.itemGroups.filter((l) => shown.has(l.itemId)) },
    changesAt,
  };
}

/** Builds the wire menu (and lookup maps) for one language from the branch's rows (as rowsAt leaves them). */
export function buildMenu(rows: BranchMenuRows, branchId: number, language: Language, imageHost: string) {
  const items = menuItems(rows, language, imageHost);
  const menu: MenuResponse = {
    branchId,
    language,
    currency: 'SAR',
    taxMode: rows.brand?.taxMode === 'exclusive' ? 'exclusive' : 'inclusive',
    vatRateBasisPoints: rows.brand?.vatRateBp ?? 1500,
    categories: menuCategories(rows, items, language, imageHost),
    items,
    modifierGroups: modifierGroupsOf(rows, language),
  };
  return menu;
}

/** The branch's items, a combo available only while every slot still offers a product available here. */
function menuItems(rows: BranchMenuRows, language: Language, imageHost: string): MenuItem[] {
  const groupIdsByItem = new Map<number, number[]>();
  for (const link of rows.itemGroups) addTo(groupIdsByItem, link.itemId, link.groupId);
  const soldHere: SoldHere = new Map(rows.items.map((r) => [r.item.id, r]));
  const slotsByCombo = comboSlots(rows, soldHere, language);
  return rows.items.map(({ item, isAvailable, branchPrice }) => {
    const slots = item.isCombo ? (slotsByCombo.get(item.id) ?? []) : null;
    // A combo can only be ordered when every slot still offers a product that is available here.
    const slotsOk =
      slots === null || slots.every((s) => s.choices.some((c) => soldHere.get(c.itemId)?.isAvailable === true));
    return {
      id: item.id,
      categoryId: item.categoryId,
      slug: item.slug,
      name: pick(language, item.nameAr, item.nameEn),
      altName: pick(language === 'ar' ? 'en' : 'ar', item.nameAr, item.nameEn),
      description: pick(language, item.descriptionAr, item.descriptionEn),
      image: imageUrl(item.image, imageHost),
      priceHalalas: branchPrice ?? item.priceHalalas,
      taxRateBasisPoints: item.taxRateBp,
      calories: item.calories,
      available: isAvailable && slotsOk,
      modifierGroupIds: groupIdsByItem.get(item.id) ?? [],
      combo: slots === null ? null : { slots },
    };
  });
}

/** Each combo's slots with the choices sold at this branch. */
function comboSlots(rows: BranchMenuRows, soldHere: SoldHere, language: Language): Map<number, ComboSlot[]> {
  const choicesBySlot = new Map<number, ComboSlot['choices']>();
  for (const choice of rows.choices) {
    if (!soldHere.has(choice.itemId)) continue; // a product not sold at this branch can't be picked here
    addTo(choicesBySlot, choice.slotId, { itemId: choice.itemId, extraPriceHalalas: choice.extraPriceHalalas });
  }
  const slotsByCombo = new Map<number, ComboSlot[]>();
  for (const slot of rows.slots) {
    addTo(slotsByCombo, slot.comboItemId, {
      id: slot.id,
      name: pick(language, slot.nameAr, slot.nameEn),
      choices: choicesBySlot.get(slot.id) ?? [],
    });
  }
  return slotsByCombo;
}

/** The categories that have an item here. */
function menuCategories(
  rows: BranchMenuRows,
  items: MenuItem[],
  language: Language,
  imageHost: string,
): MenuCategory[] {
  const usedCategories = new Set(items.map((i) => i.categoryId));
  return rows.categories
    .filter((c) => usedCategories.has(c.id))
    .map((c) => ({ id: c.id, name: pick(language, c.nameAr, c.nameEn), image: imageUrl(c.image, imageHost) }));
}

/** The modifier groups some item uses, with their options. */
function modifierGroupsOf(rows: BranchMenuRows, language: Language): ModifierGroup[] {
  const usedGroups = new Set(rows.itemGroups.map((l) => l.groupId));
  const optionsByGroup = new Map<number, ModifierGroup['options']>();
  for (const o of rows.options) {
    addTo(optionsByGroup, o.groupId, {
      id: o.id,
      name: pick(language, o.nameAr, o.nameEn),
      priceHalalas: o.priceHalalas,
      calories: o.calories,
      available: o.available,
    });
  }
  return rows.groups
    .filter((g) => usedGroups.has(g.id))
    .map((g) => ({
      id: g.id,
      name: pick(language, g.nameAr, g.nameEn),
      min: g.minChoices,
      max: g.maxChoices,
      options: optionsByGroup.get(g.id) ?? [],
    }));
}

/** The menu serialised once, with its hash and lookup maps; each encoding compressed on first ask. */
export function freezeMenu(menu: MenuResponse): BuiltMenu {
  const body = Buffer.from(JSON.stringify(menu), 'utf8');
  const hash = createHash('sha256').update(body).digest('base64url').slice(0, 32);
  const encodings = new Map<MenuEncoding, Promise<Buffer>>();
  return {
    menu,
    itemsById: new Map(menu.items.map((i) => [i.id, i])),
    itemIdBySlug: new Map(menu.items.map((i) => [i.slug, i.id])),
    groupsById: new Map(menu.modifierGroups.map((g) => [g.id, g])),
    body,
    hash,
    encoded(encoding) {
      let promise = encodings.get(encoding);
      if (!promise) {
        // Compressed once per menu version, so a higher quality than per-request compression is affordable.
        promise =
          encoding === 'br'
            ? brotli(body, { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 9 } })
            : gzipAsync(body, { level: 9 });
        encodings.set(encoding, promise);
        promise.catch(() => encodings.delete(encoding));
      }
      return promise;
    },
  };
}
