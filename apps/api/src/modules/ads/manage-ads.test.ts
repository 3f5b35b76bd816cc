import { popupResponse, sliderResponse } from '@sufra/shared/schemas/ads';
import { adImageResponse, manageAdsResponse, managePopup, manageSlide } from '@sufra/shared/schemas/manage-ads';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Caller, caller } from '../../../test/accounts.ts';
import { STAFF } from '../../../test/fixture-brands.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';

const BASE = '/api/staff/manage/ads';
const EVERY_DAY = [0, 1, 2, 3, 4, 5, 6];

function multipart(name: string, filename: string, body: Buffer, type = 'application/octet-stream') {
  const boundary = '----sufra-ad-image';
  const head = `--${boundary}\r\ncontent-disposition: form-data; name="${name}"; filename="${filename}"\r\ncontent-type: ${type}\r\n\r\n`;
  return {
    payload: Buffer.concat([Buffer.from(head), body, Buffer.from(`\r\n--${boundary}--\r\n`)]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

describe('console ads', () => {
  let t: TestApp;
  let owner: Caller;
  let manager: Caller;
  let cashier: Caller;
  let otherBrand: Caller;
  let aMain = 0;
  let aClosed = 0;
  let bMain = 0;
  let image = '';

  const staffCaller = async (who: { email: string; password: string }, language = 'en') => {
    const c = caller(t, { language });
    expect((await c.call('POST', '/api/staff/auth/login/', who)).statusCode).toBe(200);
    return c;
  };
  const upload = async (c: Caller, bytes: Buffer) => {
    const { payload, headers } = multipart('image', 'photo.png', bytes);
    return c.call('POST', `${BASE}/images/`, payload, headers);
  };
  const popup = (over: Record<string, unknown> = {}) => ({
    branchId: aMain,
    active: true,
    startsAt: null,
    endsAt: null,
    daysOfWeek: EVERY_DAY,
    sort: 0,
    backgroundImage: image,
    textAr: 'عرض الأسبوع',
    textEn: 'Offer of the week',
    buttonTextAr: 'اطلب',
    buttonTextEn: 'Order',
    redirectUrl: 'https://brand-a.test/week',
    ...over,
  });
  const slide = (over: Record<string, unknown> = {}) => ({
    branchId: aMain,
    active: true,
    startsAt: null,
    endsAt: null,
    daysOfWeek: EVERY_DAY,
    sort: 0,
    image,
    titleAr: 'جديد',
    titleEn: 'Fresh',
    redirectUrl: null,
    ...over,
  });
  const audits = (type: string, id: number) =>
    t.database.query<{ action: string }>(
      'select action from audit_log where object_type = $1 and object_id = $2 order by id',
      [type, String(id)],
    );

  beforeAll(async () => {
    t = await createTestApp();
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
  });
  afterAll(async () => {
    await t?.close();
  });

  it('uploads an image checked by its content, re-encoded as a JPEG without metadata, served publicly', async () => {
    const png = await sharp({ create: { width: 2400, height: 1200, channels: 3, background: '#5b2a86' } })
      .png()
      .withMetadata({ exif: { IFD0: { Copyright: 'secret-camera' } } })
      .toBuffer();
    const res = await upload(manager, png);
    expect(res.statusCode, res.body).toBe(201);
    const body = adImageResponse.parse(res.json());
    expect(body).toMatchObject({ width: 1600, height: 800 });
    expect(body.path).toMatch(/^\/api\/ads\/images\/[0-9a-f-]+\.jpg$/);
    image = body.path;
    const served = await caller(t).call('GET', body.path);
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/jpeg');
    const meta = await sharp(served.rawPayload).metadata();
    expect(meta.format).toBe('jpeg');
    expect(meta.exif).toBeUndefined();
  });

  it('refuses a file that is not an image (422), a missing file (400), and the cashier (403)', async () => {
    const fake = await upload(manager, Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'));
    expect(fake.statusCode).toBe(422);
    expect(fake.json().error.code).toBe('ad_image_not_image');
    // PNG magic bytes, then garbage: decoding proves it is not an image.
    const liar = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(64, 7)]);
    expect((await upload(manager, liar)).statusCode).toBe(422);
    const none = await manager.call('POST', `${BASE}/images/`, Buffer.from('--x--\r\n'), {
      'content-type': 'multipart/form-data; boundary=x',
    });
    expect(none.statusCode).toBe(400);
    const png = await sharp({ create: { width: 4, height: 4, channels: 3, background: '#fff' } })
      .png()
      .toBuffer();
    expect((await upload(cashier, png)).statusCode).toBe(403);
  });

  it('a manager publishes a branch pop-up: the diner gets it now, with audit rows and an edit conflict', async () => {
    const res = await manager.call('POST', `${BASE}/popups/`, popup({ sort: 0 }));
    expect(res.statusCode, res.body).toBe(201);
    const created = managePopup.parse(res.json());
    expect(created).toMatchObject({ branchId: aMain, version: 1, views: 0, clicks: 0, editable: true });

    // The branch's own pop-up comes before the brand-wide one (seeded).
    const diner = await caller(t).call('GET', `/api/ads/popup/${aMain}`, undefined, { 'accept-language': 'en' });
    expect(popupResponse.parse(diner.json())).toMatchObject({
      id: created.id,
      popup_text: 'Offer of the week',
      button_text: 'Order',
      background_image: image,
      redirect_url: 'https://brand-a.test/week',
    });

    const edit = await manager.call('PUT', `${BASE}/popups/${created.id}/`, {
      ...popup({ textEn: 'Week deal' }),
      version: 1,
    });
    expect(edit.statusCode, edit.body).toBe(200);
    const stale = await owner.call('PUT', `${BASE}/popups/${created.id}/`, {
      ...popup({ textEn: 'Mine' }),
      version: 1,
    });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().error.code).toBe('ad_changed');
    expect(stale.json().error.details.current).toMatchObject({ textEn: 'Week deal', version: 2 });
    expect(stale.json().error.details.yours).toMatchObject({ textEn: 'Mine' });
    expect((await audits('ad_popup', created.id)).map((r) => r.action)).toEqual(['create', 'update']);

    expect((await manager.call('DELETE', `${BASE}/popups/${created.id}/`)).statusCode).toBe(204);
    expect((await audits('ad_popup', created.id)).map((r) => r.action)).toEqual(['create', 'update', 'delete']);
  });

  it('shows an ad only inside its schedule: window and days of the week (branch time zone)', async () => {
    // Riyadh is UTC+3 all year (no daylight saving): its weekday now.
    const riyadhDay = new Date(Date.now() + 3 * 3_600_000).getUTCDay();
    const notToday = EVERY_DAY.filter((d) => d !== riyadhDay);
    const make = async (over: Record<string, unknown>) => {
      const res = await owner.call('POST', `${BASE}/slides/`, slide(over));
      expect(res.statusCode, res.body).toBe(201);
      return manageSlide.parse(res.json());
    };
    const today = await make({ titleEn: 'Today', sort: 1, daysOfWeek: [riyadhDay] });
    const otherDays = await make({ titleEn: 'Other days', daysOfWeek: notToday });
    const future = await make({
      titleEn: 'Later',
      startsAt: new Date(Date.now() + 86_400_000).toISOString(),
      endsAt: new Date(Date.now() + 2 * 86_400_000).toISOString(),
    });
    const res = await caller(t).call('GET', `/api/ads/slider/${aMain}`, undefined, { 'accept-language': 'en' });
    const titles = sliderResponse.parse(res.json()).slides.map((s) => s.title);
    expect(titles).toContain('Today');
    expect(titles).not.toContain('Other days');
    expect(titles).not.toContain('Later');
    expect(today.width).toBe(1600);
    for (const s of [today, otherDays, future]) await owner.call('DELETE', `${BASE}/slides/${s.id}/`);
  });

  it('refuses a schedule that ends before it starts (400) and a non-http link (400)', async () => {
    const bad = await owner.call(
      'POST',
      `${BASE}/slides/`,
      slide({ startsAt: '2026-12-02T00:00:00Z', endsAt: '2026-12-01T00:00:00Z' }),
    );
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.code).toBe('ad_schedule_invalid');
    expect(
      (await owner.call('POST', `${BASE}/popups/`, popup({ redirectUrl: 'javascript:alert(1)' }))).statusCode,
    ).toBe(400);
    expect(
      (await owner.call('POST', `${BASE}/popups/`, popup({ backgroundImage: '/api/ads/images/none.jpg' }))).statusCode,
    ).toBe(400);
  });

  it('counts views and clicks once per session per day, and shows them in the console', async () => {
    const created = managePopup.parse((await owner.call('POST', `${BASE}/popups/`, popup({ branchId: null }))).json());
    const event = (session: string, ev: string) =>
      caller(t).call('POST', '/api/ads/events/', { kind: 'popup', id: created.id, event: ev, session });
    for (const [s, ev] of [
      ['session-one', 'view'],
      ['session-one', 'view'],
      ['session-two', 'view'],
      ['session-one', 'click'],
      ['session-one', 'click'],
    ] as const) {
      expect((await event(s, ev)).statusCode).toBe(204);
    }
    expect(
      (
        await caller(t).call('POST', '/api/ads/events/', {
          kind: 'slide',
          id: 999999,
          event: 'view',
          session: 'session-one',
        })
      ).statusCode,
    ).toBe(404);
    const list = manageAdsResponse.parse((await owner.call('GET', `${BASE}/`)).json());
    expect(list.popups.find((p) => p.id === created.id)).toMatchObject({ views: 2, clicks: 1, editable: true });
    // The manager sees the brand-wide one, read-only.
    const theirs = manageAdsResponse.parse((await manager.call('GET', `${BASE}/`)).json());
    expect(theirs.popups.find((p) => p.id === created.id)).toMatchObject({ editable: false });
  });

  describe('who may', () => {
    it('refuses the cashier every console call (403)', async () => {
      expect((await cashier.call('GET', `${BASE}/`)).statusCode).toBe(403);
      expect((await cashier.call('POST', `${BASE}/popups/`, popup())).statusCode).toBe(403);
    });

    it('refuses a manager a brand-wide ad and another branch (by id and inside a body)', async () => {
      const wide = await manager.call('POST', `${BASE}/popups/`, popup({ branchId: null }));
      expect(wide.statusCode).toBe(403);
      expect(wide.json().error.code).toBe('ad_brand_wide_owner_only');
      expect((await manager.call('POST', `${BASE}/slides/`, slide({ branchId: aClosed }))).statusCode).toBe(403);
      const closedAd = manageSlide.parse(
        (await owner.call('POST', `${BASE}/slides/`, slide({ branchId: aClosed }))).json(),
      );
      expect((await manager.call('PUT', `${BASE}/slides/${closedAd.id}/`, { ...slide(), version: 1 })).statusCode).toBe(
        403,
      );
      expect((await manager.call('DELETE', `${BASE}/slides/${closedAd.id}/`)).statusCode).toBe(403);
      // Their own ad moved onto the other branch: refused, unchanged.
      const own = manageSlide.parse((await manager.call('POST', `${BASE}/slides/`, slide())).json());
      const move = await manager.call('PUT', `${BASE}/slides/${own.id}/`, {
        ...slide({ branchId: aClosed }),
        version: 1,
      });
      expect(move.statusCode).toBe(403);
      const [row] = await t.database.query<{ branch_id: number }>('select branch_id from ads_slides where id = $1', [
        own.id,
      ]);
      expect(row?.branch_id).toBe(aMain);
      expect((await manager.call('GET', `${BASE}/`)).json().slides.map((s: { id: number }) => s.id)).not.toContain(
        closedAd.id,
      );
    });

    it("refuses another brand's ads as not found, and its branch inside a body", async () => {
      const mine = managePopup.parse((await owner.call('POST', `${BASE}/popups/`, popup())).json());
      expect(
        (await otherBrand.call('PUT', `${BASE}/popups/${mine.id}/`, { ...popup({ branchId: bMain }), version: 1 }))
          .statusCode,
      ).toBe(404);
      expect((await otherBrand.call('DELETE', `${BASE}/popups/${mine.id}/`)).statusCode).toBe(404);
      expect((await otherBrand.call('POST', `${BASE}/popups/`, popup())).statusCode).toBe(404);
      const list = manageAdsResponse.parse((await otherBrand.call('GET', `${BASE}/`)).json());
      expect(list.popups.map((p) => p.id)).not.toContain(mine.id);
    });
  });
});
