import { z } from 'zod';
import { DB_INT_MAX, dbId, localizedText, orderTypeSchema } from './common.ts';

/**
 * The loyalty programme in the management console (issue 27 items 1, 2 and 6). Owners save; managers read
 * (docs/adr/0480); cashiers are refused.
 *
 *   GET  /api/staff/manage/loyalty/rules/                          → 200 loyaltyRulesAdmin
 *   PUT  /api/staff/manage/loyalty/rules/      loyaltyRulesBody    → 200 loyaltyRulesAdmin
 *   GET  /api/staff/manage/loyalty/levels/                         → 200 loyaltyLevelsAdmin
 *   POST /api/staff/manage/loyalty/levels/preview/  levelsBody     → 200 levelsPreview (writes nothing)
 *   PUT  /api/staff/manage/loyalty/levels/     levelsBody          → 200 loyaltyLevelsAdmin
 *   GET  /api/staff/manage/loyalty/referral/                       → 200 referralRulesAdmin
 *   PUT  /api/staff/manage/loyalty/referral/   referralRulesBody   → 200 referralRulesAdmin
 *
 * Every save names the version it read: 409 edit_conflict (details.theirs, details.yours) when someone saved since.
 * Every save is one transaction with its audit rows (object types 'loyalty_rules', 'loyalty_level',
 * 'referral_rules').
 */

const count = (min: number, max = DB_INT_MAX) => z.number().int().min(min).max(max);
const version = z.number().int().min(0).max(DB_INT_MAX);

/** Expiry: never, so many days after each earn, or every point earned before a fixed date expires on it. */
export const loyaltyExpiry = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('never') }),
  z.object({ kind: z.literal('days'), days: count(1, 3_650) }),
  z.object({ kind: z.literal('date'), on: z.iso.date() }),
]);
export type LoyaltyExpiry = z.infer<typeof loyaltyExpiry>;

export const loyaltyRulesFields = z.object({
  earnPointsPerSar: count(0, 1_000),
  /** What one point is worth when spent. */
  pointValueHalalas: count(1, 10_000),
  minPointsPerRedemption: count(1),
  maxPointsPerTransaction: count(1),
  maxPointsPerDay: count(1),
  maxRedemptionsPerDay: count(0, 1_000),
  expiry: loyaltyExpiry,
  /** Order types whose orders earn (at least one). */
  earnOrderTypes: z.array(orderTypeSchema).min(1).max(3),
  /** Branches whose orders earn; null: every branch of the brand, new ones too. */
  earnBranchIds: z.array(dbId).min(1).max(500).nullable(),
});
export type LoyaltyRulesFields = z.infer<typeof loyaltyRulesFields>;

/** `version` 0: the brand has no programme yet and this save starts one. */
export const loyaltyRulesBody = loyaltyRulesFields.extend({ version });
export type LoyaltyRulesBody = z.infer<typeof loyaltyRulesBody>;

export const loyaltyRulesAdmin = z.object({
  /** null: the brand has no points programme yet (version 0). */
  rules: loyaltyRulesFields.nullable(),
  version: z.number().int(),
  /** The brand's branches, for the earning branches' choice. */
  branches: z.array(z.object({ id: z.number().int(), name: localizedText })),
  /** Whether this staff member may save (owners). */
  canEdit: z.boolean(),
});
export type LoyaltyRulesAdmin = z.infer<typeof loyaltyRulesAdmin>;

const levelName = z.object({ ar: z.string().trim().min(1).max(60), en: z.string().trim().min(1).max(60) });
const perkLines = z.array(z.string().trim().min(1).max(200)).max(10);

/** One level as a save gives it: `id` of an existing level of the brand, or null for a new one. */
export const levelInput = z.object({
  id: dbId.nullable(),
  name: levelName,
  minLifetimePoints: count(0),
  /** 10000 = ×1; up to ×10. */
  multiplierBasisPoints: count(0, 100_000),
  perks: z.object({ ar: perkLines, en: perkLines }),
});
export type LevelInput = z.infer<typeof levelInput>;

/**
 * The whole set of levels: a level left out is retired. The lowest must start at 0 lifetime points, so that no
 * diner is ever left without a level; two levels cannot share a threshold.
 */
export const levelsBody = z.object({ levels: z.array(levelInput).min(1).max(20), version });
export type LevelsBody = z.infer<typeof levelsBody>;

export const levelAdmin = levelInput.extend({
  id: z.number().int(),
  name: localizedText,
  /** Diners in this level now. */
  diners: z.number().int(),
});
export type LevelAdmin = z.infer<typeof levelAdmin>;

export const loyaltyLevelsAdmin = z.object({
  levels: z.array(levelAdmin),
  version: z.number().int(),
  canEdit: z.boolean(),
});
export type LoyaltyLevelsAdmin = z.infer<typeof loyaltyLevelsAdmin>;

/** What a proposed set would do: diners per proposed level (in the body's order), and how many change level. */
export const levelsPreview = z.object({
  levels: z.array(z.object({ id: z.number().int().nullable(), diners: z.number().int() })),
  moved: z.number().int(),
  /** Diners of the brand in all. */
  total: z.number().int(),
});
export type LevelsPreview = z.infer<typeof levelsPreview>;

export const referralRulesFields = z.object({
  enabled: z.boolean(),
  referrerPoints: count(0, 1_000_000),
  friendPoints: count(0, 1_000_000),
  refundWindowDays: count(0, 365),
  invitationsPerDay: count(1, 1_000),
});
export type ReferralRulesFields = z.infer<typeof referralRulesFields>;

/** `version` 0: the brand has no referral programme yet and this save starts one. */
export const referralRulesBody = referralRulesFields.extend({ version });
export type ReferralRulesBody = z.infer<typeof referralRulesBody>;

export const referralRulesAdmin = z.object({
  rules: referralRulesFields.nullable(),
  version: z.number().int(),
  canEdit: z.boolean(),
});
export type ReferralRulesAdmin = z.infer<typeof referralRulesAdmin>;
