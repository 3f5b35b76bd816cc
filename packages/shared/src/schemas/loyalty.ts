import { z } from 'zod';
import { POINTS_ENTRY_KINDS } from '../loyalty/points.ts';
import { halalas, localizedText } from './common.ts';

/** A brand's points rule as diners and staff see it (the spec's "loyalty rules" limits, with their values). */
export const pointsRulesSchema = z.object({
  earnPointsPerSar: z.number().int(),
  pointValueHalalas: halalas,
  minPointsPerRedemption: z.number().int(),
  maxPointsPerTransaction: z.number().int(),
  maxPointsPerDay: z.number().int(),
  maxRedemptionsPerDay: z.number().int(),
  /** null: points never expire. */
  expiryDays: z.number().int().nullable(),
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
  before: z.coerce.number().int().positive().optional(),
  limit: z.coerce.number().int().min(1).max(100).default(30),
});
export const pointsHistorySchema = z.object({ entries: z.array(pointsEntrySchema), walletPoints: z.number().int() });
export type PointsHistory = z.infer<typeof pointsHistorySchema>;

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
