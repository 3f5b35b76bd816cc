import { z } from 'zod';
import { POINTS_ENTRY_KINDS } from '../loyalty/points.ts';
import { REWARD_KINDS, REWARD_SHOPS, REWARD_SOURCES, REWARD_STATUSES } from '../loyalty/rewards.ts';
import { dbId, dbIdParam, halalas, localizedText } from './common.ts';

/** A brand's points rule as diners and staff see it (the spec's "loyalty rules" limits, with their values). */
export const pointsRulesSchema = z.object({
  earnPointsPerSar: z.number().int(),
  pointValueHalalas: halalas,
  minPointsPerRedemption: z.number().int(),
  maxPointsPerTransaction: z.number().int(),
  maxPointsPerDay: z.number().int(),
  maxRedemptionsPerDay: z.number().int(),
  /** null: points do not expire after a number of days (see expiresOn). */
  expiryDays: z.number().int().nullable(),
  /** A fixed date (YYYY-MM-DD) on which every point earned before it expires; null with expiryDays null: never. */
  expiresOn: z.iso.date().nullable(),
});

export const levelSchema = z.object({
  id: z.number().int(),
  name: localizedText,
  minLifetimePoints: z.number().int(),
  /** 10000 = ×1. */
  multiplierBasisPoints: z.number().int(),
  perks: z.object({ ar: z.array(z.string()), en: z.array(z.string()) }),
});
export type LoyaltyLevel = z.infer<typeof levelSchema>;

/** GET /api/loyalty/{uuid}/programme/: the brand's rule and levels (no sign-in needed). */
export const loyaltyProgrammeSchema = z.object({
  rules: pointsRulesSchema,
  /** Lowest first. */
  levels: z.array(levelSchema),
});
export type LoyaltyProgramme = z.infer<typeof loyaltyProgrammeSchema>;

/** GET /api/loyalty/{uuid}/me/: the signed-in diner's points. */
export const loyaltyAccountSchema = z.object({
  walletPoints: z.number().int(),
  /** What the wallet is worth at checkout. */
  walletValueHalalas: halalas,
  lifetimePoints: z.number().int(),
  level: levelSchema.nullable(),
  next: z.object({ level: levelSchema, pointsToGo: z.number().int() }).nullable(),
  /** When the oldest points held expire; null when none will. */
  nextExpiryAt: z.iso.datetime().nullable(),
  /** Spent at checkout today (the brand's calendar day), against the daily limits. */
  redeemedToday: z.object({ points: z.number().int(), count: z.number().int() }),
});
export type LoyaltyAccount = z.infer<typeof loyaltyAccountSchema>;

export const pointsEntrySchema = z.object({
  id: z.number().int(),
  kind: z.enum(POINTS_ENTRY_KINDS),
  /** Signed: credits positive. */
  points: z.number().int(),
  /** A reason code for the system's rows; the manager's own words for an adjustment. */
  reason: z.string(),
  orderId: z.number().int().nullable(),
  createdAt: z.iso.datetime(),
});
export type PointsEntry = z.infer<typeof pointsEntrySchema>;

export const pointsHistoryQuery = z.object({
  /** Entries older than this id (the previous page's last). */
  before: dbIdParam.optional(),
  limit: z.coerce.number().int().min(1).max(100).default(30),
});
export const pointsHistorySchema = z.object({ entries: z.array(pointsEntrySchema), walletPoints: z.number().int() });
export type PointsHistory = z.infer<typeof pointsHistorySchema>;

/** POST /api/staff/customers/lookup/: a manager finds a diner of the brand by phone (in the body: kept out of logs). */
export const staffCustomerLookupBody = z.object({
  phone: z.object({ phone_number: z.string().max(32), dial_code: z.string().max(8).optional() }),
});
export type StaffCustomerLookupBody = z.infer<typeof staffCustomerLookupBody>;

/** A diner as a manager sees them beside their ledger: who, and their points. */
export const staffCustomerSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  phone: z.string(),
  walletPoints: z.number().int(),
  walletValueHalalas: halalas,
  lifetimePoints: z.number().int(),
  /** null below the first level, or when the brand has no programme. */
  level: levelSchema.nullable(),
});
export type StaffCustomer = z.infer<typeof staffCustomerSchema>;

/** POST /api/staff/customers/{id}/points/: a manager's adjustment, with the reason the diner and staff will read. */
export const pointsAdjustBody = z.object({
  points: z
    .number()
    .int()
    .min(-1_000_000)
    .max(1_000_000)
    .refine((p) => p !== 0),
  reason: z.string().trim().min(3).max(500),
});
export type PointsAdjustBody = z.infer<typeof pointsAdjustBody>;

/** A reward of the points shop or the prize shop. */
export const rewardSchema = z.object({
  id: z.number().int(),
  shop: z.enum(REWARD_SHOPS),
  kind: z.enum(REWARD_KINDS),
  name: localizedText,
  description: localizedText,
  image: z.string().nullable(),
  /** null: not for sale (won or granted only). */
  pointsCost: z.number().int().nullable(),
  itemId: z.number().int().nullable(),
  percentBasisPoints: z.number().int().nullable(),
  maxDiscountHalalas: halalas.nullable(),
  amountHalalas: halalas.nullable(),
  /** How long a copy stays valid once owned; null: until used. */
  validDays: z.number().int().nullable(),
});
export type Reward = z.infer<typeof rewardSchema>;

export const shopQuery = z.object({ shop: z.enum(REWARD_SHOPS).default('points') });

/** GET /api/loyalty/{uuid}/shop/: the shop's rewards; with a signed-in diner, what their wallet affords. */
export const shopResponse = z.object({
  rewards: z.array(
    rewardSchema.extend({
      affordable: z.boolean(),
      /** Every copy of its stock sold (issue 27): listed as sold out, not for sale until the stock is raised. */
      soldOut: z.boolean(),
    }),
  ),
  /** null when nobody is signed in. */
  walletPoints: z.number().int().nullable(),
});
export type ShopResponse = z.infer<typeof shopResponse>;

export const ownedRewardSchema = z.object({
  id: z.number().int(),
  reward: rewardSchema,
  source: z.enum(REWARD_SOURCES),
  /** "7KQ2-M9XD": typed at the counter together with the diner's phone. */
  code: z.string(),
  status: z.enum(REWARD_STATUSES),
  pointsSpent: z.number().int(),
  validFrom: z.iso.datetime(),
  expiresAt: z.iso.datetime().nullable(),
  claimedAt: z.iso.datetime().nullable(),
  claimedBranch: localizedText.nullable(),
});
export type OwnedReward = z.infer<typeof ownedRewardSchema>;

export const myRewardsResponse = z.object({ rewards: z.array(ownedRewardSchema) });
export type MyRewardsResponse = z.infer<typeof myRewardsResponse>;

export const ownedRewardParams = z.object({
  uuid: z.uuid(),
  id: z.coerce.number().int().positive().max(2_147_483_647),
});

/** POST /api/loyalty/{uuid}/shop/{id}/buy/: the reward now owned and the wallet after. */
export const buyRewardResponse = z.object({ owned: ownedRewardSchema, walletPoints: z.number().int() });
export type BuyRewardResponse = z.infer<typeof buyRewardResponse>;

/** GET …/me/rewards/{id}/qr/: a signed token for the reward's QR, valid until `expiresAt` (the page refreshes it). */
export const rewardQrResponse = z.object({
  token: z.string(),
  expiresAt: z.iso.datetime(),
  refreshAfterSeconds: z.number().int(),
});
export type RewardQrResponse = z.infer<typeof rewardQrResponse>;

/**
 * What the cashier presents: the QR's token as scanned, or the typed code with the diner's phone (a typed code
 * alone is not enough: it could have been read off someone else's screen), and the branch they redeem at.
 */
export const redemptionBody = z.union([
  z.object({ qr: z.string().min(1).max(512), branchId: dbId }),
  z.object({
    code: z.string().min(1).max(32),
    phone: z.object({ phone_number: z.string().max(32), dial_code: z.string().max(8).optional() }),
    branchId: dbId,
  }),
]);
export type RedemptionBody = z.infer<typeof redemptionBody>;

/** The cashier's view of a presented reward: what it is, for whom, and whether it may be redeemed here now. */
export const redemptionLookupResponse = z.object({
  owned: ownedRewardSchema,
  customer: z.object({ name: z.string(), phone: z.string() }),
  /** null: it may be redeemed here now; else why not (an error code, with its message in `refusalMessage`). */
  refusal: z.string().nullable(),
  refusalMessage: z.string().nullable(),
});
export type RedemptionLookupResponse = z.infer<typeof redemptionLookupResponse>;

/** POST /api/staff/customers/{id}/rewards/: a manager grants a prize. */
export const grantRewardBody = z.object({ rewardId: dbId });
