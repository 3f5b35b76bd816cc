import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import {
  evaluationFormSchema,
  orderEvaluationSchema,
  staffEvaluationAlertsResponse,
  staffEvaluationSchema,
  staffEvaluationsResponse,
  submittedEvaluationSchema,
} from '@sufra/shared/schemas/evaluation';
import { orderSchema } from '@sufra/shared/schemas/order';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Caller, caller, countRows } from '../../../test/accounts.ts';
import { openStream, type StreamClient } from '../../../test/event-stream-client.ts';
import { brandA, brandB, brandC, STAFF, UUID } from '../../../test/fixture-brands.ts';
import { diner, menuIds, placeOrder } from '../../../test/orders.ts';
import { completeOrder } from '../../../test/punch-cards.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { LIVE_CHANNEL } from '../../core/live-notices.repo.ts';

/** A manager of brand A's other branch only: a low rating at the main branch is none of theirs. */
const CLOSED_MANAGER = { email: 'closed-manager@brand-a.test', password: 'closed-manager-pass' };

interface FilePart {
  filename: string;
  type: string;
  body: Buffer;
}

/** A multipart/form-data body as a browser's FormData sends it: the answers field, then the files. */
function multipart(evaluation: unknown, files: FilePart[] = []) {
  const boundary = `----sufra${Math.random().toString(16).slice(2)}`;
  const chunks: Buffer[] = [];
  const push = (s: string) => chunks.push(Buffer.from(s));
  push(`--${boundary}\r\ncontent-disposition: form-data; name="evaluation"\r\n\r\n${JSON.stringify(evaluation)}\r\n`);
  for (const f of files) {
    push(
      `--${boundary}\r\ncontent-disposition: form-data; name="photos"; filename="${f.filename}"\r\ncontent-type: ${f.type}\r\n\r\n`,
    );
    chunks.push(f.body);
    push('\r\n');
  }
  push(`--${boundary}--\r\n`);
  return { payload: Buffer.concat(chunks), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

const jpeg = (width = 640, height = 480) =>
  sharp({ create: { width, height, channels: 3, background: '#b5523b' } })
    .jpeg()
    .toBuffer();
/** A phone photo: EXIF with the camera and where it was taken (GPS). */
const jpegWithGps = () =>
  sharp({ create: { width: 800, height: 600, channels: 3, background: '#3b7bb5' } })
    .jpeg()
    .withExif({
      IFD0: { Make: 'PhoneCo', Model: 'P1' },
      IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '24/1 42/1 0/1', GPSLongitudeRef: 'E', GPSLongitude: '46/1 40/1 0/1' },
    })
    .toBuffer();
/** The EXIF tag that points at the GPS block, in either byte order. */
const hasGpsPointer = (exif: Buffer | undefined) =>
  exif !== undefined && (exif.includes(Buffer.from([0x88, 0x25])) || exif.includes(Buffer.from([0x25, 0x88])));

describe('evaluations: a diner rates an order once, with photos; a low rating reaches the managers live', () => {
  let t: TestApp;
  let base: string;
  let water: number;
  let formId: number;
  let questions: { rating: number; single: number; multiple: number; text: number };
  let options: { yes: number; no: number; taste: number; price: number };
  let manager: Caller;
  let cashier: Caller;
  let closedManager: Caller;
  let mainBranch: number;
  let closedBranch: number;
  let giftId: number;
  const streams: StreamClient[] = [];

  const staffCaller = async (who: { email: string; password: string }) => {
    const c = caller(t);
    expect((await c.call('POST', '/api/staff/auth/login/', who)).statusCode).toBe(200);
    return c;
  };
  const one = async <T>(sql: string, params: unknown[] = []) => {
    const [row] = await t.database.query<T>(sql, params);
    if (!row) throw new Error(`nothing for ${sql}`);
    return row;
  };
  /** A cash pickup order, placed and left pending. */
  const placed = async (c: Caller) => {
    const res = await placeOrder(c, UUID.aMain, {
      orderType: 2,
      lines: [{ kind: 'product', itemId: water, quantity: 1 }],
      paymentMethod: 'cash',
    });
    expect(res.statusCode, res.body).toBe(201);
    return orderSchema.parse(res.json());
  };
  /** A cash pickup order the cashier completed (handed over): one that can be rated. */
  const pickup = async (c: Caller) => {
    const order = await placed(c);
    await completeOrder(cashier, order.id);
    return order;
  };
  /** The next event that is not an order's status move (completing the orders to rate them makes those). */
  const nextNotUpdate = async (s: StreamClient) => {
    for (let e = await s.next(); ; e = await s.next()) if (e.event !== 'order_updated') return e;
  };
  const answers = (stars: number) => [
    { questionId: questions.rating, rating: stars },
    { questionId: questions.single, optionIds: [options.yes] },
    { questionId: questions.multiple, optionIds: [options.taste, options.price] },
    { questionId: questions.text, text: 'Warm bread, slow service' },
  ];
  const submit = (
    c: Caller,
    evaluation: unknown,
    files: FilePart[] = [],
    language?: string,
    uuid: string = UUID.aMain,
  ) => {
    const { payload, headers } = multipart(evaluation, files);
    return c.call('POST', `/api/evaluations/${uuid}/forms/${formId}/`, payload, {
      ...headers,
      ...(language ? { 'accept-language': language } : {}),
    });
  };
  /** Nothing of a refused submission stays: no rows, no points, no stored files. */
  const expectNothingWritten = async (orderId: number) => {
    expect((await t.database.query('select 1 from evaluation_submissions where order_id = $1', [orderId])).length).toBe(
      0,
    );
    expect(
      (await t.database.query("select 1 from points_ledger where order_id = $1 and kind = 'bonus'", [orderId])).length,
    ).toBe(0);
    expect(storedFiles()).toBe(await countRows(t, 'evaluation_photos'));
  };
  const storedFiles = () => {
    const dir = join(t.config.uploadsDir, 'evaluations');
    try {
      return readdirSync(dir, { recursive: true }).filter((f) => String(f).endsWith('.jpg')).length;
    } catch {
      return 0;
    }
  };

  beforeAll(async () => {
    const withClosedManager = {
      ...brandA,
      staff: [
        ...(brandA.staff ?? []),
        { ...CLOSED_MANAGER, name: 'Closed Manager', role: 'manager' as const, branches: ['a-closed'] },
      ],
    };
    t = await createTestApp({
      brands: [withClosedManager, brandB, brandC],
      env: { KITCHEN_RELAY_INTERVAL_MS: '3600000' },
    });
    base = await t.listen();
    water = (await menuIds(t, UUID.aMain)).item('water');
    formId = (await one<{ id: number }>('select id from evaluation_forms')).id;
    const form = evaluationFormSchema.parse(
      (await caller(t).call('GET', `/api/evaluations/${UUID.aMain}/forms/${formId}/`)).json(),
    );
    const q = (kind: string) => {
      const found = form.questions.find((x) => x.kind === kind);
      if (!found) throw new Error(kind);
      return found;
    };
    questions = { rating: q('rating').id, single: q('single').id, multiple: q('multiple').id, text: q('text').id };
    const opt = (kind: string, en: string) => q(kind).options.find((o) => o.label.en === en)?.id ?? -1;
    options = {
      yes: opt('single', 'Yes'),
      no: opt('single', 'No'),
      taste: opt('multiple', 'Taste'),
      price: opt('multiple', 'Price'),
    };
    manager = await staffCaller(STAFF.aManager);
    cashier = await staffCaller(STAFF.aCashier);
    closedManager = await staffCaller(CLOSED_MANAGER);
    const branchOf = async (uuid: string) =>
      (await one<{ id: number }>('select branch_id as id from qr_codes where uuid = $1', [uuid])).id;
    mainBranch = await branchOf(UUID.aMain);
    closedBranch = await branchOf(UUID.aClosed);
    giftId = (await one<{ id: number }>("select id from rewards where name_en = 'Gift'")).id;
  });
  afterAll(async () => {
    for (const s of streams) s.close();
    await t.close();
  });

  it('serves the form with its four kinds of question in both languages', async () => {
    const res = await caller(t).call('GET', `/api/evaluations/${UUID.aMain}/forms/${formId}/`);
    expect(res.statusCode).toBe(200);
    const form = evaluationFormSchema.parse(res.json());
    expect(form.questions.map((x) => x.kind)).toEqual(['rating', 'single', 'multiple', 'text']);
    expect(form.questions[1]?.options.map((o) => o.label)).toEqual([
      { ar: 'نعم', en: 'Yes' },
      { ar: 'لا', en: 'No' },
    ]);
    expect(form).toMatchObject({ name: { ar: 'قيّم زيارتك', en: 'Rate your visit' }, pointsReward: 50 });
    const missing = await caller(t).call('GET', `/api/evaluations/${UUID.aMain}/forms/999999/`);
    expect(missing.statusCode).toBe(404);
    expect(missing.json().error.code).toBe('evaluation_form_not_found');
  });

  it('refuses missing answers with the spec message in both languages, naming them, and writes nothing', async () => {
    const d = await diner(t, UUID.aMain, '0594000001');
    const order = await pickup(d);
    const partial = [
      { questionId: questions.rating, rating: 4 },
      { questionId: questions.text, text: '  ' },
    ];
    const res = await submit(d, { orderId: order.id, answers: partial }, [
      { filename: 'a.jpg', type: 'image/jpeg', body: await jpeg() },
    ]);
    expect(res.statusCode).toBe(422);
    expect(res.json().error).toMatchObject({
      code: 'evaluation_unanswered',
      message: 'One or more question left unanswered',
      // "What did you like?" and the notes are optional: only the required question is named.
      details: { unanswered: [questions.single] },
    });
    const ar = await submit(d, { orderId: order.id, answers: [] }, [], 'ar');
    expect(ar.json().error.message).toBe('هناك سؤال أو أكثر لم تتم الإجابة عليه');
    await expectNothingWritten(order.id);
  });

  it('takes a 1-star rating with the optional questions left empty (a diner who liked nothing need not say so)', async () => {
    const d = await diner(t, UUID.aMain, '0594000011');
    const order = await pickup(d);
    const form = evaluationFormSchema.parse(
      (await d.call('GET', `/api/evaluations/${UUID.aMain}/forms/${formId}/?order=${order.id}`)).json(),
    );
    expect(form.questions.map((q) => q.required)).toEqual([true, true, false, false]);
    const res = await submit(d, {
      orderId: order.id,
      answers: [
        { questionId: questions.rating, rating: 1 },
        { questionId: questions.single, optionIds: [options.no] },
        { questionId: questions.multiple, optionIds: [] },
        { questionId: questions.text, text: '' },
      ],
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(submittedEvaluationSchema.parse(res.json()).averageRatingHundredths).toBe(100);
    const [row] = await t.database.query<{ answers: unknown[]; is_low: boolean }>(
      'select answers, is_low from evaluation_submissions where order_id = $1',
      [order.id],
    );
    expect(row).toMatchObject({ is_low: true });
    expect(row?.answers).toHaveLength(2);
  });

  it('offers and takes a rating for a completed order only: pending or canceled refused in both languages', async () => {
    const d = await diner(t, UUID.aMain, '0594000012');
    const order = await placed(d);
    const status = async (id: number) =>
      orderEvaluationSchema.parse((await d.call('GET', `/api/evaluations/${UUID.aMain}/orders/${id}/`)).json());
    expect(await status(order.id)).toEqual({ formId: null, submitted: false });
    const pending = await submit(d, { orderId: order.id, answers: answers(4) });
    expect(pending.statusCode).toBe(409);
    expect(pending.json().error).toMatchObject({
      code: 'evaluation_order_not_completed',
      message: 'You can rate this order once it has been completed',
    });
    const ar = await submit(d, { orderId: order.id, answers: answers(4) }, [], 'ar');
    expect(ar.json().error.message).toBe('يمكنك تقييم هذا الطلب بعد اكتماله');
    await expectNothingWritten(order.id);

    const moved = await cashier.call('PATCH', `/api/staff/orders/${order.id}/status/`, { to: 'sent_to_kitchen' });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(await status(order.id)).toEqual({ formId: null, submitted: false });
    const canceled = await cashier.call('PATCH', `/api/staff/orders/${order.id}/status/`, {
      to: 'canceled',
      reason: 'No rice',
    });
    expect(canceled.statusCode, canceled.body).toBe(200);
    expect(await status(order.id)).toEqual({ formId: null, submitted: false });
    const refused = await submit(d, { orderId: order.id, answers: answers(4) });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.code).toBe('evaluation_order_canceled');
    await expectNothingWritten(order.id);

    const done = await pickup(d);
    expect(await status(done.id)).toEqual({ formId, submitted: false });
  });

  it("rates a visit from the table's QR without an order: signed in, once a day per branch (even racing), no points", async () => {
    const anonymous = await submit(caller(t), { answers: answers(2) }, [], undefined, UUID.aTable);
    expect(anonymous.statusCode).toBe(401);
    const d = await diner(t, UUID.aMain, '0594000013');
    const before = await one<{ wallet_points: number }>(
      "select wallet_points from customers where phone = '+966594000013'",
    );
    const formNow = () => d.call('GET', `/api/evaluations/${UUID.aTable}/forms/${formId}/`);
    expect(evaluationFormSchema.parse((await formNow()).json()).alreadySubmitted).toBe(false);
    const results = await Promise.all(
      Array.from({ length: 6 }, () => submit(d, { answers: answers(2) }, [], undefined, UUID.aTable)),
    );
    expect(results.map((r) => r.statusCode).sort()).toEqual([201, 409, 409, 409, 409, 409]);
    const won = results.find((r) => r.statusCode === 201);
    expect(submittedEvaluationSchema.parse(won?.json())).toMatchObject({ pointsAwarded: 0 });
    const lost = results.find((r) => r.statusCode === 409);
    expect(lost?.json().error).toMatchObject({
      code: 'evaluation_visit_already_rated',
      message: "You've already rated your visit to this branch today",
    });
    const ar = await submit(d, { answers: answers(5) }, [], 'ar', UUID.aMain);
    expect(ar.statusCode).toBe(409);
    expect(ar.json().error.message).toBe('لقد قيّمت زيارتك لهذا الفرع اليوم');
    expect(evaluationFormSchema.parse((await formNow()).json()).alreadySubmitted).toBe(true);

    const rows = await t.database.query<{ order_id: number | null; branch_id: number; points_awarded: number }>(
      "select s.order_id, s.branch_id, s.points_awarded from evaluation_submissions s join customers c on c.id = s.customer_id where c.phone = '+966594000013'",
    );
    expect(rows).toEqual([{ order_id: null, branch_id: mainBranch, points_awarded: 0 }]);
    const after = await one<{ wallet_points: number }>(
      "select wallet_points from customers where phone = '+966594000013'",
    );
    expect(after.wallet_points).toBe(before.wallet_points);

    // The managers see it, without an order number.
    const list = staffEvaluationsResponse.parse((await manager.call('GET', '/api/staff/evaluations/')).json());
    const seen = list.evaluations.find((e) => e.customer.phone === '+966594000013' && e.branch.id === mainBranch);
    expect(seen).toMatchObject({ orderId: null, orderNumber: null, isLow: true });
  });

  it('refuses a third image ("Can\'t upload more than 2 images") and writes nothing', async () => {
    const d = await diner(t, UUID.aMain, '0594000002');
    const order = await pickup(d);
    const photo = { filename: 'p.jpg', type: 'image/jpeg', body: await jpeg() };
    const res = await submit(d, { orderId: order.id, answers: answers(5) }, [photo, photo, photo]);
    expect(res.statusCode).toBe(422);
    expect(res.json().error).toMatchObject({
      code: 'evaluation_too_many_photos',
      message: "Can't upload more than 2 images",
    });
    const ar = await submit(d, { orderId: order.id, answers: answers(5) }, [photo, photo, photo], 'ar');
    expect(ar.json().error.message).toBe('لا يمكن رفع أكثر من صورتين');
    await expectNothingWritten(order.id);
  });

  it('refuses a file over 8 MB with 413 and writes nothing', async () => {
    const d = await diner(t, UUID.aMain, '0594000003');
    const order = await pickup(d);
    const big = Buffer.concat([await jpeg(), Buffer.alloc(8 * 1024 * 1024)]);
    const res = await submit(d, { orderId: order.id, answers: answers(5) }, [
      { filename: 'big.jpg', type: 'image/jpeg', body: big },
    ]);
    expect(res.statusCode).toBe(413);
    expect(res.json().error.code).toBe('evaluation_photo_too_large');
    await expectNothingWritten(order.id);
  });

  it('refuses a zip named .jpg (checked by content, not the name) with 415 and writes nothing', async () => {
    const d = await diner(t, UUID.aMain, '0594000004');
    const order = await pickup(d);
    const zip = Buffer.concat([Buffer.from([0x50, 0x4b, 0x03, 0x04]), Buffer.alloc(200, 1)]);
    const res = await submit(d, { orderId: order.id, answers: answers(5) }, [
      { filename: 'holiday.jpg', type: 'image/jpeg', body: zip },
    ]);
    expect(res.statusCode).toBe(415);
    expect(res.json().error.code).toBe('evaluation_photo_not_image');
    // A JPEG's first bytes with nothing decodable behind them are refused too.
    const fake = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(100)]);
    const second = await submit(d, { orderId: order.id, answers: answers(5) }, [
      { filename: 'x.jpg', type: 'image/jpeg', body: fake },
    ]);
    expect(second.statusCode).toBe(415);
    await expectNothingWritten(order.id);
  });

  it("answers an order that isn't the diner's with 404 before a photo is looked at (issue 24)", async () => {
    const d = await diner(t, UUID.aMain, '0594000090');
    // Not an image: were it decoded first, the answer would be 415.
    const junk = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(100)]);
    const res = await submit(d, { orderId: 2_000_000_000, answers: answers(5) }, [
      { filename: 'a.jpg', type: 'image/jpeg', body: junk },
      { filename: 'b.jpg', type: 'image/jpeg', body: junk },
    ]);
    expect(res.statusCode, res.body).toBe(404);
    expect(res.json().error.code).toBe('order_not_found');
  });

  it('limits the photos one diner has decoded to ten in ten minutes (429 with the wait, in both languages)', async () => {
    const d = await diner(t, UUID.aMain, '0594000091');
    const order = await pickup(d);
    const junk = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(100)]);
    const two = [
      { filename: 'a.jpg', type: 'image/jpeg', body: junk },
      { filename: 'b.jpg', type: 'image/jpeg', body: junk },
    ];
    const statuses: number[] = [];
    for (let i = 0; i < 6; i += 1) {
      statuses.push((await submit(d, { orderId: order.id, answers: answers(5) }, two)).statusCode);
    }
    // Each refused photo was decoded (415); past ten decodes the diner waits.
    expect(statuses.slice(0, 5)).toEqual(Array(5).fill(415));
    expect(statuses[5]).toBe(429);
    const ar = await submit(d, { orderId: order.id, answers: answers(5) }, two, 'ar');
    expect(ar.statusCode).toBe(429);
    expect(ar.json().error).toMatchObject({
      code: 'evaluation_uploads_limited',
      message: 'أرسلت صورًا كثيرة، انتظر قليلًا ثم حاول مرة أخرى',
    });
    expect(Number(ar.headers['retry-after'])).toBeGreaterThan(0);
    expect(Number(ar.headers['retry-after'])).toBeLessThanOrEqual(600);
    // Without photos the rating still goes through.
    expect((await submit(d, { orderId: order.id, answers: answers(5) })).statusCode).toBe(201);
    await expect(countRows(t, 'evaluation_photos')).resolves.toBe(storedFiles());
  });

  it('stores photos re-encoded without their EXIF location, served only to the diner and the branch managers', async () => {
    const d = await diner(t, UUID.aMain, '0594000005');
    const order = await pickup(d);
    const original = await jpegWithGps();
    expect(hasGpsPointer((await sharp(original).metadata()).exif)).toBe(true);
    const res = await submit(d, { orderId: order.id, answers: answers(4) }, [
      { filename: 'IMG_0001.JPG', type: 'image/jpeg', body: original },
      {
        filename: 'second.png',
        type: 'image/png',
        body: await sharp(await jpeg(300, 200))
          .png()
          .toBuffer(),
      },
    ]);
    expect(res.statusCode, res.body).toBe(201);
    expect(submittedEvaluationSchema.parse(res.json())).toMatchObject({ photos: 2, averageRatingHundredths: 400 });
    const photos = await t.database.query<{ id: number; content_type: string; width: number; height: number }>(
      'select p.id, p.content_type, p.width, p.height from evaluation_photos p join evaluation_submissions s on s.id = p.submission_id where s.order_id = $1 order by p.position',
      [order.id],
    );
    expect(photos.map((p) => [p.content_type, p.width, p.height])).toEqual([
      ['image/jpeg', 800, 600],
      ['image/jpeg', 300, 200],
    ]);
    const first = photos[0]?.id;

    const served = await manager.call('GET', `/api/staff/evaluations/photos/${first}/`);
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/jpeg');
    expect(served.headers['x-content-type-options']).toBe('nosniff');
    expect(served.headers['cache-control']).toBe('private, max-age=3600');
    const stored = await sharp(served.rawPayload).metadata();
    expect(stored.format).toBe('jpeg');
    expect(stored.exif).toBeUndefined();
    expect(hasGpsPointer(stored.exif)).toBe(false);

    expect((await d.call('GET', `/api/evaluations/${UUID.aMain}/photos/${first}/`)).statusCode).toBe(200);
    const stranger = await diner(t, UUID.aMain, '0594000006');
    expect((await stranger.call('GET', `/api/evaluations/${UUID.aMain}/photos/${first}/`)).statusCode).toBe(404);
    expect((await closedManager.call('GET', `/api/staff/evaluations/photos/${first}/`)).statusCode).toBe(404);
    expect((await cashier.call('GET', `/api/staff/evaluations/photos/${first}/`)).statusCode).toBe(403);
    expect((await caller(t).call('GET', `/api/staff/evaluations/photos/${first}/`)).statusCode).toBe(401);
  });

  it('takes one evaluation per order: the points once through the ledger, a second refused and shown as rated', async () => {
    const d = await diner(t, UUID.aMain, '0594000007');
    const order = await pickup(d);
    const before = await one<{ wallet_points: number }>(
      "select wallet_points from customers where phone = '+966594000007'",
    );
    const first = await submit(d, { orderId: order.id, answers: answers(5) });
    expect(first.statusCode, first.body).toBe(201);
    expect(submittedEvaluationSchema.parse(first.json()).pointsAwarded).toBe(50);
    const second = await submit(d, { orderId: order.id, answers: answers(1) }, [], 'ar');
    expect(second.statusCode).toBe(409);
    expect(second.json().error).toMatchObject({
      code: 'evaluation_already_submitted',
      message: 'تم تقييم هذا الطلب من قبل',
    });
    const ledger = await t.database.query<{ kind: string; points: number; reason: string }>(
      'select kind, points, reason from points_ledger where order_id = $1 and kind = $2',
      [order.id, 'bonus'],
    );
    expect(ledger).toEqual([{ kind: 'bonus', points: 50, reason: 'evaluation' }]);
    const after = await one<{ wallet_points: number }>(
      "select wallet_points from customers where phone = '+966594000007'",
    );
    expect(after.wallet_points - before.wallet_points).toBe(50);

    const form = await d.call('GET', `/api/evaluations/${UUID.aMain}/forms/${formId}/?order=${order.id}`);
    expect(evaluationFormSchema.parse(form.json()).alreadySubmitted).toBe(true);
    const status = await d.call('GET', `/api/evaluations/${UUID.aMain}/orders/${order.id}/`);
    expect(orderEvaluationSchema.parse(status.json())).toEqual({ formId, submitted: true });
    // Another diner's order is not theirs to rate.
    const other = await diner(t, UUID.aMain, '0594000008');
    const theirs = await submit(other, { orderId: order.id, answers: answers(5) });
    expect(theirs.statusCode).toBe(404);
  });

  it('lets one of concurrent submissions of an order in (PostgreSQL: side by side), with one ledger row', async () => {
    const d = await diner(t, UUID.aMain, '0594000009');
    const order = await pickup(d);
    const photo = { filename: 'p.jpg', type: 'image/jpeg', body: await jpeg() };
    const results = await Promise.all(
      Array.from({ length: 6 }, () => submit(d, { orderId: order.id, answers: answers(3) }, [photo])),
    );
    expect(results.map((r) => r.statusCode).sort()).toEqual([201, 409, 409, 409, 409, 409]);
    expect(
      (await t.database.query('select 1 from evaluation_submissions where order_id = $1', [order.id])).length,
    ).toBe(1);
    expect(
      (await t.database.query("select 1 from points_ledger where order_id = $1 and kind = 'bonus'", [order.id])).length,
    ).toBe(1);
    // The losers' photos were removed again: one stored file per photo row.
    expect(storedFiles()).toBe(await countRows(t, 'evaluation_photos'));
  });

  it("brings a low rating live to the branch's managers with its photos, not to a cashier or another branch's manager", async () => {
    const open = async (c: Caller) => {
      const s = await openStream(`${base}/api/staff/orders/events/`, { cookie: c.jar.header() });
      streams.push(s);
      expect((await s.next()).event).toBe('ready');
      return s;
    };
    const managerStream = await open(manager);
    const cashierStream = await open(cashier);
    const closedStream = await open(closedManager);

    const d = await diner(t, UUID.aMain, '0594000010');
    const order = await pickup(d);
    // The cashier's board gets the order first (and so does the manager's).
    expect((await cashierStream.next('order_placed')).event).toBe('order_placed');
    const res = await submit(d, { orderId: order.id, answers: answers(2) }, [
      { filename: 'cold.jpg', type: 'image/jpeg', body: await jpeg() },
    ]);
    expect(res.statusCode, res.body).toBe(201);
    const low = staffEvaluationSchema.parse((await managerStream.next('evaluation_low')).data);
    expect(low).toMatchObject({
      orderId: order.id,
      branch: { id: mainBranch },
      averageRatingHundredths: 200,
      isLow: true,
      customer: { phone: '+966594000010' },
    });
    expect(low.photos).toHaveLength(1);
    expect(low.answers.map((a) => a.kind)).toEqual(['rating', 'single', 'multiple', 'text']);
    expect((await manager.call('GET', low.photos[0]?.url ?? '')).statusCode).toBe(200);

    // A good rating is not announced; a marker after it proves what each stream got in between, in commit order
    // (the hub hands notices on one after another): the cashier's next event is the next order, and the other
    // branch's manager's first evaluation is the marker, not the low rating.
    const good = await pickup(d);
    expect((await submit(d, { orderId: good.id, answers: answers(5) })).statusCode).toBe(201);
    const goodId = (await one<{ id: number }>('select id from evaluation_submissions where order_id = $1', [good.id]))
      .id;
    await t.database.query('select pg_notify($1, $2)', [
      LIVE_CHANNEL,
      JSON.stringify({
        kind: 'evaluation_low',
        evaluationId: goodId,
        brandId: t.seeded.get('test-brand-a')?.brandId,
        branchId: closedBranch,
      }),
    ]);
    expect((await nextNotUpdate(closedStream)).data).toMatchObject({ id: goodId });
    expect((await nextNotUpdate(cashierStream)).event).toBe('order_placed');
    expect((await nextNotUpdate(managerStream)).event).toBe('order_placed');
    expect((await nextNotUpdate(managerStream)).data).toMatchObject({ id: goodId });
  });

  it('shows managers each branch with its average, and answers a rating with an apology reward once', async () => {
    const res = await manager.call('GET', '/api/staff/evaluations/');
    expect(res.statusCode).toBe(200);
    const list = staffEvaluationsResponse.parse(res.json());
    const main = list.branches.find((b) => b.branch.id === mainBranch);
    const rows = await t.database.query<{ n: number; avg: number; low: number }>(
      'select count(*)::int as n, round(avg(average_rating_hundredths))::int as avg, count(*) filter (where is_low)::int as low from evaluation_submissions where branch_id = $1',
      [mainBranch],
    );
    expect(main).toMatchObject({ count: rows[0]?.n, averageRatingHundredths: rows[0]?.avg, lowCount: rows[0]?.low });
    expect(list.branches.find((b) => b.branch.id === closedBranch)).toMatchObject({
      count: 0,
      averageRatingHundredths: null,
    });
    expect(list.apologyRewards.map((r) => r.name.en)).toEqual(['Gift']);
    // Each evaluation names the reward its apology starts on: its form's (the fixture's form names the Gift).
    expect(list.evaluations.length).toBeGreaterThan(0);
    for (const e of list.evaluations) expect(e.suggestedApologyRewardId).toBe(giftId);
    expect((await cashier.call('GET', '/api/staff/evaluations/')).statusCode).toBe(403);
    const closedList = staffEvaluationsResponse.parse(
      (await closedManager.call('GET', '/api/staff/evaluations/')).json(),
    );
    expect(closedList.evaluations).toEqual([]);

    const low = list.evaluations.find((e) => e.isLow);
    if (!low) throw new Error('no low evaluation listed');
    const before = await countRows(t, 'customer_rewards');
    expect(
      (await cashier.call('POST', `/api/staff/evaluations/${low.id}/apology/`, { rewardId: giftId })).statusCode,
    ).toBe(403);
    const sent = await manager.call('POST', `/api/staff/evaluations/${low.id}/apology/`, { rewardId: giftId });
    expect(sent.statusCode, sent.body).toBe(200);
    expect(staffEvaluationSchema.parse(sent.json()).apologizedAt).not.toBeNull();
    const owned = await one<{ customer_id: number; source: string }>(
      'select customer_id, source from customer_rewards order by id desc limit 1',
    );
    expect(owned).toEqual({ customer_id: low.customer.id, source: 'staff' });
    const again = await manager.call('POST', `/api/staff/evaluations/${low.id}/apology/`, { rewardId: giftId });
    expect(again.statusCode).toBe(409);
    expect(again.json().error.code).toBe('evaluation_apology_sent');
    expect(await countRows(t, 'customer_rewards')).toBe(before + 1);
  });

  it('counts for the Evaluations tab the low ratings of the branches in scope no apology answered yet', async () => {
    const count = async (c: Caller) => {
      const res = await c.call('GET', '/api/staff/evaluations/alerts/');
      expect(res.statusCode, res.body).toBe(200);
      return staffEvaluationAlertsResponse.parse(res.json()).unansweredLow;
    };
    const open = async () =>
      (
        await one<{ n: number }>(
          'select count(*)::int as n from evaluation_submissions where branch_id = $1 and is_low and apologized_at is null',
          [mainBranch],
        )
      ).n;
    const start = await count(manager);
    expect(start).toBe(await open());
    expect(start).toBeGreaterThan(0);
    expect(await count(closedManager)).toBe(0);
    expect((await cashier.call('GET', '/api/staff/evaluations/alerts/')).statusCode).toBe(403);
    expect((await caller(t).call('GET', '/api/staff/evaluations/alerts/')).statusCode).toBe(401);

    const d = await diner(t, UUID.aMain, '0594000014');
    const order = await pickup(d);
    expect((await submit(d, { orderId: order.id, answers: answers(1) })).statusCode).toBe(201);
    expect(await count(manager)).toBe(start + 1);
    const id = (await one<{ id: number }>('select id from evaluation_submissions where order_id = $1', [order.id])).id;
    const sent = await manager.call('POST', `/api/staff/evaluations/${id}/apology/`, { rewardId: giftId });
    expect(sent.statusCode, sent.body).toBe(200);
    expect(await count(manager)).toBe(start);
  });
});
