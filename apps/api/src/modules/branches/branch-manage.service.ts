import type { AuditSnapshot } from '@sufra/shared/audit';
import { openStateAt } from '@sufra/shared/branch-hours';
import { zonePolygonProblem } from '@sufra/shared/geo/zone-polygon';
import { DEFAULT_PREPARATION, type PreparationTime } from '@sufra/shared/order-times';
import type {
  BranchManageBody,
  BranchManageUpdateBody,
  ManageBranch,
  ManageBranchList,
  ManageZone,
  ZoneManageBody,
} from '@sufra/shared/schemas/branch-manage';
import type { AppContext } from '../../app-context.ts';
import { branchClosedBy } from '../../core/branch-context.service.ts';
import type { Queryable, Transaction } from '../../db/client.ts';
import type { StaffPrincipal } from '../../plugins/auth.ts';
import { AppError } from '../../plugins/errors.ts';
import { recordStaffChange } from '../audit/audit.service.ts';
import { invalidateMenu } from '../menu/menu.service.ts';
import { sellBrandMenuAt } from '../menu-admin/menu-admin.service.ts';
import {
  type BranchRow,
  type BranchValues,
  deleteZone,
  findZone,
  insertBranch,
  insertZone,
  listMethodsOf,
  listScopedBranches,
  listZonesOf,
  lockBranch,
  setPaymentMethods,
  updateBranchAt,
  updateZone,
  type ZoneRow,
  type ZoneValues,
} from './branch-manage.repo.ts';

const KNOWN_TIME_ZONES = new Set(Intl.supportedValuesOf('timeZone'));
KNOWN_TIME_ZONES.add('UTC');

function sortedHours(body: BranchManageBody) {
  return [...body.openingHours].sort((a, b) => a.day - b.day || a.opens.localeCompare(b.opens));
}

/** The body's checks beyond its shape: a time zone the server knows, one entry per special date. */
function checkBranchBody(body: BranchManageBody): void {
  if (!KNOWN_TIME_ZONES.has(body.timeZone))
    throw new AppError('time_zone_unknown', undefined, { timeZone: 'time_zone_unknown' });
  const dates = body.specialDays.map((d) => d.date);
  if (new Set(dates).size !== dates.length) {
    throw new AppError('special_day_repeated', undefined, { specialDays: 'special_day_repeated' });
  }
}

/** The body's fields as columns; `keep` is the branch's preparation time when the body leaves it out (an edit). */
export function branchValues(body: BranchManageBody, keep: PreparationTime = DEFAULT_PREPARATION): BranchValues {
  const preparation = body.preparation ?? keep;
  return {
    prepBaseMinutes: preparation.baseMinutes,
    prepPerItemMinutes: preparation.perItemMinutes,
    nameAr: body.name.ar,
    nameEn: body.name.en,
    addressAr: body.address.ar,
    addressEn: body.address.en,
    phone: body.phone || null,
    lat: body.location.lat,
    lng: body.location.lng,
    timeZone: body.timeZone,
    openingHours: sortedHours(body),
    specialDays: [...body.specialDays].sort((a, b) => a.date.localeCompare(b.date)),
    isOpen: body.isOpen,
    dineInRadiusM: body.dineInRadiusMeters,
    dineIn: body.orderTypes.dineIn,
    pickup: body.orderTypes.pickup,
    delivery: body.orderTypes.delivery,
  };
}

function toZone(z: ZoneRow): ManageZone {
  return {
    id: z.id,
    branchId: z.branchId,
    name: { ar: z.nameAr, en: z.nameEn },
    feeHalalas: z.feeHalalas,
    minimumOrderHalalas: z.minimumOrderHalalas,
    priority: z.priority,
    estimatedMinutes: z.estimatedMinutes,
    geometry: z.geometry,
  };
}

function zoneValues(body: ZoneManageBody): ZoneValues {
  const ring = body.geometry.coordinates[0] ?? [];
  const problem = zonePolygonProblem(ring);
  if (problem) throw new AppError(problem, undefined, { geometry: problem });
  return {
    nameAr: body.name.ar,
    nameEn: body.name.en,
    feeHalalas: body.feeHalalas,
    minimumOrderHalalas: body.minimumOrderHalalas,
    priority: body.priority,
    estimatedMinutes: body.estimatedMinutes,
    geometry: { type: 'Polygon', coordinates: [ring.map((p) => [p[0], p[1]])] },
  };
}

/** A zone as the audit log keeps it (the outline as its corner count: the full ring is in the row). */
export function zoneAudit(z: ZoneRow): AuditSnapshot {
  const { geometry, ...rest } = toZone(z);
  return { ...rest, corners: Math.max(0, ((geometry.coordinates[0] as unknown[] | undefined)?.length ?? 1) - 1) };
}

export function createBranchManageService(ctx: AppContext) {
  const { db } = ctx;

  function toManageBranch(
    row: BranchRow,
    zones: ZoneRow[],
    methods: { branchId: number; method: string }[],
  ): ManageBranch {
    const now = ctx.now();
    const state = openStateAt(row.openingHours, row.specialDays, row.timeZone, now);
    const closedBy = branchClosedBy(row, now);
    const has = (m: string) => methods.some((p) => p.branchId === row.id && p.method === m);
    return {
      id: row.id,
      brandId: row.brandId,
      isMain: row.isMain,
      version: row.version,
      name: { ar: row.nameAr, en: row.nameEn },
      address: { ar: row.addressAr, en: row.addressEn },
      phone: row.phone,
      location: { lat: row.lat, lng: row.lng },
      timeZone: row.timeZone,
      openingHours: row.openingHours,
      specialDays: row.specialDays,
      orderTypes: { dineIn: row.dineIn, pickup: row.pickup, delivery: row.delivery },
      dineInRadiusMeters: row.dineInRadiusM,
      isOpen: row.isOpen,
      paymentMethods: { cash: has('cash'), card: has('card') },
      preparation: { baseMinutes: row.prepBaseMinutes, perItemMinutes: row.prepPerItemMinutes },
      status: {
        open: closedBy === null,
        closedBy,
        // A branch paused by hand opens when someone switches it back on, not at a time.
        changesAt: closedBy === 'staff' ? null : (state.changesAt?.toISOString() ?? null),
      },
      zones: zones.filter((z) => z.branchId === row.id).map(toZone),
    };
  }

  /** The rows with their zones and payment methods, read through `q` (inside a transaction: its handle). */
  async function load(rows: BranchRow[], q: Queryable = db): Promise<ManageBranch[]> {
    const ids = rows.map((r) => r.id);
    const zones = await listZonesOf(q, ids);
    const methods = await listMethodsOf(q, ids);
    return rows.map((r) => toManageBranch(r, zones, methods));
  }

  /** The branch if it is in the staff user's scope (owner: the brand's; manager: theirs); else 404 as if absent. */
  function assertInScope(staff: StaffPrincipal, branchId: number): void {
    if (!staff.branchIds.includes(branchId)) throw new AppError('branch_not_found');
  }

  async function get(staff: StaffPrincipal, branchId: number): Promise<ManageBranch> {
    assertInScope(staff, branchId);
    const [row] = await listScopedBranches(db, staff.brandId, [branchId]);
    if (!row) throw new AppError('branch_not_found');
    const [branch] = await load([row]);
    if (!branch) throw new AppError('branch_not_found');
    return branch;
  }

  /** Writes the branch's zones or fields in one transaction, with its audit row; the branch locked first. */
  async function inBranch<T>(
    staff: StaffPrincipal,
    branchId: number,
    work: (tx: Transaction, branch: BranchRow) => Promise<T>,
  ): Promise<T> {
    assertInScope(staff, branchId);
    return db.transaction(async (tx) => {
      const branch = await lockBranch(tx, staff.brandId, branchId);
      if (!branch) throw new AppError('branch_not_found');
      const result = await work(tx, branch);
      // The diners' cached QR data and branch lists carry hours, status and zones: every instance rebuilds them.
      await invalidateMenu(tx, staff.brandId);
      return result;
    });
  }

  return {
    async list(staff: StaffPrincipal): Promise<ManageBranchList> {
      return {
        branches: await load(await listScopedBranches(db, staff.brandId, staff.branchIds)),
        canCreate: staff.role === 'owner',
      };
    },

    get,

    /** Owners only (the route's guard): a new branch of the brand, with its payment choices. */
    async create(staff: StaffPrincipal, body: BranchManageBody, ip: string | null): Promise<ManageBranch> {
      checkBranchBody(body);
      const id = await db.transaction(async (tx) => {
        const row = await insertBranch(tx, staff.brandId, branchValues(body));
        await setPaymentMethods(tx, row.id, body.paymentMethods);
        await sellBrandMenuAt(tx, staff.brandId, row.id);
        await recordStaffChange(tx, staff, ip, {
          brandId: staff.brandId,
          branchId: row.id,
          objectType: 'branch',
          objectId: row.id,
          action: 'create',
          before: null,
          after: { ...branchValues(body), paymentMethods: body.paymentMethods },
          at: ctx.now(),
        });
        await invalidateMenu(tx, staff.brandId);
        return row.id;
      });
      const [row] = await listScopedBranches(db, staff.brandId, [id]);
      if (!row) throw new AppError('branch_not_found');
      const [branch] = await load([row]);
      if (!branch) throw new AppError('branch_not_found');
      return branch;
    },

    /**
     * An edit made from `body.version`: when someone saved since, 409 branch_version_conflict with both values
     * (`details.yours` as sent, `details.current` as saved) and nothing written.
     */
    async update(
      staff: StaffPrincipal,
      branchId: number,
      body: BranchManageUpdateBody,
      ip: string | null,
    ): Promise<ManageBranch> {
      checkBranchBody(body);
      await inBranch(staff, branchId, async (tx, before) => {
        const [current] = await load([before], tx);
        if (before.version !== body.version) {
          throw new AppError('branch_version_conflict', { yours: body, current });
        }
        const kept = { baseMinutes: before.prepBaseMinutes, perItemMinutes: before.prepPerItemMinutes };
        const values = branchValues(body, kept);
        const row = await updateBranchAt(tx, branchId, body.version, values);
        if (!row) throw new AppError('branch_version_conflict', { yours: body, current });
        await setPaymentMethods(tx, branchId, body.paymentMethods);
        const { status: _s, zones: _z, id: _i, brandId: _b, ...was } = current as ManageBranch;
        const { version: _v, ...now } = { ...body, preparation: body.preparation ?? kept };
        await recordStaffChange(tx, staff, ip, {
          brandId: staff.brandId,
          branchId,
          objectType: 'branch',
          objectId: branchId,
          action: 'update',
          before: was,
          after: { ...now, version: row.version },
          at: ctx.now(),
        });
      });
      return get(staff, branchId);
    },

    async createZone(staff: StaffPrincipal, branchId: number, body: ZoneManageBody, ip: string | null) {
      const values = zoneValues(body);
      return inBranch(staff, branchId, async (tx) => {
        const row = await insertZone(tx, branchId, values);
        await recordStaffChange(tx, staff, ip, {
          brandId: staff.brandId,
          branchId,
          objectType: 'delivery_zone',
          objectId: row.id,
          action: 'create',
          before: null,
          after: zoneAudit(row),
          at: ctx.now(),
        });
        return toZone(row);
      });
    },

    async updateZone(staff: StaffPrincipal, branchId: number, zoneId: number, body: ZoneManageBody, ip: string | null) {
      const values = zoneValues(body);
      return inBranch(staff, branchId, async (tx) => {
        const before = await findZone(tx, branchId, zoneId, true);
        if (!before) throw new AppError('zone_not_found');
        const row = await updateZone(tx, zoneId, values);
        if (!row) throw new AppError('zone_not_found');
        await recordStaffChange(tx, staff, ip, {
          brandId: staff.brandId,
          branchId,
          objectType: 'delivery_zone',
          objectId: zoneId,
          action: 'update',
          before: zoneAudit(before),
          after: zoneAudit(row),
          at: ctx.now(),
        });
        return toZone(row);
      });
    },

    async deleteZone(staff: StaffPrincipal, branchId: number, zoneId: number, ip: string | null): Promise<void> {
      await inBranch(staff, branchId, async (tx) => {
        const before = await findZone(tx, branchId, zoneId, true);
        if (!before) throw new AppError('zone_not_found');
        await deleteZone(tx, zoneId);
        await recordStaffChange(tx, staff, ip, {
          brandId: staff.brandId,
          branchId,
          objectType: 'delivery_zone',
          objectId: zoneId,
          action: 'delete',
          before: zoneAudit(before),
          after: null,
          at: ctx.now(),
        });
      });
    },
  };
}

export type BranchManageService = ReturnType<typeof createBranchManageService>;
