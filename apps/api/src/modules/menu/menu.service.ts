import { createHash } from 'node:crypto';
import { promisify } from 'node:util';
import { brotliCompress, gzip, constants as zlibConstants } from 'node:zlib';
import { imageUrl } from '@sufra/shared/host-rule';
import type { Language } from '@sufra/shared/language';
import type {
  ComboSlot,
  ItemResponse,
  MenuCategory,
  MenuItem,
  MenuResponse,
  ModifierGroup,
} from '@sufra/shared/schemas/menu';
import type { AppContext } from '../../app-context.ts';
import type { Queryable } from '../../db/client.ts';
import { AppError } from '../../plugins/errors.ts';
import { assertServiceOn } from '../branches/branches.service.ts';
import { type BranchMenuRows, bumpMenuVersion, findMenuKey, itemExistsInBrand, loadBranchMenu } from './menu.repo.ts';

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

/**
 * Marks a brand's menu as changed: every menu write calls this (in its transaction). The version lives in
 * the database, so every API instance notices on its next request; nothing else needs to be told.
 */
export async function invalidateMenu(db: Queryable, brandId: number): Promise<void> {
  await bumpMenuVersion(db, brandId);
  embeddedMenuKeys.get(db)?.clear();
}

/**
 * PGlite is embedded: one process owns its data folder, so there is never a second instance to tell, and
 * its single-threaded query engine shares the event loop with HTTP. There, the QR → branch → menu version
 * lookup is kept in process per database and cleared by invalidateMenu; on PostgreSQL it runs every time.
 */
const embeddedMenuKeys = new WeakMap<Queryable, Map<string, MenuKey>>();
type MenuKey = NonNullable<Awaited<ReturnType<typeof findMenuKey>>>;

const pick = (language: Language, ar: string, en: string) => (language === 'ar' ? ar : en);

/** Builds the wire menu (and lookup maps) for one language from the branch's rows. */
export function buildMenu(rows: BranchMenuRows, branchId: number, language: Language, imageHost: string) {
  const groupIdsByItem = new Map<number, number[]>();
  for (const link of rows.itemGroups) {
    const list = groupIdsByItem.get(link.itemId);
    if (list) list.push(link.groupId);
    else groupIdsByItem.set(link.itemId, [link.groupId]);
  }
  const soldHere = new Map(rows.items.map((r) => [r.item.id, r]));

  const choicesBySlot = new Map<number, ComboSlot['choices']>();
  for (const choice of rows.choices) {
    if (!soldHere.has(choice.itemId)) continue; // a product not sold at this branch can't be picked here
    const list = choicesBySlot.get(choice.slotId);
    const entry = { itemId: choice.itemId, extraPriceHalalas: choice.extraPriceHalalas };
    if (list) list.push(entry);
    else choicesBySlot.set(choice.slotId, [entry]);
  }
  const slotsByCombo = new Map<number, ComboSlot[]>();
  for (const slot of rows.slots) {
    const entry = {
      id: slot.id,
      name: pick(language, slot.nameAr, slot.nameEn),
      choices: choicesBySlot.get(slot.id) ?? [],
    };
    const list = slotsByCombo.get(slot.comboItemId);
    if (list) list.push(entry);
    else slotsByCombo.set(slot.comboItemId, [entry]);
  }

  const items: MenuItem[] = rows.items.map(({ item, isAvailable }) => {
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
      priceHalalas: item.priceHalalas,
      taxRateBasisPoints: item.taxRateBp,
      calories: item.calories,
      available: isAvailable && slotsOk,
      modifierGroupIds: groupIdsByItem.get(item.id) ?? [],
      combo: slots === null ? null : { slots },
    };
  });

  const usedCategories = new Set(items.map((i) => i.categoryId));
  const categories: MenuCategory[] = rows.categories
    .filter((c) => usedCategories.has(c.id))
    .map((c) => ({ id: c.id, name: pick(language, c.nameAr, c.nameEn), image: imageUrl(c.image, imageHost) }));

  const usedGroups = new Set(rows.itemGroups.map((l) => l.groupId));
  const optionsByGroup = new Map<number, ModifierGroup['options']>();
  for (const o of rows.options) {
    const entry = {
      id: o.id,
      name: pick(language, o.nameAr, o.nameEn),
      priceHalalas: o.priceHalalas,
      calories: o.calories,
      available: o.available,
    };
    const list = optionsByGroup.get(o.groupId);
    if (list) list.push(entry);
    else optionsByGroup.set(o.groupId, [entry]);
  }
  const modifierGroups: ModifierGroup[] = rows.groups
    .filter((g) => usedGroups.has(g.id))
    .map((g) => ({
      id: g.id,
      name: pick(language, g.nameAr, g.nameEn),
      min: g.minChoices,
      max: g.maxChoices,
      options: optionsByGroup.get(g.id) ?? [],
    }));

  const menu: MenuResponse = {
    branchId,
    language,
    currency: 'SAR',
    taxMode: rows.brand?.taxMode === 'exclusive' ? 'exclusive' : 'inclusive',
    vatRateBasisPoints: rows.brand?.vatRateBp ?? 1500,
    categories,
    items,
    modifierGroups,
  };
  return menu;
}

function freeze(menu: MenuResponse): BuiltMenu {
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

/** At most this many (branch, language) menus are kept per instance; the least recently used go first. */
const MAX_CACHED_MENUS = 500;

/**
 * Menus are the hot path. Each instance caches the serialised menu per (branch, language) in memory and
 * checks it against the brand's `menu_version` in the database on every request, in the same single
 * indexed query that resolves the QR code. No TTL: a menu write bumps the version (invalidateMenu) and the
 * very next request on any instance rebuilds, so two instances never disagree (DESIGN §1: no in-memory
 * state that breaks with two instances — the cache is only a copy keyed by the database's version).
 */
export function createMenuService(ctx: AppContext) {
  const { db, config } = ctx;
  const cache = new Map<string, { version: number; built: Promise<BuiltMenu> }>();

  let embeddedKeys: Map<string, MenuKey> | undefined;
  if (ctx.databaseKind === 'pglite') {
    embeddedKeys = embeddedMenuKeys.get(db) ?? new Map();
    embeddedMenuKeys.set(db, embeddedKeys);
  }

  async function lookUpKey(uuid: string) {
    const known = embeddedKeys?.get(uuid);
    if (known) return known;
    const key = await findMenuKey(db, uuid);
    // Only found codes are kept, so a flood of random uuids cannot grow the map.
    if (key && embeddedKeys) embeddedKeys.set(uuid, key);
    return key;
  }

  async function resolve(uuid: string) {
    const key = await lookUpKey(uuid);
    if (!key) throw new AppError('qr_not_found');
    if (!key.active) throw new AppError('qr_inactive');
    assertServiceOn(key.servicesOff, 'menu');
    return key;
  }

  function cached(brandId: number, branchId: number, version: number, language: Language): Promise<BuiltMenu> {
    const cacheKey = `${branchId}:${language}`;
    const hit = cache.get(cacheKey);
    if (hit && hit.version === version) {
      cache.delete(cacheKey); // re-insert: Map order doubles as the LRU order
      cache.set(cacheKey, hit);
      return hit.built;
    }
    // Concurrent requests for the same menu share one build.
    const built = loadBranchMenu(db, brandId, branchId).then((rows) =>
      freeze(buildMenu(rows, branchId, language, config.imageHost)),
    );
    const entry = { version, built };
    cache.set(cacheKey, entry);
    built.catch(() => {
      if (cache.get(cacheKey) === entry) cache.delete(cacheKey);
    });
    while (cache.size > MAX_CACHED_MENUS) {
      const oldest = cache.keys().next().value;
      if (oldest === undefined) break;
      cache.delete(oldest);
    }
    return built;
  }

  async function menuFor(uuid: string, language: Language) {
    const key = await resolve(uuid);
    return { key, built: await cached(key.brandId, key.branchId, key.menuVersion, language) };
  }

  async function itemResponse(
    uuid: string,
    ref: { id: number } | { slug: string },
    language: Language,
  ): Promise<ItemResponse> {
    const { key, built } = await menuFor(uuid, language);
    const itemId = 'id' in ref ? ref.id : built.itemIdBySlug.get(ref.slug);
    const item = itemId === undefined ? undefined : built.itemsById.get(itemId);
    if (!item) {
      // Not on this branch's menu: either the brand has it but this branch doesn't sell it, or it doesn't exist
      // (an item of another brand is "not found": brands never see each other's items).
      throw new AppError((await itemExistsInBrand(db, key.brandId, ref)) ? 'item_not_available' : 'item_not_found');
    }
    const modifierGroups = item.modifierGroupIds.flatMap((id) => built.groupsById.get(id) ?? []);
    const productIds = new Set(item.combo?.slots.flatMap((s) => s.choices.map((c) => c.itemId)) ?? []);
    const comboProducts = [...productIds].flatMap((id) => built.itemsById.get(id) ?? []);
    return { item, modifierGroups, comboProducts };
  }

  return {
    /** The branch menu of a QR code in `language`: the cached bytes and their hash. */
    async getMenu(uuid: string, language: Language): Promise<BuiltMenu> {
      return (await menuFor(uuid, language)).built;
    },
    /**
     * A branch's menu by ids (orders: pickup and delivery may go to another branch than the QR code's). The
     * caller gives the brand's current menu version, read in its own lookup, so the cache stays exact.
     */
    getBranchMenu: (brandId: number, branchId: number, menuVersion: number, language: Language) =>
      cached(brandId, branchId, menuVersion, language),
    /** Whether the item exists in the brand at all (not sold here vs. no such item). */
    itemExistsInBrand: (brandId: number, itemId: number) => itemExistsInBrand(db, brandId, { id: itemId }),
    getItemById: (uuid: string, id: number, language: Language) => itemResponse(uuid, { id }, language),
    getItemBySlug: (uuid: string, slug: string, language: Language) => itemResponse(uuid, { slug }, language),
    /** Bumps the brand's menu version; cached menus of the brand are rebuilt on their next request. */
    invalidateMenu: (brandId: number) => invalidateMenu(db, brandId),
  };
}

export type MenuService = ReturnType<typeof createMenuService>;
