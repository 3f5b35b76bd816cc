import { z } from 'zod';
import { GAME_KINDS, SEGMENT_PRIZES } from '../engagement/wheel.ts';
import { localizedText, qrUuid } from './common.ts';

export const gameParams = z.object({ uuid: qrUuid, kind: z.enum(GAME_KINDS) });

/** One segment as the page draws it, with its published chance now (basis points of 10,000). */
export const wheelSegmentSchema = z.object({
  id: z.number().int(),
  label: localizedText,
  color: z.string(),
  prize: z.enum(SEGMENT_PRIZES),
  /** The reward it gives (its name), or the points. */
  rewardName: localizedText.nullable(),
  points: z.number().int().nullable(),
  oddsBasisPoints: z.number().int(),
  /** Prizes left in total; null: no limit. */
  stockLeft: z.number().int().nullable(),
});
export type WheelSegment = z.infer<typeof wheelSegmentSchema>;

/** Why the signed-in diner can't spin now, as the spin would answer (its code, message and details). */
export const spinRefusalSchema = z.object({
  code: z.string(),
  message: z.string(),
  details: z.record(z.string(), z.unknown()).optional(),
});

/** GET /api/games/{uuid}/{kind}/: the game, its segments and odds, and whether the signed-in diner may spin. */
export const gameResponse = z.object({
  game: z.object({
    id: z.number().int(),
    kind: z.enum(GAME_KINDS),
    name: localizedText,
    cooldownDaysAfterWin: z.number().int(),
  }),
  segments: z.array(wheelSegmentSchema),
  /** null when nobody is signed in. */
  me: z
    .object({
      canSpin: z.boolean(),
      refusal: spinRefusalSchema.nullable(),
    })
    .nullable(),
});
export type GameResponse = z.infer<typeof gameResponse>;

/** POST /api/games/{uuid}/{kind}/spin/: the server's draw; the page animates to `segmentId`. */
export const spinResponse = z.object({
  drawId: z.number().int(),
  segmentId: z.number().int(),
  prize: z.enum(SEGMENT_PRIZES),
  /** The owned reward won (it is in My Rewards), or the points added to the wallet. */
  reward: z.object({ ownedId: z.number().int(), name: localizedText, code: z.string() }).nullable(),
  points: z.number().int().nullable(),
  /** The reward's code also goes to the diner by SMS. */
  sentBySms: z.boolean(),
  /** When the diner may spin again (after a win: the game's period; after a loss: its retry time, at least a minute). */
  nextSpinAt: z.iso.datetime().nullable(),
});
export type SpinResponse = z.infer<typeof spinResponse>;
