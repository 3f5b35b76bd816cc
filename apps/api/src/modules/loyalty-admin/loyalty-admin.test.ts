import { loyaltyAccountSchema, loyaltyProgrammeSchema, pointsHistorySchema } from '@sufra/shared/schemas/loyalty';
import {
  type LevelInput,
  levelsPreview,
  loyaltyLevelsAdmin,
  loyaltyRulesAdmin,
  referralRulesAdmin,
} from '@sufra/shared/schemas/loyalty-admin';
import { orderSchema } from '@sufra/shared/schemas/order';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Caller, caller } from '../../../test/accounts.ts';
import { STAFF, UUID } from '../../../test/fixture-brands.ts';
import { diner, type MenuIds, menuIds, placeOrder } from '../../../test/orders.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';

const RULES = '/api/staff/manage/loyalty/rules/';
const LEVELS = '/api/staff/manage/loyalty/levels/';
const REFERRAL = '/api/staff/manage/loyalty/referral/';

describe('the loyalty programme in the console (issue 27 items 1, 2, 6)', () => {
  let t: TestApp;
  let ids: MenuIds;
  let owner: Caller;
  let manager: Caller;
  let cashier: Caller;
  let otherBrand: Caller;
  let brandA: number;
  /** A diner with 1,050 lifetime points (the rules' first test), past the demo's Silver level. */
  let veteran: Caller;

  const staffCaller = async (who: { email: string; password: string }, language = 'en') => {
    const c = caller(t, { language });
    expect((await c.call('POST', '/api/staff/auth/login/', who)).statusCode).toBe(200);
    return c;
  };
  const readRules = async (c: Caller = owner) => loyaltyRulesAdmin.parse((await c.call('GET', RULES)).json());
  const rulesBody = async (change: Record<string, unknown> = {}) => {
    const read = await readRules();
    return { ...read.rules, version: read.version, ...change };
  };
  const readLevels = async (c: Caller = owner) => loyaltyLevelsAdmin.parse((await c.call('GET', LEVELS)).json());
  const asInput = (levels: Awaited<ReturnType<typeof readLevels>>['levels']): LevelInput[] =>
    levels.map(({ diners: _diners, ...l }) => l);
  const readReferral = async (c: Caller = owner) => referralRulesAdmin.parse((await c.call('GET', REFERRAL)).json());

  const move = (id: number, to: string) => cashier.call('PATCH', `/api/staff/orders/${id}/status/`, { to });
  /** A cash pickup order of one small kabsa (SAR 35). */
  const order = async (c: Caller, orderType = 2) => {
    const res = await placeOrder(c, UUID.aMain, {
      orderType,
      paymentMethod: 'cash',
      ...(orderType === 1 ? {} : {}),
      lines: [{ kind: 'product', itemId: ids.item('kabsa'), quantity: 1, modifiers: [ids.option('Size', 'Small')] }],
    });
    expect(res.statusCode, res.body).toBe(201);
    return orderSchema.parse(res.json());
  };
  const complete = async (id: number) => {
    for (const to of ['sent_to_kitchen', 'ready', 'delivered']) expect((await move(id, to)).statusCode).toBe(200);
  };
  const account = async (c: Caller) =>
    loyaltyAccountSchema.parse((await c.call('GET', `/api/loyalty/${UUID.aMain}/me/`)).json());
  const auditRows = (objectType: string) =>
    t.database.query<{ action: string; object_id: string; before: unknown; after: unknown }>(
      'select action, object_id, before, after from audit_log where brand_id = $1 and object_type = $2 order by id',
      [brandA, objectType],
    );

  beforeAll(async () => {
    t = await createTestApp();
    brandA = t.seeded.get('test-brand-a')?.brandId as number;
    ids = await menuIds(t, UUID.aMain);
    owner = await staffCaller(STAFF.aOwner);
    manager = await staffCaller(STAFF.aManager);
    cashier = await staffCaller(STAFF.aCashier);
    otherBrand = await staffCaller(STAFF.bManager);
  });
  afterAll(async () => {
    await t.close();
  });

  describe('rules', () => {
    it("shows the owner the brand's rule, its version and branches; a manager reads it without the right to save", async () => {
      const read = await readRules();
      expect(read.rules).toMatchObject({
        earnPointsPerSar: 10,
        pointValueHalalas: 5,
        earnOrderTypes: [1, 2, 3],
        earnBranchIds: null,
      });
      expect(read.version).toBe(1);
      expect(read.canEdit).toBe(true);
      expect(read.branches.length).toBeGreaterThan(0);
      expect((await readRules(manager)).canEdit).toBe(false);
    });

    it('refuses a cashier, and a manager and a cashier saving', async () => {
      expect((await cashier.call('GET', RULES)).statusCode).toBe(403);
      const body = await rulesBody({ earnPointsPerSar: 99 });
      expect((await manager.call('PUT', RULES, body)).statusCode).toBe(403);
      expect((await cashier.call('PUT', RULES, body)).statusCode).toBe(403);
      expect((await readRules()).rules?.earnPointsPerSar).toBe(10);
    });

    it("answers another brand's staff with their own brand's programme, never this one", async () => {
      const theirs = await readRules(otherBrand);
      expect(theirs.branches.map((b) => b.id)).not.toContain((await readRules()).branches[0]?.id);
    });

    it('keeps what an order placed before a change earns; an order placed after earns by the new rule', async () => {
      const me = await diner(t, UUID.aMain, '+966500002701');
      veteran = me;
      const before = await order(me);
      const res = await owner.call('PUT', RULES, await rulesBody({ earnPointsPerSar: 20 }));
      expect(res.statusCode, res.body).toBe(200);
      expect(loyaltyRulesAdmin.parse(res.json())).toMatchObject({ version: 2, rules: { earnPointsPerSar: 20 } });
      const after = await order(me);
      // Both completed after the change: the first by the rule it was placed under (SAR 35 × 10), the second × 20.
      await complete(before.id);
      await complete(after.id);
      const history = pointsHistorySchema.parse(
        (await me.call('GET', `/api/loyalty/${UUID.aMain}/me/history/`)).json(),
      );
      const earned = Object.fromEntries(history.entries.map((e) => [e.orderId, e.points]));
      expect(earned[before.id]).toBe(350);
      expect(earned[after.id]).toBe(700);
      // The diner's pages read the new rule.
      const programme = loyaltyProgrammeSchema.parse(
        (await me.call('GET', `/api/loyalty/${UUID.aMain}/programme/`)).json(),
      );
      expect(programme.rules.earnPointsPerSar).toBe(20);
    });

    it('records each save in the audit log with the rule before and after', async () => {
      const rows = await auditRows('loyalty_rules');
      expect(rows.at(-1)).toMatchObject({
        action: 'update',
        object_id: String(brandA),
        before: expect.objectContaining({ earnPointsPerSar: 10 }),
        after: expect.objectContaining({ earnPointsPerSar: 20 }),
      });
    });

    it('earns only on the order types and branches the rule names', async () => {
      const read = await readRules();
      const [main] = await t.database.query<{ branch_id: number }>('select branch_id from qr_codes where uuid = $1', [
        UUID.aMain,
      ]);
      const otherBranch = read.branches.find((b) => b.id !== main?.branch_id)?.id;
      expect(otherBranch).toBeDefined();
      const me = await diner(t, UUID.aMain, '+966500002702');
      expect((await owner.call('PUT', RULES, await rulesBody({ earnOrderTypes: [1, 3] }))).statusCode).toBe(200);
      const pickup = await order(me, 2);
      await complete(pickup.id);
      expect((await account(me)).walletPoints).toBe(0);
      const res = await owner.call(
        'PUT',
        RULES,
        await rulesBody({ earnOrderTypes: [2], earnBranchIds: [otherBranch] }),
      );
      expect(res.statusCode, res.body).toBe(200);
      const elsewhere = await order(me, 2);
      await complete(elsewhere.id);
      expect((await account(me)).walletPoints).toBe(0);
      expect(
        (await owner.call('PUT', RULES, await rulesBody({ earnOrderTypes: [1, 2, 3], earnBranchIds: null })))
          .statusCode,
      ).toBe(200);
      const counted = await order(me, 2);
      await complete(counted.id);
      expect((await account(me)).walletPoints).toBe(700);
    });

    it('refuses limits that contradict each other, a past expiry date and figures past the bounds, writing nothing', async () => {
      const version = (await readRules()).version;
      const ar = caller(t, { language: 'ar' });
      await ar.call('POST', '/api/staff/auth/login/', STAFF.aOwner);
      const below = await ar.call(
        'PUT',
        RULES,
        await rulesBody({ minPointsPerRedemption: 500, maxPointsPerTransaction: 100 }),
      );
      expect(below.statusCode).toBe(422);
      expect(below.json()).toMatchObject({
        error: {
          code: 'loyalty_max_below_min',
          message: 'الحد الأقصى للطلب أقل من الحد الأدنى للاستبدال',
        },
      });
      const daily = await owner.call(
        'PUT',
        RULES,
        await rulesBody({ minPointsPerRedemption: 100, maxPointsPerDay: 50 }),
      );
      expect(daily.json()).toMatchObject({ error: { code: 'loyalty_daily_below_min' } });
      const past = await owner.call('PUT', RULES, await rulesBody({ expiry: { kind: 'date', on: '2020-01-01' } }));
      expect(past.statusCode).toBe(422);
      expect(past.json()).toMatchObject({ error: { code: 'loyalty_expiry_date_past' } });
      for (const change of [
        { maxPointsPerDay: 2_147_483_648 },
        { earnPointsPerSar: -1 },
        { earnOrderTypes: [] },
        { earnOrderTypes: [4] },
        { expiry: { kind: 'days', days: 0 } },
      ]) {
        expect((await owner.call('PUT', RULES, await rulesBody(change))).statusCode, JSON.stringify(change)).toBe(400);
      }
      expect((await readRules()).version).toBe(version);
    });

    it("refuses another brand's branch named inside the body", async () => {
      const [theirs] = await t.database.query<{ id: number }>(
        'select id from branches where brand_id <> $1 order by id limit 1',
        [brandA],
      );
      const res = await owner.call('PUT', RULES, await rulesBody({ earnBranchIds: [theirs?.id] }));
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({ error: { code: 'branch_not_found' } });
    });

    it('answers a save at a stale version with 409 and both values', async () => {
      const stale = await rulesBody({ earnPointsPerSar: 30 });
      expect((await owner.call('PUT', RULES, await rulesBody({ earnPointsPerSar: 25 }))).statusCode).toBe(200);
      const res = await owner.call('PUT', RULES, stale);
      expect(res.statusCode).toBe(409);
      expect(res.json()).toMatchObject({
        error: {
          code: 'edit_conflict',
          details: { theirs: { earnPointsPerSar: 25, version: stale.version + 1 }, yours: { earnPointsPerSar: 30 } },
        },
      });
    });

    it('keeps a fixed expiry date, shown to the diner as their points expiry date', async () => {
      const res = await owner.call('PUT', RULES, await rulesBody({ expiry: { kind: 'date', on: '2099-12-31' } }));
      expect(res.statusCode, res.body).toBe(200);
      expect(loyaltyRulesAdmin.parse(res.json()).rules?.expiry).toEqual({ kind: 'date', on: '2099-12-31' });
      const me = await diner(t, UUID.aMain, '+966500002703');
      const placed = await order(me);
      await complete(placed.id);
      // Riyadh's midnight of that date.
      expect((await account(me)).nextExpiryAt).toBe('2099-12-30T21:00:00.000Z');
      // The rules list says the date rather than "never expire".
      const rules = (await caller(t).call('GET', `/api/loyalty/${UUID.aMain}/programme/`)).json().rules;
      expect(rules).toMatchObject({ expiryDays: null, expiresOn: '2099-12-31' });
    });
  });

  describe('levels', () => {
    it('shows the levels with the diners in each now', async () => {
      const read = await readLevels();
      expect(read.levels.map((l) => l.minLifetimePoints)).toEqual([0, 1_500, 5_000]);
      expect(read.levels.reduce((sum, l) => sum + l.diners, 0)).toBeGreaterThan(0);
      expect(read.levels[0]?.diners).toBeGreaterThan(0);
      expect((await readLevels(manager)).canEdit).toBe(false);
      expect((await cashier.call('GET', LEVELS)).statusCode).toBe(403);
    });

    it('previews how many diners a change would move, writing nothing', async () => {
      const read = await readLevels();
      const everyone = read.levels.reduce((sum, l) => sum + l.diners, 0);
      // A new first level from 0 moves everyone below Silver into it (Bronze starts at 1,000 in the proposal).
      const proposal = [
        {
          id: null,
          name: { ar: 'جديد', en: 'Starter' },
          minLifetimePoints: 0,
          multiplierBasisPoints: 10_000,
          perks: { ar: [], en: [] },
        },
        ...asInput(read.levels).map((l, i) => (i === 0 ? { ...l, minLifetimePoints: 1_000 } : l)),
      ];
      const res = await manager.call('POST', `${LEVELS}preview/`, { levels: proposal, version: read.version });
      expect(res.statusCode, res.body).toBe(200);
      const preview = levelsPreview.parse(res.json());
      expect(preview.total).toBe(everyone);
      expect(preview.levels[0]?.diners).toBeGreaterThan(0);
      expect(preview.moved).toBe(preview.levels[0]?.diners);
      expect(await readLevels()).toEqual(read);
    });

    it("adds, edits and retires levels in one save; the diner's levels page shows them", async () => {
      const read = await readLevels();
      const [bronze, silver, gold] = asInput(read.levels);
      const res = await owner.call('PUT', LEVELS, {
        version: read.version,
        levels: [
          { ...bronze, perks: { ar: ['قهوة ترحيبية'], en: ['A welcome coffee'] } },
          { ...gold, multiplierBasisPoints: 20_000 },
          {
            id: null,
            name: { ar: 'ماسي', en: 'Diamond' },
            minLifetimePoints: 20_000,
            multiplierBasisPoints: 25_000,
            perks: { ar: ['طاولة محجوزة'], en: ['A reserved table'] },
          },
        ],
      });
      expect(res.statusCode, res.body).toBe(200);
      const saved = loyaltyLevelsAdmin.parse(res.json());
      expect(saved.version).toBe(read.version + 1);
      expect(saved.levels.map((l) => l.name.en)).toEqual(['Bronze', 'Gold', 'Diamond']);
      const programme = loyaltyProgrammeSchema.parse(
        (await caller(t).call('GET', `/api/loyalty/${UUID.aMain}/programme/`)).json(),
      );
      expect(programme.levels.map((l) => l.name.en)).toEqual(['Bronze', 'Gold', 'Diamond']);
      expect(programme.levels[0]?.perks.en).toEqual(['A welcome coffee']);
      const rows = await auditRows('loyalty_level');
      expect(rows.map((r) => [r.action, Number(r.object_id)])).toEqual(
        expect.arrayContaining([
          ['delete', silver?.id],
          ['update', bronze?.id],
          ['update', gold?.id],
          ['create', saved.levels[2]?.id],
        ]),
      );
    });

    it('swaps two thresholds in one save', async () => {
      const read = await readLevels();
      const [bronze, gold, diamond] = asInput(read.levels);
      const res = await owner.call('PUT', LEVELS, {
        version: read.version,
        levels: [bronze, { ...gold, minLifetimePoints: 20_000 }, { ...diamond, minLifetimePoints: 5_000 }],
      });
      expect(res.statusCode, res.body).toBe(200);
      expect(loyaltyLevelsAdmin.parse(res.json()).levels.map((l) => l.name.en)).toEqual(['Bronze', 'Diamond', 'Gold']);
    });

    it('never leaves a diner without a level: the first level cannot be retired or start above 0', async () => {
      const read = await readLevels();
      const [, ...rest] = asInput(read.levels);
      const ar = caller(t, { language: 'ar' });
      await ar.call('POST', '/api/staff/auth/login/', STAFF.aOwner);
      const res = await ar.call('PUT', LEVELS, { version: read.version, levels: rest });
      expect(res.statusCode).toBe(422);
      expect(res.json()).toMatchObject({
        error: { code: 'loyalty_level_floor', message: 'يبدأ المستوى الأول من ٠ نقطة' },
      });
      expect((await owner.call('POST', `${LEVELS}preview/`, { version: read.version, levels: rest })).statusCode).toBe(
        422,
      );
      expect((await owner.call('PUT', LEVELS, { version: read.version, levels: [] })).statusCode).toBe(400);
      expect(await readLevels()).toEqual(read);
      // A diner above every threshold but the first still has one after the others are retired.
      const [first] = asInput(read.levels);
      expect((await owner.call('PUT', LEVELS, { version: read.version, levels: [first] })).statusCode).toBe(200);
      expect((await account(veteran)).level?.id).toBe(first?.id);
    });

    it("refuses two levels at one threshold, another brand's level, a stale version and a manager's save", async () => {
      const read = await readLevels();
      const [first] = asInput(read.levels);
      const twice = await owner.call('PUT', LEVELS, {
        version: read.version,
        levels: [first, { ...first, id: null, name: { ar: 'ب', en: 'B' } }],
      });
      expect(twice.json()).toMatchObject({ error: { code: 'loyalty_level_threshold_taken' } });
      const [theirs] = await t.database.query<{ id: number }>(
        `insert into loyalty_levels (brand_id, name_ar, name_en, min_lifetime_points)
         select id, 'س', 'Theirs', 0 from brands where id <> $1 order by id limit 1 returning id`,
        [brandA],
      );
      const foreign = await owner.call('PUT', LEVELS, {
        version: read.version,
        levels: [first, { ...first, id: theirs?.id, minLifetimePoints: 10 }],
      });
      expect(foreign.statusCode).toBe(404);
      expect(foreign.json()).toMatchObject({ error: { code: 'loyalty_level_not_found' } });
      const stale = await owner.call('PUT', LEVELS, { version: read.version - 1, levels: [first] });
      expect(stale.statusCode).toBe(409);
      expect(stale.json()).toMatchObject({
        error: { code: 'edit_conflict', details: { theirs: { levels: [{ id: first?.id }], version: read.version } } },
      });
      expect((await manager.call('PUT', LEVELS, { version: read.version, levels: [first] })).statusCode).toBe(403);
      expect(
        (await cashier.call('POST', `${LEVELS}preview/`, { version: read.version, levels: [first] })).statusCode,
      ).toBe(403);
      expect(await readLevels()).toEqual(read);
    });
  });

  describe('referral', () => {
    it("saves the rewards, the window and the daily cap; the diner's referral page shows them", async () => {
      const read = await readReferral();
      expect(read.rules).toEqual({
        enabled: true,
        referrerPoints: 200,
        friendPoints: 100,
        refundWindowDays: 14,
        invitationsPerDay: 10,
      });
      expect((await readReferral(manager)).canEdit).toBe(false);
      expect((await cashier.call('GET', REFERRAL)).statusCode).toBe(403);
      expect((await manager.call('PUT', REFERRAL, { ...read.rules, version: read.version })).statusCode).toBe(403);
      const res = await owner.call('PUT', REFERRAL, {
        ...read.rules,
        referrerPoints: 300,
        friendPoints: 150,
        refundWindowDays: 7,
        invitationsPerDay: 1,
        version: read.version,
      });
      expect(res.statusCode, res.body).toBe(200);
      expect(referralRulesAdmin.parse(res.json())).toMatchObject({ version: read.version + 1 });
      const me = await diner(t, UUID.aMain, '+966500002711');
      const page = (await me.call('GET', `/api/referral/${UUID.aMain}/me/`)).json();
      expect(page.rules).toEqual({ referrerPoints: 300, friendPoints: 150, refundWindowDays: 7 });
      expect(
        (await me.call('POST', `/api/referral/${UUID.aMain}/me/leads/`, { phone: { phone_number: '0500002712' } }))
          .statusCode,
      ).toBe(201);
      const capped = await me.call('POST', `/api/referral/${UUID.aMain}/me/leads/`, {
        phone: { phone_number: '0500002713' },
      });
      expect(capped.statusCode).toBe(429);
      const rows = await auditRows('referral_rules');
      expect(rows.at(-1)).toMatchObject({
        action: 'update',
        before: expect.objectContaining({ referrerPoints: 200 }),
        after: expect.objectContaining({ referrerPoints: 300, invitationsPerDay: 1 }),
      });
    });

    it("switched off, the diner's referral page says there is no programme", async () => {
      const read = await readReferral();
      const res = await owner.call('PUT', REFERRAL, { ...read.rules, enabled: false, version: read.version });
      expect(res.statusCode).toBe(200);
      const me = await diner(t, UUID.aMain, '+966500002714');
      const page = await me.call('GET', `/api/referral/${UUID.aMain}/me/`);
      expect(page.statusCode).toBe(404);
      expect(page.json()).toMatchObject({ error: { code: 'referral_unavailable' } });
    });

    it('refuses a stale version with both values and figures past the bounds', async () => {
      const read = await readReferral();
      const stale = await owner.call('PUT', REFERRAL, { ...read.rules, version: read.version - 1 });
      expect(stale.statusCode).toBe(409);
      expect(stale.json()).toMatchObject({
        error: { details: { theirs: { enabled: false }, yours: { enabled: false } } },
      });
      for (const change of [{ invitationsPerDay: 0 }, { referrerPoints: 2_147_483_648 }, { refundWindowDays: 366 }]) {
        const res = await owner.call('PUT', REFERRAL, { ...read.rules, ...change, version: read.version });
        expect(res.statusCode, JSON.stringify(change)).toBe(400);
      }
      expect((await readReferral()).version).toBe(read.version);
    });
  });
});
