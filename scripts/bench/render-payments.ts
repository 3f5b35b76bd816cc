// The card payments section of docs/benchmarks.md.
import { cpus, loadavg } from 'node:os';
import { TARGETS } from './options.ts';
import { ORDER_CUSTOMERS } from './orders.ts';
import {
  BROWSER_RUNS,
  type BrowserRun,
  PAYMENT_CONNECTIONS,
  PAYMENT_CONNECTIONS_HIGH,
  PAYMENT_RATE,
  type PaymentsBenchResult,
  type PlacementPair,
  RATE_DURATION_S,
} from './payments.ts';
import { chromiumVersion, mark, median, num, PAYMENTS_HEADING } from './report.ts';
import { ORDER_QR } from './setup.ts';

export function browserRow(label: string, r: BrowserRun): string {
  return `| ${label} | ${num(r.totalMs)} | ${num(r.totalMs - r.typingMs)} | ${num(r.typingMs)} | ${num(r.toHostedMs)} | ${num(r.cardSubmitMs)} | ${num(r.threeDsToReturnMs)} | ${num(r.returnToPaidMs)} | ${num(r.appBootMs)} | ${num(r.verifyMs)} |`;
}

export const loadName = (pair: PlacementPair) =>
  pair.rate === undefined
    ? `${pair.connections} connections, closed loop`
    : `${pair.connections} connections, ${pair.rate} orders/s`;

/** The card payment section (also what `--only payments` puts in place of it). */
export function renderPayments(result: PaymentsBenchResult | string, origin?: string): string[] {
  const lines = [PAYMENTS_HEADING, ''];
  if (origin) lines.push(`From ${origin}, on this machine: ${cpus().length} CPUs, Node ${process.version}.`, '');
  lines.push(
    'Issue 5’s figures. The real server (`NODE_ENV=production`, logs at warn, `PAYMENT_PROVIDER=test`: the built-in test ' +
      'gateway, mounted in the same process under `/test-gateway` and called by our API over HTTP on loopback like a third ' +
      'party) on its own fresh database in the bench’s throwaway PostgreSQL 15, the demo seed, the QR code’s branch open ' +
      `round the clock; ${ORDER_CUSTOMERS} customers signed in through the real OTP flow.`,
  );
  if (typeof result === 'string') {
    lines.push('', `Not measured: ${result}.`);
    return lines;
  }
  lines.push(
    '',
    `Load average when the section finished: ${loadavg()
      .map((l) => l.toFixed(1))
      .join(' / ')} (1 / 5 / 15 min) on ${cpus().length} CPUs.`,
  );

  lines.push(...renderBrowserRuns(result), ...renderCardOverCash(result));
  if (result.failure) lines.push('', `**Failed:** ${result.failure}`);
  return lines;
}

/** A card order end to end in Chromium: each run, their median and the target. */
function renderBrowserRuns(result: PaymentsBenchResult): string[] {
  const lines: string[] = [];
  lines.push(
    '',
    '### A card order end to end in Chromium',
    '',
    `Debian Chromium ${chromiumVersion()} headless through Playwright, a 390×844 phone, Arabic. Each run is a new diner in a ` +
      'fresh browser context: signed in (cookie), the demo cart saved, pickup at the QR code’s branch, card chosen at ' +
      'checkout (not timed). Timed from the click on “Place order” to the confirmation page showing the order paid: the ' +
      'order and the gateway’s payment created, the hosted card page, the card typed by the script (`fill`: the Visa test ' +
      'card, holder, expiry, CVV), 3-D Secure (the code the page shows, typed), the return to `/payment/{uuid}`, the ' +
      'server’s verification with the gateway, and the confirmation page. One warm-up run first, not counted.',
    '',
    '| run | total ms | total without typing ms | script typing ms | click → hosted card page | card submit → 3-D Secure page | 3-D Secure submit → back on /payment | return → verified, shown paid | of which: app loads until it asks | of which: the verify that said paid |',
    '| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |',
  );
  if (result.warmUp) lines.push(browserRow('warm-up (not counted)', result.warmUp));
  result.runs.forEach((r, i) => {
    lines.push(browserRow(String(i + 1), r));
  });
  if (result.runs.length > 0) {
    const m = (pick: (r: BrowserRun) => number) => median(result.runs.map(pick));
    const medianRun: BrowserRun = {
      totalMs: m((r) => r.totalMs),
      typingMs: m((r) => r.typingMs),
      toHostedMs: m((r) => r.toHostedMs),
      cardSubmitMs: m((r) => r.cardSubmitMs),
      threeDsToReturnMs: m((r) => r.threeDsToReturnMs),
      returnToPaidMs: m((r) => r.returnToPaidMs),
      appBootMs: m((r) => r.appBootMs),
      verifyMs: m((r) => r.verifyMs),
    };
    lines.push(browserRow(`**median of ${result.runs.length}**`, medianRun));
    lines.push(
      '',
      `Median end to end < ${num(TARGETS.cardEndToEndMs)} ms (typing included): ${mark(medianRun.totalMs < TARGETS.cardEndToEndMs)}` +
        (result.runs.length < BROWSER_RUNS ? ` (only ${result.runs.length} of ${BROWSER_RUNS} runs finished)` : ''),
      '',
      'Each column is the median of its own column, so the parts need not add up to the median total. “return → verified” ' +
        'includes loading the web app again (a full navigation back from the provider, JavaScript from the browser’s cache) ' +
        'and the return page’s first ask to the server, which fetches the payment from the gateway before answering.',
    );
  }
  return lines;
}

/** What card placement adds over cash, per gateway and load. */
function renderCardOverCash(result: PaymentsBenchResult): string[] {
  const lines: string[] = [];
  lines.push(
    '',
    '### What card placement adds over cash',
    '',
    `\`POST /api/orders/${ORDER_QR}/\` with the same cart${result.cart ? ` (${result.cart})` : ''}, \`paymentMethod: 'cash'\` ` +
      "vs `'card'`, same server, database and customers (taken in turn), each request its own `Idempotency-Key`. " +
      'A card placement is the cash one (whose one-statement write also writes the payment attempt’s row) with the ' +
      'gateway’s create over HTTP (the gateway writes its payment in the same database) running beside that write ' +
      '(the ids are reserved with the key’s claim), then the attempt’s update with the gateway’s payment id. ' +
      `At a fixed rate: ${RATE_DURATION_S} s of Poisson arrivals at that mean rate (independent diners), open loop ` +
      '(each request sent when it arrives, whatever the earlier ones are doing, over at most that many keep-alive ' +
      'connections; its latency runs from its arrival, so waiting for a free connection counts), the same seeded ' +
      'arrival times for cash and card of a round (`scripts/bench/open-loop.ts`). autocannon’s own fixed rate, used ' +
      'until session 8, sends every connection’s next request on the same tick: at 50/s over 10 connections, 10 ' +
      'requests at once every 200 ms, which measured how a burst of 10 queues. Closed loop: autocannon, 10 s. Each ' +
      'after a 3 s warm-up, cash and card alternating, 2 rounds each, the round with the lower p99 kept.',
    '',
    `**The figure: ${PAYMENT_CONNECTIONS} connections at a fixed ${PAYMENT_RATE} orders/s.** Real use is far below what ` +
      'the server sustains (one branch’s lunch rush is orders seconds apart), so the question is what one card placement ' +
      'costs a diner, not how long a queue gets: at a fixed rate well under either method’s capacity, latency is the ' +
      `request’s own cost. ${PAYMENT_CONNECTIONS} connections leave room for chance bursts. For information, the closed loop ` +
      `(every connection sends again as soon as it is answered, i.e. the server saturated) at ${PAYMENT_CONNECTIONS} and ` +
      `${PAYMENT_CONNECTIONS_HIGH} connections: there a card placement, doing about twice the work (see orders/s), queues ` +
      'about twice as long, and the p99 difference is the queue’s.',
    '',
    'Each pair is measured twice: with the test gateway where it runs by default, inside the API’s process (its page, ' +
      'its API and its database writes share the API’s one Node thread), and in a process of its own (a second server on ' +
      'the same database, `TEST_GATEWAY_API_URL` pointing at it), which is closer to a real provider elsewhere.',
    '',
    '| gateway | load | method | orders/s | p50 ms | p99 ms | outcome |',
    '| --- | --- | --- | ---: | ---: | ---: | --- |',
  );
  for (const pair of result.placements) {
    for (const r of [pair.cash, pair.card]) {
      lines.push(
        `| ${pair.gateway} | ${loadName(pair)} | ${r.label} | ${num(r.ordersPerSecond)} | ${num(r.p50Ms, 1)} | ${num(r.p99Ms, 1)} | ${r.problems === 0 ? r.breakdown : `**${r.breakdown}**`} |`,
      );
    }
  }
  lines.push('');
  for (const pair of result.placements) {
    const p50 = pair.card.p50Ms - pair.cash.p50Ms;
    const p99 = pair.card.p99Ms - pair.cash.p99Ms;
    const target =
      pair.rate !== undefined
        ? ` (target ≤ ${TARGETS.cardAddedP99Ms} ms): ${mark(p99 <= TARGETS.cardAddedP99Ms)}`
        : ' (for information)';
    lines.push(
      `- gateway ${pair.gateway}, ${loadName(pair)}: card − cash = ${num(p50, 1)} ms at p50, **${num(p99, 1)} ms at p99**${target}`,
    );
  }
  if (result.placements.length > 0) {
    lines.push(
      '',
      `At ${PAYMENT_RATE} orders/s a ${RATE_DURATION_S} s run has ${PAYMENT_RATE * RATE_DURATION_S} requests, so its p99 is ` +
        `the ${(PAYMENT_RATE * RATE_DURATION_S) / 100}th slowest: on a ` +
        'shared machine (load average above) it swings from run to run by more than the target; compare runs at a ' +
        'similar load average, and read the p50s too.',
    );
  }
  return lines;
}
