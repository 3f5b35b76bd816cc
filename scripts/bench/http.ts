// Menu endpoint throughput with autocannon: the real menu (200 and 304) and the bare-Fastify baseline.
import { writeFileSync } from 'node:fs';
import { get as httpGet } from 'node:http';
import { join } from 'node:path';
import autocannon from 'autocannon';
import { type RunningServer, startBareServer } from './processes.ts';

// BENCH_QR overrides the QR code (e.g. the demo brand while the large seed is unavailable).
export const LARGE_BRAND_QR = process.env.BENCH_QR ?? '00000000-0000-4000-8000-000000001500';
export const MENU_PATH = `/api/menu/qr/${LARGE_BRAND_QR}/`;

const CONNECTIONS = 50;
const DURATION_S = 10;
const WARMUP_S = 3;

export interface LoadResult {
  label: string;
  requestsPerSecond: number;
  p50Ms: number;
  p99Ms: number;
  bytesPerResponse: number;
  requests: number;
  /** Responses with an unexpected status, plus socket errors and timeouts. */
  problems: number;
  expectedStatus: number;
  /** Count per status code, plus errors/timeouts, e.g. "200×2,431, errors 3". */
  breakdown: string;
}

export interface MenuSnapshot {
  status: number;
  body: Buffer;
  headers: Record<string, string>;
  etag: string | undefined;
  items: number;
}

const HOP_BY_HOP = new Set(['connection', 'keep-alive', 'transfer-encoding', 'content-length', 'date']);

/** One GET of the menu, keeping the exact bytes and the headers the bare server should repeat. */
export async function fetchMenu(baseUrl: string): Promise<MenuSnapshot> {
  const response = await fetch(`${baseUrl}${MENU_PATH}`, {
    headers: { 'Accept-Language': 'ar', 'Accept-Encoding': 'identity' },
  });
  const body = Buffer.from(await response.arrayBuffer());
  const headers: Record<string, string> = {};
  response.headers.forEach((value, name) => {
    if (!HOP_BY_HOP.has(name)) headers[name] = value;
  });
  let items = 0;
  try {
    items = (JSON.parse(body.toString()) as { items?: unknown[] }).items?.length ?? 0;
  } catch {
    // not JSON: reported through the status
  }
  return { status: response.status, body, headers, etag: response.headers.get('etag') ?? undefined, items };
}

async function load(
  label: string,
  url: string,
  headers: Record<string, string>,
  expectedStatus: number,
): Promise<LoadResult> {
  await autocannon({ url, headers, connections: CONNECTIONS, duration: WARMUP_S });
  const result = await autocannon({ url, headers, connections: CONNECTIONS, duration: DURATION_S });
  const expectedCount = result.statusCodeStats?.[String(expectedStatus)]?.count ?? 0;
  const total = result.requests.total;
  const breakdown = [
    ...Object.entries(result.statusCodeStats ?? {})
      .filter(([code]) => /^\d+$/.test(code))
      .map(([code, { count }]) => `${code}×${count.toLocaleString('en-US')}`),
    result.errors ? `errors ${result.errors.toLocaleString('en-US')}` : '',
    result.timeouts ? `timeouts ${result.timeouts.toLocaleString('en-US')}` : '',
  ]
    .filter(Boolean)
    .join(', ');
  return {
    label,
    requestsPerSecond: result.requests.average,
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    bytesPerResponse: total > 0 ? Math.round(result.throughput.total / total) : 0,
    requests: total,
    problems: Math.max(0, total - expectedCount) + result.errors + result.timeouts,
    expectedStatus,
    breakdown,
  };
}

export interface MenuBenchResult {
  database: string;
  snapshot: { status: number; bytes: number; items: number; etag: boolean };
  menu?: LoadResult;
  revalidate?: LoadResult;
  bare?: LoadResult;
  note?: string;
}

/** 200s and 304s on the real server, then the same bytes from a bare Fastify route. */
export async function benchMenu(database: string, server: RunningServer, tmpDir: string): Promise<MenuBenchResult> {
  const baseUrl = server.url;
  const crashed = () =>
    server.alive()
      ? undefined
      : `the server exited during the load test; its last output:\n\n    ${server.logTail().replace(/\n/g, '\n    ')}\n`;
  const snapshot = await fetchMenu(baseUrl);
  const summary = {
    status: snapshot.status,
    bytes: snapshot.body.length,
    items: snapshot.items,
    etag: Boolean(snapshot.etag),
  };
  if (snapshot.status !== 200) {
    return { database, snapshot: summary, note: `GET ${MENU_PATH} answered ${snapshot.status}; no load test` };
  }

  const url = `${baseUrl}${MENU_PATH}`;
  const arabic = { 'Accept-Language': 'ar' };
  const bodyFile = join(tmpDir, `menu-${database}.json`);
  writeFileSync(bodyFile, snapshot.body);
  const bare = await startBareServer(bodyFile, snapshot.headers);
  const notes: string[] = [];
  try {
    // Menu and bare alternate, best of ROUNDS each: other work on a shared machine then hits both alike.
    let menu: LoadResult | undefined;
    let bareResult: LoadResult | undefined;
    for (let round = 1; round <= ROUNDS; round++) {
      console.error(
        `[bench] ${database}: menu 200s, round ${round}/${ROUNDS} (${CONNECTIONS} connections, ${DURATION_S} s)…`,
      );
      menu = best(menu, await load('menu (200)', url, arabic, 200));
      if (crashed()) return { database, snapshot: summary, menu, note: crashed() };
      console.error(`[bench] ${database}: bare Fastify baseline, round ${round}/${ROUNDS}…`);
      bareResult = best(bareResult, await load('bare Fastify, same bytes', `${bare.url}${MENU_PATH}`, arabic, 200));
    }

    let revalidate: LoadResult | undefined;
    if (snapshot.etag) {
      const headers = await notModifiedHeaders(url, snapshot.etag);
      if (headers['content-length'] && headers['content-length'] !== '0') {
        notes.push(
          `the 304 answer carries \`Content-Length: ${headers['content-length']}\` but no body, so keep-alive clients that trust it (autocannon) wait for bytes that never come`,
        );
      }
      console.error(`[bench] ${database}: menu 304s…`);
      revalidate = await load('menu revalidation (304)', url, { ...arabic, 'If-None-Match': snapshot.etag }, 304);
      if (crashed()) return { database, snapshot: summary, menu, revalidate, note: crashed() };
    }
    return { database, snapshot: summary, menu, revalidate, bare: bareResult, note: notes.join('; ') || undefined };
  } finally {
    await bare.stop();
  }
}

const ROUNDS = 2;

function best(a: LoadResult | undefined, b: LoadResult): LoadResult {
  return a && a.requestsPerSecond >= b.requestsPerSecond ? a : b;
}

/** The raw headers of a conditional GET (fetch would hide a wrong Content-Length on a 304). */
function notModifiedHeaders(url: string, etag: string): Promise<Record<string, string>> {
  return new Promise((done, fail) => {
    const request = httpGet(url, { headers: { 'Accept-Language': 'ar', 'If-None-Match': etag } }, (response) => {
      response.resume();
      const headers: Record<string, string> = {};
      for (const [name, value] of Object.entries(response.headers)) headers[name] = String(value);
      headers[':status'] = String(response.statusCode);
      done(headers);
    });
    request.on('error', fail);
    request.setTimeout(5000, () => request.destroy(new Error('timeout')));
  });
}
