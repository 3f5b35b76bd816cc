import type { AuditSnapshot } from '@sufra/shared/audit';
import type { FoodicsMapping, FoodicsMappingBody, FoodicsMenuImportSummary } from '@sufra/shared/schemas/foodics-menu';
import type { FastifyBaseLogger } from 'fastify';
import type { AppContext } from '../../app-context.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import type { StaffPrincipal } from '../../plugins/auth.ts';
import { AppError } from '../../plugins/errors.ts';
import { recordStaffChange, recordSystemChange } from '../audit/audit.service.ts';
import { forgetMenuKeys, invalidateMenu } from '../menu/menu.service.ts';
import { findConnection } from './foodics.repo.ts';
import { FoodicsApiError } from './foodics-api.service.ts';
import type { FoodicsConnections } from './foodics-connection.service.ts';
import { listLocalMapping, mappedTo, mappingOf, ownsTarget, setMapping } from './foodics-mapping.repo.ts';
import { tryImportLock, writeFoodicsMenu } from './foodics-menu.repo.ts';
import {
  FOODICS_MENU_INCLUDES,
  type FoodicsCombo,
  type FoodicsMenu,
  type FoodicsNamed,
  isLive,
  namesOf,
} from './foodics-menu.rules.ts';

/** A Foodics failure as the owner reads it: nothing was changed either way. */
function foodicsError(error: unknown): AppError {
  if (error instanceof AppError) return error;
  if (error instanceof FoodicsApiError) {
    if (error.failure === 'rate_limited') return new AppError('foodics_menu_rate_limited');
    if (error.failure === 'unauthorized') return new AppError('foodics_menu_unauthorized');
    return new AppError('foodics_menu_unreachable');
  }
  throw error;
}

/**
 * The Foodics menu import and id mapping (issue 28 items 1 and 6, docs/adr/0680). The import reads every page of
 * Foodics' categories, modifiers, products and combos first, then writes ours in one transaction (a Foodics failure
 * half-way changes nothing), audited, one at a time per brand (in this process, and across instances by an advisory
 * lock). A `menu.updated` webhook queues a refresh in the background.
 */
export function createFoodicsMenuService(
  ctx: AppContext,
  deps: { connections: FoodicsConnections; log: FastifyBaseLogger },
) {
  const { db } = ctx;
  const running = new Map<number, { again: boolean }>();

  async function readMenu(brandId: number): Promise<FoodicsMenu> {
    const api = deps.connections.apiFor(brandId);
    // One list after the other: Foodics' rate limit is unpublished and integrators self-throttle.
    const categories = await api.listAll<FoodicsMenu['categories'][number]>('categories');
    const modifiers = await api.listAll<FoodicsMenu['modifiers'][number]>('modifiers', FOODICS_MENU_INCLUDES.modifiers);
    const products = await api.listAll<FoodicsMenu['products'][number]>('products', FOODICS_MENU_INCLUDES.products);
    const combos = await api.listAll<FoodicsMenu['combos'][number]>('combos', FOODICS_MENU_INCLUDES.combos);
    return { categories, modifiers, products, combos };
  }

  async function runImport(
    brandId: number,
    by: { staff: StaffPrincipal; ip: string } | null,
  ): Promise<FoodicsMenuImportSummary> {
    if (!(await findConnection(db, brandId))) throw new AppError('foodics_not_connected');
    let menu: FoodicsMenu;
    try {
      menu = await readMenu(brandId);
    } catch (error) {
      throw foodicsError(error);
    }
    const at = ctx.now();
    const summary = await db.transaction(async (tx) => {
      if (!(await tryImportLock(tx, brandId))) throw new AppError('foodics_menu_import_running');
      const { counts, skipped } = await writeFoodicsMenu(tx, brandId, menu);
      await invalidateMenu(tx, brandId);
      const result: FoodicsMenuImportSummary = { counts, skipped, at: at.toISOString() };
      const entry = {
        brandId,
        objectType: 'foodics_menu_import' as const,
        objectId: brandId,
        action: 'update' as const,
        before: null,
        after: { counts, skipped, source: by ? 'console' : 'webhook' } satisfies AuditSnapshot,
        at,
      };
      if (by) await recordStaffChange(tx, by.staff, by.ip, entry);
      else await recordSystemChange(tx, entry);
      return result;
    });
    forgetMenuKeys(db);
    return summary;
  }

  /** The owner's import: refused while one runs for the brand. */
  async function importMenu(staff: StaffPrincipal, ip: string): Promise<FoodicsMenuImportSummary> {
    if (running.has(staff.brandId)) throw new AppError('foodics_menu_import_running');
    const slot = { again: false };
    running.set(staff.brandId, slot);
    try {
      return await runImport(staff.brandId, { staff, ip });
    } finally {
      running.delete(staff.brandId);
      if (slot.again) refreshInBackground(staff.brandId);
    }
  }

  /**
   * Foodics said the brand's menu changed (`menu.updated`): import it in the background, once at a time per brand;
   * a change heard while one runs makes one more run after it. Returns the run (tests await it).
   */
  function refreshInBackground(brandId: number): Promise<void> {
    const current = running.get(brandId);
    if (current) {
      current.again = true;
      return Promise.resolve();
    }
    const slot = { again: false };
    running.set(brandId, slot);
    return (async () => {
      try {
        do {
          slot.again = false;
          try {
            const { counts } = await runImport(brandId, null);
            deps.log.info({ brandId, counts }, 'Foodics menu refreshed');
          } catch (error) {
            deps.log.warn(
              { brandId, err: error instanceof Error ? error.message : error },
              'Foodics menu refresh failed',
            );
          }
        } while (slot.again);
      } finally {
        running.delete(brandId);
      }
    })();
  }

  /** What Foodics lists for the mapping page: branches, products, combo sizes (live ones). */
  async function readRemote(brandId: number) {
    const api = deps.connections.apiFor(brandId);
    const remote: { kind: 'branch' | 'product' | 'combo_size'; foodicsId: string; name: string }[] = [];
    const named = (row: FoodicsNamed) => {
      const n = namesOf(row);
      return n.nameAr === n.nameEn ? n.nameEn : `${n.nameEn} · ${n.nameAr}`;
    };
    for (const b of (await api.listAll<FoodicsNamed>('branches')).filter(isLive))
      remote.push({ kind: 'branch', foodicsId: b.id, name: named(b) });
    for (const p of (await api.listAll<FoodicsNamed>('products')).filter(isLive))
      remote.push({ kind: 'product', foodicsId: p.id, name: named(p) });
    for (const c of (await api.listAll<FoodicsCombo>('combos', 'sizes')).filter(isLive))
      for (const s of (c.sizes ?? []).filter(isLive))
        remote.push({ kind: 'combo_size', foodicsId: s.id, name: `${named(c)} — ${named(s)}` });
    return remote;
  }

  async function mapping(staff: StaffPrincipal): Promise<FoodicsMapping> {
    if (!(await findConnection(db, staff.brandId))) throw new AppError('foodics_not_connected');
    const local = await listLocalMapping(db, staff.brandId);
    let remote: Awaited<ReturnType<typeof readRemote>> = [];
    let failed: string | null = null;
    try {
      remote = await readRemote(staff.brandId);
    } catch (error) {
      failed = foodicsError(error).code;
    }
    const nameOf = new Map(remote.map((r) => [`${r.kind}:${r.foodicsId}`, r.name]));
    const mapped = new Set(local.filter((l) => l.foodicsId).map((l) => `${l.kind}:${l.foodicsId}`));
    const order = { branch: 0, product: 1, combo_size: 2, table: 3 } as const;
    return {
      local: local
        .map((l) => ({
          kind: l.kind,
          id: l.id,
          name: { ar: l.nameAr, en: l.nameEn },
          active: l.active,
          branchId: l.branchId,
          branchName:
            l.branchNameAr === null || l.branchNameEn === null ? null : { ar: l.branchNameAr, en: l.branchNameEn },
          foodicsId: l.foodicsId,
          foodicsName: l.foodicsId ? (nameOf.get(`${l.kind}:${l.foodicsId}`) ?? null) : null,
        }))
        .sort(
          (a, b) =>
            order[a.kind] - order[b.kind] ||
            Number(a.foodicsId !== null) - Number(b.foodicsId !== null) ||
            (a.branchName?.en ?? '').localeCompare(b.branchName?.en ?? '') ||
            a.name.en.localeCompare(b.name.en, 'en', { numeric: true }) ||
            a.id - b.id,
        ),
      unmappedAtFoodics: remote.filter((r) => !mapped.has(`${r.kind}:${r.foodicsId}`)),
      foodicsError: failed,
    };
  }

  /** Maps (or unmaps) one branch or item, audited; a Foodics id taken by another of the same kind: 409. */
  async function setOne(staff: StaffPrincipal, ip: string, body: FoodicsMappingBody) {
    const { kind, localId, foodicsId } = body;
    const localKey = String(localId);
    try {
      await db.transaction(async (tx) => {
        const owned = await ownsTarget(tx, staff.brandId, kind, localId);
        if (owned === false) throw new AppError('foodics_mapping_target_not_found');
        // A table's mapping is its branch's (the audit log's branch filter finds it there).
        const branchId = kind === 'branch' ? localId : typeof owned === 'object' ? owned.branchId : undefined;
        const before = (await mappingOf(tx, staff.brandId, kind, localKey)) ?? null;
        if (foodicsId !== null) {
          const holder = await mappedTo(tx, staff.brandId, kind, foodicsId);
          if (holder !== undefined && holder !== localKey) throw new AppError('foodics_mapping_taken');
        }
        if (before === foodicsId) return;
        await setMapping(tx, staff.brandId, kind, localKey, foodicsId);
        await recordStaffChange(tx, staff, ip, {
          brandId: staff.brandId,
          ...(branchId === undefined ? {} : { branchId }),
          objectType: 'foodics_mapping',
          objectId: `${kind}:${localId}`,
          action: before === null ? 'create' : foodicsId === null ? 'delete' : 'update',
          before: before === null ? null : { foodicsId: before },
          after: foodicsId === null ? null : { foodicsId },
          at: ctx.now(),
        });
      });
    } catch (error) {
      if (isUniqueViolation(error, 'foodics_ids_foodics_uq')) throw new AppError('foodics_mapping_taken');
      throw error;
    }
    return { kind, localId, foodicsId };
  }

  return { importMenu, refreshInBackground, mapping, setMapping: setOne };
}

export type FoodicsMenuService = ReturnType<typeof createFoodicsMenuService>;
