import { customerSearch } from '@sufra/shared/customers/customer-search';
import type { Language } from '@sufra/shared/language';
import { levelFor } from '@sufra/shared/loyalty/points';
import { rewardStatus } from '@sufra/shared/loyalty/rewards';
import type {
  CustomerExportResponse,
  CustomerLevels,
  CustomerListItem,
  CustomerListResponse,
  CustomerPage,
  CustomerPointsBody,
  CustomerPrizeBody,
  CustomerSegmentFilters,
  CustomerSort,
  customerListBody,
  GrantableRewards,
} from '@sufra/shared/schemas/customers-admin';
import type { LoyaltyLevel } from '@sufra/shared/schemas/loyalty';
import { stringify } from 'csv-stringify/sync';
import type { z } from 'zod';
import type { AppContext } from '../../app-context.ts';
import type { StaffPrincipal } from '../../plugins/auth.ts';
import { AppError } from '../../plugins/errors.ts';
import { recordStaffChange } from '../audit/audit.service.ts';
import { creditPoints, type LoyaltyService, lockPointsOf } from '../loyalty/loyalty.service.ts';
import type { RewardsService } from '../loyalty/rewards.service.ts';
import {
  type CustomerListFilter,
  type CustomerListRow,
  customerHistories,
  findCustomerOfBrand,
  listCustomers,
  listGrantableRewards,
} from './customers-admin.repo.ts';

const DAY_MS = 86_400_000;
/** A segment's CSV holds at most this many diners (the list pages through more). */
export const EXPORT_MAX_ROWS = 100_000;
/** Dates in the CSV are the diner's days in Saudi Arabia. */
const CSV_TIME_ZONE = 'Asia/Riyadh';

interface Cursor {
  value: string;
  id: number;
}

export function encodeCursor(cursor: Cursor): string {
  return Buffer.from(JSON.stringify([cursor.value, cursor.id])).toString('base64url');
}

function decodeCursor(text: string, sort: CustomerSort): Cursor {
  try {
    const parsed: unknown = JSON.parse(Buffer.from(text, 'base64url').toString('utf8'));
    if (Array.isArray(parsed) && parsed.length === 2) {
      const [value, id] = parsed as [unknown, unknown];
      if (typeof value === 'string' && typeof id === 'number' && Number.isInteger(id) && id > 0 && id < 2 ** 31) {
        const valid =
          sort === 'name'
            ? value.length <= 80
            : sort === 'lastOrder'
              ? !Number.isNaN(Date.parse(value))
              : /^-?[0-9]{1,18}$/.test(value);
        if (valid) return { value, id };
      }
    }
  } catch {
    // falls through to the refusal
  }
  throw new AppError('customers_cursor_invalid');
}

/**
 * The console's customers (issue 27 item 8; docs/adr/0490): personal data for the owners and managers of the
 * customer's brand (a manager sees every diner of the brand: points and levels are the brand's, not a branch's);
 * another brand's diner is not found. Each view of a customer's page and each segment export writes an audit row
 * (action 'view') in the same transaction as the read; points and prizes granted from the page are audited too.
 */
export function createCustomersAdminService(
  ctx: AppContext,
  deps: { loyalty: LoyaltyService; rewards: RewardsService },
) {
  const { db } = ctx;

  async function levelsOf(brandId: number): Promise<LoyaltyLevel[]> {
    try {
      return (await deps.loyalty.programme(brandId)).levels;
    } catch (error) {
      if (error instanceof AppError && error.code === 'loyalty_not_set_up') return [];
      throw error;
    }
  }

  function refuseCashier(staff: StaffPrincipal) {
    if (staff.role !== 'owner' && staff.role !== 'manager') throw new AppError('forbidden');
  }

  /** The filters as the repo reads them (the level as its lifetime points range). */
  function toFilter(
    staff: StaffPrincipal,
    filters: CustomerSegmentFilters,
    levels: LoyaltyLevel[],
  ): CustomerListFilter {
    const filter: CustomerListFilter = { brandId: staff.brandId };
    const search = customerSearch(filters.q);
    if (search.kind === 'phone') filter.phonePrefix = search.prefix;
    if (search.kind === 'name') filter.nameText = search.text;
    if (filters.lapsedDays !== undefined)
      filter.lapsedBefore = new Date(ctx.now().getTime() - filters.lapsedDays * DAY_MS);
    if (filters.spendAboveHalalas !== undefined) filter.spendAbove = filters.spendAboveHalalas;
    if (filters.levelId !== undefined) {
      const sorted = [...levels].sort((a, b) => a.minLifetimePoints - b.minLifetimePoints);
      const index = sorted.findIndex((l) => l.id === filters.levelId);
      if (index < 0) throw new AppError('customer_level_not_found', undefined, { levelId: 'customer_level_not_found' });
      filter.lifetimeFrom = sorted[index]?.minLifetimePoints ?? 0;
      filter.lifetimeBelow = sorted[index + 1]?.minLifetimePoints ?? null;
    }
    return filter;
  }

  function toItem(row: CustomerListRow, levels: LoyaltyLevel[]): CustomerListItem {
    const level = levelFor(row.lifetimePoints, levels);
    return {
      id: row.id,
      name: row.fullName,
      phone: row.phone,
      level: level ? { id: level.id, name: level.name } : null,
      walletPoints: row.walletPoints,
      lifetimePoints: row.lifetimePoints,
      lastOrderAt: row.lastOrderAt?.toISOString() ?? null,
      ordersCount: row.ordersCount,
      spendHalalas: row.spendHalalas,
      branch:
        row.branchId === null
          ? null
          : { id: row.branchId, name: { ar: row.branchNameAr ?? '', en: row.branchNameEn ?? '' } },
      memberSince: row.createdAt.toISOString(),
    };
  }

  async function list(staff: StaffPrincipal, body: z.output<typeof customerListBody>): Promise<CustomerListResponse> {
    refuseCashier(staff);
    const after = body.after === undefined ? undefined : decodeCursor(body.after, body.sort);
    const levels = await levelsOf(staff.brandId);
    const rows = await listCustomers(db, toFilter(staff, body, levels), {
      sort: body.sort,
      direction: body.direction,
      after,
      limit: body.limit,
    });
    const page = rows.slice(0, body.limit);
    const last = page.at(-1);
    return {
      customers: page.map((r) => toItem(r, levels)),
      nextCursor: rows.length > body.limit && last ? encodeCursor({ value: last.sortKey, id: last.id }) : null,
    };
  }

  async function exportSegment(
    staff: StaffPrincipal,
    ip: string | null,
    body: z.output<typeof customerListBody>,
    language: Language,
  ): Promise<CustomerExportResponse> {
    refuseCashier(staff);
    const levels = await levelsOf(staff.brandId);
    const filter = toFilter(staff, body, levels);
    const now = ctx.now();
    const rows = await db.transaction(async (tx) => {
      const found = await listCustomers(tx, filter, {
        sort: body.sort,
        direction: body.direction,
        limit: EXPORT_MAX_ROWS,
      });
      const kept = found.slice(0, EXPORT_MAX_ROWS);
      await recordStaffChange(tx, staff, ip, {
        brandId: staff.brandId,
        objectType: 'customer_segment',
        objectId: 'export',
        action: 'view',
        before: null,
        after: {
          filters: {
            q: body.q ?? null,
            lapsedDays: body.lapsedDays ?? null,
            levelId: body.levelId ?? null,
            spendAboveHalalas: body.spendAboveHalalas ?? null,
          },
          rows: kept.length,
        },
        at: now,
      });
      return kept;
    });
    const day = new Intl.DateTimeFormat('en-CA', { timeZone: CSV_TIME_ZONE, dateStyle: 'short' });
    const headers = CSV_HEADERS[language];
    const csv = stringify(
      rows.map((r) => {
        const item = toItem(r, levels);
        return [
          item.name,
          item.phone,
          item.level ? item.level.name[language] : '',
          item.walletPoints,
          item.lifetimePoints,
          item.ordersCount,
          (item.spendHalalas / 100).toFixed(2),
          r.lastOrderAt ? day.format(r.lastOrderAt) : '',
          item.branch ? item.branch.name[language] : '',
          day.format(r.createdAt),
        ];
      }),
      { header: true, columns: headers, bom: true },
    );
    return { filename: `customers-${day.format(now)}.csv`, csv, rows: rows.length };
  }

  async function page(staff: StaffPrincipal, ip: string | null, customerId: number): Promise<CustomerPage> {
    refuseCashier(staff);
    const levels = await levelsOf(staff.brandId);
    const now = ctx.now();
    return db.transaction(async (tx) => {
      const customer = await findCustomerOfBrand(tx, customerId, staff.brandId);
      if (!customer) throw new AppError('customer_not_found');
      const [row] = await listCustomers(
        tx,
        { brandId: staff.brandId, customerId },
        { sort: 'memberSince', direction: 'desc', limit: 1 },
      );
      if (!row) throw new AppError('customer_not_found');
      const h = await customerHistories(tx, customerId, staff.brandId);
      await recordStaffChange(tx, staff, ip, {
        brandId: staff.brandId,
        objectType: 'customer',
        objectId: customerId,
        action: 'view',
        before: null,
        after: null,
        at: now,
      });
      const iso = (v: unknown) => (v instanceof Date ? v : new Date(String(v))).toISOString();
      const isoOrNull = (v: unknown) => (v === null || v === undefined ? null : iso(v));
      const date = (v: unknown) => (v instanceof Date ? v : new Date(String(v)));
      const branch = (id: unknown, ar: unknown, en: unknown) => ({
        id: Number(id),
        name: { ar: String(ar), en: String(en) },
      });
      return {
        customer: {
          ...toItem(row, levels),
          email: customer.email,
          ageGroup: customer.ageGroup,
          gender: customer.gender,
          city: customer.city,
          language: customer.language === 'en' ? 'en' : 'ar',
        },
        orders: h.orders.map((o) => ({
          id: Number(o.id),
          number: Number(o.number),
          branch: branch(o.branch_id, o.name_ar, o.name_en),
          orderType: Number(o.order_type) as 1 | 2 | 3,
          status: o.status as CustomerPage['orders'][number]['status'],
          totalHalalas: Number(o.total),
          createdAt: iso(o.created_at),
        })),
        ledger: h.ledger.map((l) => ({
          id: Number(l.id),
          kind: l.kind as CustomerPage['ledger'][number]['kind'],
          points: Number(l.points),
          reason: String(l.reason),
          orderId: l.order_id === null ? null : Number(l.order_id),
          staffName: l.staff_name === null ? null : String(l.staff_name),
          createdAt: iso(l.created_at),
        })),
        rewards: h.rewards.map((r) => ({
          id: Number(r.id),
          name: { ar: String(r.name_ar), en: String(r.name_en) },
          shop: r.shop as CustomerPage['rewards'][number]['shop'],
          source: r.source as CustomerPage['rewards'][number]['source'],
          status: rewardStatus(
            {
              validFrom: date(r.valid_from),
              expiresAt: r.expires_at === null ? null : date(r.expires_at),
              claimedAt: r.claimed_at === null ? null : date(r.claimed_at),
            },
            now,
          ),
          validFrom: iso(r.valid_from),
          expiresAt: isoOrNull(r.expires_at),
          claimedAt: isoOrNull(r.claimed_at),
        })),
        coupons: h.coupons.map((c) => ({
          id: Number(c.id),
          code: String(c.code),
          name: { ar: String(c.name_ar), en: String(c.name_en) },
          discountHalalas: Number(c.discount_halalas),
          orderId: c.order_id === null ? null : Number(c.order_id),
          usedAt: iso(c.used_at),
          releasedAt: isoOrNull(c.released_at),
        })),
        punchCards: h.cards.map((c) => ({
          id: Number(c.id),
          programme: { ar: String(c.name_ar), en: String(c.name_en) },
          punches: Number(c.punches),
          itemsCount: Number(c.items_count),
          startedAt: iso(c.started_at),
          expiresAt: iso(c.expires_at),
          completedAt: isoOrNull(c.completed_at),
        })),
        evaluations: h.evaluations.map((e) => ({
          id: Number(e.id),
          form: { ar: String(e.name_ar), en: String(e.name_en) },
          branch: branch(e.branch_id, e.branch_name_ar, e.branch_name_en),
          averageHundredths: e.average_rating_hundredths === null ? null : Number(e.average_rating_hundredths),
          isLow: e.is_low === true,
          orderId: e.order_id === null ? null : Number(e.order_id),
          createdAt: iso(e.created_at),
        })),
        referral: {
          code: h.code,
          invitedBy: h.invitedBy ? { id: Number(h.invitedBy.id), name: h.invitedBy.full_name } : null,
          leads: h.leads.map((l) => ({
            id: Number(l.id),
            friendName: l.friend_name === null ? null : String(l.friend_name),
            status: l.status as CustomerPage['referral']['leads'][number]['status'],
            createdAt: iso(l.created_at),
          })),
        },
      };
    });
  }

  /** Points granted (or taken back) with the manager's reason: one ledger row and the audit row, together. */
  async function grantPoints(staff: StaffPrincipal, ip: string | null, customerId: number, body: CustomerPointsBody) {
    refuseCashier(staff);
    const now = ctx.now();
    return db.transaction(async (tx) => {
      const held = await lockPointsOf(tx, customerId, staff.brandId);
      if (!held) throw new AppError('customer_not_found');
      const written = await creditPoints(tx, {
        brandId: staff.brandId,
        customerId,
        kind: 'adjust',
        points: body.points,
        reason: body.reason,
        staffUserId: staff.id,
        at: now,
      });
      if (!written) throw new AppError('points_insufficient');
      await recordStaffChange(tx, staff, ip, {
        brandId: staff.brandId,
        objectType: 'customer',
        objectId: customerId,
        action: 'update',
        before: { walletPoints: held.walletPoints },
        after: { walletPoints: written.walletPoints, points: body.points, reason: body.reason },
        at: now,
      });
      return { walletPoints: written.walletPoints, lifetimePoints: written.lifetimePoints };
    });
  }

  /** A prize granted with the manager's reason (loyalty's grant; the audit row in its transaction). */
  async function grantPrize(staff: StaffPrincipal, ip: string | null, customerId: number, body: CustomerPrizeBody) {
    refuseCashier(staff);
    const owned = await deps.rewards.grant(staff, customerId, body.rewardId, async (tx, row) => {
      await recordStaffChange(tx, staff, ip, {
        brandId: staff.brandId,
        objectType: 'customer_reward',
        objectId: row.id,
        action: 'create',
        before: null,
        after: { customerId, rewardId: body.rewardId, reason: body.reason },
        at: ctx.now(),
      });
    });
    return { id: owned.id, name: owned.reward.name };
  }

  async function grantableRewards(staff: StaffPrincipal): Promise<GrantableRewards> {
    refuseCashier(staff);
    const rows = await listGrantableRewards(db, staff.brandId);
    return {
      rewards: rows.map((r) => ({
        id: Number(r.id),
        name: { ar: r.name_ar, en: r.name_en },
        shop: r.shop as GrantableRewards['rewards'][number]['shop'],
      })),
    };
  }

  async function levels(staff: StaffPrincipal): Promise<CustomerLevels> {
    refuseCashier(staff);
    return {
      levels: (await levelsOf(staff.brandId)).map((l) => ({
        id: l.id,
        name: l.name,
        minLifetimePoints: l.minLifetimePoints,
      })),
    };
  }

  return { list, exportSegment, page, grantPoints, grantPrize, grantableRewards, levels };
}

export type CustomersAdminService = ReturnType<typeof createCustomersAdminService>;

const CSV_HEADERS: Record<Language, string[]> = {
  ar: [
    'الاسم',
    'الجوال',
    'المستوى',
    'نقاط المحفظة',
    'النقاط المتراكمة',
    'الطلبات',
    'الإنفاق (ر.س)',
    'آخر طلب',
    'الفرع',
    'عضو منذ',
  ],
  en: [
    'Name',
    'Phone',
    'Level',
    'Wallet points',
    'Lifetime points',
    'Orders',
    'Spend (SAR)',
    'Last order',
    'Branch',
    'Member since',
  ],
};
