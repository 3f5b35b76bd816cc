// Engagement (issue 17) on real PostgreSQL: an evaluation with a 4 MB phone JPEG, uploaded to the real server and
// re-encoded there (sharp), timed one at a time for its p50, then four at a time while the server's peak memory
// (VmHWM) is read before and after, to show an upload is streamed and bounded rather than held per byte received.
import { readFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import pg from 'pg';
import sharp from 'sharp';
import { startServer } from './processes.ts';
import { buildCart, freshDatabase, ORDER_QR, openAllDay, signInCustomers } from './setup.ts';

const DATABASE_NAME = 'sufra_bench_engagement';
const SEQUENTIAL = 30;
const CONCURRENT_ROUNDS = 10;
const CONCURRENCY = 4;
/** What a phone camera's JPEG weighs: the target speaks of a 4 MB one. */
const TARGET_BYTES = 4 * 1024 * 1024;

export const CPU_COUNT = cpus().length;

export interface EngagementBenchResult {
  photoBytes: number;
  photoSize: string;
  sequential: { count: number; p50Ms: number; p90Ms: number; maxMs: number };
  concurrent: { count: number; concurrency: number; p50Ms: number; maxMs: number };
  /** The server's resident peak (VmHWM) before the uploads and after all of them, in MB. */
  peakRssMb: { before: number; after: number };
  /** The machine's 1-minute load average when the timed uploads began (it is shared: context for the figures). */
  loadAverage: number;
  failure?: string;
}

/**
 * A 4 MB JPEG made here (no download): noise compresses badly, as a detailed phone photo does, so a 12-megapixel
 * frame at high quality lands near 4 MB. The quality is stepped until it does.
 */
async function phoneJpeg(): Promise<{ body: Buffer; size: string }> {
  const width = 4032;
  const height = 3024;
  const noise = Buffer.alloc(width * height * 3);
  for (let i = 0; i < noise.length; i += 1) noise[i] = (i * 2654435761) >>> 24;
  let best = Buffer.alloc(0);
  for (const quality of [30, 40, 50, 60, 70, 80, 90]) {
    const body = await sharp(noise, { raw: { width, height, channels: 3 } })
      .jpeg({ quality })
      .toBuffer();
    best = body;
    if (body.length >= TARGET_BYTES) break;
  }
  return { body: best, size: `${width}×${height}` };
}

function vmHwmMb(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = Number(status.match(/VmHWM:\s+(\d+) kB/)?.[1] ?? 0);
  return Math.round(kb / 1024);
}

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))] ?? 0;

/** The demo's active evaluation form and an answer to each of its questions (4 stars, a text, the first option). */
async function demoFormAnswers(db: pg.Pool, brandId: number) {
  const { rows: formRows } = await db.query<{ id: number }>(
    'select id from evaluation_forms where brand_id = $1 and is_active order by id desc limit 1',
    [brandId],
  );
  const formId = formRows[0]?.id;
  if (!formId) throw new Error('the demo brand has no evaluation form (seed)');
  const { rows: questions } = await db.query<{ id: number; kind: string; options: { id: number }[] }>(
    'select id, kind, options from evaluation_questions where form_id = $1 order by position',
    [formId],
  );
  const answers = questions.map((q) =>
    q.kind === 'rating'
      ? { questionId: q.id, rating: 4 }
      : q.kind === 'text'
        ? { questionId: q.id, text: 'Benchmark visit' }
        : { questionId: q.id, optionIds: [q.options[0]?.id ?? 1] },
  );
  return { formId, answers };
}

/** One order per evaluation to come (a diner rates each order once), placed through the API. */
async function placeOrders(baseUrl: string, cookie: string, count: number): Promise<number[]> {
  const { body: cart } = await buildCart(baseUrl);
  const orderIds: number[] = [];
  for (let i = 0; i < count; i += 1) {
    const res = await fetch(`${baseUrl}/api/orders/${ORDER_QR}/`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie, 'idempotency-key': `bench-eval-${i}-${Date.now()}` },
      body: JSON.stringify(cart),
    });
    if (res.status !== 201) throw new Error(`order answered ${res.status}: ${await res.text()}`);
    orderIds.push(((await res.json()) as { id: number }).id);
  }
  return orderIds;
}

export async function benchEngagement(adminUrl: string, env: NodeJS.ProcessEnv): Promise<EngagementBenchResult> {
  const databaseUrl = await freshDatabase(adminUrl, DATABASE_NAME);
  const server = await startServer({
    ...env,
    DATABASE_URL: databaseUrl,
    OTP_SENDS_PER_IP_PER_HOUR: '100000',
    SMS_OUTBOX_VISIBLE: 'true',
  });
  const db = new pg.Pool({ connectionString: databaseUrl, max: 4 });
  try {
    await openAllDay(db);
    const { rows: brandRows } = await db.query<{ brand_id: number }>(
      'select b.brand_id from qr_codes q join branches b on b.id = q.branch_id where q.uuid = $1',
      [ORDER_QR],
    );
    const brandId = brandRows[0]?.brand_id ?? 0;
    const { formId, answers } = await demoFormAnswers(db, brandId);
    const total = SEQUENTIAL + CONCURRENT_ROUNDS * CONCURRENCY;
    const [cookie] = await signInCustomers(server.url, db, brandId, 1);
    if (!cookie) throw new Error('no diner signed in');
    const orderIds = await placeOrders(server.url, cookie, total);
    const photo = await phoneJpeg();
    const upload = async (orderId: number) => {
      const form = new FormData();
      form.append('evaluation', JSON.stringify({ orderId, answers }));
      form.append('photos', new Blob([new Uint8Array(photo.body)], { type: 'image/jpeg' }), 'IMG_0001.JPG');
      const started = performance.now();
      const res = await fetch(`${server.url}/api/evaluations/${ORDER_QR}/forms/${formId}/`, {
        method: 'POST',
        headers: { cookie },
        body: form,
      });
      const text = await res.text();
      const ms = performance.now() - started;
      if (res.status !== 201) throw new Error(`evaluation answered ${res.status}: ${text}`);
      return ms;
    };

    // One warm-up (sharp's first use loads libvips), not counted.
    const pending = [...orderIds];
    await upload(pending.shift() as number);
    const before = vmHwmMb(server.pid);
    const loadAverage = loadavg()[0] ?? 0;
    const sequential: number[] = [];
    for (let i = 0; i < SEQUENTIAL - 1; i += 1) sequential.push(await upload(pending.shift() as number));
    const concurrent: number[] = [];
    for (let round = 0; round < CONCURRENT_ROUNDS; round += 1) {
      const batch = pending.splice(0, CONCURRENCY);
      concurrent.push(...(await Promise.all(batch.map(upload))));
    }
    const after = vmHwmMb(server.pid);
    sequential.sort((a, b) => a - b);
    concurrent.sort((a, b) => a - b);
    return {
      photoBytes: photo.body.length,
      photoSize: photo.size,
      sequential: {
        count: sequential.length,
        p50Ms: Math.round(percentile(sequential, 0.5)),
        p90Ms: Math.round(percentile(sequential, 0.9)),
        maxMs: Math.round(sequential.at(-1) ?? 0),
      },
      concurrent: {
        count: concurrent.length,
        concurrency: CONCURRENCY,
        p50Ms: Math.round(percentile(concurrent, 0.5)),
        maxMs: Math.round(concurrent.at(-1) ?? 0),
      },
      peakRssMb: { before, after },
      loadAverage,
    };
  } finally {
    await db.end();
    await server.stop();
  }
}
