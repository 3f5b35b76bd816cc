// An open-loop load at a fixed mean rate: requests arrive as a Poisson process (independent diners), each sent
// when it arrives whatever the ones before are doing, over at most `connections` keep-alive sockets; a request's
// latency runs from its arrival, so waiting for a free socket counts. autocannon's own fixed rate sends every
// connection's next request on the same tick: at 50/s over 10 connections that is 10 requests at once every 200 ms,
// which measures how a burst of 10 queues rather than what one request costs.
import http from 'node:http';
import { performance } from 'node:perf_hooks';
import { type OrderLoad, percentile } from './orders.ts';

export interface OpenLoopOptions {
  label: string;
  url: string;
  /** Mean arrivals per second. */
  rate: number;
  seconds: number;
  connections: number;
  body: string;
  /** Headers of one request (called once per request, in arrival order). */
  headers: () => Record<string, string>;
  /** A few refusals' bodies, to show why a run failed. */
  firstBodies: string[];
  /** Seeds the arrival times, so every run of the bench draws the same sequence. */
  seed?: number;
}

/** mulberry32: a small seeded generator, so the arrivals are the same from run to run. */
function seeded(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

const sleepUntil = (at: number) =>
  new Promise<void>((resolve) => setTimeout(resolve, Math.max(0, at - performance.now())));

export async function loadOpenLoop(options: OpenLoopOptions): Promise<OrderLoad> {
  const target = new URL(options.url);
  const agent = new http.Agent({ keepAlive: true, maxSockets: options.connections });
  const random = seeded(options.seed ?? 1);
  const latencies: number[] = [];
  const statuses = new Map<string, number>();
  const count = (status: string) => statuses.set(status, (statuses.get(status) ?? 0) + 1);
  const send = (arrivedAt: number) =>
    new Promise<void>((resolve) => {
      const request = http.request(
        {
          agent,
          host: target.hostname,
          port: target.port,
          path: target.pathname,
          method: 'POST',
          headers: { 'content-type': 'application/json', 'accept-language': 'en', ...options.headers() },
          timeout: 10_000,
        },
        (response) => {
          const chunks: Buffer[] = [];
          response.on('data', (chunk: Buffer) => chunks.push(chunk));
          response.on('end', () => {
            latencies.push(performance.now() - arrivedAt);
            const status = String(response.statusCode ?? 0);
            count(status);
            if (status !== '201' && options.firstBodies.length < 3) {
              options.firstBodies.push(`${status} ${Buffer.concat(chunks).toString().slice(0, 300)}`);
            }
            resolve();
          });
        },
      );
      request.on('timeout', () => request.destroy(new Error('timeout')));
      request.on('error', () => {
        count('errors');
        resolve();
      });
      request.end(options.body);
    });

  const started = performance.now();
  const end = started + options.seconds * 1000;
  const inFlight: Promise<void>[] = [];
  for (let at = started; ; ) {
    at += (-Math.log(1 - random()) / options.rate) * 1000;
    if (at >= end) break;
    await sleepUntil(at);
    inFlight.push(send(at));
  }
  await Promise.all(inFlight);
  agent.destroy();
  latencies.sort((a, b) => a - b);
  const created = statuses.get('201') ?? 0;
  const total = [...statuses.values()].reduce((a, b) => a + b, 0);
  return {
    label: options.label,
    ordersPerSecond: created / options.seconds,
    p50Ms: percentile(latencies, 50),
    p99Ms: percentile(latencies, 99),
    orders: created,
    problems: total - created,
    breakdown: [...statuses]
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([status, n]) => `${status}×${n.toLocaleString('en-US')}`)
      .join(', '),
  };
}
