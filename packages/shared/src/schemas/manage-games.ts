import { z } from 'zod';
import { GAME_ELIGIBILITY, GAME_KINDS, SEGMENT_PRIZES } from '../engagement/wheel.ts';
import { boundedDateTime, DB_INT_MAX, dbId, localizedText } from './common.ts';

/**
 * The games in the management console (issue 27 item 4): the wheel and register-and-win, their settings and their
 * segments. Owners edit every game; managers the games of their branches (a brand-wide game: owners only);
 * cashiers are refused.
 *
 *   GET /api/staff/manage/games/                      → 200 manageGamesResponse
 *   GET /api/staff/manage/games/:id/                  → 200 manageGame
 *   PUT /api/staff/manage/games/:id/   gameBody       → 200 manageGame
 *
 * A save names the version it read: 409 edit_conflict (details.theirs, details.yours) when someone saved since. A
 * segment's stock never goes below the prizes its draws already gave (409 game_stock_below_won). One transaction
 * with its audit rows (object types 'game', 'game_segment').
 */

const count = (min: number, max = DB_INT_MAX) => z.number().int().min(min).max(max);
const name = z.string().trim().min(1).max(80);

export const gameEligibility = z.enum(GAME_ELIGIBILITY);

export const gameSegmentFields = z.object({
  labelAr: name,
  labelEn: name,
  color: z.string().regex(/^#[0-9a-fA-F]{6}$/),
  prize: z.enum(SEGMENT_PRIZES),
  /** The brand's reward a 'reward' segment gives (null otherwise). */
  rewardId: dbId.nullable(),
  /** The points a 'points' segment gives (null otherwise). */
  points: count(1, 1_000_000).nullable(),
  sendBySms: z.boolean(),
  weight: count(1, 1_000_000),
  /** Prizes in total (null: no limit). */
  stock: count(0).nullable(),
  /** Prizes a day (null: no daily budget). */
  dailyBudget: count(1).nullable(),
});
export type GameSegmentFields = z.infer<typeof gameSegmentFields>;

/** A segment in a save: `id` for one that exists (kept and edited), none for a new one; one left out is removed. */
export const gameSegmentBody = gameSegmentFields.extend({ id: dbId.nullable() });
export type GameSegmentBody = z.infer<typeof gameSegmentBody>;

export const gameFields = z.object({
  nameAr: name,
  nameEn: name,
  isActive: z.boolean(),
  startsAt: boundedDateTime.nullable(),
  endsAt: boundedDateTime.nullable(),
  cooldownDaysAfterWin: count(0, 365),
  retryMinutesAfterLoss: count(0, 43_200),
  eligibility: gameEligibility,
});

export const gameBody = gameFields.extend({
  version: count(1),
  segments: z.array(gameSegmentBody).min(2).max(12),
});
export type GameBody = z.infer<typeof gameBody>;

export const manageGameSegment = gameSegmentFields.extend({
  id: z.number().int(),
  /** Prizes given so far: the stock cannot go below it. */
  won: z.number().int(),
});
export type ManageGameSegment = z.infer<typeof manageGameSegment>;

export const manageGame = gameFields.extend({
  id: z.number().int(),
  kind: z.enum(GAME_KINDS),
  branchId: z.number().int().nullable(),
  version: z.number().int(),
  segments: z.array(manageGameSegment),
  /** Whether this staff member may save it (owners; managers for their branches' games). */
  canEdit: z.boolean(),
});
export type ManageGame = z.infer<typeof manageGame>;

export const manageGamesResponse = z.object({
  games: z.array(
    manageGame.pick({ id: true, kind: true, branchId: true, nameAr: true, nameEn: true, isActive: true }).extend({
      startsAt: z.string().nullable(),
      endsAt: z.string().nullable(),
      eligibility: gameEligibility,
      segmentCount: z.number().int(),
      prizesWon: z.number().int(),
      canEdit: z.boolean(),
    }),
  ),
  /** The brand's rewards a segment may give (points-shop and prize-shop). */
  rewards: z.array(z.object({ id: z.number().int(), name: localizedText })),
  branches: z.array(z.object({ id: z.number().int(), name: localizedText })),
});
export type ManageGamesResponse = z.infer<typeof manageGamesResponse>;
