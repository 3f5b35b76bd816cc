import { z } from 'zod';
import {
  PUNCH_CARD_STATUSES,
  PUNCH_DAYS_MAX,
  PUNCH_DAYS_MIN,
  PUNCH_ITEMS_COUNT_MAX,
  PUNCH_ITEMS_COUNT_MIN,
} from '../loyalty/punch-cards.ts';
import { localizedText } from './common.ts';

/** A programme as diners see it: what it asks for and what it gives. */
export const punchProgrammeSummary = z.object({
  id: z.number().int(),
  name: localizedText,
  itemsCount: z.number().int(),
  daysToComplete: z.number().int(),
  reward: z.object({ id: z.number().int(), name: localizedText }),
});

/**
 * A diner's card. `id` null: the card offered before the first punch (no row yet, status no_punches). `itemsCount`
 * is the card's own (the programme's count when the card started).
 */
export const punchCardSchema = z.object({
  id: z.number().int().nullable(),
  programme: punchProgrammeSummary,
  punches: z.number().int(),
  itemsCount: z.number().int(),
  status: z.enum(PUNCH_CARD_STATUSES),
  startedAt: z.iso.datetime().nullable(),
  expiresAt: z.iso.datetime().nullable(),
  completedAt: z.iso.datetime().nullable(),
  /** The reward the card issued into My Rewards (while it is still there). */
  ownedRewardId: z.number().int().nullable(),
});
export type PunchCard = z.infer<typeof punchCardSchema>;

/**
 * GET /api/loyalty/{uuid}/punch-cards/: first the card in progress of every active programme (an empty one when the
 * diner has none, or nobody is signed in), then the signed-in diner's full cards whose reward waits in My Rewards
 * (fully_punched), then their finished cards (completed or expired), newest first.
 */
export const punchCardsResponse = z.object({ cards: z.array(punchCardSchema) });
export type PunchCardsResponse = z.infer<typeof punchCardsResponse>;

export const punchEntrySchema = z.object({
  id: z.number().int(),
  /** null when the order has since been deleted. */
  orderId: z.number().int().nullable(),
  orderNumber: z.number().int().nullable(),
  count: z.number().int(),
  at: z.iso.datetime(),
  /** Set when a refund of the order took these punches back. */
  takenBackAt: z.iso.datetime().nullable(),
});
export type PunchEntry = z.infer<typeof punchEntrySchema>;

/** GET /api/loyalty/{uuid}/me/punch-cards/{id}/history/: Punches History, newest first. */
export const punchHistoryResponse = z.object({ card: punchCardSchema, punches: z.array(punchEntrySchema) });
export type PunchHistoryResponse = z.infer<typeof punchHistoryResponse>;

const ids = z.array(z.number().int().positive().max(2_147_483_647)).max(200);

/** POST/PUT /api/staff/punch-programmes/: what a manager sets. */
export const punchProgrammeBody = z.object({
  name: z.object({ ar: z.string().trim().min(1).max(80), en: z.string().trim().min(1).max(80) }),
  itemIds: ids.default([]),
  categoryIds: ids.default([]),
  itemsCount: z.number().int().min(PUNCH_ITEMS_COUNT_MIN).max(PUNCH_ITEMS_COUNT_MAX),
  daysToComplete: z.number().int().min(PUNCH_DAYS_MIN).max(PUNCH_DAYS_MAX),
  rewardId: z.number().int().positive().max(2_147_483_647),
  isActive: z.boolean().default(true),
});
export type PunchProgrammeBody = z.output<typeof punchProgrammeBody>;

/** A programme as managers see it, with how many cards are in progress and how many were completed. */
export const staffPunchProgrammeSchema = z.object({
  id: z.number().int(),
  name: localizedText,
  itemIds: z.array(z.number().int()),
  categoryIds: z.array(z.number().int()),
  itemsCount: z.number().int(),
  daysToComplete: z.number().int(),
  rewardId: z.number().int(),
  isActive: z.boolean(),
  activeCards: z.number().int(),
  completedCards: z.number().int(),
  /** The version the console read; archive and restore send it back (a stale one answers 409). */
  version: z.number().int(),
  /** When it was archived (issue 27 item 7); null: not archived. */
  archivedAt: z.string().nullable(),
});
export type StaffPunchProgramme = z.infer<typeof staffPunchProgrammeSchema>;

/** GET /api/staff/punch-programmes/: the brand's programmes and what the form picks from. */
export const staffPunchProgrammesResponse = z.object({
  programmes: z.array(staffPunchProgrammeSchema),
  items: z.array(z.object({ id: z.number().int(), name: localizedText, categoryId: z.number().int() })),
  categories: z.array(z.object({ id: z.number().int(), name: localizedText })),
  rewards: z.array(z.object({ id: z.number().int(), name: localizedText })),
});
export type StaffPunchProgrammesResponse = z.infer<typeof staffPunchProgrammesResponse>;
