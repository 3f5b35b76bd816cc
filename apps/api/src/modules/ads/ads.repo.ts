import { type AnyColumn, and, asc, desc, eq, gt, isNull, lte, or, sql } from 'drizzle-orm';
import type { Queryable } from '../../db/client.ts';
import { adsPopups, adsSlides } from '../../db/schema/ads.ts';

/** Today's weekday (0 Sunday … 6 Saturday) in the branch's time zone is one of the ad's days. */
function onToday(days: AnyColumn, now: Date, timeZone: string) {
  return sql`extract(dow from (${now.toISOString()}::timestamptz at time zone ${timeZone}))::int = any(${days})`;
}

/** The pop-up for a branch right now: its own before the brand-wide one, then by its order, newest first. */
export async function findActivePopup(db: Queryable, brandId: number, branchId: number, now: Date, timeZone: string) {
  const [row] = await db
    .select()
    .from(adsPopups)
    .where(
      and(
        eq(adsPopups.brandId, brandId),
        or(isNull(adsPopups.branchId), eq(adsPopups.branchId, branchId)),
        eq(adsPopups.active, true),
        or(isNull(adsPopups.startsAt), lte(adsPopups.startsAt, now)),
        or(isNull(adsPopups.endsAt), gt(adsPopups.endsAt, now)),
        onToday(adsPopups.daysOfWeek, now, timeZone),
      ),
    )
    .orderBy(sql`${adsPopups.branchId} is null`, asc(adsPopups.sort), desc(adsPopups.id))
    .limit(1);
  return row;
}

export async function listActiveSlides(db: Queryable, brandId: number, branchId: number, now: Date, timeZone: string) {
  return db
    .select()
    .from(adsSlides)
    .where(
      and(
        eq(adsSlides.brandId, brandId),
        or(isNull(adsSlides.branchId), eq(adsSlides.branchId, branchId)),
        eq(adsSlides.active, true),
        or(isNull(adsSlides.startsAt), lte(adsSlides.startsAt, now)),
        or(isNull(adsSlides.endsAt), gt(adsSlides.endsAt, now)),
        onToday(adsSlides.daysOfWeek, now, timeZone),
      ),
    )
    .orderBy(asc(adsSlides.sort), asc(adsSlides.id));
}
