import { qrUuid } from '@sufra/shared/schemas/common';
import type { QrCheckResponse, QrData } from '@sufra/shared/schemas/establishment';
import type { AppContext } from '../app-context.ts';
import { AppError } from '../plugins/errors.ts';
import { listDeliveryZones } from './branch-context.repo.ts';
import { assertServiceOn, servicesMap, toBranch, toBrand } from './branch-context.service.ts';
import { findQrWithContext, type QrContextRow } from './qr-context.repo.ts';

/**
 * The QR code's context a placement starts from, and how to read it again: from this process's cache (`cached`,
 * trusted only as far as the write's version check) or just read.
 */
export interface PlacementContext {
  row: QrContextRow;
  cached: boolean;
  reread: () => Promise<QrContextRow>;
}

/** QR contexts a process keeps for placement; past this the oldest is dropped. */
const PLACEMENT_CONTEXTS_MAX = 10_000;
/** Rereads of a kept context whose brand's version moved, before 503 settings_changing (as placement's). */
const KEPT_CONTEXT_RETRIES = 3;

/**
 * What the QR operations need: the app, and order placement's cache of usable QR contexts, by uuid. The cache is never
 * trusted alone: a placement's write checks the brand's context version it was read at, and a refusal is made again
 * on a fresh read (orders.service).
 */
export interface QrDeps {
  ctx: AppContext;
  placementContexts: Map<string, QrContextRow>;
}

/** The QR code's context: 404 when unknown, 410 when inactive (the brand switch is checked by callers). */
export async function resolveQr({ ctx }: QrDeps, uuid: string): Promise<QrContextRow> {
  const row = await findQrWithContext(ctx.db, uuid);
  if (!row) throw new AppError('qr_not_found');
  if (!row.qr.active) throw new AppError('qr_inactive');
  return row;
}

/** A QR code a diner can use now: resolveQr, and 403 when its brand is switched off. */
export async function resolveUsableQr(deps: QrDeps, uuid: string): Promise<QrContextRow> {
  const row = await resolveQr(deps, uuid);
  assertServiceOn(row.servicesOff);
  return row;
}

/** resolveUsableQr, kept for the placements that follow (or forgotten, when the QR code is not usable now). */
async function readForPlacement(deps: QrDeps, uuid: string): Promise<QrContextRow> {
  const { placementContexts } = deps;
  placementContexts.delete(uuid);
  const row = await resolveUsableQr(deps, uuid);
  if (placementContexts.size >= PLACEMENT_CONTEXTS_MAX) {
    const oldest = placementContexts.keys().next();
    if (!oldest.done) placementContexts.delete(oldest.value);
  }
  placementContexts.set(uuid, row);
  return row;
}

/**
 * For the one-statement writes (order placement, a spin, a points-shop purchase): the QR code's usable context,
 * from this process's keep when it has it (a round trip less per write), with the way to read it again when the
 * write finds it stale or a rule refuses on it. `check` (the brand's and the route's service switches) is made: a refusal
 * on a kept context is made again on a fresh read before it stands, so the cache never refuses what the database
 * allows. Its `reread` checks too. The diner context's preHandler reads `kept` routes' contexts with it.
 */
export async function keptContext(
  deps: QrDeps,
  uuid: string,
  check: (row: QrContextRow) => void,
): Promise<PlacementContext> {
  const reread = async () => {
    const row = await readForPlacement(deps, uuid);
    check(row);
    return row;
  };
  const kept = deps.placementContexts.get(uuid);
  if (kept) {
    try {
      check(kept);
      return { row: kept, cached: true, reread };
    } catch {
      // Refused on the kept copy: only a fresh read may refuse.
    }
  }
  return { row: await reread(), cached: false, reread };
}

/**
 * Work on a kept context (keptContext's), for the routes whose first statement checks the context's version (as
 * placement's write does): `work` answers 'stale_context' when its statement found the brand's version moved (it
 * wrote nothing): the context is read (and checked) again and the work rerun, three times at most (then 503
 * settings_changing).
 */
export async function withKeptContext<T>(
  context: PlacementContext,
  work: (row: QrContextRow) => Promise<T | 'stale_context'>,
): Promise<T> {
  let row = context.row;
  for (let stale = 0; ; ) {
    const done = await work(row);
    if (done !== 'stale_context') return done;
    if (++stale > KEPT_CONTEXT_RETRIES) throw new AppError('settings_changing');
    row = await context.reread();
  }
}

/** Everything the landing page needs, for a usable QR code's context (the diner context's). */
export async function getQrData({ ctx }: QrDeps, row: QrContextRow, utmSource: string | undefined): Promise<QrData> {
  const zones = await listDeliveryZones(ctx.db, [row.branch.id]);
  return {
    uuid: row.qr.uuid,
    brand: toBrand(row.brand, ctx.config.imageHost),
    branch: toBranch(row.branch, zones, ctx.now()),
    table: row.table ? { id: row.table.id, number: row.table.number, status: tableStatus(row.table.status) } : null,
    branchHasTables: row.branchHasTables,
    services: servicesMap(row.servicesOff),
    utm_source: utmSource ? utmSource : null,
  };
}

/** Answers for any string: is it a well-formed uuid of a known, active QR code of a switched-on brand? */
export async function checkQr({ ctx }: QrDeps, uuid: string): Promise<QrCheckResponse> {
  const base = { uuid, branchId: null, tableId: null };
  if (!qrUuid.safeParse(uuid).success) return { ...base, valid: false, active: false, reason: 'invalid_uuid' };
  const row = await findQrWithContext(ctx.db, uuid.toLowerCase());
  if (!row) return { ...base, valid: false, active: false, reason: 'qr_not_found' };
  const found = { uuid, branchId: row.branch.id, tableId: row.qr.tableId };
  if (!row.qr.active) return { ...found, valid: true, active: false, reason: 'qr_inactive' };
  if (row.servicesOff.includes('brand')) {
    return { ...found, valid: true, active: false, reason: 'service_deactivated' };
  }
  return { ...found, valid: true, active: true, reason: null };
}

/** QR codes: resolving them, the landing page's data, and placement's kept contexts. Binds the functions above. */
export function createQrService(ctx: AppContext) {
  const deps: QrDeps = { ctx, placementContexts: new Map() };
  return {
    resolveQr: resolveQr.bind(null, deps),
    resolveUsableQr: resolveUsableQr.bind(null, deps),
    keptContext: keptContext.bind(null, deps),
    getQrData: getQrData.bind(null, deps),
    checkQr: checkQr.bind(null, deps),
  };
}

function tableStatus(status: string): 'free' | 'occupied' | 'reserved' | 'check_printed' {
  return status === 'occupied' || status === 'reserved' || status === 'check_printed' ? status : 'free';
}

export type QrService = ReturnType<typeof createQrService>;
