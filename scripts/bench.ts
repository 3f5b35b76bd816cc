// `npm run bench`: timing figures for docs/benchmarks.md (never test assertions).
//  (a) menu endpoint throughput on the 1,500-item brand, PGlite and PostgreSQL, against a bare Fastify baseline;
//  (b) gzip sizes of the web build per route; (c) Lighthouse mobile on the menu page.
// The whole run re-executes itself under scripts/with-postgres.sh so the throwaway cluster lives exactly as long.
// Flags: --no-postgres, --no-lighthouse, --runs=N (Lighthouse runs per series, default 3),
// --only-lighthouse (build + Lighthouse on the PGlite server only, printed to stdout; docs/benchmarks.md untouched),
// --reports=DIR (also save each Lighthouse JSON report there),
// --only console: issue 26's figures (menu edit across 2 API processes, CSV import, the console's item list in Chromium)
//   on PostgreSQL, put in place of that section of docs/benchmarks.md (the full run measures them too);
// --only sms: issue 28's "order ready → SMS handed to the provider's fake" on PostgreSQL (scripts/bench/sms.ts), put in
//   place of that section of docs/benchmarks.md (the full run measures it too);
// --only foodics: issue 28's Foodics hand-off (placement → the fake Foodics at 50/s; with failing creates and dropped
//   webhooks: none lost, none twice, every order delivered by polling; scripts/bench/foodics.ts), likewise;
// --only customers: the console's customer list at 100,000 diners on PostgreSQL (issue 27 item 8), its section replaced;
// --only reports: issue 27's report figures (the 1,000,000-order seed, roll-ups, the dashboard) on PostgreSQL and
//   PGlite, put in place of that section of docs/benchmarks.md (scripts/bench/reports.ts; not in the full run);
// --only orders | --only payments | --only loyalty | --only web (one section only: order placement on PostgreSQL, card payments
//   (Chromium end to end + card vs cash placement) on PostgreSQL, or the web: the build's sizes and Lighthouse on a PGlite
//   server in production mode and on the app as `npm start` runs it, runs interleaved (two sections; --no-lighthouse
//   for the sizes alone); printed, and those sections of docs/benchmarks.md replaced in place, the rest of the file kept),
// --cpu-prof=DIR (the order run's server writes a V8 CPU profile there; open it in Chrome DevTools),
// --orders-pool=N (the API's DATABASE_POOL_SIZE in the order run),
// --pg-stats (the cluster loads pg_stat_statements; after each API order run the statements that took the
//   database's time are printed to stderr: a diagnosis, not a figure).
import { execFileSync, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type BundleResult, buildAndMeasure } from './bench/bundle.ts';
import { compareServers } from './bench/compare-servers.ts';
import { benchEngagement, type EngagementBenchResult } from './bench/engagement.ts';
import { benchMenu, type MenuBenchResult } from './bench/http.ts';
import { type LighthouseSeries, runLighthouse, runLighthouseInterleaved } from './bench/lighthouse.ts';
import { benchLoyalty, type LoyaltyBenchResult } from './bench/loyalty.ts';
import { sectionOnly } from './bench/only-section.ts';
import {
  cpuProfileDir,
  lighthouseRuns,
  MAIN_QR,
  ORDERS_POOL_SIZE,
  onlyConsole,
  onlyCustomers,
  onlyEngagement,
  onlyFoodics,
  onlyLighthouse,
  onlyLoyalty,
  onlyOrders,
  onlyPayments,
  onlyReports,
  onlySms,
  onlyWeb,
  pgStats,
  reportDir,
  withLighthouse,
  withPostgres,
} from './bench/options.ts';
import { benchOrders, type OrdersBenchResult } from './bench/orders.ts';
import { benchPayments, type PaymentsBenchResult } from './bench/payments.ts';
import { ROOT, type RunningServer, run, startAsNpmStart, startServer } from './bench/processes.ts';
import { renderEngagement, renderLoyalty, renderSpins } from './bench/render-loyalty.ts';
import { renderOrders } from './bench/render-orders.ts';
import { renderPayments } from './bench/render-payments.ts';
import { type LighthouseTargets, render, renderLighthouse, renderWeb } from './bench/render-web.ts';
import {
  ENGAGEMENT_HEADING,
  LIGHTHOUSE_HEADING,
  LOYALTY_HEADING,
  mergeReport,
  ORDERS_HEADING,
  PAYMENTS_HEADING,
  stamp,
  updateSection,
  WEB_HEADING,
} from './bench/report.ts';
import { benchSpins, type SpinsBenchResult } from './bench/spins.ts';

async function seedLarge(env: NodeJS.ProcessEnv): Promise<string | undefined> {
  const script = join(ROOT, 'apps/api/src/db/seed/run-seed.ts');
  if (!existsSync(script)) return 'apps/api/src/db/seed/run-seed.ts does not exist yet';
  let seed = await run(process.execPath, [script, '--large'], { env, quiet: true });
  if (seed.code !== 0) {
    // An empty database may need the server's migrations first: start it once, then seed again.
    const server = await startServer(env);
    await server.stop();
    seed = await run(process.execPath, [script, '--large'], { env, quiet: true });
  }
  return seed.code === 0 ? undefined : `large seed failed:\n${seed.output.split('\n').slice(-10).join('\n')}`;
}

async function benchDatabase(
  name: string,
  env: NodeJS.ProcessEnv,
  tmp: string,
  afterLoad?: (url: string) => Promise<void>,
): Promise<MenuBenchResult> {
  const started = Date.now();
  console.error(`[bench] ${name}: seeding the large brand…`);
  const seedProblem = await seedLarge(env);
  if (seedProblem) console.error(`[bench] ${name}: ${seedProblem}`);
  const seedSeconds = (Date.now() - started) / 1000;
  const server = await startServer(env);
  try {
    const result = await benchMenu(name, server, tmp);
    if (afterLoad) await afterLoad(server.url);
    const notes = [seedProblem, result.note, `large seed took ${seedSeconds.toFixed(0)} s`].filter(Boolean);
    return { ...result, note: notes.join('; ') };
  } finally {
    await server.stop();
  }
}

async function main() {
  const startedAt = new Date();
  const tmp = mkdtempSync(join(tmpdir(), 'sufra-bench-'));
  const cleanUp = () => rmSync(tmp, { recursive: true, force: true });
  process.on('exit', cleanUp);
  process.on('SIGINT', () => process.exit(130));
  process.on('SIGTERM', () => process.exit(143));

  const pgUrl = process.env.SUFRA_BENCH_INNER ? process.env.DATABASE_URL : undefined;
  if (onlyOrders) return ordersOnly(pgUrl, tmp);
  if (onlyPayments) return paymentsOnly(pgUrl, tmp);
  if (onlyLoyalty) return loyaltyOnly(pgUrl);
  if (onlyEngagement) return engagementOnly(pgUrl);
  if (onlyConsole) return sectionOnly('console', pgUrl, tmp);
  if (onlySms) return sectionOnly('sms', pgUrl, tmp);
  if (onlyFoodics) return sectionOnly('foodics', pgUrl, tmp);
  if (onlyCustomers) return sectionOnly('customers', pgUrl, tmp);
  if (onlyReports) return sectionOnly('reports', pgUrl, tmp);
  if (onlyWeb) return webOnly(tmp);
  await fullRun(startedAt, tmp, pgUrl);
}

/** Every section: the web build, the menu on PGlite (with Lighthouse) and PostgreSQL, orders, payments, loyalty. */
async function fullRun(startedAt: Date, tmp: string, pgUrl: string | undefined) {
  console.error('[bench] building the web app with a manifest…');
  const webOut = join(tmp, 'web');
  const bundle = await buildAndMeasure(webOut);
  const webDist = bundle.ok ? webOut : join(ROOT, 'apps/web/dist');

  const common = { WEB_DIST: webDist, DATABASE_POOL_SIZE: '10' };
  if (onlyLighthouse) {
    await lighthouseOnly(webDist, { ...common, DATA_DIR: join(tmp, 'pglite'), DATABASE_URL: '' }, startedAt, bundle);
    return;
  }
  const menus: MenuBenchResult[] = [];
  let lighthouse: LighthouseSeries[] | string = withLighthouse ? 'not run' : 'skipped (--no-lighthouse)';

  try {
    menus.push(
      await benchDatabase(
        'PGlite',
        { ...common, DATA_DIR: join(tmp, 'pglite'), DATABASE_URL: '' },
        tmp,
        async (url) => {
          if (!withLighthouse) return;
          if (!existsSync(join(webDist, 'index.html'))) {
            lighthouse = 'skipped: no web build';
            return;
          }
          try {
            lighthouse = await runLighthouse(`${url}/menu/${MAIN_QR}`, lighthouseRuns, reportDir);
          } catch (error) {
            lighthouse = `failed: ${error instanceof Error ? error.message : String(error)}`;
          }
        },
      ),
    );
  } catch (error) {
    menus.push(failed('PGlite', error));
  }

  let orders: OrdersBenchResult | string = 'not run: no PostgreSQL (--no-postgres)';
  if (pgUrl) {
    try {
      menus.push(
        await benchDatabase('PostgreSQL 15', { ...common, DATA_DIR: join(tmp, 'pg'), DATABASE_URL: pgUrl }, tmp),
      );
    } catch (error) {
      menus.push(failed('PostgreSQL 15', error));
    }
    orders = await runOrders(pgUrl, tmp, webDist);
  }
  let payments: PaymentsBenchResult | string = 'not run: no PostgreSQL (--no-postgres)';
  if (pgUrl) payments = await runPayments(pgUrl, tmp, webDist);
  let loyalty: LoyaltyBenchResult | string = 'not run: no PostgreSQL (--no-postgres)';
  if (pgUrl) loyalty = await runLoyalty(pgUrl, webDist);

  const report = render({ startedAt, finishedAt: new Date(), bundle, menus, lighthouse, orders, payments, loyalty });
  const path = join(ROOT, 'docs/benchmarks.md');
  writeFileSync(path, mergeReport(existsSync(path) ? readFileSync(path, 'utf8') : '', report));
  console.log(report);
  console.error(`[bench] wrote ${path}`);
  for (const section of ['console', 'sms', 'foodics'] as const)
    if (pgUrl) await sectionOnly(section, pgUrl, tmp, webDist);
  if (typeof orders !== 'string' && orders.failure) {
    console.error(`[bench] ORDER PLACEMENT FAILED: ${orders.failure}`);
    process.exitCode = 1;
  }
}

/** --only web: the build's sizes, then Lighthouse on a PGlite server (unless --no-lighthouse); two sections replaced. */
async function webOnly(tmp: string) {
  console.error('[bench] building the web app with a manifest…');
  const bundle = await buildAndMeasure(join(tmp, 'web'));
  updateSection(WEB_HEADING, renderWeb(bundle));
  if (!withLighthouse) return;
  const env = {
    WEB_DIST: join(tmp, 'web'),
    DATABASE_POOL_SIZE: '10',
    DATA_DIR: join(tmp, 'pglite'),
    DATABASE_URL: '',
  };
  const lighthouse = bundle.ok
    ? await lighthouseBothWays(env, join(tmp, 'npm-start-data'))
    : 'skipped: the web build failed';
  updateSection(LIGHTHOUSE_HEADING, renderLighthouse(lighthouse));
}

/**
 * --only web's Lighthouse: the menu page of the production-mode server (as every other section runs it) and of
 * the app as `npm start` runs it for a newcomer (development mode, fresh data folder, http://localhost), both up
 * at once and their runs interleaved, so the machine's load falls on both alike. Before measuring, the two
 * servers' answers for the page and everything it loads are compared (status, bytes, encoding, caching).
 */
async function lighthouseBothWays(
  env: NodeJS.ProcessEnv,
  npmStartDataDir: string,
): Promise<LighthouseTargets | string> {
  let production: RunningServer | undefined;
  let npmStart: RunningServer | undefined;
  try {
    production = await startServer(env);
    console.error('[bench] starting the app as `npm start` does (fresh data folder)…');
    npmStart = await startAsNpmStart(npmStartDataDir);
    const path = `/menu/${MAIN_QR}`;
    const differences = await compareServers(production.url, npmStart.url, path);
    const results = await runLighthouseInterleaved(
      [
        { name: 'production mode', url: `${production.url}${path}` },
        { name: 'npm start', url: `${npmStart.url}${path}` },
      ],
      lighthouseRuns,
      reportDir,
    );
    return results.map((result, i) => (i === 1 ? { ...result, differences } : result));
  } catch (error) {
    return `failed: ${error instanceof Error ? error.message : String(error)}`;
  } finally {
    await npmStart?.stop();
    await production?.stop();
  }
}

async function runOrders(pgUrl: string, tmp: string, webDist: string): Promise<OrdersBenchResult | string> {
  try {
    return await benchOrders(pgUrl, { WEB_DIST: webDist, DATABASE_POOL_SIZE: ORDERS_POOL_SIZE }, tmp, {
      profileDir: cpuProfileDir,
      pgStats,
    });
  } catch (error) {
    return { poolSize: ORDERS_POOL_SIZE, failure: error instanceof Error ? error.message : String(error) };
  }
}

/**
 * --only orders: the order placement section alone. Printed, and put in place of the same section of
 * docs/benchmarks.md (the rest of the file, from an earlier full run, is kept as it was).
 */
async function ordersOnly(pgUrl: string | undefined, tmp: string) {
  if (!pgUrl) throw new Error('--only orders needs PostgreSQL (run without --no-postgres)');
  const started = new Date();
  const orders = await runOrders(pgUrl, tmp, join(ROOT, 'apps/web/dist'));
  updateSection(ORDERS_HEADING, renderOrders(orders, `\`npm run bench -- --only orders\` on ${stamp(started)} UTC`));
  if (typeof orders !== 'string' && orders.failure) {
    console.error(`[bench] ORDER PLACEMENT FAILED: ${orders.failure}`);
    process.exitCode = 1;
  }
}

async function runPayments(pgUrl: string, tmp: string, webDist: string): Promise<PaymentsBenchResult | string> {
  if (!existsSync(join(webDist, 'index.html'))) return 'not run: no web build';
  try {
    return await benchPayments(pgUrl, { WEB_DIST: webDist, DATABASE_POOL_SIZE: ORDERS_POOL_SIZE }, tmp);
  } catch (error) {
    return { runs: [], placements: [], failure: error instanceof Error ? error.message : String(error) };
  }
}

/**
 * --only payments: the card payment section alone, on a web build made for it (the browser runs need the pages
 * as the source is now). Printed, and put in place of the same section of docs/benchmarks.md.
 */
async function paymentsOnly(pgUrl: string | undefined, tmp: string) {
  if (!pgUrl) throw new Error('--only payments needs PostgreSQL (run without --no-postgres)');
  const started = new Date();
  console.error('[bench] building the web app…');
  const webOut = join(tmp, 'web');
  const bundle = await buildAndMeasure(webOut);
  const payments = await runPayments(pgUrl, tmp, bundle.ok ? webOut : join(ROOT, 'apps/web/dist'));
  updateSection(
    PAYMENTS_HEADING,
    renderPayments(payments, `\`npm run bench -- --only payments\` on ${stamp(started)} UTC`),
  );
  if (typeof payments !== 'string' && payments.failure) {
    console.error(`[bench] CARD PAYMENTS FAILED: ${payments.failure}`);
    process.exitCode = 1;
  }
}

async function runLoyalty(pgUrl: string, webDist: string): Promise<LoyaltyBenchResult | string> {
  try {
    return await benchLoyalty(pgUrl, { WEB_DIST: webDist, DATABASE_POOL_SIZE: ORDERS_POOL_SIZE });
  } catch (error) {
    return { placements: [], failure: error instanceof Error ? error.message : String(error) };
  }
}

/**
 * --only engagement (issue 17): an evaluation's 4 MB photo upload on PostgreSQL, printed and put in place of the same
 * section of docs/benchmarks.md, with the wheel's spins on the same PostgreSQL.
 */
async function engagementOnly(pgUrl: string | undefined) {
  if (!pgUrl) throw new Error('--only engagement needs PostgreSQL (run without --no-postgres)');
  const started = new Date();
  let spins: SpinsBenchResult;
  try {
    spins = await benchSpins(pgUrl, { WEB_DIST: join(ROOT, 'apps/web/dist'), DATABASE_POOL_SIZE: ORDERS_POOL_SIZE });
  } catch (error) {
    spins = { failure: error instanceof Error ? error.message : String(error) };
  }
  if (spins.failure) {
    console.error(`[bench] SPINS FAILED: ${spins.failure}`);
    process.exitCode = 1;
  }
  let result: EngagementBenchResult | string;
  try {
    result = await benchEngagement(pgUrl, { WEB_DIST: join(ROOT, 'apps/web/dist'), DATABASE_POOL_SIZE: '10' });
  } catch (error) {
    result = `failed: ${error instanceof Error ? error.message : String(error)}`;
    process.exitCode = 1;
  }
  updateSection(ENGAGEMENT_HEADING, [
    ...renderEngagement(result, `\`npm run bench -- --only engagement\` on ${stamp(started)} UTC`),
    '',
    ...renderSpins(spins),
  ]);
}

/** --only loyalty: the loyalty section alone, printed and put in place of the same section of docs/benchmarks.md. */
async function loyaltyOnly(pgUrl: string | undefined) {
  if (!pgUrl) throw new Error('--only loyalty needs PostgreSQL (run without --no-postgres)');
  const started = new Date();
  const loyalty = await runLoyalty(pgUrl, join(ROOT, 'apps/web/dist'));
  updateSection(
    LOYALTY_HEADING,
    renderLoyalty(loyalty, `\`npm run bench -- --only loyalty\` on ${stamp(started)} UTC`),
  );
  if (typeof loyalty !== 'string' && loyalty.failure) {
    console.error(`[bench] LOYALTY FAILED: ${loyalty.failure}`);
    process.exitCode = 1;
  }
}

/** Lighthouse on the menu page of a PGlite server started for it (and stopped after). */
async function lighthouseOnServer(env: NodeJS.ProcessEnv): Promise<LighthouseSeries[] | string> {
  const server = await startServer(env);
  try {
    return await runLighthouse(`${server.url}/menu/${MAIN_QR}`, lighthouseRuns, reportDir);
  } catch (error) {
    return `failed: ${error instanceof Error ? error.message : String(error)}`;
  } finally {
    await server.stop();
  }
}

/** --only-lighthouse: the web build and Lighthouse on a PGlite server, printed; the full report is left alone. */
async function lighthouseOnly(webDist: string, env: NodeJS.ProcessEnv, startedAt: Date, bundle: BundleResult) {
  const lighthouse = await lighthouseOnServer(env);
  const report = render({ startedAt, finishedAt: new Date(), bundle, menus: [], lighthouse });
  console.log(report.slice(report.indexOf('## Web build')));
  if (!existsSync(join(webDist, 'index.html'))) console.error('[bench] no web build');
}

function failed(database: string, error: unknown): MenuBenchResult {
  return {
    database,
    snapshot: { status: 0, bytes: 0, items: 0, etag: false },
    note: `failed: ${error instanceof Error ? error.message : String(error)}`,
  };
}

// Entry point last: the helpers above (const arrow functions) must be initialised first.
if (!process.env.SUFRA_BENCH_INNER) {
  // A fresh machine has neither Chromium (Lighthouse) nor PostgreSQL 15: install them as `npm test` does.
  execFileSync('bash', [join(ROOT, 'scripts/install-system-deps.sh')], { stdio: 'inherit' });
}
if (withPostgres && !process.env.SUFRA_BENCH_INNER) {
  const child = spawn('bash', [join(ROOT, 'scripts/with-postgres.sh'), process.execPath, ...process.argv.slice(1)], {
    cwd: ROOT,
    stdio: 'inherit',
    env: {
      ...process.env,
      SUFRA_BENCH_INNER: '1',
      ...(pgStats
        ? {
            PG_EXTRA_OPTS: `${process.env.PG_EXTRA_OPTS ?? ''} -c shared_preload_libraries=pg_stat_statements -c pg_stat_statements.track=all`,
          }
        : {}),
    },
  });
  const forward = (signal: NodeJS.Signals) => child.kill(signal);
  process.on('SIGINT', forward);
  process.on('SIGTERM', forward);
  child.on('exit', (code) => process.exit(code ?? 1));
} else {
  await main();
}
