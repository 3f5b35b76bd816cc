// Issue 28's figure "order ready → SMS handed to the provider's fake: p99 ≤ 5 s" (`npm run bench -- --only sms`, and
// part of the full run), on PostgreSQL: the real server in production mode with SMS_PROVIDER=taqnyat pointed at the
// fake Taqnyat (apps/api/src/providers/sms/fake-taqnyat.ts) in this process. Pickup orders are placed and taken by
// the kitchen beforehand; then the board's "ready" moves go out at a steady rate (open loop: a move every 1/RATE s
// whatever the answers do) and each diner's "ready for pickup" text is timed from the moment its move was sent to
// the moment the fake received it (the order's transaction, the SMS outbox row, the relay's wake, the provider call).
// The machine is shared: the figures are what this run measured, nothing more.
import { performance } from 'node:perf_hooks';
import pg from 'pg';
import { startFakeTaqnyat } from '../../apps/api/src/providers/sms/fake-taqnyat.ts';
import { startServer } from './processes.ts';
import { mark, num, stamp } from './report.ts';
import { buildCart, freshDatabase, ORDER_QR, openAllDay, signInCustomers } from './setup.ts';

export const SMS_HEADING = '## Order ready → SMS (issue 28)';
const TARGET_P99_MS = 5_000;
const ORDERS = 200;
const RATE_PER_S = 20;
const WAIT_MS = 60_000;
const MANAGER = { email: 'manager@sufra.demo', password: 'manager-demo-2026' };

export interface SmsBenchResult {
  latenciesMs: number[];
  orders: number;
  ratePerSecond: number;
  /** Ready texts the fake received for these orders, and how many of them more than once. */
  received: number;
  twice: number;
  failure?: string;
}

const percentile = (sorted: number[], p: number) =>
  sorted.length === 0
    ? Number.NaN
    : (sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0);

async function staffCookie(baseUrl: string): Promise<string> {
  const res = await fetch(`${baseUrl}/api/staff/auth/login/`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(MANAGER),
  });
  if (res.status !== 200) throw new Error(`staff login answered ${res.status}`);
  const cookie = res.headers
    .getSetCookie()
    .map((c) => c.split(';', 1)[0] ?? '')
    .find((c) => c.startsWith('sufra_staff_at='));
  if (!cookie) throw new Error('no staff access cookie');
  return cookie;
}

export async function benchSms(adminUrl: string, env: NodeJS.ProcessEnv): Promise<SmsBenchResult> {
  const result: SmsBenchResult = { latenciesMs: [], orders: ORDERS, ratePerSecond: RATE_PER_S, received: 0, twice: 0 };
  const fake = await startFakeTaqnyat();
  const url = await freshDatabase(adminUrl, 'sufra_bench_sms');
  const server = await startServer({
    ...env,
    DATABASE_URL: url,
    SMS_PROVIDER: 'taqnyat',
    TAQNYAT_API_URL: fake.url,
    TAQNYAT_BEARER_TOKEN: 'bench-only-fake-taqnyat-token',
    TAQNYAT_SENDER: 'Sufra',
    SMS_OUTBOX_VISIBLE: 'true',
    OTP_SENDS_PER_IP_PER_HOUR: '100000',
  });
  const db = new pg.Pool({ connectionString: url, max: 4 });
  try {
    await openAllDay(db);
    const { rows } = await db.query<{ brand_id: number }>(
      'select b.brand_id from qr_codes q join branches b on b.id = q.branch_id where q.uuid = $1',
      [ORDER_QR],
    );
    const brandId = rows[0]?.brand_id;
    if (brandId === undefined) throw new Error('no brand for the QR code');
    console.error(`[bench] sms: signing in ${ORDERS} diners…`);
    const cookies = await signInCustomers(server.url, db, brandId, ORDERS);
    const { body } = await buildCart(server.url);
    const staff = await staffCookie(server.url);
    const move = (id: number, to: string) =>
      fetch(`${server.url}/api/staff/orders/${id}/status/`, {
        method: 'PATCH',
        headers: { 'content-type': 'application/json', cookie: staff },
        body: JSON.stringify({ to }),
      });

    // Set-up: every diner's pickup order placed and taken by the kitchen (not measured).
    const orders: { id: number; phone: string }[] = [];
    for (let start = 0; start < ORDERS; start += 10) {
      await Promise.all(
        cookies.slice(start, start + 10).map(async (cookie, k) => {
          const placed = await fetch(`${server.url}/api/orders/${ORDER_QR}/`, {
            method: 'POST',
            headers: {
              'content-type': 'application/json',
              cookie,
              'idempotency-key': crypto.randomUUID(),
            },
            body: JSON.stringify({ ...body, orderType: 2, paymentMethod: 'cash' }),
          });
          if (placed.status !== 201) throw new Error(`placement answered ${placed.status}: ${await placed.text()}`);
          const { id } = (await placed.json()) as { id: number };
          const taken = await move(id, 'sent_to_kitchen');
          if (taken.status !== 200) throw new Error(`sent_to_kitchen answered ${taken.status}`);
          // signInCustomers' numbers: 55 + the diner's index, 7 digits.
          orders.push({ id, phone: `96655${String(1_000_000 + start + k).padStart(7, '0')}` });
        }),
      );
    }

    // The measurement: "ready" moves at RATE_PER_S, each timed to its text's arrival at the fake (its own clock, the
    // same machine's).
    const sentAt = new Map<string, number>();
    const before = fake.messages.length;
    const readyTexts = () => {
      const byPhone = new Map<string, number[]>();
      for (const m of fake.messages.slice(before)) {
        if (!/ready|جاهز/i.test(m.body)) continue;
        for (const to of m.recipients) {
          const phone = to.replace(/^\+/, '');
          byPhone.set(phone, [...(byPhone.get(phone) ?? []), Date.parse(m.at)]);
        }
      }
      return byPhone;
    };
    const started = performance.now();
    const moves: Promise<void>[] = [];
    for (const [i, order] of orders.entries()) {
      const due = started + (i * 1000) / RATE_PER_S;
      const wait = due - performance.now();
      if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
      sentAt.set(order.phone, Date.now());
      moves.push(
        move(order.id, 'ready').then(async (res) => {
          if (res.status !== 200) throw new Error(`ready answered ${res.status}: ${await res.text()}`);
        }),
      );
    }
    await Promise.all(moves);
    const deadline = Date.now() + WAIT_MS;
    while (Date.now() < deadline && readyTexts().size < orders.length) {
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    const arrived = readyTexts();
    for (const order of orders) {
      const arrivals = arrived.get(order.phone) ?? [];
      const sent = sentAt.get(order.phone);
      if (arrivals.length > 0 && sent !== undefined) {
        result.received += 1;
        result.latenciesMs.push(Math.max(0, (arrivals[0] ?? sent) - sent));
      }
      if (arrivals.length > 1) result.twice += 1;
    }
    if (result.received < ORDERS) result.failure = `${ORDERS - result.received} of ${ORDERS} texts never arrived`;
    if (result.twice > 0) result.failure = `${result.twice} texts arrived twice`;
  } catch (error) {
    result.failure = error instanceof Error ? error.message : String(error);
  } finally {
    await db.end();
    await server.stop();
    await fake.close();
  }
  const sorted = [...result.latenciesMs].sort((a, b) => a - b);
  console.error(
    `[bench] sms: ${result.received}/${ORDERS} texts, p50 ${num(percentile(sorted, 50))} ms, p99 ${num(percentile(sorted, 99))} ms`,
  );
  return result;
}

export function renderSms(result: SmsBenchResult, started: Date): string[] {
  const sorted = [...result.latenciesMs].sort((a, b) => a - b);
  const p99 = percentile(sorted, 99);
  return [
    SMS_HEADING,
    '',
    `\`npm run bench -- --only sms\` on ${stamp(started)} UTC. The real server (production mode, PostgreSQL 15, one`,
    'process) with `SMS_PROVIDER=taqnyat` pointed at the fake Taqnyat in the bench process. Beforehand ' +
      `${result.orders} diners (real OTP sign-in) each placed a pickup cash order at the demo's Olaya branch, taken by`,
    `the kitchen. Then the board's "ready" moves (\`PATCH /api/staff/orders/{id}/status/\`) went out at`,
    `${result.ratePerSecond}/s, open loop; each diner's "ready for pickup" text timed from its move's request to the fake's`,
    "receipt of it (the move's transaction, the SMS outbox row, the relay's wake, the provider call).",
    '',
    '| Texts received | Twice | p50 | p95 | p99 | Target p99 | |',
    '|---|---|---|---|---|---|---|',
    `| ${result.received} / ${result.orders} | ${result.twice} | ${num(percentile(sorted, 50))} ms | ${num(percentile(sorted, 95))} ms | ${num(p99)} ms | ≤ ${num(TARGET_P99_MS)} ms | ${mark(!result.failure && p99 <= TARGET_P99_MS)} |`,
    ...(result.failure ? ['', `Failed: ${result.failure}`] : []),
  ];
}
