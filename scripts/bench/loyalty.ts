// Loyalty (issue 15) on real PostgreSQL: what spending points adds to order placement, and points-shop purchases and
// cashier redemptions per second, each at 50 connections against the real server.
import autocannon from 'autocannon';
import pg from 'pg';
import { signRewardQr } from '../../apps/api/src/modules/loyalty/reward-qr.service.ts';
import { loadApi, ORDER_CONNECTIONS, type OrderLoad } from './orders.ts';
import { startServer } from './processes.ts';
import { buildCart, freshDatabase, ORDER_QR, openAllDay, signInCustomers } from './setup.ts';

const DATABASE_NAME = 'sufra_bench_loyalty';
const CUSTOMERS = 200;
const SECONDS = 10;
const WARMUP_S = 5;
const ROUNDS = 2;
/** Points each diner holds, far past what the runs spend. */
const WALLET = 50_000_000;
/** Points an order spends (worth SAR 5 at the demo's 5 halalas a point). */
export const POINTS_PER_ORDER = 100;
const SECRET = 'bench-only-secret-for-signing-reward-qr-tokens-0123';

export interface OpsLoad {
  label: string;
  perSecond: number;
  p50Ms: number;
  p99Ms: number;
  ok: number;
  problems: number;
}

export interface LoyaltyBenchResult {
  /**
   * Cash placement without points and with, alternating rounds at 50 connections; `coupon`: the same order with a
   * coupon (issue 16: written alone with its use until the grouped write takes placement extras).
   */
  placements: { plain: OrderLoad; points: OrderLoad; coupon?: OrderLoad }[];
  purchase?: OpsLoad;
  redemption?: OpsLoad;
  cart?: string;
  failure?: string;
}

async function loadOps(
  label: string,
  url: string,
  request: () => { body: string; cookie: string },
  okStatus: number,
  firstBodies: string[],
  /** At most this many requests (then the run ends before SECONDS): one per reward there is to redeem. */
  amount?: number,
): Promise<OpsLoad> {
  const result = await autocannon({
    url,
    connections: ORDER_CONNECTIONS,
    ...(amount ? { amount } : { duration: SECONDS }),
    timeout: 10,
    requests: [
      {
        method: 'POST',
        path: new URL(url).pathname + new URL(url).search,
        headers: { 'content-type': 'application/json', 'accept-language': 'en' },
        setupRequest: (req) => {
          const next = request();
          return { ...req, body: next.body, headers: { ...req.headers, cookie: next.cookie } };
        },
        onResponse: (status, body) => {
          if (status !== okStatus && firstBodies.length < 3) firstBodies.push(`${status} ${body.slice(0, 300)}`);
        },
      },
    ],
  });
  const ok = result.statusCodeStats?.[String(okStatus)]?.count ?? 0;
  return {
    label,
    perSecond: ok / (result.duration || SECONDS),
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    ok,
    problems: Math.max(0, result.requests.total - ok) + result.errors + result.timeouts,
  };
}

/** Logs a staff user in; answers the access cookie. */
async function staffCookie(baseUrl: string, email: string, password: string): Promise<string> {
  const res = await fetch(`${baseUrl}/api/staff/auth/login/`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  if (res.status !== 200) throw new Error(`staff login answered ${res.status}`);
  const cookie = res.headers
    .getSetCookie()
    .map((c) => c.split(';', 1)[0] ?? '')
    .find((c) => c.startsWith('sufra_staff_at='));
  if (!cookie) throw new Error('no staff access cookie');
  return cookie;
}

/**
 * The bench brand's set-up in SQL: the day's limits out of the way (the runs measure the work, not the refusals),
 * every diner credited, and a coupon every diner may use any number of times (10 %, up to SAR 5).
 */
async function prepareBrand(db: pg.Pool, brandId: number): Promise<void> {
  await db.query(
    `update loyalty_rules set max_points_per_transaction = 1000000, max_points_per_day = 1000000000,
       max_redemptions_per_day = 1000000 where brand_id = $1`,
    [brandId],
  );
  await db.query(
    `with credited as (
       update customers set wallet_points = wallet_points + $2 where brand_id = $1 returning id
     )
     insert into points_ledger (brand_id, customer_id, kind, points, reason)
     select $1, id, 'adjust', $2, 'Benchmark credit' from credited`,
    [brandId, WALLET],
  );
  await db.query(
    `insert into coupons (brand_id, code, name_ar, name_en, kind, percent_bp, max_discount_halalas)
     values ($1, 'BENCH10', 'قسيمة القياس', 'Bench coupon', 'percent', 1000, 500)`,
    [brandId],
  );
}

/** Placement without points, with points and with a coupon, alternating, ROUNDS times after a warm-up. */
async function measurePlacements(baseUrl: string, cookies: string[], problems: string[]) {
  const { body, words } = await buildCart(baseUrl);
  const plainBody = JSON.stringify(body);
  const pointsBody = JSON.stringify({ ...body, points: POINTS_PER_ORDER });
  const couponBody = JSON.stringify({ ...body, couponCode: 'BENCH10' });
  const orderUrl = `${baseUrl}/api/orders/${ORDER_QR}/`;

  await loadApi('warm-up', orderUrl, cookies, pointsBody, WARMUP_S, problems);
  const placements: LoyaltyBenchResult['placements'] = [];
  for (let round = 0; round < ROUNDS; round += 1) {
    const plain = await loadApi('without points', orderUrl, cookies, plainBody, SECONDS, problems);
    const points = await loadApi(`with ${POINTS_PER_ORDER} points`, orderUrl, cookies, pointsBody, SECONDS, problems);
    const coupon = await loadApi('with a coupon', orderUrl, cookies, couponBody, SECONDS, problems);
    placements.push({ plain, points, coupon });
    console.error(
      `[bench] loyalty placement round ${round + 1}: p50 ${plain.p50Ms} → points ${points.p50Ms}, coupon ${coupon.p50Ms} ms`,
    );
  }
  return { placements, cart: words };
}

/** Points shop: every diner buys the cheapest reward over and over. */
async function measurePurchase(baseUrl: string, db: pg.Pool, brandId: number, cookies: string[], problems: string[]) {
  const { rows: rewardRows } = await db.query<{ id: number }>(
    "select id from rewards where brand_id = $1 and shop = 'points' order by points_cost limit 1",
    [brandId],
  );
  let turn = 0;
  const purchase = await loadOps(
    'points-shop purchase',
    `${baseUrl}/api/loyalty/${ORDER_QR}/shop/${rewardRows[0]?.id}/buy/?shop=points`,
    () => ({ body: '{}', cookie: cookies[turn++ % cookies.length] ?? '' }),
    200,
    problems,
  );
  console.error(`[bench] loyalty purchase: ${purchase.perSecond.toFixed(0)}/s p99 ${purchase.p99Ms} ms`);
  return purchase;
}

/** Redemption: the rewards just bought, each presented once by its signed QR (as the cashier's scanner sends it). */
async function measureRedemption(
  baseUrl: string,
  db: pg.Pool,
  ids: { brandId: number; branchId: number },
  problems: string[],
) {
  const { brandId, branchId } = ids;
  const { rows: owned } = await db.query<{ id: number; customer_id: number }>(
    'select id, customer_id from customer_rewards where brand_id = $1 and claimed_at is null order by id',
    [brandId],
  );
  const cashier = await staffCookie(baseUrl, 'cashier@sufra.demo', 'cashier-demo-2026');
  let presented = 0;
  const redemption = await loadOps(
    'cashier redemption (scanned QR)',
    `${baseUrl}/api/staff/redemptions/`,
    () => {
      const reward = owned[presented++ % owned.length];
      const { token } = signRewardQr(
        SECRET,
        { ownedRewardId: reward?.id ?? 0, customerId: reward?.customer_id ?? 0, brandId },
        new Date(),
      );
      return { body: JSON.stringify({ qr: token, branchId }), cookie: cashier };
    },
    200,
    problems,
    // Each reward is presented once: a faster redemption than purchase would otherwise run out and answer 409s.
    owned.length,
  );
  console.error(`[bench] loyalty redemption: ${redemption.perSecond.toFixed(0)}/s p99 ${redemption.p99Ms} ms`);
  if (presented > owned.length) {
    problems.push(
      `only ${owned.length} rewards for ${presented} redemptions: the rest answered 409 (counted as problems)`,
    );
  }
  return redemption;
}

export async function benchLoyalty(adminUrl: string, env: NodeJS.ProcessEnv): Promise<LoyaltyBenchResult> {
  const databaseUrl = await freshDatabase(adminUrl, DATABASE_NAME);
  const server = await startServer({
    ...env,
    DATABASE_URL: databaseUrl,
    AUTH_SECRET: SECRET,
    POINTS_EXPIRY_INTERVAL_MS: '0',
    // The 200 diners sign in from this one address (set-up, not the measurement); their codes come from the outbox.
    OTP_SENDS_PER_IP_PER_HOUR: '100000',
    SMS_OUTBOX_VISIBLE: 'true',
  });
  const db = new pg.Pool({ connectionString: databaseUrl, max: 4 });
  const problems: string[] = [];
  try {
    const branchId = await openAllDay(db);
    const { rows: brandRows } = await db.query<{ brand_id: number }>(
      'select b.brand_id from qr_codes q join branches b on b.id = q.branch_id where q.uuid = $1',
      [ORDER_QR],
    );
    const brandId = brandRows[0]?.brand_id ?? 0;
    const cookies = await signInCustomers(server.url, db, brandId, CUSTOMERS);
    await prepareBrand(db, brandId);
    const { placements, cart } = await measurePlacements(server.url, cookies, problems);
    const purchase = await measurePurchase(server.url, db, brandId, cookies, problems);
    const redemption = await measureRedemption(server.url, db, { brandId, branchId }, problems);
    const result: LoyaltyBenchResult = { placements, purchase, redemption, cart };
    if (problems.length > 0) result.failure = problems.join(' | ');
    return result;
  } finally {
    await db.end();
    await server.stop();
  }
}
