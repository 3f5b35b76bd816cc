import {
  PUNCH_DAYS_MAX,
  PUNCH_DAYS_MIN,
  PUNCH_ITEMS_COUNT_MAX,
  PUNCH_ITEMS_COUNT_MIN,
} from '@sufra/shared/loyalty/punch-cards';
import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { brands } from './brands.ts';
import { customers } from './customers.ts';
import { customerRewards, rewards } from './loyalty.ts';
import { orders } from './orders.ts';

/**
 * A brand's punch card programme (DESIGN §7): every `itemsCount` qualifying items bought (by item, or any item of a
 * category) within `daysToComplete` of the first punch earn the reward. Qualifying ids are arrays rather than link
 * tables: a programme names a handful, they are read whole with the programme, and an id that no longer exists
 * simply never matches an order line.
 */
export const punchProgrammes = pgTable(
  'punch_programmes',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    brandId: integer()
      .notNull()
      .references(() => brands.id, { onDelete: 'cascade' }),
    nameAr: text().notNull(),
    nameEn: text().notNull(),
    itemIds: integer().array().notNull().default(sql`'{}'::int[]`),
    categoryIds: integer().array().notNull().default(sql`'{}'::int[]`),
    itemsCount: integer().notNull(),
    daysToComplete: integer().notNull(),
    rewardId: integer()
      .notNull()
      .references(() => rewards.id, { onDelete: 'restrict' }),
    isActive: boolean().notNull().default(true),
    position: integer().notNull().default(0),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    /** Moved by every manager write; the console sends the version it read (a stale save answers 409). */
    version: integer().notNull().default(1),
    /** When a manager archived it (null: not archived); archived implies inactive (the CHECK below), docs/adr/0590. */
    archivedAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    index('punch_programmes_brand_idx').on(t.brandId, t.position),
    check(
      'punch_programmes_figures_check',
      sql.raw(
        `"items_count" between ${PUNCH_ITEMS_COUNT_MIN} and ${PUNCH_ITEMS_COUNT_MAX}
        and "days_to_complete" between ${PUNCH_DAYS_MIN} and ${PUNCH_DAYS_MAX}`,
      ),
    ),
    check('punch_programmes_archived_inactive_check', sql`${t.archivedAt} is null or not ${t.isActive}`),
    check('punch_programmes_qualifying_check', sql`cardinality(${t.itemIds}) + cardinality(${t.categoryIds}) > 0`),
    check(
      'punch_programmes_name_check',
      sql`length(${t.nameAr}) between 1 and 80 and length(${t.nameEn}) between 1 and 80`,
    ),
  ],
);

/**
 * A diner's card of a programme. Created at its first punch (before that the diner is shown an empty card), with
 * the programme's count and days as they were then, so a manager's later edit never changes a card in progress.
 * Expiry is computed on read from `expires_at` (shared/loyalty/punch-cards.ts): nothing sweeps cards. `punches` is
 * the sum of the card's punch rows not taken back, kept in the same transaction, and never above the count.
 */
export const punchCards = pgTable(
  'punch_cards',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    brandId: integer()
      .notNull()
      .references(() => brands.id, { onDelete: 'cascade' }),
    programmeId: integer()
      .notNull()
      .references(() => punchProgrammes.id, { onDelete: 'cascade' }),
    customerId: integer()
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    punches: integer().notNull().default(0),
    itemsCount: integer().notNull(),
    startedAt: timestamp({ withTimezone: true }).notNull(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    /** Set with the issued reward when the card fills. */
    completedAt: timestamp({ withTimezone: true }),
    customerRewardId: integer().references(() => customerRewards.id, { onDelete: 'set null' }),
  },
  (t) => [
    index('punch_cards_customer_idx').on(t.customerId, t.programmeId),
    check('punch_cards_punches_check', sql`${t.punches} >= 0 and ${t.punches} <= ${t.itemsCount}`),
    check('punch_cards_completed_check', sql`${t.completedAt} is null or ${t.punches} = ${t.itemsCount}`),
    check('punch_cards_window_check', sql`${t.expiresAt} > ${t.startedAt}`),
  ],
);

/**
 * Punches History: what each order added to a card. One row per (card, order), so an order completed twice (a retry,
 * two staff tapping at once) punches a card once. A refund marks its rows taken back rather than deleting them, so
 * the history shows both.
 */
export const punchCardPunches = pgTable(
  'punch_card_punches',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    cardId: integer()
      .notNull()
      .references(() => punchCards.id, { onDelete: 'cascade' }),
    orderId: integer().references(() => orders.id, { onDelete: 'set null' }),
    count: integer().notNull(),
    at: timestamp({ withTimezone: true }).notNull(),
    takenBackAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    uniqueIndex('punch_card_punches_card_order_uq').on(t.cardId, t.orderId),
    index('punch_card_punches_order_idx').on(t.orderId),
    check('punch_card_punches_count_check', sql`${t.count} > 0`),
  ],
);
