import { startOfLocalDay } from '@sufra/shared/branch-hours';
import {
  type Level,
  levelFor,
  nextExpiry,
  nextLevel,
  type PointsRules,
  pointsToExpire,
  pointsValue,
} from '@sufra/shared/loyalty/points';
import { parsePhone } from '@sufra/shared/phone/phone-number';
import type {
  LoyaltyAccount,
  LoyaltyLevel,
  LoyaltyProgramme,
  PointsAdjustBody,
  PointsEntry,
  PointsHistory,
  StaffCustomer,
  StaffCustomerLookupBody,
} from '@sufra/shared/schemas/loyalty';
import type { AppContext } from '../../app-context.ts';
import type { Queryable } from '../../db/client.ts';
import type { CustomerPrincipal, StaffPrincipal } from '../../plugins/auth.ts';
import { AppError } from '../../plugins/errors.ts';
import {
  appendPoints,
  findCustomerByPhone,
  findCustomerPoints,
  findRules,
  type LoyaltyLevelRow,
  type LoyaltyRulesRow,
  listEntries,
  listExpiryCandidates,
  listLevels,
  listMovements,
  lockCustomerPoints,
  type PointsEntryRow,
  type PointsWrite,
  redeemedSince,
} from './loyalty.repo.ts';

export function toRules(row: LoyaltyRulesRow): PointsRules & { expiresOn: string | null } {
  return {
    earnPointsPerSar: row.earnPointsPerSar,
    pointValueHalalas: row.pointValueHalalas,
    minPointsPerRedemption: row.minPointsPerRedemption,
    maxPointsPerTransaction: row.maxPointsPerTransaction,
    maxPointsPerDay: row.maxPointsPerDay,
    maxRedemptionsPerDay: row.maxRedemptionsPerDay,
    expiryDays: row.expiryDays,
    expiresOn: row.expiresOn,
  };
}

function toLevel(row: LoyaltyLevelRow): LoyaltyLevel & Level {
  return {
    id: row.id,
    name: { ar: row.nameAr, en: row.nameEn },
    minLifetimePoints: row.minLifetimePoints,
    multiplierBasisPoints: row.multiplierBp,
    perks: { ar: row.perksAr, en: row.perksEn },
  };
}

function toEntry(row: PointsEntryRow): PointsEntry {
  return {
    id: row.id,
    kind: row.kind as PointsEntry['kind'],
    points: row.points,
    reason: row.reason,
    orderId: row.orderId,
    createdAt: row.createdAt.toISOString(),
  };
}

/**
 * The start of `now`'s calendar day in a time zone, as an instant (the daily limits count from it). Time zones are
 * whole minutes off UTC, so the seconds past the minute are the same everywhere.
 */
export function startOfDay(now: Date, timeZone: string): Date {
  return startOfLocalDay(now, timeZone);
}

/** Customers the expiry looks at per pass. */
const EXPIRY_BATCH = 200;

/** What the points' operations need: the app (database, clock). */
export interface LoyaltyDeps {
  ctx: AppContext;
}

async function requireProgramme(deps: LoyaltyDeps, brandId: number) {
  const { db } = deps.ctx;
  const rules = await findRules(db, brandId);
  if (!rules) throw new AppError('loyalty_not_set_up');
  const levels = (await listLevels(db, brandId)).map(toLevel);
  return { rules, levels };
}

export async function programme(deps: LoyaltyDeps, brandId: number): Promise<LoyaltyProgramme> {
  const { rules, levels } = await requireProgramme(deps, brandId);
  return { rules: toRules(rules), levels };
}

export async function account(deps: LoyaltyDeps, customer: CustomerPrincipal): Promise<LoyaltyAccount> {
  const { ctx } = deps;
  const { db } = ctx;
  const { rules, levels } = await requireProgramme(deps, customer.brandId);
  const points = await findCustomerPoints(db, customer.id, customer.brandId);
  if (!points) throw new AppError('unauthenticated');
  const [movements, today] = await Promise.all([
    listMovements(db, customer.id),
    redeemedSince(db, customer.id, startOfDay(ctx.now(), rules.timeZone)),
  ]);
  const expiry = nextExpiry(movements, rules.expiryDays, rules.expiresAt);
  return {
    walletPoints: points.walletPoints,
    walletValueHalalas: pointsValue(points.walletPoints, rules),
    lifetimePoints: points.lifetimePoints,
    level: levelFor(points.lifetimePoints, levels),
    next: nextLevel(points.lifetimePoints, levels),
    nextExpiryAt: expiry ? expiry.toISOString() : null,
    redeemedToday: today,
  };
}

export async function history(
  deps: LoyaltyDeps,
  customerId: number,
  brandId: number,
  query: { limit: number; before?: number | undefined },
): Promise<PointsHistory> {
  const { db } = deps.ctx;
  const points = await findCustomerPoints(db, customerId, brandId);
  if (!points) throw new AppError('customer_not_found');
  const rows = await listEntries(db, customerId, brandId, query.limit, query.before);
  return { entries: rows.map(toEntry), walletPoints: points.walletPoints };
}

/**
 * A manager's (or owner's) lookup of a diner of their brand by phone, however typed (local or +966, Arabic
 * digits): who they are and their points, for the ledger and adjustments. Another brand's diner is not found.
 */
export async function findCustomer(
  deps: LoyaltyDeps,
  staff: StaffPrincipal,
  body: StaffCustomerLookupBody,
): Promise<StaffCustomer> {
  const { db } = deps.ctx;
  if (staff.role === 'cashier') throw new AppError('forbidden');
  const phone = parsePhone(body.phone);
  if (!phone.ok) throw new AppError(phone.problem, undefined, { phone: phone.problem });
  const found = await findCustomerByPhone(db, staff.brandId, phone.e164);
  if (!found) throw new AppError('customer_not_found');
  const rules = await findRules(db, staff.brandId);
  const levels = rules ? (await listLevels(db, staff.brandId)).map(toLevel) : [];
  return {
    ...found,
    walletValueHalalas: rules ? pointsValue(found.walletPoints, rules) : 0,
    level: levelFor(found.lifetimePoints, levels),
  };
}

/**
 * A manager's (or owner's) adjustment of a diner's points, with the reason. A debit larger than the wallet is
 * refused (422) rather than cut down, so the manager sees exactly what was written.
 */
export async function adjust(
  deps: LoyaltyDeps,
  staff: StaffPrincipal,
  customerId: number,
  body: PointsAdjustBody,
): Promise<PointsHistory> {
  const { ctx } = deps;
  const { db } = ctx;
  if (staff.role === 'cashier') throw new AppError('forbidden');
  const written = await appendPoints(db, {
    brandId: staff.brandId,
    customerId,
    kind: 'adjust',
    points: body.points,
    reason: body.reason,
    staffUserId: staff.id,
    at: ctx.now(),
  });
  if (!written) {
    const exists = await findCustomerPoints(db, customerId, staff.brandId);
    throw new AppError(exists ? 'points_insufficient' : 'customer_not_found');
  }
  const rows = await listEntries(db, customerId, staff.brandId, 30, undefined);
  return { entries: rows.map(toEntry), walletPoints: written.walletPoints };
}

/**
 * One expiry pass: for each customer with points past their brand's days, under the customer's row lock, the
 * oldest-first rule's figure (shared pointsToExpire) is written as an `expire` row. Run by every instance; the
 * lock and the recomputation under it make a second instance's pass write nothing. Answers the rows written.
 */
export async function expireOnce(deps: LoyaltyDeps): Promise<number> {
  const { ctx } = deps;
  const { db } = ctx;
  const now = ctx.now();
  const candidates = await listExpiryCandidates(db, now, EXPIRY_BATCH);
  let written = 0;
  for (const { customerId, brandId } of candidates) {
    const done = await db.transaction(async (tx) => {
      const rules = await findRules(tx, brandId);
      const held = await lockCustomerPoints(tx, customerId, brandId);
      if (!rules || !held) return false;
      const due = Math.min(
        pointsToExpire(await listMovements(tx, customerId), rules.expiryDays, now, rules.expiresAt),
        held.walletPoints,
      );
      if (due <= 0) return false;
      const row = await appendPoints(tx, {
        brandId,
        customerId,
        kind: 'expire',
        points: -due,
        reason: 'points_expired',
        at: now,
      });
      return row !== undefined;
    });
    if (done) written += 1;
  }
  return written;
}

/**
 * Points: the brand's programme, a diner's account and history, managers' adjustments and expiry. Every change to a
 * wallet is one ledger row written with the wallet's move in one statement (loyalty.repo appendPoints).
 *
 * The operations are the plain functions above; this binds them to the app.
 */
export function createLoyaltyService(ctx: AppContext) {
  const deps = { ctx } satisfies LoyaltyDeps;
  return {
    programme: programme.bind(null, deps),
    account: account.bind(null, deps),
    history: history.bind(null, deps),
    findCustomer: findCustomer.bind(null, deps),
    adjust: adjust.bind(null, deps),
    expireOnce: expireOnce.bind(null, deps),
  };
}

export type LoyaltyService = ReturnType<typeof createLoyaltyService>;

/**
 * Loyalty's face for the modules that credit or debit points in their own transaction (games, evaluations,
 * referral): one ledger entry and the customer's balance, as loyalty writes it.
 */
export function creditPoints(tx: Queryable, write: PointsWrite) {
  return appendPoints(tx, write);
}

/** The customer's points row locked for the caller's transaction (the house's lock order: customers first). */
export function lockPointsOf(tx: Queryable, customerId: number, brandId: number) {
  return lockCustomerPoints(tx, customerId, brandId);
}
