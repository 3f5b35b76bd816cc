import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemo } from '../src/db/seed/seed.ts';
import { createTestApp, type TestApp } from './test-app.ts';

/**
 * The demo seed tells one story (issue 24 item 8): every ledger row its history implies exists. Checked on the
 * seeded database as a whole (PGlite and PostgreSQL), so a sample added later is held to the same rules.
 */
describe('the demo seed is consistent', () => {
  let t: TestApp;
  const rows = <T>(sql: string, params: unknown[] = []) => t.database.query<T>(sql, params);

  beforeAll(async () => {
    t = await createTestApp({ brands: [] });
    await seedDemo(t.db);
  });
  afterAll(() => t.close());

  it('every wallet is the sum of its ledger, and lifetime points the sum of what was earned and given', async () => {
    const off = await rows<{ phone: string; wallet: number; ledger: number; lifetime: number; earned: number }>(`
      select c.phone, c.wallet_points as wallet, coalesce(sum(l.points), 0)::int as ledger,
        c.lifetime_points as lifetime,
        greatest(0, coalesce(sum(l.points) filter (where l.kind in ('earn', 'bonus', 'clawback')), 0))::int as earned
      from customers c left join points_ledger l on l.customer_id = c.id
      group by c.id
      having c.wallet_points <> coalesce(sum(l.points), 0)
        or c.lifetime_points <> greatest(0, coalesce(sum(l.points) filter (where l.kind in ('earn', 'bonus', 'clawback')), 0))`);
    expect(off).toEqual([]);
  });

  it('every converted referral lead has its order and both bonuses in the ledger (friend and referrer)', async () => {
    const leads = await rows<{ id: number; friend: number; referrer: number; order_id: number | null; rows: number }>(`
      select l.id, l.friend_id as friend, l.referrer_id as referrer, l.converted_order_id as order_id,
        (select count(*)::int from points_ledger p where p.order_id = l.converted_order_id and p.kind = 'bonus'
           and ((p.customer_id = l.friend_id and p.reason = 'referral_welcome')
             or (p.customer_id = l.referrer_id and p.reason = 'referral_converted'))) as rows
      from referral_leads l where l.status = 'converted'`);
    expect(leads.length).toBeGreaterThan(0);
    for (const lead of leads) {
      expect(lead.order_id, `lead ${lead.id}`).not.toBeNull();
      expect(lead.rows, `lead ${lead.id}`).toBe(2);
    }
    // The order that converted it is the friend's own, completed and paid.
    const orders = await rows<{ ok: boolean }>(`
      select (o.customer_id = l.friend_id and o.status = 'delivered' and o.payment_status = 'paid') as ok
      from referral_leads l join orders o on o.id = l.converted_order_id where l.status = 'converted'`);
    expect(orders.every((o) => o.ok)).toBe(true);
    // An active lead's friend has ordered; a joined one has registered.
    const moved = await rows<{ id: number }>(`
      select l.id from referral_leads l where (l.status = 'active' and not exists
          (select 1 from orders o where o.customer_id = l.friend_id))
        or (l.status in ('joined', 'active', 'converted') and l.friend_id is null)`);
    expect(moved).toEqual([]);
  });

  it('every completed order of a diner earned its points, once; an order that was not completed earned none', async () => {
    const missing = await rows<{ id: number }>(`
      select o.id from orders o join loyalty_rules r on r.brand_id = o.brand_id
      where o.customer_id is not null and o.status = 'delivered' and o.total - o.delivery_fee >= 100
        and not exists (select 1 from points_ledger p where p.order_id = o.id and p.kind = 'earn')`);
    expect(missing).toEqual([]);
    const stray = await rows<{ id: number }>(`
      select p.id from points_ledger p join orders o on o.id = p.order_id
      where p.kind = 'earn' and (o.status <> 'delivered' or o.customer_id <> p.customer_id)`);
    expect(stray).toEqual([]);
    expect(
      (await rows<{ n: number }>("select count(*)::int as n from orders where status = 'delivered'"))[0]?.n,
    ).toBeGreaterThan(0);
  });

  it("every punch comes from a completed order of the card's diner, and each card holds the sum of its punches", async () => {
    const orphan = await rows<{ id: number }>(`
      select p.id from punch_card_punches p join punch_cards c on c.id = p.card_id
      left join orders o on o.id = p.order_id
      where o.id is null or o.status <> 'delivered' or o.customer_id <> c.customer_id`);
    expect(orphan).toEqual([]);
    const cards = await rows<{ id: number; punches: number; sum: number }>(`
      select c.id, c.punches, coalesce((select sum(p.count) from punch_card_punches p
        where p.card_id = c.id and p.taken_back_at is null), 0)::int as sum from punch_cards c`);
    expect(cards.length).toBeGreaterThan(0);
    for (const card of cards) expect(card.punches, `card ${card.id}`).toBe(card.sum);
  });

  it('every reward bought with points has its purchase in the ledger', async () => {
    const unpaid = await rows<{ id: number }>(`
      select r.id from customer_rewards r where r.points_spent > 0 and not exists
        (select 1 from points_ledger p where p.customer_reward_id = r.id and p.kind = 'purchase'
           and p.points = -r.points_spent)`);
    expect(unpaid).toEqual([]);
  });

  it('the demo diner whose referral page says "points added to you both" has those points in her wallet', async () => {
    const [noura] = await rows<{ wallet: number; bonus: number }>(`
      select c.wallet_points as wallet,
        (select coalesce(sum(points), 0)::int from points_ledger p where p.customer_id = c.id and p.reason = 'referral_converted') as bonus
      from customers c join referral_codes k on k.customer_id = c.id where k.code = 'SUFRA226'`);
    expect(noura?.bonus).toBe(200);
    expect(noura?.wallet).toBeGreaterThanOrEqual(200);
    const [card] = await rows<{ punches: number }>(`
      select c.punches from punch_cards c join referral_codes k on k.customer_id = c.customer_id
      where k.code = 'SUFRA226'`);
    expect(card?.punches).toBe(3);
  });
});
