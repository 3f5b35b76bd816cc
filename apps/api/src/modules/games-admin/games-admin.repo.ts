import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Queryable } from '../../db/client.ts';
import { branches } from '../../db/schema/branches.ts';
import { gameDraws, gameSegments, games } from '../../db/schema/games.ts';
import { rewards } from '../../db/schema/loyalty.ts';

export type GameAdminRow = typeof games.$inferSelect;
export type SegmentAdminRow = typeof gameSegments.$inferSelect;
export type SegmentValues = Omit<typeof gameSegments.$inferInsert, 'id' | 'gameId' | 'won'>;
export type GameValues = Pick<
  typeof games.$inferInsert,
  | 'nameAr'
  | 'nameEn'
  | 'isActive'
  | 'startsAt'
  | 'endsAt'
  | 'cooldownDaysAfterWin'
  | 'retryMinutesAfterLoss'
  | 'eligibility'
>;

/** The brand's games with how many segments each has and the prizes given so far. */
export async function listGames(db: Queryable, brandId: number) {
  return db
    .select({
      game: games,
      segmentCount: sql<number>`(select count(*)::int from ${gameSegments} s where s.game_id = ${games.id})`,
      prizesWon: sql<number>`(select coalesce(sum(s.won), 0)::int from ${gameSegments} s
        where s.game_id = ${games.id} and s.prize <> 'none')`,
    })
    .from(games)
    .where(eq(games.brandId, brandId))
    .orderBy(asc(games.kind), asc(games.id));
}

/**
 * One of the brand's games (locked for the save's transaction with `forUpdate`); undefined for another brand's. The
 * lock is NO KEY UPDATE: a spin's draw row refers to the game (a KEY SHARE lock) while it holds its segment's row,
 * so a FOR UPDATE here, then the segment's lock, deadlocked against it (seen on PostgreSQL with racing spins).
 */
export async function findGame(
  db: Queryable,
  brandId: number,
  id: number,
  forUpdate = false,
): Promise<GameAdminRow | undefined> {
  const query = db
    .select()
    .from(games)
    .where(and(eq(games.id, id), eq(games.brandId, brandId)));
  const [row] = await (forUpdate ? query.for('no key update') : query);
  return row;
}

export async function listSegments(db: Queryable, gameId: number): Promise<SegmentAdminRow[]> {
  return db
    .select()
    .from(gameSegments)
    .where(eq(gameSegments.gameId, gameId))
    .orderBy(asc(gameSegments.position), asc(gameSegments.id));
}

/** The settings written when the version read is still the row's; undefined when someone saved since. */
export async function updateGame(
  db: Queryable,
  id: number,
  version: number,
  values: GameValues,
): Promise<GameAdminRow | undefined> {
  const [row] = await db
    .update(games)
    .set({ ...values, version: sql`${games.version} + 1` })
    .where(and(eq(games.id, id), eq(games.version, version)))
    .returning();
  return row;
}

/**
 * A segment's new settings, written only while its stock stays at or above the prizes already given (`won`), on
 * the row's newest version under its lock: a spin that took a prize meanwhile is counted (the CHECK
 * game_segments_stock_check guards the same). Undefined when the stock would fall below.
 */
export async function updateSegment(
  db: Queryable,
  gameId: number,
  id: number,
  values: SegmentValues,
): Promise<SegmentAdminRow | undefined> {
  const stock = values.stock ?? null;
  const [row] = await db
    .update(gameSegments)
    .set(values)
    .where(
      and(
        eq(gameSegments.id, id),
        eq(gameSegments.gameId, gameId),
        sql`(${stock}::int is null or ${gameSegments.won} <= ${stock}::int)`,
      ),
    )
    .returning();
  return row;
}

export async function insertSegment(db: Queryable, gameId: number, values: SegmentValues): Promise<SegmentAdminRow> {
  const [row] = await db
    .insert(gameSegments)
    .values({ ...values, gameId })
    .returning();
  if (!row) throw new Error('inserting a segment returned nothing');
  return row;
}

/** Removes a segment no draw landed on; false when one did (its history stays). */
export async function deleteUndrawnSegment(db: Queryable, gameId: number, id: number): Promise<boolean> {
  const deleted = await db
    .delete(gameSegments)
    .where(
      and(
        eq(gameSegments.id, id),
        eq(gameSegments.gameId, gameId),
        sql`not exists (select 1 from ${gameDraws} d where d.segment_id = ${gameSegments.id})`,
      ),
    )
    .returning({ id: gameSegments.id });
  return deleted.length > 0;
}

/** Which of these reward ids are the brand's. */
export async function brandRewardIds(db: Queryable, brandId: number, ids: number[]): Promise<Set<number>> {
  if (ids.length === 0) return new Set();
  const rows = await db
    .select({ id: rewards.id })
    .from(rewards)
    .where(and(eq(rewards.brandId, brandId), inArray(rewards.id, ids)));
  return new Set(rows.map((r) => r.id));
}

export async function brandRewards(db: Queryable, brandId: number) {
  return db
    .select({ id: rewards.id, nameAr: rewards.nameAr, nameEn: rewards.nameEn })
    .from(rewards)
    .where(eq(rewards.brandId, brandId))
    .orderBy(asc(rewards.id));
}

export async function brandBranches(db: Queryable, brandId: number) {
  return db
    .select({ id: branches.id, nameAr: branches.nameAr, nameEn: branches.nameEn })
    .from(branches)
    .where(eq(branches.brandId, brandId))
    .orderBy(asc(branches.id));
}
