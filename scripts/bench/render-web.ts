// The whole report of a full run, and the web build and Lighthouse sections of docs/benchmarks.md.
import { cpus, loadavg, totalmem } from 'node:os';
import type { BundleResult } from './bundle.ts';
import type { ServerComparison } from './compare-servers.ts';
import { LARGE_BRAND_QR, type MenuBenchResult } from './http.ts';
import type { LighthouseSeries, LighthouseTargetResult } from './lighthouse.ts';
import type { LoyaltyBenchResult } from './loyalty.ts';
import { lighthouseRuns, MAIN_QR, TARGETS } from './options.ts';
import type { OrdersBenchResult } from './orders.ts';
import type { PaymentsBenchResult } from './payments.ts';
import { renderLoyalty } from './render-loyalty.ts';
import { renderOrders } from './render-orders.ts';
import { renderPayments } from './render-payments.ts';
import { chromiumVersion, kb, LIGHTHOUSE_HEADING, loadRow, mark, num, WEB_HEADING } from './report.ts';

/** Issue 4's routes, found by their route module's name (the checkout page may not exist yet). */
export const ORDERING_ROUTES = [
  { label: 'cart', pattern: /\/routes\/cart[\w-]*$/ },
  { label: 'checkout', pattern: /\/routes\/checkout[\w-]*$/ },
];

/** Cart and checkout: each route's lazy part ≤ 50 KB gzip, and Leaflet only in chunks loaded on demand. */
export function renderOrderingRoutes(bundle: BundleResult): string[] {
  const lines = [
    `**Cart and checkout** (issue 4): each route's lazy part (its chunk and the static imports the entry does not already bring) ≤ ${TARGETS.routeChunkKb} KB gzip, and the map (Leaflet) not loaded before the route renders.`,
    '',
    '| route | route module | lazy part (gzip) | ≤ 50 KB | Leaflet before render |',
    '| --- | --- | ---: | --- | --- |',
  ];
  for (const { label, pattern } of ORDERING_ROUTES) {
    const route = bundle.routes.find((r) => pattern.test(r.route));
    if (!route) {
      lines.push(`| ${label} | not built (no \`routes/${label}…\` module in this build) | – | – | – |`);
      continue;
    }
    lines.push(
      `| ${label} | \`${route.route}\` | ${kb(route.lazyGzipBytes)} | ${mark(route.lazyGzipBytes <= TARGETS.routeChunkKb * 1024)} | ${route.leafletUpFront ? '❌ yes' : '✅ no'} |`,
    );
  }
  // Pages only: the map's own lazy chunk (the address form's map) naturally "loads" Leaflet itself.
  const upFront = bundle.routes
    .filter((r) => r.leafletUpFront && /\/routes\//.test(r.route))
    .map((r) => `\`${r.route}\``);
  lines.push(
    '',
    bundle.leafletFiles.length === 0
      ? 'No JavaScript file carries Leaflet.'
      : `Leaflet is in ${bundle.leafletFiles.map((f) => `\`${f}\``).join(', ')}; ` +
          (upFront.length === 0
            ? 'no page loads it before rendering: it comes with a dynamic import, when a map is shown.'
            : `loaded before rendering by ${upFront.join(', ')}.`),
  );
  return lines;
}

/** The servers the `--only web` section measures, with what the second answered differently from the first. */
export type LighthouseTargets = (LighthouseTargetResult & { differences?: ServerComparison })[];

function seriesRow(s: LighthouseSeries, server?: string): string {
  const isDefault = s.cpuSlowdownMultiplier === 4;
  const target = isDefault ? TARGETS.lighthouseDefault : TARGETS.lighthouseSlow;
  // The default series also has an LCP target (issue 14): both must hold for it to pass.
  const met = s.median.score >= target && (!isDefault || s.median.lcpMs <= TARGETS.lighthouseLcpMs);
  const goal = isDefault ? `≥ ${target}, LCP ≤ ${num(TARGETS.lighthouseLcpMs)} ms` : `≥ ${target}`;
  return `| ${server ? `${server} | ` : ''}${s.label} | ${num(s.median.score)} | ${s.runs.map((r) => r.score).join(', ') || '–'} | ${num(s.median.lcpMs)} | ${num(s.median.tbtMs)} | ${num(s.median.cls, 3)} | ${num(s.median.fcpMs)} | ${num(s.median.benchmarkIndex)} | ${goal} ${s.runs.length ? mark(met) : ''} |`;
}

/** The Lighthouse section (also what `--only web` puts in place of it: two servers, see LighthouseTargets). */
export function renderLighthouse(lighthouse: LighthouseSeries[] | LighthouseTargets | string): string[] {
  const lines = [LIGHTHOUSE_HEADING, ''];
  if (typeof lighthouse === 'string') {
    lines.push(`Lighthouse ${lighthouse}.`);
    return lines;
  }
  const targets: LighthouseTargets = lighthouse.every((t) => 'series' in t)
    ? (lighthouse as LighthouseTargets)
    : [{ name: '', url: '', series: lighthouse as LighthouseSeries[] }];
  const several = targets.length > 1;
  lines.push(
    several
      ? `\`/menu/${MAIN_QR}\` (demo brand) on two servers, each on a fresh PGlite folder: **production mode** (how every ` +
          'other section runs the server: `NODE_ENV=production`, logs at warn, http://127.0.0.1) and **npm start** ' +
          '(`node scripts/start.ts` as the README has a newcomer run it: development mode, info logs pretty-printed, ' +
          "http://localhost, none of the server's variables set). Both run at once and their Lighthouse runs alternate, " +
          "so the machine's load falls on both alike. Simulated slow-4G mobile throttling, Debian Chromium headless; " +
          `median of ${lighthouseRuns} runs per row.`
      : `\`/menu/${MAIN_QR}\` (demo brand) on the PGlite server, Lighthouse's simulated slow-4G mobile throttling, ` +
          `Debian Chromium headless; median of ${lighthouseRuns} runs per row.`,
    '',
  );
  lines.push(
    `| ${several ? 'server | ' : ''}throttling | score (median) | scores | LCP ms | TBT ms | CLS | FCP ms | CPU benchmark index | target |`,
    `| ${several ? '--- | ' : ''}--- | ---: | --- | ---: | ---: | ---: | ---: | ---: | --- |`,
  );
  for (const t of targets) for (const s of t.series) lines.push(seriesRow(s, several ? t.name : undefined));
  for (const t of targets) {
    for (const s of t.series) {
      if (s.error) lines.push('', `${several ? `${t.name}, ` : ''}${s.label}: error in one or more runs: ${s.error}`);
    }
  }
  for (const t of targets) {
    if (!t.differences) continue;
    const { compared, differences } = t.differences;
    lines.push(
      '',
      differences.length === 0
        ? `**What the two servers send:** the same. The page and the ${compared - 1} addresses its HTML names were fetched from both ` +
            '(as Chromium asks: br/gzip): same status, bytes, encoding, Cache-Control, Vary, content type and CSP.'
        : `**What the two servers send differently** (production mode / npm start; ${compared} addresses compared): ` +
            differences.join('; '),
    );
  }
  lines.push(
    '',
    'Simulated throttling scales what this machine measured, so a busy or slow host (low benchmark index) lowers the score. ' +
      `Load average when the section finished: ${loadavg()
        .map((l) => l.toFixed(1))
        .join(', ')} on ${cpus().length} CPUs.`,
  );
  return lines;
}

/** The web build section (also what `--only web` puts in place of it). */
export function renderWeb(bundle: BundleResult): string[] {
  const lines = [WEB_HEADING, ''];
  if (!bundle.ok) {
    lines.push(`Not measured: ${bundle.note ?? 'unknown'}`);
  } else {
    lines.push(
      'Initial JavaScript of a first visit to a route = the entry chunk and its static imports + the route’s lazy chunk and its static imports ' +
        '(from the Vite manifest), each file gzipped at level 9.',
      '',
    );
    lines.push(`Entry alone: ${kb(bundle.entryGzipBytes)}. All JS files together: ${kb(bundle.totalJsGzipBytes)}.`, '');
    lines.push(
      '| route chunk | files | initial JS (gzip) | its lazy part (gzip) | target |',
      '| --- | ---: | ---: | ---: | --- |',
    );
    for (const route of bundle.routes) {
      // The menu page's route module only (not, say, diner/menu/api/favourites, a lazy chunk of its own).
      const isMenu = /(^|\/)routes\/menu[\w-]*$/i.test(route.route);
      const isOrdering = ORDERING_ROUTES.some((r) => r.pattern.test(route.route));
      const target = isMenu
        ? `≤ ${TARGETS.menuJsKb} KB initial ${mark(route.jsGzipBytes <= TARGETS.menuJsKb * 1024)}`
        : isOrdering
          ? `≤ ${TARGETS.routeChunkKb} KB lazy ${mark(route.lazyGzipBytes <= TARGETS.routeChunkKb * 1024)}`
          : '';
      lines.push(
        `| \`${route.route}\` | ${route.files} | ${kb(route.jsGzipBytes)} | ${kb(route.lazyGzipBytes)} | ${target} |`,
      );
    }
    lines.push('', ...renderOrderingRoutes(bundle));
    if (!bundle.routes.some((r) => /menu/i.test(r.route))) {
      lines.push(
        '',
        `No lazy chunk whose source path names the menu; the entry alone is ${kb(bundle.entryGzipBytes)}.`,
      );
    }
    // The CSS budget is the first screen's, like the JavaScript's: the stylesheets a first visit to the menu loads.
    // All files together (Leaflet's, the staff app's, every page's) is shown for information.
    const menu = bundle.routes.find((r) => /(^|\/)routes\/menu[\w-]*$/i.test(r.route));
    const menuCss = menu
      ? `CSS of a first visit to the menu (the entry's and the menu route's stylesheets): ${kb(menu.cssGzipBytes)} (target ≤ ${TARGETS.cssKb} KB): ${mark(menu.cssGzipBytes <= TARGETS.cssKb * 1024)}. `
      : '';
    lines.push('', `${menuCss}CSS, all files (${bundle.cssFiles}), for information: ${kb(bundle.cssGzipBytes)}.`);
  }
  return lines;
}

export function render(input: {
  startedAt: Date;
  finishedAt: Date;
  bundle: BundleResult;
  menus: MenuBenchResult[];
  lighthouse: LighthouseSeries[] | string;
  orders?: OrdersBenchResult | string;
  payments?: PaymentsBenchResult | string;
  loyalty?: LoyaltyBenchResult | string;
}): string {
  const { bundle, menus, lighthouse } = input;
  const cpu = cpus();
  const lines: string[] = [];
  lines.push('# Benchmarks', '');
  lines.push(
    `Generated by \`npm run bench\` (scripts/bench.ts) on ${input.startedAt.toISOString().slice(0, 16).replace('T', ' ')} UTC, ` +
      `took ${Math.round((input.finishedAt.getTime() - input.startedAt.getTime()) / 1000)} s. ` +
      'Figures from one machine and one run; they are for comparison between commits, not guarantees. Tests never assert timings.',
  );
  lines.push('');
  lines.push(
    `**Machine:** ${cpu.length} × ${cpu[0]?.model.trim() ?? 'unknown CPU'}, ${(totalmem() / 1024 ** 3).toFixed(1)} GB RAM, ` +
      `Node ${process.version}, Chromium ${chromiumVersion()}. Load generator and server share the machine.`,
  );

  lines.push('', '## Menu endpoint', '');
  lines.push(
    `\`GET /api/menu/qr/${LARGE_BRAND_QR}/\` (the 1,500-item benchmark brand, \`npm run seed:large\`), ` +
      '`Accept-Language: ar`, no compression, autocannon 50 connections × 10 s after a 3 s warm-up. ' +
      'The server runs as in production (`NODE_ENV=production`, logs at warn). ' +
      'The bare row is a minimal Fastify route serving the same bytes and headers from memory: the ceiling for this machine.',
  );
  for (const m of menus) {
    lines.push('', `### ${m.database}`, '');
    lines.push(
      `Response: HTTP ${m.snapshot.status}, ${num(m.snapshot.bytes)} bytes, ${num(m.snapshot.items)} items, ETag ${m.snapshot.etag ? 'yes' : 'no'}.` +
        (m.note ? ` Note: ${m.note}.` : ''),
    );
    if (!m.menu) continue;
    lines.push(
      '',
      '| run | req/s | p50 ms | p99 ms | bytes/response | responses (bold: some unexpected) |',
      '| --- | ---: | ---: | ---: | ---: | ---: |',
    );
    lines.push(loadRow(m.menu), loadRow(m.revalidate), loadRow(m.bare));
    if (m.bare) {
      const ratio = m.menu.requestsPerSecond / m.bare.requestsPerSecond;
      lines.push(
        '',
        `menu / bare = **${(ratio * 100).toFixed(1)} %** (target ≥ ${TARGETS.menuRatio * 100} %): ${mark(ratio >= TARGETS.menuRatio)}`,
      );
    }
  }

  if (input.orders !== undefined) lines.push('', ...renderOrders(input.orders));
  if (input.payments !== undefined) lines.push('', ...renderPayments(input.payments));
  if (input.loyalty !== undefined) lines.push('', ...renderLoyalty(input.loyalty));

  lines.push('', ...renderWeb(bundle));

  lines.push('', ...renderLighthouse(lighthouse));
  lines.push('');
  return lines.join('\n');
}
