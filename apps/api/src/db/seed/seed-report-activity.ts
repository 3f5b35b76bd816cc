import { sql } from 'drizzle-orm';
import type { Database } from '../client.ts';

const DAY_MS = 86_400_000;
const MINUTE_MS = 60_000;
/** The reward codes' alphabet (customer_rewards_code_check). */
const CODE_CHARS = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';

function rowsOf<T>(result: unknown): T[] {
  return (result as { rows: T[] }).rows;
}

/**
 * The demo brand's activity for the reports' engagement sections (issue 27 item 9, docs/adr/0630), over the last 56
 * days so the default 30-day dashboard and the period before it both show every section: orders timed through the
 * kitchen (some delivered to the door), counter redemptions, coupon uses at the counter, wheel prizes, referral
 * leads (pending and joined; the demo's sample orders move others on), punch cards filled by diners' own orders, and evaluations (a few low, some answered). Deterministic (no randomness);
 * seeded once (the brand's first wheel draw marks it), after which the roll-up job rolls the brand from scratch.
 */
export async function seedDemoReportActivityIfAbsent(db: Database, brandSlug: string, now = new Date()) {
  await db.transaction(async (tx) => {
    const q = async <T>(query: ReturnType<typeof sql>) => rowsOf<T>(await tx.execute(query));
    const [brand] = await q<{ id: number }>(sql`select id from brands where slug = ${brandSlug}`);
    if (!brand) return;
    const brandId = brand.id;
    const [drawn] = await q<{ id: number }>(sql`select d.id from game_draws d join games g on g.id = d.game_id
      where g.brand_id = ${brandId} limit 1`);
    if (drawn) return;
    const branches = (
      await q<{ id: number }>(sql`select id from branches where brand_id = ${brandId} order by id`)
    ).map((b) => b.id);
    const diners = (
      await q<{ id: number }>(sql`select id from customers where brand_id = ${brandId} order by id limit 12`)
    ).map((c) => c.id);
    const items = await q<{ id: number; nameAr: string; nameEn: string; price: number }>(sql`
      select id, name_ar as "nameAr", name_en as "nameEn", price_halalas as price from menu_items
      where brand_id = ${brandId} and price_halalas > 0 order by id limit 6`);
    if (branches.length === 0 || diners.length === 0 || items.length === 0) return;
    const at = (daysAgo: number, minute = 0) => new Date(now.getTime() - daysAgo * DAY_MS + minute * MINUTE_MS);
    const pick = <T>(list: T[], i: number) => list[i % list.length] as T;

    // Walk-in orders (no diner's account, so no points) through the kitchen: prep 8–25 minutes; every third a
    // delivery, delivered 35–60 minutes after placing.
    for (let i = 0; i < 40; i += 1) {
      const daysAgo = 1 + ((i * 7) % 56) + (i % 3) * 0.1;
      const branchId = pick(branches, i);
      const item = pick(items, i);
      const quantity = 1 + (i % 3);
      const total = item.price * quantity;
      const vat = Math.round((total * 15) / 115);
      const delivery = i % 3 === 0;
      const placed = at(daysAgo);
      const sent = 1 + (i % 3);
      const ready = sent + 8 + ((i * 5) % 18);
      const done = delivery ? 35 + ((i * 11) % 26) : ready + 4;
      const times = {
        sent_to_kitchen: at(daysAgo, sent).toISOString(),
        ready: at(daysAgo, ready).toISOString(),
        delivered: at(daysAgo, done).toISOString(),
      };
      const [number] = await q<{ n: number }>(sql`
        insert into branch_order_counters (branch_id, last_number) values (${branchId}, 1)
        on conflict (branch_id) do update set last_number = branch_order_counters.last_number + 1
        returning last_number as n`);
      const [order] = await q<{ id: number }>(sql`
        insert into orders (brand_id, branch_id, customer_id, number, order_type, status, payment_method,
          payment_status, tax_mode, subtotal, branch_taxes, modifiers_taxes, charge_amount, charges_taxes,
          delivery_fee, taxes_price, total_discount, total, foodics_taxes, foodics_charges, foodics_total,
          status_times, cash_received_at, created_at, updated_at)
        values (${brandId}, ${branchId}, null, ${number?.n ?? 1}, ${delivery ? 3 : 1 + (i % 2)},
          'delivered', 'cash', 'paid', 'inclusive', ${total}, ${vat}, 0, 0, 0, 0, ${vat}, 0, ${total}, 0, 0, 0,
          ${JSON.stringify(times)}::jsonb, ${at(daysAgo, done)}, ${placed}, ${at(daysAgo, done)})
        returning id`);
      if (!order) throw new Error('report demo: order insert returned nothing');
      await tx.execute(sql`
        insert into order_lines (order_id, position, kind, item_id, name_ar, name_en, quantity, unit_price_halalas,
          subtotal, tax, total, modifiers, slots)
        values (${order.id}, 0, 'product', ${item.id}, ${item.nameAr}, ${item.nameEn}, ${quantity}, ${item.price},
          ${total - vat}, ${vat}, ${total}, '[]'::jsonb, '[]'::jsonb)`);
    }

    // Counter redemptions of the brand's rewards (a cashier scanned the diner's code).
    const rewards = await q<{ id: number }>(
      sql`select id from rewards where brand_id = ${brandId} order by id limit 3`,
    );
    for (let i = 0; i < 14 && rewards.length > 0; i += 1) {
      const code = `RP${Array.from({ length: 6 }, (_, k) => CODE_CHARS[(i * 7 + k * 3 + k * i) % CODE_CHARS.length]).join('')}`;
      await tx.execute(sql`
        insert into customer_rewards (brand_id, customer_id, reward_id, source, code, valid_from, claimed_at,
          claimed_branch_id)
        values (${brandId}, ${pick(diners, i)}, ${pick(rewards, i).id}, 'prize', ${code}, ${at(60)},
          ${at(1 + ((i * 4) % 55), 600)}, ${pick(branches, i + 1)})
        on conflict do nothing`);
    }

    // Coupon uses at the counter (walk-in sales), their counters moved with them.
    const coupons = await q<{ id: number }>(
      sql`select id from coupons where brand_id = ${brandId} order by id limit 3`,
    );
    for (let i = 0; i < 16 && coupons.length > 0; i += 1) {
      const coupon = pick(coupons, i);
      await tx.execute(sql`
        insert into coupon_uses (coupon_id, brand_id, customer_id, branch_id, sale_halalas, discount_halalas, used_at)
        values (${coupon.id}, ${brandId}, ${pick(diners, i + 2)}, ${pick(branches, i)}, ${6_000 + i * 500},
          ${500 + ((i * 300) % 2_000)}, ${at(1 + ((i * 3.5) % 55), 700)})`);
      await tx.execute(sql`update coupons set used_count = used_count + 1 where id = ${coupon.id}`);
    }

    // Punch cards filled by the demo diners' own completed orders (ones that punched no card yet).
    const [programme] = await q<{ id: number; count: number }>(sql`
      select id, items_count as count from punch_programmes where brand_id = ${brandId} order by id limit 1`);
    const done = programme
      ? await q<{ id: number; customerId: number; at: string }>(sql`
          select o.id, o.customer_id as "customerId", o.updated_at as at from orders o
          where o.brand_id = ${brandId} and o.customer_id is not null and o.status = 'delivered'
            and not exists (select 1 from punch_card_punches p where p.order_id = o.id)
          order by o.customer_id, o.created_at, o.id`)
      : [];
    const byDiner = new Map<number, { id: number; at: string }[]>();
    for (const o of done) byDiner.set(o.customerId, [...(byDiner.get(o.customerId) ?? []), o]);
    for (const [customerId, list] of [...byDiner.entries()].slice(0, 6)) {
      if (!programme) break;
      const used = list.slice(0, programme.count);
      const last = used[used.length - 1];
      if (!last) continue;
      const completed = new Date(last.at);
      const [card] = await q<{ id: number }>(sql`
        insert into punch_cards (brand_id, programme_id, customer_id, punches, items_count, started_at, expires_at,
          completed_at)
        values (${brandId}, ${programme.id}, ${customerId}, ${programme.count}, ${programme.count},
          ${new Date(completed.getTime() - 30 * DAY_MS)}, ${new Date(completed.getTime() + 30 * DAY_MS)}, ${completed})
        returning id`);
      for (const [k, o] of used.entries()) {
        const count = k === used.length - 1 ? programme.count - (used.length - 1) : 1;
        await tx.execute(sql`insert into punch_card_punches (card_id, order_id, count, at)
          values (${card?.id}, ${o.id}, ${count}, ${new Date(o.at)})`);
      }
    }

    // Wheel prizes: draws of the prize segments with room in their stock (their counters moved with them).
    const segments = await q<{ id: number; gameId: number; total: number }>(sql`
      select s.id, s.game_id as "gameId",
        (select sum(weight) from game_segments x where x.game_id = s.game_id)::int as total
      from game_segments s join games g on g.id = s.game_id
      where g.brand_id = ${brandId} and s.prize <> 'none' and (s.stock is null or s.stock - s.won >= 5)
      order by s.id limit 4`);
    for (let i = 0; i < 18 && segments.length > 0; i += 1) {
      const s = pick(segments, i);
      await tx.execute(sql`
        insert into game_draws (game_id, customer_id, segment_id, branch_id, random_value, total_weight, created_at)
        values (${s.gameId}, ${pick(diners, i)}, ${s.id}, ${pick(branches, i)}, 0, ${Math.max(1, s.total)},
          ${at(1 + ((i * 3) % 55), 800)})`);
      await tx.execute(sql`update game_segments set won = won + 1 where id = ${s.id}`);
    }

    // Referral leads at every stage (friends who joined are new diners).
    // A diner other than the demo's referral sample's referrer (whose page shows its own three friends).
    const [referrer] = (
      await q<{ id: number }>(sql`select c.id from customers c where c.brand_id = ${brandId}
        and not exists (select 1 from referral_codes r where r.customer_id = c.id)
        and not exists (select 1 from referral_leads l where l.referrer_id = c.id) order by c.id limit 1`)
    ).map((c) => c.id);
    // Active, converted and declined leads come from the demo's referral sample, whose orders moved them.
    for (let i = 0; referrer !== undefined && i < 8; i += 1) {
      const daysAgo = 3 + ((i * 5) % 50);
      const stage = i % 2; // 0 invited, 1 joined
      const phone = `+96655599${String(100 + i).padStart(4, '0')}`;
      let friend: number | null = null;
      if (stage >= 1) {
        const [row] = await q<{ id: number }>(sql`
          insert into customers (brand_id, phone, full_name, created_at)
          values (${brandId}, ${phone}, ${`Friend ${i + 1}`}, ${at(daysAgo - 1)})
          on conflict do nothing returning id`);
        friend = row?.id ?? null;
        if (friend === null) continue;
      }
      const status = stage === 0 ? 'pending' : 'joined';
      await tx.execute(sql`
        insert into referral_leads (brand_id, referrer_id, friend_phone, friend_id, status, created_at, joined_at,
          active_at, converted_at, declined_at)
        values (${brandId}, ${referrer}, ${phone}, ${friend}, ${status}, ${at(daysAgo)},
          ${stage >= 1 ? at(daysAgo - 1) : null}, null, null, null)
        on conflict do nothing`);
    }

    // Evaluations of visits: star answers to the form's rating questions; every fifth low, most low ones answered.
    const [form] = await q<{ id: number; threshold: number }>(sql`
      select id, low_rating_threshold as threshold from evaluation_forms where brand_id = ${brandId} order by id limit 1`);
    const questions = form
      ? await q<{ id: number }>(sql`select id from evaluation_questions where form_id = ${form.id} and kind = 'rating'
          and retired_at is null order by position, id`)
      : [];
    for (let i = 0; form && questions.length > 0 && i < 24; i += 1) {
      const low = i % 5 === 2;
      const ratings = questions.map((_, k) => (low ? 1 + ((i + k) % 2) : 3 + ((i + k) % 3)));
      const average = Math.round((ratings.reduce((s, r) => s + r, 0) * 100) / ratings.length);
      const daysAgo = 1 + ((i * 2.3) % 55);
      const created = at(daysAgo, 900);
      const answered = low && i % 3 !== 0 ? at(daysAgo, 900 + 45 + i * 5) : null;
      const answers = questions.map((question, k) => ({ questionId: question.id, kind: 'rating', rating: ratings[k] }));
      await tx.execute(sql`
        insert into evaluation_submissions (form_id, brand_id, branch_id, customer_id, visit_day, answers,
          average_rating_hundredths, is_low, apologized_at, created_at)
        values (${form.id}, ${brandId}, ${pick(branches, i)}, ${pick(diners, i)},
          ${created.toISOString().slice(0, 10)}, ${JSON.stringify(answers)}::jsonb, ${average},
          ${average <= form.threshold * 100}, ${answered}, ${created})
        on conflict do nothing`);
    }

    // Roll the brand up again from its first row (the job does it at start).
    await tx.execute(sql`delete from report_rollup_state where brand_id = ${brandId}`);
  });
}
