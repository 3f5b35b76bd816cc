import { buyRewardResponse, shopResponse } from '@sufra/shared/schemas/loyalty';
import { manageReward, manageRewardsResponse, rewardImageResponse } from '@sufra/shared/schemas/manage-rewards';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Caller, caller } from '../../../test/accounts.ts';
import { STAFF, UUID } from '../../../test/fixture-brands.ts';
import { diner } from '../../../test/orders.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';

const BASE = '/api/staff/manage/rewards';

function multipart(name: string, filename: string, body: Buffer) {
  const boundary = '----sufra-reward-image';
  const head = `--${boundary}\r\ncontent-disposition: form-data; name="${name}"; filename="${filename}"\r\ncontent-type: application/octet-stream\r\n\r\n`;
  return {
    payload: Buffer.concat([Buffer.from(head), body, Buffer.from(`\r\n--${boundary}--\r\n`)]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

describe('console rewards catalogue (points shop and prize shop)', () => {
  let t: TestApp;
  let clock = new Date('2026-05-01T09:00:00Z');
  let owner: Caller;
  let manager: Caller;
  let cashier: Caller;
  let otherBrand: Caller;
  let aMain = 0;
  let aClosed = 0;
  let bMain = 0;
  let juiceItem = 0;
  let bItem = 0;
  let image = '';

  const staffCaller = async (who: { email: string; password: string }, language = 'en') => {
    const c = caller(t, { language });
    expect((await c.call('POST', '/api/staff/auth/login/', who)).statusCode).toBe(200);
    return c;
  };
  const one = async <T>(sql: string, params: unknown[] = []) => {
    const [row] = await t.database.query<T>(sql, params);
    if (!row) throw new Error(`nothing for ${sql}`);
    return row;
  };
  const upload = async (c: Caller, bytes: Buffer) => {
    const { payload, headers } = multipart('image', 'photo.png', bytes);
    return c.call('POST', `${BASE}/images/`, payload, headers);
  };
  const reward = (over: Record<string, unknown> = {}) => ({
    shop: 'points',
    kind: 'fixed',
    nameAr: 'خصم ٢٠ ريال',
    nameEn: 'SAR 20 off',
    descriptionAr: 'على طلبك القادم',
    descriptionEn: 'On your next order',
    image: null,
    pointsCost: 400,
    itemId: null,
    percentBasisPoints: null,
    maxDiscountHalalas: null,
    amountHalalas: 2_000,
    validDays: 30,
    branchIds: null,
    stock: null,
    activeFrom: null,
    activeUntil: null,
    position: 5,
    ...over,
  });
  const create = async (c: Caller, over: Record<string, unknown> = {}) => {
    const res = await c.call('POST', `${BASE}/`, reward(over));
    expect(res.statusCode, res.body).toBe(201);
    return manageReward.parse(res.json());
  };
  const audits = (id: number) =>
    t.database.query<{ action: string }>(
      "select action from audit_log where object_type = 'reward' and object_id = $1 order by id",
      [String(id)],
    );
  const shopNames = async (shop = 'points') =>
    shopResponse
      .parse((await caller(t).call('GET', `/api/loyalty/${UUID.aMain}/shop/?shop=${shop}`)).json())
      .rewards.map((r) => r.name.en);
  const giveDiner = async (phone: string, points: number) => {
    const c = await diner(t, UUID.aMain, phone);
    const { id } = await one<{ id: number }>('select id from customers where phone = $1', [phone]);
    const res = await owner.call('POST', `/api/staff/customers/${id}/points/`, { points, reason: 'Test credit' });
    expect(res.statusCode).toBe(200);
    return c;
  };
  const buy = (c: Caller, id: number, shop = 'points') =>
    c.call('POST', `/api/loyalty/${UUID.aMain}/shop/${id}/buy/?shop=${shop}`);

  beforeAll(async () => {
    t = await createTestApp({ now: () => clock });
    aMain = t.seeded.get('test-brand-a')?.branchIds['a-main'] ?? 0;
    aClosed = t.seeded.get('test-brand-a')?.branchIds['a-closed'] ?? 0;
    bMain = t.seeded.get('test-brand-b')?.branchIds['b-main'] ?? 0;
    // The manager keeps the main branch only.
    await t.database.query(
      `delete from staff_user_branches where branch_id = $1
         and staff_user_id = (select id from staff_users where email = $2)`,
      [aClosed, STAFF.aManager.email],
    );
    owner = await staffCaller(STAFF.aOwner);
    manager = await staffCaller(STAFF.aManager);
    cashier = await staffCaller(STAFF.aCashier);
    otherBrand = await staffCaller(STAFF.bManager);
    juiceItem = (
      await one<{ id: number }>(
        "select i.id from menu_items i join brands b on b.id = i.brand_id where i.slug = 'juice' and b.slug = 'test-brand-a'",
      )
    ).id;
    bItem = (
      await one<{ id: number }>(
        "select i.id from menu_items i join brands b on b.id = i.brand_id where b.slug = 'test-brand-b' limit 1",
      )
    ).id;
    const png = await sharp({ create: { width: 900, height: 600, channels: 3, background: '#7a3cff' } })
      .png()
      .toBuffer();
    const res = await upload(owner, png);
    expect(res.statusCode).toBe(201);
    image = rewardImageResponse.parse(res.json()).path;
  });
  afterAll(async () => {
    await t.close();
  });

  it('stores an uploaded photo re-encoded as JPEG, served publicly; anything else is refused', async () => {
    expect(image).toMatch(/^\/api\/rewards\/images\/[a-f0-9-]+\.jpg$/);
    const served = await caller(t).call('GET', image);
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/jpeg');
    expect((await sharp(served.rawPayload).metadata()).format).toBe('jpeg');
    const text = await upload(owner, Buffer.from('not an image at all, just words'));
    expect(text.statusCode).toBe(422);
    expect(text.json().error.code).toBe('reward_image_not_image');
    expect((await upload(cashier, Buffer.from('x'))).statusCode).toBe(403);
    expect((await caller(t).call('GET', '/api/rewards/images/missing.jpg')).statusCode).toBe(404);
    // A path this API never stored is refused in a body.
    const unknown = await owner.call('POST', `${BASE}/`, reward({ image: '/api/rewards/images/not-there.jpg' }));
    expect(unknown.json().error.code).toBe('reward_image_missing');
  });

  it('adds a points-shop reward with a photo that the diner sees in both languages; audited', async () => {
    const created = await create(owner, { image });
    expect(created).toMatchObject({ active: true, version: 1, issuedCount: 0, ownedCount: 0, editable: true, image });
    const shop = shopResponse.parse((await caller(t).call('GET', `/api/loyalty/${UUID.aMain}/shop/`)).json());
    const seen = shop.rewards.find((r) => r.id === created.id);
    expect(seen).toMatchObject({ name: { ar: 'خصم ٢٠ ريال', en: 'SAR 20 off' }, image, pointsCost: 400 });
    expect((await audits(created.id)).map((a) => a.action)).toEqual(['create']);
    const listed = manageRewardsResponse.parse((await owner.call('GET', `${BASE}/?shop=points`)).json());
    expect(listed.rewards.map((r) => r.nameEn)).toContain('SAR 20 off');
    expect(listed.rewards.every((r) => r.shop === 'points' && r.active)).toBe(true);
  });

  it('keeps each kind to its own fields: a free item names the brand’s item, percent its share, fixed its amount', async () => {
    const free = await create(owner, {
      kind: 'free_item',
      itemId: juiceItem,
      amountHalalas: 500,
      nameEn: 'Juice on us',
    });
    expect(free).toMatchObject({ itemId: juiceItem, amountHalalas: null });
    const percent = await create(owner, {
      shop: 'prize',
      kind: 'percent',
      percentBasisPoints: 1_500,
      maxDiscountHalalas: 3_000,
      pointsCost: null,
      nameEn: '15% off',
    });
    expect(percent).toMatchObject({ percentBasisPoints: 1_500, maxDiscountHalalas: 3_000, amountHalalas: null });
    const perk = await create(owner, { shop: 'prize', kind: 'gift', pointsCost: null, nameEn: 'A mug at the counter' });
    expect(perk.kind).toBe('gift');
    expect(await shopNames('prize')).toEqual(expect.arrayContaining(['15% off', 'A mug at the counter']));

    for (const [over, code, status] of [
      [{ kind: 'free_item', itemId: null }, 'reward_kind_fields_invalid', 400],
      [{ kind: 'percent', percentBasisPoints: null }, 'reward_kind_fields_invalid', 400],
      [{ kind: 'fixed', amountHalalas: null }, 'reward_kind_fields_invalid', 400],
      [{ pointsCost: null }, 'reward_points_price_required', 400],
      [{ activeFrom: '2026-06-01T00:00:00Z', activeUntil: '2026-05-01T00:00:00Z' }, 'reward_window_invalid', 400],
      [{ kind: 'free_item', itemId: bItem }, 'item_not_found', 404],
      [{ branchIds: [bMain] }, 'branch_not_found', 404],
      [{ percentBasisPoints: 10_001, kind: 'percent' }, 'validation_failed', 400],
    ] as const) {
      const res = await owner.call('POST', `${BASE}/`, reward(over));
      expect([res.statusCode, res.json().error.code]).toEqual([status, code]);
    }
    // Arabic messages too.
    const ar = await staffCaller(STAFF.aOwner, 'ar');
    const refused = await ar.call('POST', `${BASE}/`, reward({ pointsCost: null }));
    expect(refused.json().error.message).toBe('مكافأة متجر النقاط تحتاج إلى سعر بالنقاط');
  });

  it('edits against the version read: a stale save is 409 with both values, nothing written', async () => {
    const created = await create(owner, { nameEn: 'Versioned' });
    const first = await owner.call('PUT', `${BASE}/${created.id}/`, reward({ nameEn: 'Versioned 2', version: 1 }));
    expect(first.statusCode).toBe(200);
    expect(manageReward.parse(first.json())).toMatchObject({ nameEn: 'Versioned 2', version: 2 });
    const stale = await owner.call('PUT', `${BASE}/${created.id}/`, reward({ nameEn: 'Mine', version: 1 }));
    expect(stale.statusCode).toBe(409);
    expect(stale.json().error.code).toBe('reward_changed');
    expect(stale.json().error.details.current).toMatchObject({ nameEn: 'Versioned 2', version: 2 });
    expect(stale.json().error.details.yours).toMatchObject({ nameEn: 'Mine', version: 1 });
    expect(await one('select name_en from rewards where id = $1', [created.id])).toEqual({ name_en: 'Versioned 2' });
    expect((await audits(created.id)).map((a) => a.action)).toEqual(['create', 'update']);
  });

  it('sells no more than the stock, and the stock is never set below the copies sold', async () => {
    const limited = await create(owner, { nameEn: 'Only two', pointsCost: 10, stock: 2 });
    const a = await giveDiner('+966500000931', 100);
    const b = await giveDiner('+966500000932', 100);
    expect((await buy(a, limited.id)).statusCode).toBe(200);
    expect((await buy(b, limited.id)).statusCode).toBe(200);
    const third = await buy(a, limited.id);
    expect(third.statusCode).toBe(409);
    expect(third.json().error.code).toBe('reward_out_of_stock');
    expect(await one('select wallet_points from customers where phone = $1', ['+966500000931'])).toEqual({
      wallet_points: 90,
    });
    const low = await owner.call('PUT', `${BASE}/${limited.id}/`, reward({ pointsCost: 10, stock: 1, version: 1 }));
    expect(low.statusCode).toBe(409);
    expect(low.json().error.code).toBe('reward_stock_below_sold');
    const listed = manageRewardsResponse.parse((await owner.call('GET', `${BASE}/`)).json());
    expect(listed.rewards.find((r) => r.id === limited.id)).toMatchObject({ issuedCount: 2, ownedCount: 2, stock: 2 });
    const more = await owner.call('PUT', `${BASE}/${limited.id}/`, reward({ pointsCost: 10, stock: 3, version: 1 }));
    expect(more.statusCode).toBe(200);
    expect((await buy(a, limited.id)).statusCode).toBe(200);
  });

  it('sells the last copies once when diners race for them; the losers keep their points (real pool on PostgreSQL)', async () => {
    const last = await create(owner, { nameEn: 'Last two', pointsCost: 10, stock: 2 });
    const diners = await Promise.all(Array.from({ length: 6 }, (_, i) => giveDiner(`+96650000095${i}`, 100)));
    const answers = await Promise.all(diners.map((c) => buy(c, last.id)));
    const codes = answers.map((r) => r.statusCode).sort();
    expect(codes).toEqual([200, 200, 409, 409, 409, 409]);
    for (const r of answers.filter((a) => a.statusCode === 409))
      expect(r.json().error.code).toBe('reward_out_of_stock');
    expect(
      await one<{ issued: number; owned: number; spent: number }>(
        `select r.issued_count as issued,
                (select count(*)::int from customer_rewards cr where cr.reward_id = r.id) as owned,
                (select (600 - sum(c.wallet_points))::int from customers c where c.phone like '+96650000095_') as spent
           from rewards r where r.id = $1`,
        [last.id],
      ),
    ).toEqual({ issued: 2, owned: 2, spent: 20 });
  });

  it('lists and sells a reward only inside its window', async () => {
    const later = await create(owner, {
      nameEn: 'From ten',
      pointsCost: 10,
      activeFrom: '2026-05-01T09:05:00Z',
      activeUntil: '2026-05-02T00:00:00Z',
    });
    expect(await shopNames()).not.toContain('From ten');
    const c = await giveDiner('+966500000933', 100);
    expect((await buy(c, later.id)).json().error.code).toBe('shop_reward_not_found');
    clock = new Date('2026-05-01T09:10:00Z');
    try {
      expect(await shopNames()).toContain('From ten');
      expect((await buy(c, later.id)).statusCode).toBe(200);
    } finally {
      clock = new Date('2026-05-01T09:00:00Z');
    }
  });

  it('retires a reward off the shops and into the retired list; a copy a diner owns keeps working', async () => {
    const created = await create(owner, { nameEn: 'Soon retired', pointsCost: 10 });
    const c = await giveDiner('+966500000934', 100);
    const bought = buyRewardResponse.parse((await buy(c, created.id)).json());
    const stale = await owner.call('POST', `${BASE}/${created.id}/retire/`, { version: 7 });
    expect(stale.statusCode).toBe(409);
    const retired = await owner.call('POST', `${BASE}/${created.id}/retire/`, { version: 1 });
    expect(retired.statusCode).toBe(200);
    expect(manageReward.parse(retired.json())).toMatchObject({ active: false, version: 2, ownedCount: 1 });
    expect(await shopNames()).not.toContain('Soon retired');
    expect((await buy(c, created.id)).json().error.code).toBe('shop_reward_not_found');
    const active = manageRewardsResponse.parse((await owner.call('GET', `${BASE}/?status=active`)).json());
    expect(active.rewards.map((r) => r.id)).not.toContain(created.id);
    const gone = manageRewardsResponse.parse((await owner.call('GET', `${BASE}/?status=retired`)).json());
    expect(gone.rewards.map((r) => r.id)).toContain(created.id);
    expect(await one('select count(*)::int as n from rewards where id = $1', [created.id])).toEqual({ n: 1 });
    expect((await audits(created.id)).map((a) => a.action)).toEqual(['create', 'update']);

    // The diner still has it in My Rewards, and the cashier still redeems it.
    const mine = await c.call('GET', `/api/loyalty/${UUID.aMain}/me/rewards/`);
    expect(mine.json().rewards.map((r: { id: number }) => r.id)).toContain(bought.owned.id);
    const qr = await c.call('GET', `/api/loyalty/${UUID.aMain}/me/rewards/${bought.owned.id}/qr/`);
    expect(qr.statusCode).toBe(200);
    const done = await cashier.call('POST', '/api/staff/redemptions/', { qr: qr.json().token, branchId: aMain });
    expect(done.statusCode).toBe(200);
  });

  it('lets a manager change only rewards limited to their branches; a cashier nothing', async () => {
    const own = await create(manager, { nameEn: 'Main only', branchIds: [aMain] });
    expect(own.editable).toBe(true);
    const wide = await manager.call('POST', `${BASE}/`, reward({ branchIds: null }));
    expect([wide.statusCode, wide.json().error.code]).toEqual([403, 'reward_brand_wide_owner_only']);
    const other = await manager.call('POST', `${BASE}/`, reward({ branchIds: [aMain, aClosed] }));
    expect([other.statusCode, other.json().error.code]).toEqual([403, 'branch_out_of_scope']);
    const brandWide = await create(owner, { nameEn: 'Everywhere' });
    const listed = manageRewardsResponse.parse((await manager.call('GET', `${BASE}/`)).json());
    expect(listed.rewards.find((r) => r.id === brandWide.id)?.editable).toBe(false);
    const edit = await manager.call('PUT', `${BASE}/${brandWide.id}/`, reward({ version: 1 }));
    expect(edit.statusCode).toBe(403);
    expect((await manager.call('POST', `${BASE}/${brandWide.id}/retire/`, { version: 1 })).statusCode).toBe(403);
    // Widening their own reward to a branch that is not theirs is refused too.
    const widen = await manager.call('PUT', `${BASE}/${own.id}/`, reward({ branchIds: [aMain, aClosed], version: 1 }));
    expect(widen.json().error.code).toBe('branch_out_of_scope');

    expect((await cashier.call('GET', `${BASE}/`)).statusCode).toBe(403);
    expect((await cashier.call('POST', `${BASE}/`, reward())).statusCode).toBe(403);
    expect((await cashier.call('PUT', `${BASE}/${own.id}/`, reward({ version: 1 }))).statusCode).toBe(403);
    expect((await cashier.call('POST', `${BASE}/${own.id}/retire/`, { version: 1 })).statusCode).toBe(403);
    expect((await caller(t).call('GET', `${BASE}/`)).statusCode).toBe(401);
  });

  it("answers 404 for another brand's reward and never lists it", async () => {
    const created = await create(owner, { nameEn: 'Brand A only' });
    const put = await otherBrand.call('PUT', `${BASE}/${created.id}/`, reward({ version: 1 }));
    expect([put.statusCode, put.json().error.code]).toEqual([404, 'catalogue_reward_not_found']);
    const retire = await otherBrand.call('POST', `${BASE}/${created.id}/retire/`, { version: 1 });
    expect(retire.statusCode).toBe(404);
    const theirs = manageRewardsResponse.parse((await otherBrand.call('GET', `${BASE}/`)).json());
    expect(theirs.rewards.map((r) => r.id)).not.toContain(created.id);
    expect(await one('select is_active, version from rewards where id = $1', [created.id])).toEqual({
      is_active: true,
      version: 1,
    });
  });
});
