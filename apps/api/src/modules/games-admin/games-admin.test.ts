import { gameResponse } from '@sufra/shared/schemas/games';
import { manageGame, manageGamesResponse } from '@sufra/shared/schemas/manage-games';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Caller, caller } from '../../../test/accounts.ts';
import { STAFF, UUID } from '../../../test/fixture-brands.ts';
import { diner } from '../../../test/orders.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';

const BASE = '/api/staff/manage/games';
const DAY = 86_400_000;

describe('console games', () => {
  let t: TestApp;
  let clock = new Date('2026-05-01T09:00:00Z');
  let owner: Caller;
  let manager: Caller;
  let cashier: Caller;
  let otherBrand: Caller;
  let juice = 0;
  let foreignReward = 0;
  let aMain = 0;
  let phones = 0;

  const rows = <T>(sql: string, params: unknown[] = []) => t.database.query<T>(sql, params);
  const staffCaller = async (who: { email: string; password: string }) => {
    const c = caller(t, { language: 'en' });
    expect((await c.call('POST', '/api/staff/auth/login/', who)).statusCode).toBe(200);
    return c;
  };
  const newDiner = async () => {
    phones += 1;
    return diner(t, UUID.aMain, `+9665000082${String(phones).padStart(2, '0')}`);
  };
  /** Brand A's only game: a wheel (brand-wide, or the main branch's) with a juice prize and "try again". */
  const makeGame = async (branchId: number | null = null) => {
    await rows(`delete from games where brand_id = (select brand_id from branches where id = $1)`, [aMain]);
    const [g] = await rows<{ id: number }>(
      `insert into games (brand_id, branch_id, kind, name_ar, name_en)
       select brand_id, $2, 'wheel', 'العجلة', 'The wheel' from branches where id = $1 returning id`,
      [aMain, branchId],
    );
    if (!g) throw new Error('no game');
    await rows(
      `insert into game_segments (game_id, position, label_ar, label_en, color, prize, reward_id, weight, stock)
       values ($1, 0, 'عصير', 'Juice', '#ff8800', 'reward', $2, 1, 10),
              ($1, 1, 'حاول مجددًا', 'Try again', '#888888', 'none', null, 3, null)`,
      [g.id, juice],
    );
    return g.id;
  };
  const read = async (c: Caller, id: number) => manageGame.parse((await c.call('GET', `${BASE}/${id}/`)).json());
  /** The body a page would send back: what it read, with `change` applied. */
  const bodyOf = (
    game: ReturnType<typeof manageGame.parse>,
    change: (b: Record<string, unknown>) => void = () => {},
  ) => {
    const { id: _i, kind: _k, branchId: _b, canEdit: _c, segments, ...fields } = game;
    const body: Record<string, unknown> = {
      ...fields,
      segments: segments.map(({ won: _w, ...s }) => ({ ...s })),
    };
    change(body);
    return body;
  };
  const segs = (b: Record<string, unknown>) => b.segments as Record<string, unknown>[];
  const odds = async () =>
    gameResponse.parse((await caller(t).call('GET', `/api/games/${UUID.aMain}/wheel/`)).json()).segments;

  beforeAll(async () => {
    t = await createTestApp({ now: () => clock });
    aMain = t.seeded.get('test-brand-a')?.branchIds['a-main'] ?? 0;
    const [j] = await rows<{ id: number }>(
      `select r.id from rewards r join brands b on b.id = r.brand_id where b.slug = 'test-brand-a' and r.name_en = 'Free juice'`,
    );
    // Brand B's own prize (its fixture has none).
    const [f] = await rows<{ id: number }>(
      `insert into rewards (brand_id, shop, kind, name_ar, name_en)
       select id, 'prize', 'gift', 'هدية', 'Gift' from brands where slug = 'test-brand-b' returning id`,
    );
    juice = j?.id ?? 0;
    foreignReward = f?.id ?? 0;
    expect(juice).toBeGreaterThan(0);
    expect(foreignReward).toBeGreaterThan(0);
    owner = await staffCaller(STAFF.aOwner);
    manager = await staffCaller(STAFF.aManager);
    cashier = await staffCaller(STAFF.aCashier);
    otherBrand = await staffCaller(STAFF.bManager);
  });
  afterAll(async () => {
    await t?.close();
  });

  it("changes the wheel's odds and stock: the diner's published odds follow, with audit rows", async () => {
    const id = await makeGame();
    expect((await odds()).map((s) => s.oddsBasisPoints)).toEqual([2_500, 7_500]);
    const listed0 = await owner.call('GET', `${BASE}/`);
    expect(listed0.statusCode, listed0.body).toBe(200);
    const list = manageGamesResponse.parse(listed0.json());
    expect(list.games.map((g) => g.id)).toEqual([id]);
    expect(list.rewards.map((r) => r.id)).toContain(juice);
    const game = await read(owner, id);
    expect(game).toMatchObject({ version: 1, canEdit: true, eligibility: 'everyone' });
    const res = await owner.call(
      'PUT',
      `${BASE}/${id}/`,
      bodyOf(game, (b) => {
        const [prize, lose] = segs(b);
        Object.assign(prize ?? {}, { weight: 1, stock: 3 });
        Object.assign(lose ?? {}, { weight: 1 });
        segs(b).push({
          id: null,
          labelAr: 'نقاط',
          labelEn: 'Points',
          color: '#0088ff',
          prize: 'points',
          rewardId: null,
          points: 50,
          sendBySms: false,
          weight: 2,
          stock: null,
          dailyBudget: 20,
        });
      }),
    );
    expect(res.statusCode, res.body).toBe(200);
    const saved = manageGame.parse(res.json());
    expect(saved.version).toBe(2);
    expect(saved.segments.map((s) => [s.weight, s.stock])).toEqual([
      [1, 3],
      [1, null],
      [2, null],
    ]);
    const now = await odds();
    expect(now.map((s) => s.oddsBasisPoints)).toEqual([2_500, 2_500, 5_000]);
    expect(now[0]?.stockLeft).toBe(3);
    const audits = await rows<{ object_type: string; action: string }>(
      `select object_type, action from audit_log where object_type in ('game', 'game_segment') order by id`,
    );
    expect(audits).toEqual([
      { object_type: 'game', action: 'update' },
      { object_type: 'game_segment', action: 'update' },
      { object_type: 'game_segment', action: 'update' },
      { object_type: 'game_segment', action: 'create' },
    ]);
  });

  it('refuses a stale save with both values (409), and writes nothing', async () => {
    const id = await makeGame();
    const game = await read(owner, id);
    expect(
      (
        await owner.call(
          'PUT',
          `${BASE}/${id}/`,
          bodyOf(game, (b) => Object.assign(b, { nameEn: 'First' })),
        )
      ).statusCode,
    ).toBe(200);
    const stale = await owner.call(
      'PUT',
      `${BASE}/${id}/`,
      bodyOf(game, (b) => Object.assign(b, { nameEn: 'Second' })),
    );
    expect(stale.statusCode).toBe(409);
    const error = stale.json().error;
    expect(error.code).toBe('edit_conflict');
    expect(error.details.theirs.nameEn).toBe('First');
    expect(error.details.yours.nameEn).toBe('Second');
    expect((await read(owner, id)).nameEn).toBe('First');
  });

  it('never sets a stock below the prizes already won (409), and nothing of the save is kept', async () => {
    const id = await makeGame();
    await rows(`update game_segments set won = 4 where game_id = $1 and position = 0`, [id]);
    const game = await read(owner, id);
    const res = await owner.call(
      'PUT',
      `${BASE}/${id}/`,
      bodyOf(game, (b) => {
        Object.assign(b, { nameEn: 'Renamed' });
        Object.assign(segs(b)[0] ?? {}, { stock: 3 });
      }),
    );
    expect(res.statusCode).toBe(409);
    expect(res.json().error).toMatchObject({ code: 'game_stock_below_won', details: { won: 4, stock: 3 } });
    const after = await read(owner, id);
    expect(after).toMatchObject({ nameEn: 'The wheel', version: 1 });
    expect(after.segments[0]?.stock).toBe(10);
    // Down to exactly what was won is allowed: the prize is then gone from the diner's wheel.
    const ok = await owner.call(
      'PUT',
      `${BASE}/${id}/`,
      bodyOf(game, (b) => Object.assign(segs(b)[0] ?? {}, { stock: 4 })),
    );
    expect(ok.statusCode, ok.body).toBe(200);
    const published = await odds();
    expect(published.map((s) => [s.oddsBasisPoints, s.stockLeft])).toEqual([
      [0, 0],
      [10_000, null],
    ]);
  });

  it("refuses another brand's game (404), a foreign reward in the body (404), the cashier (403)", async () => {
    const id = await makeGame();
    const game = await read(owner, id);
    expect((await otherBrand.call('GET', `${BASE}/${id}/`)).statusCode).toBe(404);
    expect((await otherBrand.call('PUT', `${BASE}/${id}/`, bodyOf(game))).statusCode).toBe(404);
    const listed = manageGamesResponse.parse((await otherBrand.call('GET', `${BASE}/`)).json());
    expect(listed.games.map((g) => g.id)).not.toContain(id);
    expect((await cashier.call('GET', `${BASE}/`)).statusCode).toBe(403);
    expect((await cashier.call('PUT', `${BASE}/${id}/`, bodyOf(game))).statusCode).toBe(403);
    const foreign = await owner.call(
      'PUT',
      `${BASE}/${id}/`,
      bodyOf(game, (b) => Object.assign(segs(b)[0] ?? {}, { rewardId: foreignReward })),
    );
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().error.code).toBe('reward_not_found');
    // A segment id of another game is refused too.
    const stray = await owner.call(
      'PUT',
      `${BASE}/${id}/`,
      bodyOf(game, (b) => Object.assign(segs(b)[0] ?? {}, { id: 2_000_000 })),
    );
    expect(stray.json().error.code).toBe('game_segment_not_found');
    expect((await read(owner, id)).version).toBe(1);
  });

  it("lets a manager edit their branch's game but not a brand-wide one (owners')", async () => {
    const wide = await makeGame(null);
    const game = await read(manager, wide);
    expect(game.canEdit).toBe(false);
    const refused = await manager.call('PUT', `${BASE}/${wide}/`, bodyOf(game));
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error.code).toBe('game_brand_wide_owner_only');
    const branchGame = await makeGame(aMain);
    const mine = await read(manager, branchGame);
    expect(mine.canEdit).toBe(true);
    expect((await manager.call('PUT', `${BASE}/${branchGame}/`, bodyOf(mine))).statusCode).toBe(200);
  });

  it('refuses bad settings with a clear error: window, prize figures, no prize', async () => {
    const id = await makeGame();
    const game = await read(owner, id);
    const put = (change: (b: Record<string, unknown>) => void) =>
      owner.call('PUT', `${BASE}/${id}/`, bodyOf(game, change));
    const window = await put((b) =>
      Object.assign(b, { startsAt: '2026-06-02T00:00:00Z', endsAt: '2026-06-01T00:00:00Z' }),
    );
    expect([window.statusCode, window.json().error.code]).toEqual([422, 'game_window_invalid']);
    const noReward = await put((b) => Object.assign(segs(b)[0] ?? {}, { rewardId: null }));
    expect([noReward.statusCode, noReward.json().error.code]).toEqual([422, 'game_segment_prize_invalid']);
    const noPrize = await put((b) => Object.assign(segs(b)[0] ?? {}, { prize: 'none', rewardId: null, stock: null }));
    expect([noPrize.statusCode, noPrize.json().error.code]).toEqual([422, 'game_needs_prize']);
    const ar = await caller(t, { language: 'ar' });
    expect((await ar.call('POST', '/api/staff/auth/login/', STAFF.aOwner)).statusCode).toBe(200);
    const arabic = await ar.call(
      'PUT',
      `${BASE}/${id}/`,
      bodyOf(game, (b) => Object.assign(b, { startsAt: '2026-06-02T00:00:00Z', endsAt: '2026-06-01T00:00:00Z' })),
    );
    expect(arabic.json().error.message).toBe('يجب أن تكون النهاية بعد البداية');
    expect((await read(owner, id)).version).toBe(1);
  });

  it("applies the start and end and who may play to the diner's game", async () => {
    const id = await makeGame();
    const game = await read(owner, id);
    const later = new Date(clock.getTime() + DAY).toISOString();
    let res = await owner.call(
      'PUT',
      `${BASE}/${id}/`,
      bodyOf(game, (b) => Object.assign(b, { startsAt: later })),
    );
    expect(res.statusCode, res.body).toBe(200);
    expect((await caller(t).call('GET', `/api/games/${UUID.aMain}/wheel/`)).statusCode).toBe(404);
    const saved = manageGame.parse(res.json());
    res = await owner.call(
      'PUT',
      `${BASE}/${id}/`,
      bodyOf(saved, (b) =>
        Object.assign(b, {
          startsAt: null,
          eligibility: 'new_to_game',
          retryMinutesAfterLoss: 0,
          cooldownDaysAfterWin: 0,
        }),
      ),
    );
    expect(res.statusCode, res.body).toBe(200);
    const c = await newDiner();
    expect((await c.call('POST', `/api/games/${UUID.aMain}/wheel/spin/`)).statusCode).toBe(200);
    // Past the one-minute gap, with no cooldown or retry time: only "new to the game" can refuse.
    clock = new Date(clock.getTime() + 61_000);
    expect((await c.call('POST', `/api/auth/${UUID.aMain}/refresh/`)).statusCode).toBe(200);
    const again = await c.call('POST', `/api/games/${UUID.aMain}/wheel/spin/`);
    expect(again.json().error.code).toBe('wheel_new_only');
    expect(again.statusCode).toBe(409);
  });

  it('racing spins against a stock cut never oversell: the edit and the spins queue on the row', async () => {
    const id = await makeGame();
    // Every spin wins the juice (the only other segment weighs next to nothing).
    await rows(`update game_segments set weight = 1000000, stock = 8 where game_id = $1 and position = 0`, [id]);
    await rows(`update game_segments set weight = 1 where game_id = $1 and position = 1`, [id]);
    const diners: Caller[] = [];
    for (let i = 0; i < 12; i += 1) diners.push(await newDiner());
    const game = await read(owner, id);
    const cut = bodyOf(game, (b) => Object.assign(segs(b)[0] ?? {}, { stock: 5 }));
    const [edit, ...spins] = await Promise.all([
      owner.call('PUT', `${BASE}/${id}/`, cut),
      ...diners.map((c) => c.call('POST', `/api/games/${UUID.aMain}/wheel/spin/`)),
    ]);
    const [seg] = await rows<{ won: number; stock: number }>(
      `select won, stock from game_segments where game_id = $1 and position = 0`,
      [id],
    );
    const [drawn] = await rows<{ n: number }>(
      `select count(*)::int as n from game_draws d join game_segments s on s.id = d.segment_id
       where s.game_id = $1 and s.position = 0`,
      [id],
    );
    expect(seg && drawn).toBeTruthy();
    expect(seg?.won).toBeLessThanOrEqual(seg?.stock ?? 0);
    expect(drawn?.n).toBe(seg?.won);
    if (edit?.statusCode === 200) expect(seg?.stock).toBe(5);
    else {
      expect(edit?.json().error.code).toBe('game_stock_below_won');
      expect(seg?.stock).toBe(8);
    }
    // Each spin won the juice or found it gone ("out of gifts"): none failed otherwise.
    const codes = spins.map((s) => (s.statusCode === 200 ? 'won' : s.json().error.code));
    expect(
      codes.every((c) => c === 'won' || c === 'wheel_out_of_gifts'),
      codes.join(),
    ).toBe(true);
    expect(codes.filter((c) => c === 'won').length).toBe(seg?.won);
  });
});
