import { reportDashboard, reportExportResponse } from '@sufra/shared/schemas/reports';
import { parse } from 'csv-parse/sync';
import { type SQL, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Caller, caller } from '../../../test/accounts.ts';
import { STAFF } from '../../../test/fixture-brands.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { orders } from '../../db/schema/orders.ts';
import { createReportsService, type ReportsService } from './reports.service.ts';

/**
 * The dashboard's engagement sections (issue 27 item 9, docs/adr/0630) on a hand-computed fixture: brand A's
 * branches in Riyadh (UTC+3), the period 2026-03-01..07 against 2026-02-22..28. The manager works at a-main and
 * a-closed, not at the third branch. Every expected figure is worked out by hand from the rows in beforeAll.
 */
describe('the console reports: times, redemptions, coupons, punch cards, wheel, referral, evaluations', () => {
  let t: TestApp;
  let reports: ReportsService;
  let now = new Date('2026-03-10T09:00:00Z');
  let owner: Caller;
  let ownerAr: Caller;
  let manager: Caller;
  let cashier: Caller;
  let brandA: number;
  let aMain: number;
  let aClosed: number;
  let aThird: number;
  let bMain: number;
  let noura: number;
  let gift: number;
  let food: number;
  let service: number;
  let form: number;
  let lowOrderNumber: number;
  let orderNumber = 7000;
  let code = 0;
  let phone = 0;

  const staffCaller = async (who: { email: string; password: string }, language = 'en') => {
    const c = caller(t, { language });
    expect((await c.call('POST', '/api/staff/auth/login/', who)).statusCode).toBe(200);
    return c;
  };
  const dashboardOf = async (c: Caller, query: string) => {
    const res = await c.call('GET', `/api/staff/manage/reports/dashboard/?${query}`);
    return { status: res.statusCode, d: res.statusCode === 200 ? reportDashboard.parse(res.json()).engagement : null };
  };
  const exportOf = async (c: Caller, query: string) => {
    const res = await c.call('GET', `/api/staff/manage/reports/export/?${query}`);
    if (res.statusCode !== 200) return { status: res.statusCode, rows: [] as string[][] };
    const body = reportExportResponse.parse(res.json());
    expect(body.csv.startsWith('\uFEFF')).toBe(true);
    return { status: 200, rows: parse(body.csv.slice(1)) as string[][] };
  };
  const one = async (q: SQL) => {
    const rows = (await t.db.execute(q)) as unknown as { rows: { id: number }[] };
    return Number(rows.rows[0]?.id);
  };
  /** An order placed at `at` whose statuses were reached `times` minutes after it. */
  const addOrder = async (
    brandId: number,
    branchId: number,
    at: string,
    times: Record<string, number>,
    o: { status?: string; orderType?: number } = {},
  ) => {
    orderNumber += 1;
    const placed = Date.parse(at);
    const statusTimes = Object.fromEntries(
      Object.entries(times).map(([s, m]) => [s, new Date(placed + m * 60_000).toISOString()]),
    );
    const [row] = await t.db
      .insert(orders)
      .values({
        brandId,
        branchId,
        number: orderNumber,
        orderType: o.orderType ?? 1,
        status: o.status ?? 'delivered',
        paymentMethod: 'cash',
        taxMode: 'inclusive',
        subtotal: 1_000,
        branchTaxes: 0,
        modifiersTaxes: 0,
        chargeAmount: 0,
        chargesTaxes: 0,
        deliveryFee: 0,
        taxesPrice: 0,
        totalDiscount: 0,
        total: 1_000,
        foodicsTaxes: 0,
        foodicsCharges: 0,
        foodicsTotal: 0,
        statusTimes,
        createdAt: new Date(at),
      })
      .returning({ id: orders.id, number: orders.number });
    return { id: row?.id as number, number: row?.number as number };
  };
  const customer = async () => {
    phone += 1;
    return one(sql`insert into customers (brand_id, phone, full_name)
      values (${brandA}, ${`+9665550800${String(phone).padStart(2, '0')}`}, ${`Diner ${phone}`}) returning id`);
  };
  const redemption = async (branchId: number, at: string, orderId: number | null = null) => {
    code += 1;
    await t.db.execute(sql`insert into customer_rewards (brand_id, customer_id, reward_id, source, code, valid_from,
        claimed_at, claimed_branch_id, claimed_order_id)
      values (${brandA}, ${noura}, ${gift}, 'prize', ${`RPT${String(code).padStart(5, '0')}`}, ${new Date('2026-01-01')},
        ${new Date(at)}, ${branchId}, ${orderId})`);
  };
  const couponUse = async (couponId: number, branchId: number, at: string, discount: number, released = false) => {
    await t.db.execute(sql`insert into coupon_uses (coupon_id, brand_id, branch_id, discount_halalas, used_at,
        released_at, sale_halalas)
      values (${couponId}, ${brandA}, ${branchId}, ${discount}, ${new Date(at)}, ${released ? new Date(at) : null}, 5000)`);
  };
  const punchCard = async (programme: number, completedAt: string | null, lastOrder: number) => {
    const card = await one(sql`insert into punch_cards (brand_id, programme_id, customer_id, punches, items_count,
        started_at, expires_at, completed_at)
      values (${brandA}, ${programme}, ${noura}, ${completedAt ? 2 : 1}, 2, ${new Date('2026-02-01')},
        ${new Date('2026-06-01')}, ${completedAt ? new Date(completedAt) : null}) returning id`);
    const punchAt = new Date(Date.parse(completedAt ?? '2026-03-02T00:00:00Z') - 60_000);
    await t.db.execute(sql`insert into punch_card_punches (card_id, order_id, count, at)
      values (${card}, null, 1, ${new Date('2026-02-02')}), (${card}, ${lastOrder}, 1, ${punchAt})`);
  };
  const draw = async (game: number, segment: number, branchId: number, at: string) => {
    await t.db.execute(sql`insert into game_draws (game_id, customer_id, segment_id, branch_id, random_value,
        total_weight, created_at)
      values (${game}, ${noura}, ${segment}, ${branchId}, 0, 10, ${new Date(at)})`);
  };
  const lead = async (stages: Partial<Record<'created' | 'joined' | 'active' | 'converted' | 'declined', string>>) => {
    const friend = stages.joined ? await customer() : null;
    phone += 1;
    const status = stages.declined
      ? 'declined'
      : stages.converted
        ? 'converted'
        : stages.active
          ? 'active'
          : stages.joined
            ? 'joined'
            : 'pending';
    const at = (s?: string) => (s ? new Date(s) : null);
    await t.db.execute(sql`insert into referral_leads (brand_id, referrer_id, friend_phone, friend_id, status,
        created_at, joined_at, active_at, converted_at, declined_at)
      values (${brandA}, ${noura}, ${`+9665550900${String(phone).padStart(2, '0')}`}, ${friend}, ${status},
        ${at(stages.created)}, ${at(stages.joined)}, ${at(stages.active)}, ${at(stages.converted)}, ${at(stages.declined)})`);
  };
  /** A submission with star answers (question → stars); low when its average is 2 or less, as the form says. */
  const evaluation = async (
    branchId: number,
    at: string,
    ratings: [number, number][],
    o: { orderId?: number; apologizedAt?: string } = {},
  ) => {
    const who = await customer();
    const answers = ratings.map(([questionId, rating]) => ({ questionId, kind: 'rating', rating }));
    const avg = Math.round((ratings.reduce((s, [, r]) => s + r, 0) * 100) / ratings.length);
    await t.db.execute(sql`insert into evaluation_submissions (form_id, brand_id, branch_id, customer_id, order_id,
        visit_day, answers, average_rating_hundredths, is_low, apologized_at, created_at)
      values (${form}, ${brandA}, ${branchId}, ${who}, ${o.orderId ?? null}, ${o.orderId ? null : at.slice(0, 10)},
        ${JSON.stringify(answers)}::jsonb, ${avg}, ${avg <= 200}, ${o.apologizedAt ? new Date(o.apologizedAt) : null},
        ${new Date(at)})`);
  };

  beforeAll(async () => {
    t = await createTestApp();
    reports = createReportsService({ db: t.db, databaseKind: t.database.kind, config: t.config, now: () => now });
    const a = t.seeded.get('test-brand-a');
    const b = t.seeded.get('test-brand-b');
    if (!a || !b) throw new Error('fixture brands not seeded');
    brandA = a.brandId;
    aMain = a.branchIds['a-main'] as number;
    aClosed = a.branchIds['a-closed'] as number;
    bMain = b.branchIds['b-main'] as number;
    aThird = await one(sql`insert into branches (brand_id, name_ar, name_en, lat, lng)
      values (${brandA}, 'الفرع الثالث', 'Third branch', 24.7, 46.7) returning id`);
    owner = await staffCaller(STAFF.aOwner);
    ownerAr = await staffCaller(STAFF.aOwner, 'ar');
    manager = await staffCaller(STAFF.aManager);
    cashier = await staffCaller(STAFF.aCashier);
    noura = await customer();
    gift = await one(sql`select id from rewards where brand_id = ${brandA} and name_en = 'Gift'`);
    form = await one(sql`select id from evaluation_forms where brand_id = ${brandA} order by id limit 1`);
    food = await one(
      sql`select id from evaluation_questions where form_id = ${form} and kind = 'rating' order by position limit 1`,
    );
    service = await one(sql`insert into evaluation_questions (form_id, kind, label_ar, label_en, position)
      values (${form}, 'rating', 'الخدمة', 'Service', 99) returning id`);

    // Times (minutes after placement). Prep is sent → ready; delivery is placement → delivered (delivery orders).
    const o1 = await addOrder(brandA, aMain, '2026-03-02T09:00:00Z', { sent_to_kitchen: 2, ready: 14, delivered: 20 });
    const o2 = await addOrder(brandA, aMain, '2026-03-03T10:00:00Z', { sent_to_kitchen: 1, ready: 6, delivered: 9 });
    lowOrderNumber = o2.number;
    await addOrder(
      brandA,
      aMain,
      '2026-03-04T11:00:00Z',
      { sent_to_kitchen: 0, ready: 30, delivered: 50 },
      { orderType: 3 },
    );
    // 7.5 minutes rounds to 8.
    await addOrder(
      brandA,
      aClosed,
      '2026-03-05T12:00:00Z',
      { sent_to_kitchen: 0.5, ready: 8, delivered: 40 },
      { orderType: 3 },
    );
    const o5 = await addOrder(
      brandA,
      aThird,
      '2026-03-03T10:00:00Z',
      { sent_to_kitchen: 0, ready: 20 },
      { status: 'ready' },
    );
    // Canceled after the kitchen had it ready: no time counted. Before the period: 9 minutes. Brand B: 99.
    await addOrder(
      brandA,
      aMain,
      '2026-03-06T10:00:00Z',
      { sent_to_kitchen: 0, ready: 45, canceled: 50 },
      { status: 'canceled' },
    );
    const before = await addOrder(brandA, aMain, '2026-02-25T10:00:00Z', {
      sent_to_kitchen: 0,
      ready: 9,
      delivered: 10,
    });
    await addOrder(t.seeded.get('test-brand-b')?.brandId as number, bMain, '2026-03-03T10:00:00Z', {
      sent_to_kitchen: 0,
      ready: 99,
    });

    // Counter redemptions: two at a-main, one at a-closed, one at the third branch; one used in an order (not
    // counted); one before the period at a-main.
    await redemption(aMain, '2026-03-02T08:00:00Z');
    await redemption(aMain, '2026-03-06T08:00:00Z');
    await redemption(aClosed, '2026-03-03T08:00:00Z');
    await redemption(aThird, '2026-03-03T08:00:00Z');
    await redemption(aMain, '2026-03-04T08:00:00Z', o1.id);
    await redemption(aMain, '2026-02-27T08:00:00Z');

    // Coupons: SPRING twice (20 + 15 SAR) and once given back, VIP once (50 SAR) at the third branch; one before.
    const spring = await one(sql`insert into coupons (brand_id, code, name_ar, name_en, kind, amount_halalas)
      values (${brandA}, 'SPRING', 'الربيع', 'Spring', 'fixed', 2000) returning id`);
    const vip = await one(sql`insert into coupons (brand_id, code, name_ar, name_en, kind, amount_halalas)
      values (${brandA}, 'VIP', 'كبار', 'VIP', 'fixed', 5000) returning id`);
    await couponUse(spring, aMain, '2026-03-02T10:00:00Z', 2_000);
    await couponUse(spring, aClosed, '2026-03-04T10:00:00Z', 1_500);
    await couponUse(spring, aMain, '2026-03-03T10:00:00Z', 2_000, true);
    await couponUse(vip, aThird, '2026-03-05T10:00:00Z', 5_000);
    await couponUse(spring, aMain, '2026-02-26T10:00:00Z', 1_000);

    // Punch cards: completed by an a-main order and by a third-branch order; one open; one completed before.
    const programme = await one(sql`insert into punch_programmes (brand_id, name_ar, name_en, item_ids, items_count,
        days_to_complete, reward_id)
      values (${brandA}, 'بطاقة القهوة', 'Coffee card', '{1}', 2, 30, ${gift}) returning id`);
    await punchCard(programme, '2026-03-03T12:00:00Z', o2.id);
    await punchCard(programme, '2026-03-06T12:00:00Z', o5.id);
    await punchCard(programme, null, o1.id);
    await punchCard(programme, '2026-02-24T12:00:00Z', before.id);

    // The wheel (the brand's): a gift with 2 a day and 10 in stock, "try again", 50 points without limits.
    const game = await one(sql`insert into games (brand_id, kind, name_ar, name_en)
      values (${brandA}, 'wheel', 'العجلة', 'The wheel') returning id`);
    const segment = (position: number, prize: string, extra: SQL) =>
      one(sql`insert into game_segments (game_id, position, label_ar, label_en, color, prize, reward_id, points, weight,
          daily_budget, stock, won)
        values (${game}, ${position}, ${`ج${position}`}, ${`Prize ${position}`}, '#aa0000', ${prize}, ${extra}) returning id`);
    const giftSegment = await segment(1, 'reward', sql`${gift}, null, 5, 2, 10, 3`);
    const tryAgain = await segment(2, 'none', sql`null, null, 3, null, null, 0`);
    const pointsSegment = await segment(3, 'points', sql`null, 50, 2, null, null, 1`);
    await draw(game, giftSegment, aMain, '2026-03-02T12:00:00Z');
    await draw(game, giftSegment, aClosed, '2026-03-05T12:00:00Z');
    await draw(game, tryAgain, aMain, '2026-03-03T12:00:00Z');
    await draw(game, pointsSegment, aThird, '2026-03-04T12:00:00Z');
    await draw(game, giftSegment, aMain, '2026-02-23T12:00:00Z');

    // Referral leads: each stage counted on the day it was reached.
    await lead({
      created: '2026-03-01T10:00:00Z',
      joined: '2026-03-02T10:00:00Z',
      active: '2026-03-03T10:00:00Z',
      converted: '2026-03-04T10:00:00Z',
    });
    await lead({ created: '2026-03-02T10:00:00Z', joined: '2026-03-05T10:00:00Z' });
    await lead({
      created: '2026-02-25T10:00:00Z',
      joined: '2026-02-26T10:00:00Z',
      converted: '2026-03-03T10:00:00Z',
      declined: '2026-03-06T10:00:00Z',
    });
    await lead({ created: '2026-03-06T10:00:00Z' });

    // Evaluations: Food and Service stars. Low (average ≤ 2) at a-main on o2, answered 90 minutes later; low at
    // a-closed, not answered; one before the period answered on 1 March (7,200 minutes later).
    await evaluation(aMain, '2026-03-02T12:00:00Z', [
      [food, 5],
      [service, 4],
    ]);
    await evaluation(
      aMain,
      '2026-03-03T12:00:00Z',
      [
        [food, 1],
        [service, 2],
      ],
      { orderId: o2.id, apologizedAt: '2026-03-03T13:30:00Z' },
    );
    await evaluation(aClosed, '2026-03-05T12:00:00Z', [
      [food, 2],
      [service, 1],
    ]);
    await evaluation(aThird, '2026-03-04T12:00:00Z', [[food, 3]]);
    await evaluation(
      aMain,
      '2026-02-24T12:00:00Z',
      [
        [food, 1],
        [service, 1],
      ],
      { apologizedAt: '2026-03-01T12:00:00Z' },
    );
    await reports.catchUpOnce();
  });
  afterAll(async () => {
    await t.close();
  });

  const PERIOD = 'from=2026-03-01&to=2026-03-07';

  it('gives median and p90 preparation and delivery times per branch and overall, beside the previous period', async () => {
    const { d } = await dashboardOf(owner, PERIOD);
    // Prep minutes 12, 5, 30, 8 and 20: the median is the 3rd of five (12), p90 the 5th (30).
    expect(d?.times.prep).toEqual({
      current: { orders: 5, medianMinutes: 12, p90Minutes: 30 },
      before: { orders: 1, medianMinutes: 9, p90Minutes: 9 },
    });
    // Delivery orders only, placement to delivered: 50 and 40.
    expect(d?.times.delivery.current).toEqual({ orders: 2, medianMinutes: 40, p90Minutes: 50 });
    expect(d?.times.branches.map((b) => [b.branchId, b.prep, b.delivery.medianMinutes])).toEqual([
      [aMain, { orders: 3, medianMinutes: 12, p90Minutes: 30 }, 50],
      [aClosed, { orders: 1, medianMinutes: 8, p90Minutes: 8 }, 40],
      [aThird, { orders: 1, medianMinutes: 20, p90Minutes: 20 }, null],
    ]);
  });

  it('counts counter redemptions per branch, coupon uses and their cost per coupon', async () => {
    const { d } = await dashboardOf(owner, PERIOD);
    expect(d?.redemptions.total).toEqual({ current: 4, before: 1 });
    expect(d?.redemptions.branches.map((b) => [b.name.en, b.redemptions, b.before])).toEqual([
      ['Branch a-main', 2, 1],
      [expect.any(String), 1, 0],
      ['Third branch', 1, 0],
    ]);
    expect(d?.coupons.uses).toEqual({ current: 3, before: 1 });
    expect(d?.coupons.cost).toEqual({ currentHalalas: 8_500, beforeHalalas: 1_000 });
    expect(d?.coupons.coupons.map((c) => [c.code, c.name.en, c.uses, c.discountHalalas])).toEqual([
      ['VIP', 'VIP', 1, 5_000],
      ['SPRING', 'Spring', 2, 3_500],
    ]);
  });

  it('counts punch cards completed and wheel prizes given against their budget and stock', async () => {
    const { d } = await dashboardOf(owner, PERIOD);
    expect(d?.punchCards.completed).toEqual({ current: 2, before: 1 });
    expect(d?.punchCards.programmes).toEqual([
      { programmeId: expect.any(Number), name: { ar: 'بطاقة القهوة', en: 'Coffee card' }, completed: 2 },
    ]);
    expect(d?.wheel.given).toEqual({ current: 3, before: 1 });
    expect(
      d?.wheel.segments.map((s) => [s.label.en, s.given, s.dailyBudget, s.periodBudget, s.stock, s.wonToDate]),
    ).toEqual([
      ['Prize 1', 2, 2, 14, 10, 3],
      ['Prize 3', 1, null, null, null, 1],
    ]);
  });

  it('gives the referral funnel by the day each stage was reached, on the whole brand only', async () => {
    const { d } = await dashboardOf(owner, PERIOD);
    expect(d?.referral.counted).toBe(true);
    expect(d?.referral.stages).toEqual([
      { stage: 'invited', count: 3, before: 1 },
      { stage: 'joined', count: 2, before: 1 },
      { stage: 'active', count: 1, before: 0 },
      { stage: 'converted', count: 2, before: 0 },
      { stage: 'declined', count: 1, before: 0 },
    ]);
    const m = await dashboardOf(manager, PERIOD);
    expect(m.d?.referral.counted).toBe(false);
    expect(m.d?.referral.stages.every((s) => s.count === 0 && s.before === 0)).toBe(true);
  });

  it('averages star answers per question and branch, and counts low ratings and their answers', async () => {
    const { d } = await dashboardOf(owner, PERIOD);
    // 5 + 4 + 1 + 2 + 2 + 1 + 3 = 18 stars over 7 answers; before: 1 + 1 over 2.
    expect(d?.evaluations.average).toEqual({ current: 257, before: 100 });
    expect(d?.evaluations.questions.map((q) => [q.label.en, q.branchId, q.answers, q.averageHundredths])).toEqual([
      ['Food', aMain, 2, 300],
      ['Food', aClosed, 1, 200],
      ['Food', aThird, 1, 300],
      ['Service', aMain, 2, 300],
      ['Service', aClosed, 1, 100],
    ]);
    // Answered in the period: 90 and 7,200 minutes after the rating.
    expect(d?.evaluations.low).toEqual({
      received: { current: 2, before: 1 },
      answered: { current: 2, before: 0 },
      averageAnswerMinutes: 3_645,
    });
    expect(
      d?.evaluations.lowRatings.map((l) => [l.branchId, l.averageHundredths, l.orderNumber, l.answeredAt]),
    ).toEqual([
      [aClosed, 150, null, null],
      [aMain, 150, lowOrderNumber, '2026-03-03T13:30:00.000Z'],
    ]);
  });

  it("gives a manager their branches' figures only, and one branch when asked", async () => {
    const { d } = await dashboardOf(manager, PERIOD);
    expect(d?.times.prep.current).toEqual({ orders: 4, medianMinutes: 8, p90Minutes: 30 });
    expect(d?.times.branches.map((b) => b.branchId)).toEqual([aMain, aClosed]);
    expect(d?.redemptions.total.current).toBe(3);
    expect(d?.coupons.coupons.map((c) => [c.code, c.uses])).toEqual([['SPRING', 2]]);
    expect(d?.punchCards.completed.current).toBe(1);
    // The brand's wheel is listed (it plays at their branches); only their branches' prizes are counted.
    expect(d?.wheel.segments.map((s) => [s.label.en, s.given])).toEqual([
      ['Prize 1', 2],
      ['Prize 3', 0],
    ]);
    expect(d?.evaluations.average.current).toBe(250);
    expect(d?.evaluations.lowRatings.map((l) => l.branchId)).toEqual([aClosed, aMain]);
    const closed = await dashboardOf(manager, `${PERIOD}&branchId=${aClosed}`);
    expect(closed.d?.times.prep.current.orders).toBe(1);
    expect(closed.d?.coupons.cost.currentHalalas).toBe(1_500);
    expect(closed.d?.evaluations.low.answered.current).toBe(0);
  });

  it("refuses another branch's or brand's id for the new tables, and a cashier", async () => {
    expect((await exportOf(manager, `${PERIOD}&table=coupons&branchId=${aThird}`)).status).toBe(404);
    expect((await exportOf(owner, `${PERIOD}&table=wheel&branchId=${bMain}`)).status).toBe(404);
    expect((await exportOf(cashier, `${PERIOD}&table=lowRatings`)).status).toBe(403);
    const managerCoupons = await exportOf(manager, `${PERIOD}&table=coupons`);
    expect(managerCoupons.rows).toEqual([
      ['Coupon', 'Code', 'Uses', 'Cost (SAR)'],
      ['Spring', 'SPRING', '2', '35.00'],
    ]);
  });

  it('exports each new table as CSV in the caller language that reads back to the figures', async () => {
    const coupons = await exportOf(ownerAr, `${PERIOD}&table=coupons`);
    expect(coupons.rows).toEqual([
      ['القسيمة', 'الرمز', 'الاستخدامات', 'التكلفة (ر.س)'],
      ['كبار', 'VIP', '1', '50.00'],
      ['الربيع', 'SPRING', '2', '35.00'],
    ]);
    const low = await exportOf(owner, `${PERIOD}&table=lowRatings`);
    expect(low.rows).toEqual([
      ['Time', 'Branch', 'Order', 'Average', 'Answered'],
      ['2026-03-05 15:00', expect.any(String), '', '1.50', 'Not answered'],
      ['2026-03-03 15:00', 'Branch a-main', String(lowOrderNumber), '1.50', '2026-03-03 16:30'],
    ]);
    const referral = await exportOf(owner, `${PERIOD}&table=referral`);
    expect(referral.rows[4]).toEqual(['Converted', '2', '0']);
    const summary = await exportOf(owner, `${PERIOD}&table=summary`);
    expect(summary.rows.find((r) => r[0] === 'Median preparation (min)')).toEqual([
      'Median preparation (min)',
      '12',
      '9',
    ]);
    expect(summary.rows.find((r) => r[0] === 'Coupon cost (SAR)')).toEqual(['Coupon cost (SAR)', '85.00', '10.00']);
    for (const table of ['times', 'redemptions', 'punchCards', 'wheel', 'evaluations']) {
      const { status, rows } = await exportOf(owner, `${PERIOD}&table=${table}`);
      expect(status).toBe(200);
      expect(rows.length).toBeGreaterThan(1);
    }
  });

  it('rolls the range up again to the same rows, and equals a recompute from nothing', async () => {
    const rows = async () =>
      (
        (await t.db.execute(sql`select branch_id, day::text, metric, key, count, amount from report_engagement_daily
          where brand_id = ${brandA} order by day, metric, key, branch_id nulls first`)) as unknown as {
          rows: unknown[];
        }
      ).rows;
    const first = await rows();
    expect(first.length).toBeGreaterThan(20);
    await reports.rollUp(brandA, '2026-02-20', '2026-03-10');
    expect(await rows()).toEqual(first);
    await t.db.execute(sql`delete from report_engagement_daily where brand_id = ${brandA}`);
    await t.db.execute(sql`delete from report_rollup_state where brand_id = ${brandA}`);
    await reports.catchUpOnce();
    expect(await rows()).toEqual(first);
  });

  it('catches up after downtime: an answer and a prize given while the job was down are counted', async () => {
    await t.db.execute(sql`update evaluation_submissions set apologized_at = ${new Date('2026-03-12T09:00:00Z')}
      where brand_id = ${brandA} and branch_id = ${aClosed} and is_low`);
    const game = await one(sql`select id from games where brand_id = ${brandA}`);
    const segment = await one(sql`select id from game_segments where game_id = ${game} and position = 1`);
    await draw(game, segment, aMain, '2026-03-12T10:00:00Z');
    const week = 'from=2026-03-08&to=2026-03-14';
    expect((await dashboardOf(owner, week)).d?.wheel.given.current).toBe(0);
    now = new Date('2026-03-14T09:00:00Z');
    await reports.catchUpOnce();
    const fresh = await dashboardOf(owner, week);
    expect(fresh.d?.wheel.given.current).toBe(1);
    expect(fresh.d?.evaluations.low.answered.current).toBe(1);
  });
});
