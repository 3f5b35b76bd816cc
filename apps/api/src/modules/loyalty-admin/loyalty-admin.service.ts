import type { AuditSnapshot } from '@sufra/shared/audit';
import { localDate, startOfLocalDay } from '@sufra/shared/branch-hours';
import type { OrderType } from '@sufra/shared/order-types';
import type {
  LevelsBody,
  LevelsPreview,
  LoyaltyExpiry,
  LoyaltyLevelsAdmin,
  LoyaltyRulesAdmin,
  LoyaltyRulesBody,
  LoyaltyRulesFields,
  ReferralRulesAdmin,
  ReferralRulesBody,
  ReferralRulesFields,
} from '@sufra/shared/schemas/loyalty-admin';
import type { AppContext } from '../../app-context.ts';
import type { Queryable } from '../../db/client.ts';
import type { StaffPrincipal } from '../../plugins/auth.ts';
import { AppError } from '../../plugins/errors.ts';
import { recordStaffChange } from '../audit/audit.service.ts';
import {
  brandBranchIds,
  bumpLevelsVersion,
  countDinersByThresholds,
  hasEarnHistory,
  insertEarnRule,
  insertReferral,
  insertRules,
  type LevelRow,
  listBrandBranches,
  listLevelRows,
  type ReferralRow,
  type RulesRow,
  type RulesValues,
  readReferral,
  readRules,
  replaceLevels,
  updateReferral,
  updateRules,
} from './loyalty-admin.repo.ts';

/** The brand's time zone where it has no rule yet (the rule's column default). */
const DEFAULT_ZONE = 'Asia/Riyadh';

function expiryOf(row: RulesRow): LoyaltyExpiry {
  if (row.expiryDays !== null) return { kind: 'days', days: row.expiryDays };
  if (row.expiresOn !== null) return { kind: 'date', on: row.expiresOn };
  return { kind: 'never' };
}

export function rulesView(row: RulesRow): LoyaltyRulesFields {
  return {
    earnPointsPerSar: row.earnPointsPerSar,
    pointValueHalalas: row.pointValueHalalas,
    minPointsPerRedemption: row.minPointsPerRedemption,
    maxPointsPerTransaction: row.maxPointsPerTransaction,
    maxPointsPerDay: row.maxPointsPerDay,
    maxRedemptionsPerDay: row.maxRedemptionsPerDay,
    expiry: expiryOf(row),
    earnOrderTypes: row.earnOrderTypes as OrderType[],
    earnBranchIds: row.earnBranchIds,
  };
}

export function referralView(row: ReferralRow): ReferralRulesFields {
  return {
    enabled: row.enabled,
    referrerPoints: row.referrerPoints,
    friendPoints: row.friendPoints,
    refundWindowDays: row.refundWindowDays,
    invitationsPerDay: row.invitationsPerDay,
  };
}

export function levelView(row: LevelRow) {
  return {
    id: row.id,
    name: { ar: row.nameAr, en: row.nameEn },
    minLifetimePoints: row.minLifetimePoints,
    multiplierBasisPoints: row.multiplierBp,
    perks: { ar: row.perksAr, en: row.perksEn },
  };
}

const sameList = (a: readonly number[] | null, b: readonly number[] | null) =>
  a === b || (a !== null && b !== null && a.length === b.length && a.every((v, i) => v === b[i]));

function requireStaff(staff: StaffPrincipal): void {
  if (staff.role === 'cashier') throw new AppError('forbidden');
}

/** Brand-wide rules are the owner's to change (docs/adr/0480); managers read them. */
function requireOwner(staff: StaffPrincipal): void {
  if (staff.role !== 'owner') throw new AppError('forbidden');
}

function checkVersion(current: number, asked: number, theirs: unknown, yours: unknown): void {
  if (current !== asked) throw new AppError('edit_conflict', { theirs, yours });
}

/**
 * The loyalty programme in the management console (issue 27 items 1, 2, 6): the points rule, the levels and the
 * referral rule, read by owners and managers and saved by owners, each save at the version it read (409 with both
 * values), with its audit rows in the same transaction.
 */
export function createLoyaltyAdminService(ctx: AppContext) {
  const { db } = ctx;

  /** The figures a save checks beyond their bounds: what the limits say together, the date, the branches. */
  async function checkRules(tx: Queryable, staff: StaffPrincipal, body: LoyaltyRulesFields, timeZone: string) {
    if (body.maxPointsPerTransaction < body.minPointsPerRedemption)
      throw new AppError('loyalty_max_below_min', undefined, { maxPointsPerTransaction: 'loyalty_max_below_min' });
    if (body.maxPointsPerDay < body.minPointsPerRedemption)
      throw new AppError('loyalty_daily_below_min', undefined, { maxPointsPerDay: 'loyalty_daily_below_min' });
    if (body.expiry.kind === 'date' && body.expiry.on <= localDate(timeZone, ctx.now()))
      throw new AppError('loyalty_expiry_date_past', undefined, { expiry: 'loyalty_expiry_date_past' });
    if (body.earnBranchIds !== null) {
      const asked = [...new Set(body.earnBranchIds)];
      const found = await brandBranchIds(tx, staff.brandId, asked);
      if (found.length !== asked.length)
        throw new AppError('branch_not_found', undefined, { earnBranchIds: 'branch_not_found' });
    }
  }

  function rulesValues(body: LoyaltyRulesFields, timeZone: string): RulesValues {
    const on = body.expiry.kind === 'date' ? body.expiry.on : null;
    return {
      earnPointsPerSar: body.earnPointsPerSar,
      pointValueHalalas: body.pointValueHalalas,
      minPointsPerRedemption: body.minPointsPerRedemption,
      maxPointsPerTransaction: body.maxPointsPerTransaction,
      maxPointsPerDay: body.maxPointsPerDay,
      maxRedemptionsPerDay: body.maxRedemptionsPerDay,
      expiryDays: body.expiry.kind === 'days' ? body.expiry.days : null,
      expiresOn: on,
      // The start of that day in the brand's zone (noon UTC of the date is on that date in every zone).
      expiresAt: on === null ? null : startOfLocalDay(new Date(`${on}T12:00:00Z`), timeZone),
      earnOrderTypes: [...new Set(body.earnOrderTypes)].sort(),
      earnBranchIds: body.earnBranchIds === null ? null : [...new Set(body.earnBranchIds)].sort((a, b) => a - b),
    };
  }

  /** The diners per level of `thresholds` (ascending), and how many would move from the current levels. */
  async function previewOf(
    q: Queryable,
    brandId: number,
    current: LevelRow[],
    proposed: { id: number | null; minLifetimePoints: number }[],
  ): Promise<LevelsPreview> {
    const sorted = proposed
      .map((l, index) => ({ ...l, index }))
      .sort((a, b) => a.minLifetimePoints - b.minLifetimePoints);
    const groups = await countDinersByThresholds(
      q,
      brandId,
      current.map((l) => l.minLifetimePoints),
      sorted.map((l) => l.minLifetimePoints),
    );
    const diners = proposed.map(() => 0);
    let moved = 0;
    let total = 0;
    for (const g of groups) {
      total += g.diners;
      const was = g.currentIndex > 0 ? current[g.currentIndex - 1]?.id : undefined;
      const to = g.proposedIndex > 0 ? sorted[g.proposedIndex - 1] : undefined;
      if (to) diners[to.index] = (diners[to.index] ?? 0) + g.diners;
      // A new level (no id) is a move for everyone who lands in it.
      if ((to?.id ?? (to ? -1 : undefined)) !== was) moved += g.diners;
    }
    return { levels: proposed.map((l, i) => ({ id: l.id, diners: diners[i] ?? 0 })), moved, total };
  }

  /** A proposed set of levels: ids of the brand's own, no id twice, thresholds apart, the lowest at 0. */
  function checkLevels(body: Pick<LevelsBody, 'levels'>, current: LevelRow[]): void {
    const ids = new Set(current.map((l) => l.id));
    const seen = new Set<number>();
    for (const level of body.levels) {
      if (level.id === null) continue;
      if (!ids.has(level.id) || seen.has(level.id))
        throw new AppError('loyalty_level_not_found', undefined, { levels: 'loyalty_level_not_found' });
      seen.add(level.id);
    }
    const thresholds = body.levels.map((l) => l.minLifetimePoints);
    if (new Set(thresholds).size !== thresholds.length)
      throw new AppError('loyalty_level_threshold_taken', undefined, { levels: 'loyalty_level_threshold_taken' });
    if (Math.min(...thresholds) !== 0)
      throw new AppError('loyalty_level_floor', undefined, { levels: 'loyalty_level_floor' });
  }

  async function rules(staff: StaffPrincipal): Promise<LoyaltyRulesAdmin> {
    requireStaff(staff);
    const [row, branches] = await Promise.all([readRules(db, staff.brandId), listBrandBranches(db, staff.brandId)]);
    return {
      rules: row ? rulesView(row) : null,
      version: row?.version ?? 0,
      branches: branches.map((b) => ({ id: b.id, name: { ar: b.nameAr, en: b.nameEn } })),
      canEdit: staff.role === 'owner',
    };
  }

  async function levels(staff: StaffPrincipal): Promise<LoyaltyLevelsAdmin> {
    requireStaff(staff);
    const row = await readRules(db, staff.brandId);
    if (!row) throw new AppError('loyalty_not_set_up');
    const rows = await listLevelRows(db, staff.brandId);
    const counts = await previewOf(db, staff.brandId, rows, rows);
    return {
      levels: rows.map((level, i) => ({ ...levelView(level), diners: counts.levels[i]?.diners ?? 0 })),
      version: row.levelsVersion,
      canEdit: staff.role === 'owner',
    };
  }

  async function referral(staff: StaffPrincipal): Promise<ReferralRulesAdmin> {
    requireStaff(staff);
    const row = await readReferral(db, staff.brandId);
    return { rules: row ? referralView(row) : null, version: row?.version ?? 0, canEdit: staff.role === 'owner' };
  }

  return {
    rules,
    levels,
    referral,

    /**
     * Saves the points rule. What an order earns changes for orders placed from now on: the earn history gets the
     * new figures from now (and, on the first save, the old ones from the start of time), and an order's earn reads
     * the row in force when it was placed. The ledger's rows are never touched.
     */
    async saveRules(staff: StaffPrincipal, ip: string | null, body: LoyaltyRulesBody): Promise<LoyaltyRulesAdmin> {
      requireOwner(staff);
      const now = ctx.now();
      await db.transaction(async (tx) => {
        const current = await readRules(tx, staff.brandId, true);
        const before = current ? rulesView(current) : null;
        checkVersion(current?.version ?? 0, body.version, before && { ...before, version: current?.version }, body);
        const timeZone = current?.timeZone ?? DEFAULT_ZONE;
        await checkRules(tx, staff, body, timeZone);
        const values = rulesValues(body, timeZone);
        const written = current
          ? await updateRules(tx, staff.brandId, body.version, values)
          : await insertRules(tx, staff.brandId, values);
        if (!written) throw new AppError('edit_conflict', { theirs: null, yours: body });
        const earnChanged =
          !current ||
          current.earnPointsPerSar !== values.earnPointsPerSar ||
          !sameList(current.earnOrderTypes, values.earnOrderTypes) ||
          !sameList(current.earnBranchIds, values.earnBranchIds);
        if (earnChanged && !(await hasEarnHistory(tx, staff.brandId))) {
          // What orders placed before this save earn by: the rule as it was (nothing, for a programme starting now).
          await insertEarnRule(tx, {
            brandId: staff.brandId,
            effectiveFrom: new Date(0),
            earnPointsPerSar: current?.earnPointsPerSar ?? 0,
            earnOrderTypes: current?.earnOrderTypes ?? [],
            earnBranchIds: current?.earnBranchIds ?? null,
          });
        }
        if (earnChanged) {
          await insertEarnRule(tx, {
            brandId: staff.brandId,
            effectiveFrom: now,
            earnPointsPerSar: values.earnPointsPerSar,
            earnOrderTypes: values.earnOrderTypes,
            earnBranchIds: values.earnBranchIds,
          });
        }
        await recordStaffChange(tx, staff, ip, {
          brandId: staff.brandId,
          objectType: 'loyalty_rules',
          objectId: staff.brandId,
          action: current ? 'update' : 'create',
          before,
          after: rulesView(written),
          at: now,
        });
      });
      return rules(staff);
    },

    /** What a proposed set of levels would do to the brand's diners, computed without writing anything. */
    async previewLevels(staff: StaffPrincipal, body: Pick<LevelsBody, 'levels'>): Promise<LevelsPreview> {
      requireStaff(staff);
      const rows = await listLevelRows(db, staff.brandId);
      checkLevels(body, rows);
      return previewOf(db, staff.brandId, rows, body.levels);
    },

    /**
     * Saves the whole set of levels: a level left out is retired, a level without an id is added. The lowest level
     * starts at 0, so no diner is ever without a level. One audit row per level added, changed or retired.
     */
    async saveLevels(staff: StaffPrincipal, ip: string | null, body: LevelsBody): Promise<LoyaltyLevelsAdmin> {
      requireOwner(staff);
      const now = ctx.now();
      await db.transaction(async (tx) => {
        const rules = await readRules(tx, staff.brandId, true);
        if (!rules) throw new AppError('loyalty_not_set_up');
        const current = await listLevelRows(tx, staff.brandId);
        checkVersion(
          rules.levelsVersion,
          body.version,
          { levels: current.map(levelView), version: rules.levelsVersion },
          body,
        );
        checkLevels(body, current);
        if (!(await bumpLevelsVersion(tx, staff.brandId, body.version)))
          throw new AppError('edit_conflict', { theirs: null, yours: body });
        const written = await replaceLevels(
          tx,
          staff.brandId,
          body.levels.map((l) => ({
            id: l.id,
            nameAr: l.name.ar,
            nameEn: l.name.en,
            minLifetimePoints: l.minLifetimePoints,
            multiplierBp: l.multiplierBasisPoints,
            perksAr: l.perks.ar,
            perksEn: l.perks.en,
          })),
        );
        const kept = new Set(body.levels.flatMap((l) => (l.id === null ? [] : [l.id])));
        const audit = (objectId: number, action: 'create' | 'update' | 'delete', before: unknown, after: unknown) =>
          recordStaffChange(tx, staff, ip, {
            brandId: staff.brandId,
            objectType: 'loyalty_level',
            objectId,
            action,
            before: before as AuditSnapshot | null,
            after: after as AuditSnapshot | null,
            at: now,
          });
        const old = new Map(current.map((l) => [l.id, levelView(l)]));
        for (const row of current) if (!kept.has(row.id)) await audit(row.id, 'delete', levelView(row), null);
        for (const row of written) {
          const after = levelView(row);
          const before = old.get(row.id);
          if (!before) await audit(row.id, 'create', null, after);
          else if (JSON.stringify(before) !== JSON.stringify(after)) await audit(row.id, 'update', before, after);
        }
      });
      return levels(staff);
    },

    async saveReferral(staff: StaffPrincipal, ip: string | null, body: ReferralRulesBody): Promise<ReferralRulesAdmin> {
      requireOwner(staff);
      await db.transaction(async (tx) => {
        const current = await readReferral(tx, staff.brandId, true);
        const before = current ? referralView(current) : null;
        checkVersion(current?.version ?? 0, body.version, before && { ...before, version: current?.version }, body);
        const { version, ...values } = body;
        const written = current
          ? await updateReferral(tx, staff.brandId, version, values)
          : await insertReferral(tx, staff.brandId, values);
        if (!written) throw new AppError('edit_conflict', { theirs: null, yours: body });
        await recordStaffChange(tx, staff, ip, {
          brandId: staff.brandId,
          objectType: 'referral_rules',
          objectId: staff.brandId,
          action: current ? 'update' : 'create',
          before,
          after: referralView(written),
          at: ctx.now(),
        });
      });
      return referral(staff);
    },
  };
}

export type LoyaltyAdminService = ReturnType<typeof createLoyaltyAdminService>;
