import { reportDashboard } from '@sufra/shared/schemas/reports';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Caller, caller } from '../../../test/accounts.ts';
import { STAFF } from '../../../test/fixture-brands.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { branches } from '../../db/schema/branches.ts';
import { monthsAndDays, type Scope } from './reports.repo.ts';
import { createReportsService, type ReportsService } from './reports.service.ts';
import { engagementRows } from './reports-engagement.repo.ts';
import { activeMembersRaw } from './reports-members.repo.ts';

/**
 * The dashboard's fast paths give the raw computation's numbers (issue 27, docs/adr/0720): active members from the
 * member bitmaps (daily and monthly) equal a count(distinct) over the period's orders, for periods inside a month,
 * across months, of whole months and of a year, brand-wide, a manager's branches and one branch; the level mix from
 * one range per level equals the per-diner "highest level reached". Pseudo-random orders over four months.
 */
describe('the dashboard figures from roll-ups equal the raw computation (docs/adr/0720)', () => {
  let t: TestApp;
  let reports: ReportsService;
  const now = new Date('2026-03-12T09:00:00Z');
  let owner: Caller;
  let manager: Caller;
  let brandA: number;
  let brandB: number;
  let aMain: number;
  let aClosed: number;
  let aThird: number;

  const rows = async <T>(query: ReturnType<typeof sql>) => (await t.db.execute(query)) as unknown as { rows: T[] };
  const staffCaller = async (who: { email: string; password: string }) => {
    const c = caller(t, { language: 'en' });
    expect((await c.call('POST', '/api/staff/auth/login/', who)).statusCode).toBe(200);
    return c;
  };
  const dashboard = async (c: Caller, query: string) => {
    const res = await c.call('GET', `/api/staff/manage/reports/dashboard/?${query}`);
    expect(res.statusCode).toBe(200);
    return reportDashboard.parse(res.json());
  };

  /** `count` orders of the brand from `start` every `everyMinutes`, diners, branches and statuses spread by i. */
  const addOrders = async (
    brandId: number,
    branchIds: number[],
    start: string,
    count: number,
    everyMinutes: number,
  ) => {
    await t.db.execute(sql`
      with c as (select array_agg(id order by id) ids from customers where brand_id = ${brandId}::int),
        b as (select ${sql.raw(`array[${branchIds.join(',')}]::int[]`)} ids)
      insert into orders (brand_id, branch_id, customer_id, number, order_type, status, payment_method, tax_mode,
        subtotal, branch_taxes, modifiers_taxes, charge_amount, charges_taxes, delivery_fee, taxes_price,
        total_discount, total, foodics_taxes, foodics_charges, foodics_total, created_at, status_times)
      select ${brandId}::int, b.ids[1 + (g * 7) % array_length(b.ids, 1)],
        case when g % 9 = 0 then null else c.ids[1 + (g * 13) % array_length(c.ids, 1)] end,
        700000 + g + (select count(*) from orders), 1, case when g % 11 = 0 then 'canceled' else 'delivered' end,
        'cash', 'inclusive', 1000, 0, 0, 0, 0, 0, 0, 0, 1000, 0, 0, 0, at,
        jsonb_build_object('sent_to_kitchen', at, 'ready', at + (3 + g % 17) * interval '1 minute')
      from generate_series(1, ${count}) g, c, b,
        lateral (select ${start}::timestamptz + g * ${everyMinutes} * interval '1 minute' as at) t`);
  };

  beforeAll(async () => {
    t = await createTestApp();
    reports = createReportsService({ db: t.db, databaseKind: t.database.kind, config: t.config, now: () => now });
    const a = t.seeded.get('test-brand-a');
    const b = t.seeded.get('test-brand-b');
    if (!a || !b) throw new Error('fixture brands not seeded');
    brandA = a.brandId;
    brandB = b.brandId;
    aMain = a.branchIds['a-main'] as number;
    aClosed = a.branchIds['a-closed'] as number;
    const [third] = await t.db
      .insert(branches)
      .values({ brandId: brandA, nameAr: 'الفرع الثالث', nameEn: 'Third branch', lat: 24.7, lng: 46.7 })
      .returning({ id: branches.id });
    aThird = third?.id as number;
    owner = await staffCaller(STAFF.aOwner);
    manager = await staffCaller(STAFF.aManager);
    // 60 diners of brand A with lifetime points from 0 to 5,900 (every level and below the lowest), 5 of brand B.
    await t.db.execute(sql`
      insert into customers (brand_id, phone, full_name, wallet_points, lifetime_points)
      select ${brandA}::int, '+96655507' || lpad(g::text, 4, '0'), 'Diner ' || g, g, (g - 1) * 100
      from generate_series(1, 60) g
      union all select ${brandB}::int, '+96655508' || lpad(g::text, 4, '0'), 'Diner B' || g, 0, 0
      from generate_series(1, 5) g`);
    // About 1,300 orders from 20 Nov 2025 to 10 Mar 2026, one every 131 minutes (every hour of the day lands, so
    // Riyadh's day differs from UTC's), and a few of brand B's on the same days.
    await addOrders(brandA, [aMain, aClosed, aThird], '2025-11-20T00:00:00Z', 1_300, 131);
    await addOrders(brandB, [b.branchIds['b-main'] as number], '2025-11-20T00:00:00Z', 200, 853);
    // One line per order of brand A: seven items, quantities 1-3 (the item ranking's figures).
    await t.db.execute(sql`
      insert into order_lines (order_id, position, kind, item_id, name_ar, name_en, quantity, unit_price_halalas,
        subtotal, tax, total, modifiers, slots)
      select id, 1, 'product', 1 + id % 7, 'صنف ' || (1 + id % 7), 'Item ' || (1 + id % 7), 1 + id % 3, 100,
        100 * (1 + id % 3), 0, 100 * (1 + id % 3), '[]'::jsonb, '[]'::jsonb
      from orders where brand_id = ${brandA}::int`);
    await reports.catchUpOnce();
  });
  afterAll(async () => {
    await t.close();
  });

  const PERIODS = [
    ['inside a month', '2026-03-01', '2026-03-07'],
    ['a whole month', '2026-02-01', '2026-02-28'],
    ['across month ends', '2026-01-20', '2026-02-10'],
    ['months with days at both ends', '2025-12-10', '2026-03-10'],
    ['twelve months', '2025-03-11', '2026-03-10'],
    ['one day', '2026-01-31', '2026-01-31'],
  ] as const;

  it.each(PERIODS)('active members %s: the bitmaps count what count(distinct) counts', async (_, from, to) => {
    const all: Scope = { brandId: brandA, branchIds: null };
    const cases = [
      { c: owner, query: '', scope: all },
      { c: manager, query: '', scope: { brandId: brandA, branchIds: [aMain, aClosed] } },
      { c: owner, query: `&branchId=${aThird}`, scope: { brandId: brandA, branchIds: [aThird] } },
    ];
    for (const { c, query, scope } of cases) {
      const d = await dashboard(c, `from=${from}&to=${to}${query}`);
      const raw = await activeMembersRaw(t.db, scope, from, to);
      const rawBefore = await activeMembersRaw(t.db, scope, d.previous.from, d.previous.to);
      expect([d.current.activeMembers, d.before.activeMembers]).toEqual([raw, rawBefore]);
    }
    // Not a vacuous equality: the fixture has members in the twelve months and the month.
    if (from === '2025-03-11') expect(await activeMembersRaw(t.db, all, from, to)).toBe(60);
  });

  it.each(PERIODS)(
    'hours and items %s: whole months from the monthly sums equal the raw orders',
    async (_, from, to) => {
      const d = await dashboard(owner, `from=${from}&to=${to}`);
      const bounds = sql`o.brand_id = ${brandA} and o.status <> 'canceled'
      and (o.created_at at time zone 'Asia/Riyadh')::date between ${from}::date and ${to}::date`;
      const hours = await rows<{ hour: number; orders: number }>(sql`
      select extract(hour from o.created_at at time zone 'Asia/Riyadh')::int as hour, count(*)::int as orders
      from orders o where ${bounds} group by 1 order by 1`);
      expect(d.hours.map((h) => ({ hour: h.hour, orders: h.orders }))).toEqual(hours.rows);
      const items = await rows<{ itemId: number; quantity: number }>(sql`
      select ol.item_id as "itemId", sum(ol.quantity)::int as quantity
      from orders o join order_lines ol on ol.order_id = o.id where ${bounds}
      group by 1 order by 2 desc, sum(ol.total - ol.tax) desc, 1`);
      expect(d.topItems.map((i) => ({ itemId: i.itemId, quantity: i.quantity }))).toEqual(items.rows.slice(0, 10));
      expect(d.bottomItems.map((i) => i.itemId)).toEqual(
        [...items.rows]
          .sort((a, b) => a.quantity - b.quantity || a.itemId - b.itemId)
          .slice(0, 10)
          .map((i) => i.itemId),
      );
    },
  );

  it.each(PERIODS)(
    'engagement rows %s: whole months from the monthly sums equal the daily rows',
    async (_, from, to) => {
      const scope: Scope = { brandId: brandA, branchIds: [aMain, aClosed] };
      const [fast = []] = await engagementRows(t.db, scope, [{ from, to }]);
      const daily = await rows<{ metric: string; branchId: number; key: number; count: number; amount: number }>(sql`
      select metric, branch_id as "branchId", key, sum(count)::int as count, sum(amount)::int as amount
      from report_engagement_daily
      where brand_id = ${brandA} and branch_id in (${aMain}, ${aClosed}) and day between ${from}::date and ${to}::date
      group by 1, 2, 3`);
      const order = (a: { metric: string; key: number; branchId: number | null }, b: typeof a) =>
        a.metric.localeCompare(b.metric) || a.key - b.key || (a.branchId ?? 0) - (b.branchId ?? 0);
      expect(daily.rows.length).toBeGreaterThan(0);
      expect([...fast].sort(order)).toEqual(
        daily.rows.map((r) => ({ ...r, branchId: Number(r.branchId) })).sort(order),
      );
    },
  );

  it('re-rolls a day a late order lands in: the day and its month count it', async () => {
    const scope: Scope = { brandId: brandA, branchIds: [aThird] };
    const before = await activeMembersRaw(t.db, scope, '2026-02-01', '2026-02-28');
    // A diner who never ordered at the third branch, on 14 February (a day already rolled).
    const fresh = await rows<{ id: number }>(sql`
      select c.id from customers c where c.brand_id = ${brandA} and not exists (
        select 1 from orders o where o.customer_id = c.id and o.branch_id = ${aThird} and o.status <> 'canceled'
          and o.created_at >= '2026-01-31T21:00:00Z' and o.created_at < '2026-02-28T21:00:00Z') limit 1`);
    expect(fresh.rows.length).toBe(1);
    await t.db.execute(sql`
      insert into orders (brand_id, branch_id, customer_id, number, order_type, status, payment_method, tax_mode,
        subtotal, branch_taxes, modifiers_taxes, charge_amount, charges_taxes, delivery_fee, taxes_price,
        total_discount, total, foodics_taxes, foodics_charges, foodics_total, created_at)
      values (${brandA}, ${aThird}, ${fresh.rows[0]?.id}, 990001, 1, 'delivered', 'cash', 'inclusive', 1000, 0, 0, 0,
        0, 0, 0, 0, 1000, 0, 0, 0, '2026-02-14T10:00:00Z')`);
    await reports.rollUp(brandA, '2026-02-14', '2026-02-14');
    const d = await dashboard(owner, `from=2026-02-01&to=2026-02-28&branchId=${aThird}`);
    expect(d.current.activeMembers).toBe(before + 1);
    expect(d.current.activeMembers).toBe(await activeMembersRaw(t.db, scope, '2026-02-01', '2026-02-28'));
  });

  it('rolls the member bitmaps up again to exactly the same rows', async () => {
    const bitmaps = async () =>
      (
        await rows(sql`
          select 'd' as t, branch_id, day::text as k, members::text as v from report_member_daily
            where brand_id = ${brandA}
          union all select 'm', branch_id, month::text, members::text from report_member_monthly
            where brand_id = ${brandA}
          union all select 'p', customer_id, position::text, '' from report_member_positions
            where brand_id = ${brandA}
          order by 1, 2, 3`)
      ).rows;
    const first = await bitmaps();
    expect(first.length).toBeGreaterThan(100);
    await reports.rollUp(brandA, '2025-11-19', '2026-03-12');
    expect(await bitmaps()).toEqual(first);
  });

  it("gives the level mix of the per-diner computation (the highest level each diner's lifetime points reach)", async () => {
    const raw = await rows<{ levelId: number | null; members: number }>(sql`
      select lv.id as "levelId", count(c.id)::int as members
      from customers c
      left join lateral (
        select l.id from loyalty_levels l
        where l.brand_id = c.brand_id and l.min_lifetime_points <= c.lifetime_points
        order by l.min_lifetime_points desc limit 1
      ) lv on true
      where c.brand_id = ${brandA}
      group by lv.id order by min(c.lifetime_points), lv.id`);
    expect(raw.rows.length).toBeGreaterThan(1);
    const d = await dashboard(owner, 'from=2026-03-01&to=2026-03-07');
    expect(d.loyalty.levels.map((l) => ({ levelId: l.levelId, members: l.members }))).toEqual(
      raw.rows.map((r) => ({ levelId: r.levelId === null ? null : Number(r.levelId), members: Number(r.members) })),
    );
  });

  it('splits a period into whole months and the days at either end', () => {
    expect(monthsAndDays('2026-03-01', '2026-03-07')).toEqual({ months: [], days: [['2026-03-01', '2026-03-07']] });
    expect(monthsAndDays('2026-02-01', '2026-02-28')).toEqual({ months: ['2026-02-01'], days: [] });
    expect(monthsAndDays('2025-12-10', '2026-03-10')).toEqual({
      months: ['2026-01-01', '2026-02-01'],
      days: [
        ['2025-12-10', '2025-12-31'],
        ['2026-03-01', '2026-03-10'],
      ],
    });
    expect(monthsAndDays('2024-02-29', '2024-03-31')).toEqual({
      months: ['2024-03-01'],
      days: [['2024-02-29', '2024-02-29']],
    });
  });
});
