import type { Language } from '@sufra/shared/language';
import type { ItemResponse } from '@sufra/shared/schemas/menu';
import type { AppContext } from '../../app-context.ts';
import { assertServiceOn } from '../../core/branch-context.service.ts';
import type { Queryable } from '../../db/client.ts';
import { AppError } from '../../plugins/errors.ts';
import { bumpMenuVersion, findMenuKey, itemExistsInBrand, loadBranchMenu } from './menu.repo.ts';
import { type BuiltMenu, buildMenu, freezeMenu, rowsAt } from './menu-build.view.ts';

/**
 * Marks a brand's menu as changed: every menu write calls this (in its transaction). The version lives in
 * the database, so every API instance notices on its next request; nothing else needs to be told.
 */
export async function invalidateMenu(db: Queryable, brandId: number): Promise<void> {
  await bumpMenuVersion(db, brandId);
  embeddedMenuKeys.get(db)?.clear();
}

/**
 * PGlite: forgets the QR → menu version lookups kept for `db` (the database, not a transaction of it). A write that
 * bumps the version inside a transaction (invalidateMenu(tx, …)) calls this after its commit.
 */
export function forgetMenuKeys(db: Queryable): void {
  embeddedMenuKeys.get(db)?.clear();
}

/**
 * PGlite is embedded: one process owns its data folder, so there is never a second instance to tell, and
 * its single-threaded query engine shares the event loop with HTTP. There, the QR → branch → menu version
 * lookup is kept in process per database and cleared by invalidateMenu; on PostgreSQL it runs every time.
 */
const embeddedMenuKeys = new WeakMap<Queryable, Map<string, MenuKey>>();
type MenuKey = NonNullable<Awaited<ReturnType<typeof findMenuKey>>>;

/** At most this many (branch, language) menus are kept per instance; the least recently used go first. */
const MAX_CACHED_MENUS = 500;

/**
 * What the menu's operations need: the app, the instance's cache of built menus per (branch, language) with the
 * version each was built at, and on PGlite the QR → menu key lookups kept in process (embeddedMenuKeys).
 */
export interface MenuDeps {
  ctx: AppContext;
  /** `changesAt`: the instant the menu changes by itself (a visibility window's edge, a "sold out today" over). */
  cache: Map<string, { version: number; built: Promise<BuiltMenu>; changesAt: number }>;
  embeddedKeys: Map<string, MenuKey> | undefined;
}

async function lookUpKey({ ctx, embeddedKeys }: MenuDeps, uuid: string) {
  const known = embeddedKeys?.get(uuid);
  if (known) return known;
  const key = await findMenuKey(ctx.db, uuid);
  // Only found codes are kept, so a flood of random uuids cannot grow the map.
  if (key && embeddedKeys) embeddedKeys.set(uuid, key);
  return key;
}

async function resolve(deps: MenuDeps, uuid: string) {
  const key = await lookUpKey(deps, uuid);
  if (!key) throw new AppError('qr_not_found');
  if (!key.active) throw new AppError('qr_inactive');
  assertServiceOn(key.servicesOff, 'menu');
  return key;
}

/**
 * A branch's menu by ids (orders: pickup and delivery may go to another branch than the QR code's). The
 * caller gives the brand's current menu version, read in its own lookup, so the cache stays exact.
 */
export function getBranchMenu(
  { ctx, cache }: MenuDeps,
  brandId: number,
  branchId: number,
  version: number,
  language: Language,
): Promise<BuiltMenu> {
  const cacheKey = `${branchId}:${language}`;
  const hit = cache.get(cacheKey);
  if (hit && hit.version === version && ctx.now().getTime() < hit.changesAt) {
    cache.delete(cacheKey); // re-insert: Map order doubles as the LRU order
    cache.set(cacheKey, hit);
    return hit.built;
  }
  // Concurrent requests for the same menu share one build.
  const entry = { version, built: undefined as unknown as Promise<BuiltMenu>, changesAt: Number.POSITIVE_INFINITY };
  const built = loadBranchMenu(ctx.db, brandId, branchId).then((all) => {
    const now = rowsAt(all, ctx.now());
    entry.changesAt = now.changesAt;
    return freezeMenu(buildMenu(now.rows, branchId, language, ctx.config.imageHost));
  });
  entry.built = built;
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

async function menuFor(deps: MenuDeps, uuid: string, language: Language) {
  const key = await resolve(deps, uuid);
  return { key, built: await getBranchMenu(deps, key.brandId, key.branchId, key.menuVersion, language) };
}

/** The branch menu of a QR code in `language`: the cached bytes and their hash. */
export async function getMenu(deps: MenuDeps, uuid: string, language: Language): Promise<BuiltMenu> {
  return (await menuFor(deps, uuid, language)).built;
}

/** One item of a QR code's menu with its modifier groups and, for a combo, its products. */
export async function itemResponse(
  deps: MenuDeps,
  uuid: string,
  ref: { id: number } | { slug: string },
  language: Language,
): Promise<ItemResponse> {
  const { key, built } = await menuFor(deps, uuid, language);
  const itemId = 'id' in ref ? ref.id : built.itemIdBySlug.get(ref.slug);
  const item = itemId === undefined ? undefined : built.itemsById.get(itemId);
  if (!item) {
    // Not on this branch's menu: either the brand has it but this branch doesn't sell it, or it doesn't exist
    // (an item of another brand is "not found": brands never see each other's items).
    throw new AppError(
      (await itemExistsInBrand(deps.ctx.db, key.brandId, ref)) ? 'item_not_available' : 'item_not_found',
    );
  }
  const modifierGroups = item.modifierGroupIds.flatMap((id) => built.groupsById.get(id) ?? []);
  const productIds = new Set(item.combo?.slots.flatMap((s) => s.choices.map((c) => c.itemId)) ?? []);
  const comboProducts = [...productIds].flatMap((id) => built.itemsById.get(id) ?? []);
  return { item, modifierGroups, comboProducts };
}

/**
 * Menus are the hot path. Each instance caches the serialised menu per (branch, language) in memory and
 * checks it against the brand's `menu_version` in the database on every request, in the same single
 * indexed query that resolves the QR code. No TTL: a menu write bumps the version (invalidateMenu) and the
 * very next request on any instance rebuilds, so two instances never disagree (DESIGN §1: no in-memory
 * state that breaks with two instances — the cache is only a copy keyed by the database's version).
 * The operations are the plain functions above; this makes the instance's cache and binds them to the app.
 */
export function createMenuService(ctx: AppContext) {
  const { db } = ctx;
  let embeddedKeys: Map<string, MenuKey> | undefined;
  if (ctx.databaseKind === 'pglite') {
    embeddedKeys = embeddedMenuKeys.get(db) ?? new Map();
    embeddedMenuKeys.set(db, embeddedKeys);
  }
  const deps: MenuDeps = { ctx, cache: new Map(), embeddedKeys };
  return {
    getMenu: getMenu.bind(null, deps),
    getBranchMenu: getBranchMenu.bind(null, deps),
    /** Whether the item exists in the brand at all (not sold here vs. no such item). */
    itemExistsInBrand: (brandId: number, itemId: number) => itemExistsInBrand(db, brandId, { id: itemId }),
    getItemById: (uuid: string, id: number, language: Language) => itemResponse(deps, uuid, { id }, language),
    getItemBySlug: (uuid: string, slug: string, language: Language) => itemResponse(deps, uuid, { slug }, language),
    /** Bumps the brand's menu version; cached menus of the brand are rebuilt on their next request. */
    invalidateMenu: (brandId: number) => invalidateMenu(db, brandId),
  };
}

export type MenuService = ReturnType<typeof createMenuService>;
