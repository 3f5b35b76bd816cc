// The loyalty and engagement sections of docs/benchmarks.md.
import { CPU_COUNT, type EngagementBenchResult } from './engagement.ts';
import { type LoyaltyBenchResult, POINTS_PER_ORDER } from './loyalty.ts';
import { ORDERS_POOL_SIZE } from './options.ts';
import { ORDER_CONNECTIONS } from './orders.ts';
import { ENGAGEMENT_HEADING, LOYALTY_HEADING, mark } from './report.ts';
import { SPIN_STOCK, type SpinsBenchResult } from './spins.ts';

export function renderEngagement(result: EngagementBenchResult | string, origin: string): string[] {
  const lines = [ENGAGEMENT_HEADING, '', `From ${origin}.`, ''];
  if (typeof result === 'string') return [...lines, `Engagement ${result}.`];
  const mb = (result.photoBytes / 1024 / 1024).toFixed(1);
  lines.push(
    `Real server (1 process) on a fresh PostgreSQL database seeded with the demo brand; one signed-in diner rates ` +
      `one order per request on the demo form with one ${mb} MB, ${result.photoSize} JPEG (made at run time with ` +
      'sharp), which the server checks, re-encodes to ≤ 1600 px without metadata and stores in UPLOADS_DIR.',
    '',
    '| run | uploads | p50 ms | p90 ms | max ms | target |',
    '| --- | ---: | ---: | ---: | ---: | --- |',
    `| one at a time | ${result.sequential.count} | ${result.sequential.p50Ms} | ${result.sequential.p90Ms} | ${result.sequential.maxMs} | p50 ≤ 300 ms: ${mark(result.sequential.p50Ms <= 300)} |`,
    `| ${result.concurrent.concurrency} at a time | ${result.concurrent.count} | ${result.concurrent.p50Ms} | | ${result.concurrent.maxMs} | |`,
    '',
    `The machine's 1-minute load average when the timed uploads began: ${result.loadAverage.toFixed(1)} on ` +
      `${CPU_COUNT} CPUs (a shared machine: above ${CPU_COUNT}, every figure here waits for a CPU).`,
    '',
    `Server peak resident memory (VmHWM) after the warm-up upload: ${result.peakRssMb.before} MB; after all ` +
      `${result.sequential.count + result.concurrent.count} more uploads, ${result.peakRssMb.after} MB ` +
      `(bounded: a request holds at most its photos' bytes, ≤ 8 MB each, while libvips decodes them).`,
  );
  return lines;
}

export function renderSpins(spins: SpinsBenchResult): string[] {
  const lines: string[] = ['### Wheel spins', ''];
  lines.push(
    `Real server (1 process, pool ${ORDERS_POOL_SIZE}) on a fresh PostgreSQL 15 database seeded with the demo brand, ` +
      `${ORDER_CONNECTIONS} connections for 10 s after a 3 s warm-up, each spin a different signed-in diner (made in SQL ` +
      `with their sessions). The wheel: a prize with a stock of ${SPIN_STOCK} (weight 1), points without a limit ` +
      '(weight 20) and "try again" (weight 79): every answer is a real draw.',
    '',
    '| operation | spins/s | p50 ms | p99 ms | target |',
    '| --- | ---: | ---: | ---: | --- |',
  );
  if (spins.perSecond !== undefined) {
    const met = spins.perSecond >= 1_000 && (spins.p99Ms ?? Infinity) <= 100;
    lines.push(
      `| spin | ${spins.perSecond.toFixed(0)} | ${spins.p50Ms} | ${spins.p99Ms} | ≥ 1,000/s at p99 ≤ 100 ms: ${mark(met)} |`,
      '',
      `The prize with a stock of ${SPIN_STOCK}: won ${spins.stockedWon} times, ${spins.stockedDraws} draws landed on it ` +
        `(must be exactly ${SPIN_STOCK}): ${mark(spins.stockedWon === SPIN_STOCK && spins.stockedDraws === SPIN_STOCK)}.`,
    );
  }
  if (spins.failure) lines.push('', `Problems: ${spins.failure}`);
  return lines;
}

/** The loyalty section (issue 15): points at checkout against plain placement, shop purchases, redemptions. */
export function renderLoyalty(result: LoyaltyBenchResult | string, origin?: string): string[] {
  const lines = [LOYALTY_HEADING, ''];
  if (origin) lines.push(`From ${origin}.`, '');
  if (typeof result === 'string') return [...lines, `Loyalty ${result}.`];
  lines.push(
    `Real server (1 process, pool ${ORDERS_POOL_SIZE}) on a fresh PostgreSQL 15 database seeded with the demo brand, ` +
      `${ORDER_CONNECTIONS} connections, 200 signed-in diners in turn, each request a new Idempotency-Key; the day's ` +
      `points limits raised so every request is work, not a refusal. Cart: ${result.cart ?? 'n/a'}.`,
    '',
    '| round | without points: orders/s | p50 ms | with points: orders/s | p50 ms | p50 added | with a coupon: orders/s | p50 ms | p50 added |',
    '| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |',
  );
  result.placements.forEach(({ plain, points, coupon }, i) => {
    const withCoupon = coupon
      ? `${coupon.ordersPerSecond.toFixed(0)} | ${coupon.p50Ms} | ${coupon.p50Ms - plain.p50Ms} ms`
      : 'n/a | n/a | n/a';
    lines.push(
      `| ${i + 1} | ${plain.ordersPerSecond.toFixed(0)} | ${plain.p50Ms} | ${points.ordersPerSecond.toFixed(0)} | ${points.p50Ms} | ${points.p50Ms - plain.p50Ms} ms | ${withCoupon} |`,
    );
  });
  const added = result.placements.map((p) => p.points.p50Ms - p.plain.p50Ms).sort((a, b) => a - b);
  const medianAdded = added[Math.floor((added.length - 1) / 2)];
  if (medianAdded !== undefined) {
    lines.push(
      '',
      `Spending ${POINTS_PER_ORDER} points adds **${medianAdded} ms** to placement's p50 (target ≤ 5 ms): ${mark(medianAdded <= 5)}.`,
    );
  }
  const couponAdded = result.placements
    .flatMap((p) => (p.coupon ? [p.coupon.p50Ms - p.plain.p50Ms] : []))
    .sort((a, b) => a - b);
  const medianCoupon = couponAdded[Math.floor((couponAdded.length - 1) / 2)];
  if (medianCoupon !== undefined) {
    lines.push(
      '',
      `A coupon (issue 16: its counters moved inside the placement statement) adds **${medianCoupon} ms** to placement's p50 (target ≤ 5 ms): ${mark(medianCoupon <= 5)}.`,
    );
  }
  lines.push('', '| operation | ops/s | p50 ms | p99 ms | target |', '| --- | ---: | ---: | ---: | --- |');
  for (const op of [result.purchase, result.redemption]) {
    if (!op) continue;
    const met = op.perSecond >= 1_000 && op.p99Ms <= 100;
    lines.push(
      `| ${op.label} | ${op.perSecond.toFixed(0)} | ${op.p50Ms} | ${op.p99Ms} | ≥ 1,000/s at p99 ≤ 100 ms: ${mark(met)}${op.problems ? ` (${op.problems} not 200)` : ''} |`,
    );
  }
  if (result.failure) lines.push('', `Problems: ${result.failure}`);
  return lines;
}
