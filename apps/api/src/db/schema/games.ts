import { GAME_ELIGIBILITY, GAME_KINDS, SEGMENT_PRIZES } from '@sufra/shared/engagement/wheel';
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  date,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import { branches } from './branches.ts';
import { brands } from './brands.ts';
import { customers } from './customers.ts';
import { customerRewards, rewards } from './loyalty.ts';

const inList = (values: readonly string[]) => sql.raw(values.map((v) => `'${v}'`).join(', '));

/**
 * A brand's wheel games (issue 17): the wheel, and register-and-win (one spin for a new diner). A game may be for
 * one branch (branch_id) or the whole brand (null); the branch's own game is preferred.
 */
export const games = pgTable(
  'games',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    brandId: integer()
      .notNull()
      .references(() => brands.id, { onDelete: 'cascade' }),
    branchId: integer().references(() => branches.id, { onDelete: 'cascade' }),
    kind: text().notNull(),
    nameAr: text().notNull(),
    nameEn: text().notNull(),
    /** After a win, the diner may play again this many days later ("once every a period": 7 or 10 days). */
    cooldownDaysAfterWin: integer().notNull().default(7),
    /** After a lost spin, this many minutes (at least the one-minute gap every spin has). */
    retryMinutesAfterLoss: integer().notNull().default(0),
    isActive: boolean().notNull().default(true),
    /** When the game opens and closes (null: no limit); outside it the diner is told they may not spin. */
    startsAt: timestamp({ withTimezone: true }),
    endsAt: timestamp({ withTimezone: true }),
    /** Who may play (GAME_ELIGIBILITY): everyone, or diners new to the brand, the branch or the game. */
    eligibility: text().notNull().default('everyone'),
    /** Moved by every console save; a save made at an older version is refused (409 with both values). */
    version: integer().notNull().default(1),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('games_brand_kind_idx').on(t.brandId, t.kind),
    check('games_kind_check', sql`${t.kind} in (${inList(GAME_KINDS)})`),
    check('games_cooldown_check', sql`${t.cooldownDaysAfterWin} >= 0 and ${t.retryMinutesAfterLoss} >= 0`),
    check('games_eligibility_check', sql`${t.eligibility} in (${inList(GAME_ELIGIBILITY)})`),
    check('games_window_check', sql`${t.startsAt} is null or ${t.endsAt} is null or ${t.startsAt} < ${t.endsAt}`),
  ],
);

/**
 * A game's segments, in wheel order. `won` counts prizes given and never passes `stock` (a CHECK, and the draw's
 * conditional update): stock is never oversold, whatever the concurrency.
 */
export const gameSegments = pgTable(
  'game_segments',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    gameId: integer()
      .notNull()
      .references(() => games.id, { onDelete: 'cascade' }),
    position: integer().notNull(),
    labelAr: text().notNull(),
    labelEn: text().notNull(),
    /** #RRGGBB. */
    color: text().notNull(),
    prize: text().notNull(),
    rewardId: integer().references(() => rewards.id, { onDelete: 'restrict' }),
    points: integer(),
    /** A prize whose code goes to the diner by SMS ("sent by SMS within 24 hours"). */
    sendBySms: boolean().notNull().default(false),
    weight: integer().notNull(),
    /** Prizes in total (null: no limit; "try again" has none). */
    stock: integer(),
    won: integer().notNull().default(0),
    /** Prizes a day, in the brand's time zone (null: no daily budget). */
    dailyBudget: integer(),
  },
  (t) => [
    index('game_segments_game_idx').on(t.gameId, t.position),
    check('game_segments_prize_check', sql`${t.prize} in (${inList(SEGMENT_PRIZES)})`),
    check('game_segments_color_check', sql`${t.color} ~ '^#[0-9a-fA-F]{6}$'`),
    check('game_segments_weight_check', sql`${t.weight} > 0`),
    check(
      'game_segments_stock_check',
      sql`${t.won} >= 0 and (${t.stock} is null or ${t.won} <= ${t.stock}) and (${t.dailyBudget} is null or ${t.dailyBudget} > 0)`,
    ),
    check(
      'game_segments_prize_figures_check',
      sql`(${t.prize} <> 'reward' or ${t.rewardId} is not null) and (${t.prize} <> 'points' or ${t.points} > 0)`,
    ),
  ],
);

/** Prizes a segment gave on one day: the daily budget's counter (moved by a conditional upsert). */
export const gameSegmentDays = pgTable(
  'game_segment_days',
  {
    segmentId: integer()
      .notNull()
      .references(() => gameSegments.id, { onDelete: 'cascade' }),
    day: date().notNull(),
    won: integer().notNull(),
  },
  (t) => [primaryKey({ columns: [t.segmentId, t.day] }), check('game_segment_days_won_check', sql`${t.won} > 0`)],
);

/**
 * A diner's play of one game: when they last spun (the one-a-minute gap, on every instance: the spin's conditional
 * upsert of this row is the check) and last won (the cooldown).
 */
export const gamePlayers = pgTable(
  'game_players',
  {
    gameId: integer()
      .notNull()
      .references(() => games.id, { onDelete: 'cascade' }),
    customerId: integer()
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    lastSpinAt: timestamp({ withTimezone: true }).notNull(),
    lastWinAt: timestamp({ withTimezone: true }),
    /** When a lost spin lets them play again (the game's retry minutes after a loss). */
    retryAt: timestamp({ withTimezone: true }),
    spins: integer().notNull().default(1),
  },
  (t) => [primaryKey({ columns: [t.gameId, t.customerId] }), check('game_players_spins_check', sql`${t.spins} > 0`)],
);

/** Every draw, for audit: who, which game, the random number and the weight it was drawn against, what it gave. */
export const gameDraws = pgTable(
  'game_draws',
  {
    id: bigint({ mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    gameId: integer()
      .notNull()
      .references(() => games.id, { onDelete: 'cascade' }),
    customerId: integer()
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    segmentId: integer()
      .notNull()
      .references(() => gameSegments.id, { onDelete: 'cascade' }),
    branchId: integer().references(() => branches.id, { onDelete: 'set null' }),
    randomValue: integer().notNull(),
    totalWeight: integer().notNull(),
    customerRewardId: integer().references(() => customerRewards.id, { onDelete: 'set null' }),
    points: integer(),
    createdAt: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [
    index('game_draws_game_idx').on(t.gameId, t.createdAt),
    check('game_draws_random_check', sql`${t.randomValue} >= 0 and ${t.randomValue} < ${t.totalWeight}`),
  ],
);
