import { z } from 'zod';
import { LEAD_STATUSES } from '../engagement/referral.ts';
import { POINTS_ENTRY_KINDS } from '../loyalty/points.ts';
import { REWARD_SHOPS, REWARD_SOURCES, REWARD_STATUSES } from '../loyalty/rewards.ts';
import { ORDER_STATUSES } from '../machines/order-status.ts';
import { DB_INT_MAX, dbId, halalas, idParams, localizedText, orderTypeSchema } from './common.ts';

/**
 * The console's customers (issue 27 item 8): the list with its search, sort and segment filters, a customer's
 * page, a segment's CSV, and points or a prize granted from the page. Filters travel in a POST body, like the
 * staff lookup's phone: a phone typed in the search stays out of the server's and proxies' request logs.
 */
export const CUSTOMER_SORTS = ['lastOrder', 'name', 'level', 'wallet', 'orders', 'spend', 'memberSince'] as const;
export type CustomerSort = (typeof CUSTOMER_SORTS)[number];

/** The segment's simple filters (all optional, all combined with "and"). */
export const customerSegmentFilters = z.object({
  /** Part of the name, or a phone from its start in any local form (shared customers/customer-search). */
  q: z.string().max(80).optional(),
  /** Lapsed: ordered before, but nothing for this many days (the console offers 30). */
  lapsedDays: z.number().int().min(1).max(3650).optional(),
  /** Diners whose lifetime points put them in this level now. */
  levelId: dbId.optional(),
  /** Spend above this figure (live orders, halalas). */
  spendAboveHalalas: z.number().int().min(0).max(DB_INT_MAX).optional(),
});
export type CustomerSegmentFilters = z.infer<typeof customerSegmentFilters>;

export const customerListBody = customerSegmentFilters.extend({
  sort: z.enum(CUSTOMER_SORTS).default('lastOrder'),
  direction: z.enum(['asc', 'desc']).default('desc'),
  /** The previous page's `nextCursor` (keyset paging, docs/adr/0490). */
  after: z.string().max(300).optional(),
  limit: z.number().int().min(1).max(100).default(50),
});
export type CustomerListBody = z.input<typeof customerListBody>;

const levelRef = z.object({ id: z.number().int(), name: localizedText });
const branchRef = z.object({ id: z.number().int(), name: localizedText });

export const customerListItemSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  /** E.164. */
  phone: z.string(),
  level: levelRef.nullable(),
  walletPoints: z.number().int(),
  lifetimePoints: z.number().int(),
  lastOrderAt: z.iso.datetime().nullable(),
  /** Orders not canceled. */
  ordersCount: z.number().int(),
  spendHalalas: halalas,
  /** The branch of the last order. */
  branch: branchRef.nullable(),
  memberSince: z.iso.datetime(),
});
export type CustomerListItem = z.infer<typeof customerListItemSchema>;

export const customerListResponse = z.object({
  customers: z.array(customerListItemSchema),
  nextCursor: z.string().nullable(),
});
export type CustomerListResponse = z.infer<typeof customerListResponse>;

/** A segment's CSV (UTF-8 with a byte-order mark, so spreadsheet programs show Arabic names). */
export const customerExportResponse = z.object({ filename: z.string(), csv: z.string(), rows: z.number().int() });
export type CustomerExportResponse = z.infer<typeof customerExportResponse>;

export const customerIdParams = idParams;

export const customerPageSchema = z.object({
  customer: customerListItemSchema.extend({
    email: z.string().nullable(),
    ageGroup: z.string().nullable(),
    gender: z.string().nullable(),
    city: z.string().nullable(),
    language: z.enum(['ar', 'en']),
  }),
  orders: z.array(
    z.object({
      id: z.number().int(),
      number: z.number().int(),
      branch: branchRef,
      orderType: orderTypeSchema,
      status: z.enum(ORDER_STATUSES),
      totalHalalas: halalas,
      createdAt: z.iso.datetime(),
    }),
  ),
  ledger: z.array(
    z.object({
      id: z.number().int(),
      kind: z.enum(POINTS_ENTRY_KINDS),
      points: z.number().int(),
      reason: z.string(),
      orderId: z.number().int().nullable(),
      /** The staff user who wrote it (a grant), or null for the system's rows. */
      staffName: z.string().nullable(),
      createdAt: z.iso.datetime(),
    }),
  ),
  rewards: z.array(
    z.object({
      id: z.number().int(),
      name: localizedText,
      shop: z.enum(REWARD_SHOPS),
      source: z.enum(REWARD_SOURCES),
      status: z.enum(REWARD_STATUSES),
      validFrom: z.iso.datetime(),
      expiresAt: z.iso.datetime().nullable(),
      claimedAt: z.iso.datetime().nullable(),
    }),
  ),
  coupons: z.array(
    z.object({
      id: z.number().int(),
      code: z.string(),
      name: localizedText,
      discountHalalas: halalas,
      orderId: z.number().int().nullable(),
      usedAt: z.iso.datetime(),
      /** Given back (the order was canceled). */
      releasedAt: z.iso.datetime().nullable(),
    }),
  ),
  punchCards: z.array(
    z.object({
      id: z.number().int(),
      programme: localizedText,
      punches: z.number().int(),
      itemsCount: z.number().int(),
      startedAt: z.iso.datetime(),
      expiresAt: z.iso.datetime(),
      completedAt: z.iso.datetime().nullable(),
    }),
  ),
  evaluations: z.array(
    z.object({
      id: z.number().int(),
      form: localizedText,
      branch: branchRef,
      /** Average of the rating answers, in hundredths (450 = 4.5); null without a rating question. */
      averageHundredths: z.number().int().nullable(),
      isLow: z.boolean(),
      orderId: z.number().int().nullable(),
      createdAt: z.iso.datetime(),
    }),
  ),
  referral: z.object({
    code: z.string().nullable(),
    /** Who invited this diner (when they joined through a friend). */
    invitedBy: z.object({ id: z.number().int(), name: z.string() }).nullable(),
    leads: z.array(
      z.object({
        id: z.number().int(),
        /** The friend's name once they joined, else null (their phone is not theirs to show). */
        friendName: z.string().nullable(),
        status: z.enum(LEAD_STATUSES),
        createdAt: z.iso.datetime(),
      }),
    ),
  }),
});
export type CustomerPage = z.infer<typeof customerPageSchema>;

/** Points granted (or taken back) from a customer's page: the reason is required and kept in the ledger and the log. */
export const customerPointsBody = z.object({
  points: z
    .number()
    .int()
    .min(-1_000_000)
    .max(1_000_000)
    .refine((p) => p !== 0),
  reason: z.string().trim().min(3).max(500),
});
export type CustomerPointsBody = z.infer<typeof customerPointsBody>;
export const customerPointsResponse = z.object({ walletPoints: z.number().int(), lifetimePoints: z.number().int() });

/** A prize granted from a customer's page, with the reason (kept in the audit log). */
export const customerPrizeBody = z.object({ rewardId: dbId, reason: z.string().trim().min(3).max(500) });
export type CustomerPrizeBody = z.infer<typeof customerPrizeBody>;
export const customerPrizeResponse = z.object({ id: z.number().int(), name: localizedText });

/** The brand's active rewards a manager may grant (both shops). */
export const grantableRewardsResponse = z.object({
  rewards: z.array(z.object({ id: z.number().int(), name: localizedText, shop: z.enum(REWARD_SHOPS) })),
});
export type GrantableRewards = z.infer<typeof grantableRewardsResponse>;

/** The brand's levels, for the segment filter. */
export const customerLevelsResponse = z.object({
  levels: z.array(levelRef.extend({ minLifetimePoints: z.number().int() })),
});
export type CustomerLevels = z.infer<typeof customerLevelsResponse>;
