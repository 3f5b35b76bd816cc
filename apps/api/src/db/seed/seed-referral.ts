import { and, eq } from 'drizzle-orm';
import type { Queryable } from '../client.ts';
import { customers } from '../schema/customers.ts';
import { referralCodes, referralLeads } from '../schema/referral.ts';
import type { SeedReferralSample } from './seed-types.ts';

const DAY_MS = 86_400_000;

/** A demo customer by phone, made when absent (the punch card's diner may have been made first). */
async function demoCustomer(db: Queryable, brandId: number, phone: string, fullName: string, since: Date) {
  await db.insert(customers).values({ brandId, phone, fullName, createdAt: since }).onConflictDoNothing();
  const [row] = await db
    .select({ id: customers.id })
    .from(customers)
    .where(and(eq(customers.brandId, brandId), eq(customers.phone, phone)));
  if (!row) throw new Error(`seed customer ${phone} missing`);
  return row.id;
}

/**
 * A demo diner's referral page (issue 17): their code and friends in several statuses, so the demo shows the page
 * as it looks in use. A friend shown Converted is written Joined here: the brand's sample orders (seed-sample-orders)
 * move the lead on and convert it through the referral reactions, which write both bonuses (issue 24 item 8).
 */
export async function seedReferralSample(db: Queryable, brandId: number, sample: SeedReferralSample, now = new Date()) {
  const since = new Date(now.getTime() - 60 * DAY_MS);
  const referrerId = await demoCustomer(db, brandId, sample.referrer.phone, sample.referrer.fullName, since);
  await db.insert(referralCodes).values({ customerId: referrerId, brandId, code: sample.code }).onConflictDoNothing();
  for (const friend of sample.friends) {
    const at = new Date(now.getTime() - friend.daysAgo * DAY_MS);
    const registered = friend.status !== 'pending' && friend.fullName !== undefined;
    const friendId = registered ? await demoCustomer(db, brandId, friend.phone, friend.fullName ?? '', at) : null;
    await db
      .insert(referralLeads)
      .values({
        brandId,
        referrerId,
        friendPhone: friend.phone,
        friendId,
        status: friend.status === 'converted' ? 'joined' : friend.status,
        createdAt: at,
        joinedAt: registered ? at : null,
        activeAt: friend.status === 'active' ? at : null,
      })
      .onConflictDoNothing();
  }
}
