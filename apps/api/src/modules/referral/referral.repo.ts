import { type LeadEvent, leadStatusesMovedBy, nextLeadStatus } from '@sufra/shared/engagement/referral';
import { and, asc, desc, eq, gt, gte, inArray, sql } from 'drizzle-orm';
import type { Queryable } from '../../db/client.ts';
import { branches, qrCodes } from '../../db/schema/branches.ts';
import { customers } from '../../db/schema/customers.ts';
import { pointsLedger } from '../../db/schema/loyalty.ts';
import { referralCodes, referralLeads, referralRules } from '../../db/schema/referral.ts';

/** The ledger reasons of a conversion's bonuses: the referrer's, and the friend's welcome. */
export const REFERRAL_BONUS_REASONS = ['referral_converted', 'referral_welcome'] as const;

export type ReferralRulesRow = typeof referralRules.$inferSelect;
export type LeadRow = typeof referralLeads.$inferSelect;

export async function findReferralRules(db: Queryable, brandId: number): Promise<ReferralRulesRow | undefined> {
  const [row] = await db.select().from(referralRules).where(eq(referralRules.brandId, brandId));
  return row;
}

export async function findCodeOf(db: Queryable, customerId: number): Promise<string | undefined> {
  const [row] = await db
    .select({ code: referralCodes.code })
    .from(referralCodes)
    .where(eq(referralCodes.customerId, customerId));
  return row?.code;
}

/** Gives the customer this code unless they have one; false when the code is someone else's (draw another). */
export async function insertCode(db: Queryable, row: { customerId: number; brandId: number; code: string }) {
  const inserted = await db
    .insert(referralCodes)
    .values(row)
    .onConflictDoNothing()
    .returning({ code: referralCodes.code });
  return inserted.length > 0;
}

/** The code's owner (the referrer) with their brand, or undefined for a code nobody has. */
export async function findCodeOwner(db: Queryable, code: string) {
  const [row] = await db
    .select({
      customerId: referralCodes.customerId,
      brandId: referralCodes.brandId,
      fullName: customers.fullName,
      phone: customers.phone,
    })
    .from(referralCodes)
    .innerJoin(customers, eq(customers.id, referralCodes.customerId))
    .where(eq(referralCodes.code, code));
  return row;
}

/**
 * A QR code of the brand that a friend's landing sends them on to: a counter code (no table) of its first branch
 * before a table's, the oldest first.
 */
export async function findBrandEntryQr(db: Queryable, brandId: number): Promise<string | undefined> {
  const [row] = await db
    .select({ uuid: qrCodes.uuid })
    .from(qrCodes)
    .innerJoin(branches, eq(branches.id, qrCodes.branchId))
    .where(and(eq(branches.brandId, brandId), eq(qrCodes.active, true)))
    .orderBy(sql`${qrCodes.tableId} is not null`, asc(branches.id), asc(qrCodes.createdAt))
    .limit(1);
  return row?.uuid;
}

export async function listLeads(
  db: Queryable,
  referrerId: number,
): Promise<(LeadRow & { friendName: string | null })[]> {
  return db
    .select({ lead: referralLeads, friendName: customers.fullName })
    .from(referralLeads)
    .leftJoin(customers, eq(customers.id, referralLeads.friendId))
    .where(eq(referralLeads.referrerId, referrerId))
    .orderBy(desc(referralLeads.createdAt), desc(referralLeads.id))
    .then((rows) => rows.map((r) => ({ ...r.lead, friendName: r.friendName })));
}

/**
 * Takes, until the transaction ends, the lock that a friend's lead and the friend's registration both take for their
 * phone at the brand: a lead entered while the friend registers then either sees the new customer (refused) or is
 * seen by the registration's join, never neither (each would otherwise read before the other's commit).
 */
export async function lockFriendPhone(db: Queryable, brandId: number, phone: string): Promise<void> {
  await db.execute(sql`select pg_advisory_xact_lock(hashtext(${`referral:${brandId}:${phone}`}))`);
}

/** One referrer's invitations at a time (the day's count is read and written under it). */
export async function lockReferrer(db: Queryable, referrerId: number): Promise<void> {
  await db.execute(sql`select pg_advisory_xact_lock(hashtext(${`referral-referrer:${referrerId}`}))`);
}

/** How many leads this diner made since `since`, and when the oldest of them was. */
export async function leadsMadeSince(db: Queryable, referrerId: number, since: Date) {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int`, oldest: sql<string | null>`min(${referralLeads.createdAt})` })
    .from(referralLeads)
    .where(and(eq(referralLeads.referrerId, referrerId), gt(referralLeads.createdAt, since)));
  return { count: row?.n ?? 0, oldest: row?.oldest ? new Date(row.oldest) : null };
}

/** A new pending lead; undefined when the brand already has a lead for that phone. */
export async function insertLead(
  db: Queryable,
  row: { brandId: number; referrerId: number; friendPhone: string; createdAt: Date },
): Promise<LeadRow | undefined> {
  const [lead] = await db
    .insert(referralLeads)
    .values({ ...row, status: 'pending' })
    .onConflictDoNothing({ target: [referralLeads.brandId, referralLeads.friendPhone] })
    .returning();
  return lead;
}

/**
 * A friend registered: the brand's pending lead for their phone joins (whoever entered it first keeps it), or, with
 * no lead for that phone, a lead of the code's owner is made joined at once. Nothing when neither applies.
 */
export async function joinLead(
  db: Queryable,
  input: { brandId: number; friendId: number; friendPhone: string; referrerId: number | null; at: Date },
): Promise<LeadRow | undefined> {
  const [joined] = await db
    .update(referralLeads)
    .set({ status: 'joined', friendId: input.friendId, joinedAt: input.at })
    .where(
      and(
        eq(referralLeads.brandId, input.brandId),
        eq(referralLeads.friendPhone, input.friendPhone),
        inArray(referralLeads.status, leadStatusesMovedBy('friend_registered')),
      ),
    )
    .returning();
  if (joined || input.referrerId === null || input.referrerId === input.friendId) return joined;
  const [made] = await db
    .insert(referralLeads)
    .values({
      brandId: input.brandId,
      referrerId: input.referrerId,
      friendPhone: input.friendPhone,
      friendId: input.friendId,
      status: 'joined',
      createdAt: input.at,
      joinedAt: input.at,
    })
    .onConflictDoNothing()
    .returning();
  return made;
}

/**
 * Moves the friend's lead by an event, from the statuses the machine allows (one conditional update: of two
 * concurrent completions, one moves the lead and the other finds it moved already). Returns the lead as it was
 * moved, or undefined when the event did not move it.
 */
export async function moveFriendLead(
  db: Queryable,
  friendId: number,
  event: Exclude<LeadEvent, 'friend_registered' | 'order_refunded'>,
  at: Date,
  orderId: number,
): Promise<LeadRow | undefined> {
  const from = leadStatusesMovedBy(event);
  const to = nextLeadStatus(from[0] ?? 'pending', event);
  if (to === null) return undefined;
  const set =
    to === 'converted' ? { status: to, convertedAt: at, convertedOrderId: orderId } : { status: to, activeAt: at };
  const [row] = await db
    .update(referralLeads)
    .set(set)
    .where(and(eq(referralLeads.friendId, friendId), inArray(referralLeads.status, from)))
    .returning();
  return row;
}

/** The order's refund declines the lead it converted, if that conversion is recent enough (`since`). */
export async function declineConvertedBy(db: Queryable, orderId: number, since: Date, at: Date) {
  const [row] = await db
    .update(referralLeads)
    .set({ status: 'declined', declinedAt: at })
    .where(
      and(
        eq(referralLeads.convertedOrderId, orderId),
        inArray(referralLeads.status, leadStatusesMovedBy('order_refunded')),
        gte(referralLeads.convertedAt, since),
      ),
    )
    .returning();
  return row;
}

/** The bonus rows a conversion wrote for this order (what a decline takes back), by customer. */
export async function findConversionBonuses(
  db: Queryable,
  orderId: number,
): Promise<{ customerId: number; points: number }[]> {
  return db
    .select({ customerId: pointsLedger.customerId, points: pointsLedger.points })
    .from(pointsLedger)
    .where(
      and(
        eq(pointsLedger.orderId, orderId),
        eq(pointsLedger.kind, 'bonus'),
        inArray(pointsLedger.reason, [...REFERRAL_BONUS_REASONS]),
      ),
    );
}
