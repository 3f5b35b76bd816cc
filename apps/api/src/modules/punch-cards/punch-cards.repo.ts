import { and, asc, desc, eq, gt, inArray, isNull, lt, sql } from 'drizzle-orm';
import type { Queryable } from '../../db/client.ts';
import { customers } from '../../db/schema/customers.ts';
import { customerRewards, rewards } from '../../db/schema/loyalty.ts';
import { menuCategories, menuItems } from '../../db/schema/menu.ts';
import { orderLines, orders } from '../../db/schema/orders.ts';
import { punchCardPunches, punchCards, punchProgrammes } from '../../db/schema/punch-cards.ts';

export type PunchProgrammeRow = typeof punchProgrammes.$inferSelect;
export type PunchCardRow = typeof punchCards.$inferSelect;
export type PunchRow = typeof punchCardPunches.$inferSelect;
export type ProgrammeWithReward = { programme: PunchProgrammeRow; rewardAr: string; rewardEn: string };

/** Locks the diner's row: one diner's punches are written one order at a time, whatever completes at once. */
export async function lockCustomer(db: Queryable, customerId: number, brandId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: customers.id })
    .from(customers)
    .where(and(eq(customers.id, customerId), eq(customers.brandId, brandId)))
    .for('update');
  return row !== undefined;
}

export async function listProgrammes(
  db: Queryable,
  brandId: number,
  options: { activeOnly: boolean },
): Promise<ProgrammeWithReward[]> {
  return db
    .select({ programme: punchProgrammes, rewardAr: rewards.nameAr, rewardEn: rewards.nameEn })
    .from(punchProgrammes)
    .innerJoin(rewards, eq(rewards.id, punchProgrammes.rewardId))
    .where(
      and(eq(punchProgrammes.brandId, brandId), options.activeOnly ? eq(punchProgrammes.isActive, true) : undefined),
    )
    .orderBy(asc(punchProgrammes.position), asc(punchProgrammes.id));
}

export async function findProgramme(
  db: Queryable,
  id: number,
  brandId: number,
): Promise<PunchProgrammeRow | undefined> {
  const [row] = await db
    .select()
    .from(punchProgrammes)
    .where(and(eq(punchProgrammes.id, id), eq(punchProgrammes.brandId, brandId)));
  return row;
}

/**
 * The order's lines with each item's category (an item deleted since has none, and qualifies only by id), but a
 * free-item reward's line (issue 24 item 10): a free item earns no punch. That line is the order's last, added by
 * placement for the free-item reward the order claimed, and is its item.
 */
export async function listPunchLines(
  db: Queryable,
  orderId: number,
): Promise<{ itemId: number; categoryId: number | null; quantity: number }[]> {
  return db
    .select({ itemId: orderLines.itemId, categoryId: menuItems.categoryId, quantity: orderLines.quantity })
    .from(orderLines)
    .leftJoin(menuItems, eq(menuItems.id, orderLines.itemId))
    .where(
      and(
        eq(orderLines.orderId, orderId),
        sql`not (${orderLines.position} = (select max(l.position) from ${orderLines} l where l.order_id = ${orderId})
          and exists (select 1 from ${customerRewards} cr join ${rewards} r on r.id = cr.reward_id
            where cr.claimed_order_id = ${orderId} and r.kind = 'free_item' and r.item_id = ${orderLines.itemId}))`,
      ),
    );
}

/** Whether the order has punched any card already (a second completion of the same order punches nothing). */
export async function orderHasPunches(db: Queryable, orderId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: punchCardPunches.id })
    .from(punchCardPunches)
    .where(eq(punchCardPunches.orderId, orderId))
    .limit(1);
  return row !== undefined;
}

/**
 * The diner's open card of a programme: not completed, not expired, with room left. The oldest first: a refund can
 * reopen an earlier card while a later one is in progress, and the earlier one fills first.
 */
export async function findOpenCard(
  db: Queryable,
  programmeId: number,
  customerId: number,
  now: Date,
): Promise<PunchCardRow | undefined> {
  const [row] = await db
    .select()
    .from(punchCards)
    .where(
      and(
        eq(punchCards.programmeId, programmeId),
        eq(punchCards.customerId, customerId),
        isNull(punchCards.completedAt),
        gt(punchCards.expiresAt, now),
        lt(punchCards.punches, punchCards.itemsCount),
      ),
    )
    .orderBy(asc(punchCards.id))
    .limit(1);
  return row;
}

export async function insertCard(
  db: Queryable,
  row: {
    brandId: number;
    programmeId: number;
    customerId: number;
    itemsCount: number;
    startedAt: Date;
    expiresAt: Date;
  },
): Promise<PunchCardRow> {
  const [inserted] = await db.insert(punchCards).values(row).returning();
  if (!inserted) throw new Error('punch card insert returned nothing');
  return inserted;
}

/**
 * The order's punches on one card: the history row (one per card and order) and the card's count, together. Returns
 * false when the order had punched this card already (the unique index), and then changes nothing.
 */
export async function addPunches(
  db: Queryable,
  punch: { cardId: number; orderId: number; count: number; at: Date },
): Promise<boolean> {
  const [row] = await db
    .insert(punchCardPunches)
    .values(punch)
    .onConflictDoNothing()
    .returning({ id: punchCardPunches.id });
  if (!row) return false;
  // The card's CHECK (punches ≤ items count) refuses an overfill, failing the whole transaction rather than losing it.
  await db
    .update(punchCards)
    .set({ punches: sql`${punchCards.punches} + ${punch.count}` })
    .where(eq(punchCards.id, punch.cardId));
  return true;
}

export async function completeCard(db: Queryable, cardId: number, customerRewardId: number, at: Date): Promise<void> {
  await db.update(punchCards).set({ completedAt: at, customerRewardId }).where(eq(punchCards.id, cardId));
}

/** The order's punches not taken back yet, with their cards, locked for the refund that takes them back. */
export async function listOrderPunches(
  db: Queryable,
  orderId: number,
): Promise<{ punch: PunchRow; card: PunchCardRow }[]> {
  return db
    .select({ punch: punchCardPunches, card: punchCards })
    .from(punchCardPunches)
    .innerJoin(punchCards, eq(punchCards.id, punchCardPunches.cardId))
    .where(and(eq(punchCardPunches.orderId, orderId), isNull(punchCardPunches.takenBackAt)))
    .orderBy(asc(punchCardPunches.id))
    .for('update');
}

/**
 * Takes an order's punches back off one card: the row marked, the count lowered and, when the card was completed,
 * the card reopened (its issued reward is withdrawn by the caller first).
 */
export async function takeBackPunches(db: Queryable, punch: PunchRow, at: Date): Promise<void> {
  await db.update(punchCardPunches).set({ takenBackAt: at }).where(eq(punchCardPunches.id, punch.id));
  await db
    .update(punchCards)
    .set({ punches: sql`${punchCards.punches} - ${punch.count}`, completedAt: null, customerRewardId: null })
    .where(eq(punchCards.id, punch.cardId));
}

/** Withdraws an issued reward only while unclaimed (one statement, so a cashier's claim at the same time wins or loses whole). */
export async function withdrawUnclaimedReward(db: Queryable, customerRewardId: number): Promise<boolean> {
  const rows = await db
    .delete(customerRewards)
    .where(and(eq(customerRewards.id, customerRewardId), isNull(customerRewards.claimedAt)))
    .returning({ id: customerRewards.id });
  return rows.length > 0;
}

/** A diner's card with where the reward it issued stands (its status reads both, shared punchCardStatus). */
export type PunchCardWithReward = PunchCardRow & { reward: { claimedAt: Date | null; expiresAt: Date | null } | null };

function cardsWithReward(db: Queryable) {
  return db
    .select({
      card: punchCards,
      claimedAt: customerRewards.claimedAt,
      rewardExpiresAt: customerRewards.expiresAt,
      rewardId: customerRewards.id,
    })
    .from(punchCards)
    .leftJoin(customerRewards, eq(customerRewards.id, punchCards.customerRewardId));
}

function withReward(row: {
  card: PunchCardRow;
  claimedAt: Date | null;
  rewardExpiresAt: Date | null;
  rewardId: number | null;
}): PunchCardWithReward {
  return {
    ...row.card,
    reward: row.rewardId === null ? null : { claimedAt: row.claimedAt, expiresAt: row.rewardExpiresAt },
  };
}

export async function listCustomerCards(
  db: Queryable,
  customerId: number,
  brandId: number,
): Promise<PunchCardWithReward[]> {
  const rows = await cardsWithReward(db)
    .where(and(eq(punchCards.customerId, customerId), eq(punchCards.brandId, brandId)))
    .orderBy(desc(punchCards.id));
  return rows.map(withReward);
}

export async function findCustomerCard(
  db: Queryable,
  id: number,
  customerId: number,
  brandId: number,
): Promise<PunchCardWithReward | undefined> {
  const [row] = await cardsWithReward(db).where(
    and(eq(punchCards.id, id), eq(punchCards.customerId, customerId), eq(punchCards.brandId, brandId)),
  );
  return row ? withReward(row) : undefined;
}

export async function findProgrammeWithReward(db: Queryable, id: number): Promise<ProgrammeWithReward | undefined> {
  const [row] = await db
    .select({ programme: punchProgrammes, rewardAr: rewards.nameAr, rewardEn: rewards.nameEn })
    .from(punchProgrammes)
    .innerJoin(rewards, eq(rewards.id, punchProgrammes.rewardId))
    .where(eq(punchProgrammes.id, id));
  return row;
}

/** Punches History of a card, newest first, with each order's number. */
export async function listCardPunches(
  db: Queryable,
  cardId: number,
): Promise<{ punch: PunchRow; orderNumber: number | null }[]> {
  return db
    .select({ punch: punchCardPunches, orderNumber: orders.number })
    .from(punchCardPunches)
    .leftJoin(orders, eq(orders.id, punchCardPunches.orderId))
    .where(eq(punchCardPunches.cardId, cardId))
    .orderBy(desc(punchCardPunches.at), desc(punchCardPunches.id));
}

/** Per programme of the brand: cards in progress (some punches, open, not expired) and cards completed. */
export async function countCards(
  db: Queryable,
  brandId: number,
  now: Date,
): Promise<Map<number, { activeCards: number; completedCards: number }>> {
  const rows = await db
    .select({
      programmeId: punchCards.programmeId,
      activeCards: sql<number>`count(*) filter (where ${punchCards.completedAt} is null and ${punchCards.punches} > 0
        and ${punchCards.expiresAt} > ${now.toISOString()}::timestamptz)`.mapWith(Number),
      completedCards: sql<number>`count(*) filter (where ${punchCards.completedAt} is not null)`.mapWith(Number),
    })
    .from(punchCards)
    .where(eq(punchCards.brandId, brandId))
    .groupBy(punchCards.programmeId);
  return new Map(rows.map((r) => [r.programmeId, r]));
}

export async function insertProgramme(
  db: Queryable,
  row: typeof punchProgrammes.$inferInsert,
): Promise<PunchProgrammeRow> {
  const [inserted] = await db.insert(punchProgrammes).values(row).returning();
  if (!inserted) throw new Error('punch programme insert returned nothing');
  return inserted;
}

export async function updateProgramme(
  db: Queryable,
  id: number,
  brandId: number,
  set: Partial<typeof punchProgrammes.$inferInsert>,
): Promise<PunchProgrammeRow | undefined> {
  // Every manager write moves the version (archive and restore check the one the console read).
  const [row] = await db
    .update(punchProgrammes)
    .set({ ...set, version: sql`${punchProgrammes.version} + 1` })
    .where(and(eq(punchProgrammes.id, id), eq(punchProgrammes.brandId, brandId)))
    .returning();
  return row;
}

/** The brand's programme, its row locked for a manager's write (archive, restore). */
export async function lockProgrammeOfBrand(
  db: Queryable,
  id: number,
  brandId: number,
): Promise<PunchProgrammeRow | undefined> {
  const [row] = await db
    .select()
    .from(punchProgrammes)
    .where(and(eq(punchProgrammes.id, id), eq(punchProgrammes.brandId, brandId)))
    .for('update');
  return row;
}

/** Archives (with the time) or restores (null) a programme, switched off either way (archived ⇒ inactive). */
export function setProgrammeArchived(
  db: Queryable,
  id: number,
  brandId: number,
  archivedAt: Date | null,
  now: Date,
): Promise<PunchProgrammeRow | undefined> {
  return updateProgramme(db, id, brandId, { archivedAt, isActive: false, updatedAt: now });
}

/** What the managers' form picks from: the brand's items, categories and rewards. */
export async function listBrandChoices(db: Queryable, brandId: number) {
  const [items, categories, brandRewards] = await Promise.all([
    db
      .select({
        id: menuItems.id,
        nameAr: menuItems.nameAr,
        nameEn: menuItems.nameEn,
        categoryId: menuItems.categoryId,
      })
      .from(menuItems)
      .where(eq(menuItems.brandId, brandId))
      .orderBy(asc(menuItems.categoryId), asc(menuItems.sort), asc(menuItems.id)),
    db
      .select({ id: menuCategories.id, nameAr: menuCategories.nameAr, nameEn: menuCategories.nameEn })
      .from(menuCategories)
      .where(eq(menuCategories.brandId, brandId))
      .orderBy(asc(menuCategories.sort), asc(menuCategories.id)),
    db
      .select({ id: rewards.id, nameAr: rewards.nameAr, nameEn: rewards.nameEn })
      .from(rewards)
      .where(eq(rewards.brandId, brandId))
      .orderBy(asc(rewards.position), asc(rewards.id)),
  ]);
  return { items, categories, rewards: brandRewards };
}

/** How many of these ids are the brand's items / categories (to refuse another brand's or unknown ones). */
export async function countBrandMenuIds(
  db: Queryable,
  brandId: number,
  itemIds: number[],
  categoryIds: number[],
): Promise<{ items: number; categories: number }> {
  const [items] =
    itemIds.length === 0
      ? [{ n: 0 }]
      : await db
          .select({ n: sql<number>`count(*)`.mapWith(Number) })
          .from(menuItems)
          .where(and(eq(menuItems.brandId, brandId), inArray(menuItems.id, itemIds)));
  const [categories] =
    categoryIds.length === 0
      ? [{ n: 0 }]
      : await db
          .select({ n: sql<number>`count(*)`.mapWith(Number) })
          .from(menuCategories)
          .where(and(eq(menuCategories.brandId, brandId), inArray(menuCategories.id, categoryIds)));
  return { items: items?.n ?? 0, categories: categories?.n ?? 0 };
}
