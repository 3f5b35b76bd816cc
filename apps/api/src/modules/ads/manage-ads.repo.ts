import { and, asc, eq, inArray, isNull, or, sql } from 'drizzle-orm';
import type { Queryable } from '../../db/client.ts';
import { adEvents, adsPopups, adsSlides } from '../../db/schema/ads.ts';
import { branches } from '../../db/schema/branches.ts';

export type PopupRow = typeof adsPopups.$inferSelect;
export type SlideRow = typeof adsSlides.$inferSelect;
export type AdKind = 'popup' | 'slide';

/** The brand's ads the user sees: brand-wide ones and those of `branchIds`, in their order. */
export function listPopups(db: Queryable, brandId: number, branchIds: number[]) {
  return db
    .select()
    .from(adsPopups)
    .where(
      and(
        eq(adsPopups.brandId, brandId),
        or(isNull(adsPopups.branchId), branchIds.length ? inArray(adsPopups.branchId, branchIds) : sql`false`),
      ),
    )
    .orderBy(asc(adsPopups.sort), asc(adsPopups.id));
}

export function listSlides(db: Queryable, brandId: number, branchIds: number[]) {
  return db
    .select()
    .from(adsSlides)
    .where(
      and(
        eq(adsSlides.brandId, brandId),
        or(isNull(adsSlides.branchId), branchIds.length ? inArray(adsSlides.branchId, branchIds) : sql`false`),
      ),
    )
    .orderBy(asc(adsSlides.sort), asc(adsSlides.id));
}

/** Views and clicks (distinct sessions a day) per ad of the brand. */
export async function adCounts(db: Queryable, brandId: number) {
  const rows = await db
    .select({
      kind: adEvents.adKind,
      id: adEvents.adId,
      views: sql<number>`count(*) filter (where ${adEvents.event} = 'view')::int`,
      clicks: sql<number>`count(*) filter (where ${adEvents.event} = 'click')::int`,
    })
    .from(adEvents)
    .where(eq(adEvents.brandId, brandId))
    .groupBy(adEvents.adKind, adEvents.adId);
  return new Map(rows.map((r) => [`${r.kind}:${r.id}`, { views: r.views, clicks: r.clicks }]));
}

export async function branchOfBrand(db: Queryable, brandId: number, branchId: number) {
  const [row] = await db
    .select({ id: branches.id })
    .from(branches)
    .where(and(eq(branches.id, branchId), eq(branches.brandId, brandId)));
  return row;
}

export async function findPopup(db: Queryable, brandId: number, id: number) {
  const [row] = await db
    .select()
    .from(adsPopups)
    .where(and(eq(adsPopups.id, id), eq(adsPopups.brandId, brandId)))
    .for('update');
  return row;
}

export async function findSlide(db: Queryable, brandId: number, id: number) {
  const [row] = await db
    .select()
    .from(adsSlides)
    .where(and(eq(adsSlides.id, id), eq(adsSlides.brandId, brandId)))
    .for('update');
  return row;
}

export async function insertPopup(db: Queryable, values: typeof adsPopups.$inferInsert) {
  const [row] = await db.insert(adsPopups).values(values).returning();
  if (!row) throw new Error('popup insert returned nothing');
  return row;
}

export async function insertSlide(db: Queryable, values: typeof adsSlides.$inferInsert) {
  const [row] = await db.insert(adsSlides).values(values).returning();
  if (!row) throw new Error('slide insert returned nothing');
  return row;
}

/** The edit, if `version` is still current; undefined when it is not. */
export async function updatePopup(
  db: Queryable,
  id: number,
  version: number,
  values: Partial<typeof adsPopups.$inferInsert>,
) {
  const [row] = await db
    .update(adsPopups)
    .set({ ...values, version: sql`${adsPopups.version} + 1` })
    .where(and(eq(adsPopups.id, id), eq(adsPopups.version, version)))
    .returning();
  return row;
}

export async function updateSlide(
  db: Queryable,
  id: number,
  version: number,
  values: Partial<typeof adsSlides.$inferInsert>,
) {
  const [row] = await db
    .update(adsSlides)
    .set({ ...values, version: sql`${adsSlides.version} + 1` })
    .where(and(eq(adsSlides.id, id), eq(adsSlides.version, version)))
    .returning();
  return row;
}

export async function deletePopup(db: Queryable, id: number) {
  await db.delete(adsPopups).where(eq(adsPopups.id, id));
}

export async function deleteSlide(db: Queryable, id: number) {
  await db.delete(adsSlides).where(eq(adsSlides.id, id));
}

/** The ad's brand, when the ad exists (a diner's event names only the ad). */
export async function adBrand(db: Queryable, kind: AdKind, id: number): Promise<number | undefined> {
  const table = kind === 'popup' ? adsPopups : adsSlides;
  const [row] = await db.select({ brandId: table.brandId }).from(table).where(eq(table.id, id));
  return row?.brandId;
}

/** One event per ad, kind, session and day: a repeat is dropped by the unique key. True when it counted. */
export async function recordAdEvent(
  db: Queryable,
  values: { brandId: number; adKind: AdKind; adId: number; event: 'view' | 'click'; sessionKey: string; day: string },
): Promise<boolean> {
  const rows = await db.insert(adEvents).values(values).onConflictDoNothing().returning({ id: adEvents.id });
  return rows.length > 0;
}

/** The events of ads that no longer exist go with them (ad_events names ads of two tables, so no foreign key). */
export async function deleteAdEvents(db: Queryable, kind: AdKind, id: number) {
  await db.delete(adEvents).where(and(eq(adEvents.adKind, kind), eq(adEvents.adId, id)));
}
