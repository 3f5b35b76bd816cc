import type { AuditSnapshot } from '@sufra/shared/audit';
/** The menu console's wire shapes, built from menu-admin.repo's rows. */
import { imageUrl } from '@sufra/shared/host-rule';
import type { AdminCategory, AdminItem, AdminModifierGroup } from '@sufra/shared/schemas/menu-admin';
import type { CategoryRow, ItemListing, ItemRow, listModifierGroups } from './menu-admin.repo.ts';

export function toAdminCategory(row: CategoryRow, itemCount: number): AdminCategory {
  return {
    id: row.id,
    name: { ar: row.nameAr, en: row.nameEn },
    description: { ar: row.descriptionAr, en: row.descriptionEn },
    sort: row.sort,
    visibleFromMinute: row.visibleFromMinute,
    visibleUntilMinute: row.visibleUntilMinute,
    itemCount,
    version: row.version,
  };
}

function group<K, V>(rows: V[], key: (v: V) => K): Map<K, V[]> {
  const map = new Map<K, V[]>();
  for (const row of rows) {
    const k = key(row);
    const list = map.get(k);
    if (list) list.push(row);
    else map.set(k, [row]);
  }
  return map;
}

/** Every listed item with its groups, combo slots and its rows at the staff user's branches (`branchIds`). */
export function toAdminItems(
  listing: ItemListing,
  branchIds: readonly number[],
  imageHost: string,
  now: Date,
): AdminItem[] {
  const groupsByItem = group(listing.groups, (g) => g.itemId);
  const slotsByItem = group(listing.slots, (s) => s.comboItemId);
  const choicesBySlot = group(listing.choices, (c) => c.slotId);
  const rowsByItem = group(listing.branchRows, (r) => r.itemId);
  return listing.items.map((item) => {
    const atBranch = new Map((rowsByItem.get(item.id) ?? []).map((r) => [r.branchId, r]));
    return {
      ...itemFields(item, imageHost),
      modifierGroupIds: (groupsByItem.get(item.id) ?? []).map((g) => g.groupId),
      comboSlots: (slotsByItem.get(item.id) ?? []).map((s) => ({
        name: { ar: s.nameAr, en: s.nameEn },
        choices: (choicesBySlot.get(s.id) ?? []).map((c) => ({
          itemId: c.itemId,
          extraPriceHalalas: c.extraPriceHalalas,
        })),
      })),
      branches: branchIds.map((branchId) => {
        const row = atBranch.get(branchId);
        const soldOutToday = row?.soldOutUntil && row.soldOutUntil.getTime() > now.getTime() ? row.soldOutUntil : null;
        return {
          branchId,
          sold: row !== undefined,
          available: (row?.isAvailable ?? false) && soldOutToday === null,
          soldOutUntil: soldOutToday ? soldOutToday.toISOString() : null,
          priceHalalas: row?.priceHalalas ?? null,
        };
      }),
    };
  });
}

function itemFields(item: ItemRow, imageHost: string) {
  return {
    id: item.id,
    categoryId: item.categoryId,
    slug: item.slug,
    name: { ar: item.nameAr, en: item.nameEn },
    description: { ar: item.descriptionAr, en: item.descriptionEn },
    priceHalalas: item.priceHalalas,
    taxRateBasisPoints: item.taxRateBp,
    calories: item.calories,
    allergens: item.allergens,
    image: imageUrl(item.image, imageHost),
    imageColor: item.imageColor,
    active: item.active,
    isCombo: item.isCombo,
    version: item.version,
  };
}

/** What the audit log keeps of an item: its own columns (not its links or branch rows). */
export function itemSnapshot(item: ItemRow): AuditSnapshot {
  return {
    categoryId: item.categoryId,
    nameAr: item.nameAr,
    nameEn: item.nameEn,
    descriptionAr: item.descriptionAr,
    descriptionEn: item.descriptionEn,
    priceHalalas: item.priceHalalas,
    taxRateBp: item.taxRateBp,
    calories: item.calories,
    allergens: item.allergens,
    image: item.image,
    active: item.active,
    isCombo: item.isCombo,
    version: item.version,
  };
}

export function categorySnapshot(row: CategoryRow): AuditSnapshot {
  return {
    nameAr: row.nameAr,
    nameEn: row.nameEn,
    descriptionAr: row.descriptionAr,
    descriptionEn: row.descriptionEn,
    sort: row.sort,
    visibleFromMinute: row.visibleFromMinute,
    visibleUntilMinute: row.visibleUntilMinute,
    version: row.version,
  };
}

export function toAdminModifierGroups(rows: Awaited<ReturnType<typeof listModifierGroups>>): AdminModifierGroup[] {
  const options = group(rows.options, (o) => o.groupId);
  return rows.groups.map((g) => ({
    id: g.id,
    name: { ar: g.nameAr, en: g.nameEn },
    min: g.minChoices,
    max: g.maxChoices,
    options: (options.get(g.id) ?? []).map((o) => ({
      id: o.id,
      name: { ar: o.nameAr, en: o.nameEn },
      priceHalalas: o.priceHalalas,
      available: o.available,
    })),
    version: g.version,
  }));
}
