import { existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig } from '@playwright/test';
import { E2E_AUTH_SECRET } from './support/auth-secret.ts';
import { foodicsBaseURL } from './support/foodics.ts';
import { otherLanguageTwins } from './support/language-turns.ts';
import { moyasarBaseURL } from './support/moyasar.ts';

// Browser journeys against the real server (built web app + API on a fresh PGlite database),
// in Debian's Chromium: Playwright's own browsers cannot be downloaded here.
const here = dirname(fileURLToPath(import.meta.url));
const root = resolve(here, '..');
const port = Number(process.env.E2E_PORT ?? 3210);
const baseURL = `http://127.0.0.1:${port}`;

const jsonOutput = process.env.PLAYWRIGHT_JSON_OUTPUT_FILE;

// What every journey server of this run starts from (built once by the first: support/data-template.ts): a PGlite
// data folder, or with E2E_DATABASE_URL (the test command's PostgreSQL) a template database. Named in the runner; its
// workers read this file again and inherit the name.
process.env.E2E_DATA_TEMPLATE ??= join(tmpdir(), `sufra-e2e-data-${process.pid}`);
const dataTemplate = process.env.E2E_DATA_TEMPLATE;

// Debian's headless shell (package chromium-headless-shell: Chromium's old headless mode, the browser Playwright runs
// headless by default) where installed: the same engine without the full browser's window and compositor, it used half
// the CPU of `chromium --headless=new` on the same journeys (docs/adr/0660-journeys-in-the-headless-shell.md). Full
// Chromium otherwise, or whatever E2E_CHROMIUM names.
const headlessShell = '/usr/bin/chromium-headless-shell';
const chromium = process.env.E2E_CHROMIUM ?? (existsSync(headlessShell) ? headlessShell : '/usr/bin/chromium');

/** What every journey server shares (each adds its port and public URL). */
const serverEnv = {
  HOST: '127.0.0.1',
  DATABASE_URL: '',
  // scripts/test.sh builds into a private folder so a concurrent `npm run build` cannot empty it mid-run.
  WEB_DIST: process.env.E2E_WEB_DIST ?? join(root, 'apps/web/dist'),
  NODE_ENV: 'production',
  LOG_LEVEL: 'warn',
  // Production requires a signing secret; this one exists only for the throwaway test server.
  AUTH_SECRET: E2E_AUTH_SECRET,
  // Production keeps the demo's published passwords, the outbox and the test gateway's published keys off unless
  // asked for by name (issue 13 item 4). The journeys need all three: the demo brand and its staff, the 4-digit
  // codes read from the outbox (as a manager would in the demo), and card payments through the built-in gateway
  // (serve-moyasar.ts switches its server to Moyasar).
  DEMO_SEED: 'true',
  SMS_OUTBOX_VISIBLE: 'true',
  PAYMENT_PROVIDER: 'test',
  // Production names its SMS provider too (issue 24); the journeys read the codes from the outbox.
  SMS_PROVIDER: 'log',
  // Every journey comes from 127.0.0.1: the per-IP cap on codes would otherwise stop the suite, not a bot.
  OTP_SENDS_PER_IP_PER_HOUR: '100000',
  // Journeys that sign a diner out and in again send a second code to the same number within seconds: waiting out
  // the 30 s gap was a minute of every run. The gap itself is tested in the API suite (otp.test.ts) with its clock.
  OTP_SEND_GAP_SECONDS: '2',
  // Every journey's wrong codes and wrong staff passwords come from 127.0.0.1 too: past the per-address allowance their
  // later tries would wait (5 s doubling). The address-wide throttle is tested in the API suite (otp.test.ts,
  // staff.test.ts); the per address + number wait, which the code-step journey shows, is not affected by this.
  SIGN_IN_FAILURES_PER_IP_PER_HOUR: '100000',
  E2E_DATA_TEMPLATE: dataTemplate,
};

export default defineConfig({
  testDir: './tests',
  // Removes the run's built data folder (support/data-template.ts).
  globalTeardown: './support/global-teardown.ts',
  // One folder per server port: scripts/test.sh runs the journeys as shards side by side, and Playwright empties its
  // output folder when it starts.
  outputDir: join(root, '.tmp', port === 3210 ? 'e2e-results' : `e2e-results-${port}`),
  // Journeys, not files, are shared out: a file's journeys are independent (no beforeAll, no order between them), and
  // with whole files the run ended on one worker finishing the last big file. Three workers on two cores: the journeys
  // mostly wait (for the server, the event stream, the test gateway): a whole run uses about half a core on average,
  // so a third overlaps more waiting. Measured in docs/adr/0099-journeys-shared-out-over-workers.md.
  fullyParallel: true,
  // E2E_WORKERS tries another count without an edit (scripts/test.sh runs the API suites beside the journeys at a
  // lower priority, docs/adr/0381-journeys-beside-the-api-suites.md; measure on a quiet machine before changing 3).
  workers: Number(process.env.E2E_WORKERS ?? 3),
  retries: 0,
  forbidOnly: Boolean(process.env.CI),
  // Generous: these bound a hang, they time nothing. Chromium 156 on the 2-core machine ran the journeys about
  // three times slower than 150 did (most of it waiting, not computing), and 30 s cut off healthy journeys.
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [
    ['list'],
    ['./support/failure-context-reporter.ts'],
    // Fails the run when a journey is left out in both languages (support/language-turns.ts).
    ['./support/language-turns-reporter.ts'],
    ...(jsonOutput ? [['json', { outputFile: jsonOutput }] as const] : []),
  ],
  use: {
    baseURL,
    // A trace records every action's page (and a screencast) in every journey, to keep the failed ones: CI keeps only
    // the log (a failed journey prints its page there: support/failure-context-reporter.ts), so the test run records
    // none (scripts/test.sh sets E2E_TRACE=off); a developer running Playwright directly keeps the failures' traces.
    trace: (process.env.E2E_TRACE ?? 'retain-on-failure') as 'off' | 'retain-on-failure' | 'on',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: chromium,
      args: [
        '--no-sandbox',
        ...(chromium.includes('headless-shell') ? [] : ['--headless=new']),
        '--disable-gpu',
        '--disable-dev-shm-usage',
        '--disable-background-networking',
        '--disable-component-update',
        '--no-first-run',
        '--disable-sync',
        '--disable-quic',
      ],
    },
  },
  projects: [
    {
      name: 'phone',
      // Each pair of language twins runs once, in its turn's language; E2E_LANGUAGES=both runs both
      // (support/language-turns.ts, docs/adr/0814-journeys-in-one-language-in-turn.md).
      ...(otherLanguageTwins ? { grepInvert: [otherLanguageTwins] } : {}),
      use: {
        browserName: 'chromium',
        viewport: { width: 390, height: 844 },
        isMobile: true,
        hasTouch: true,
        deviceScaleFactor: 2,
        // A diner who asked for less motion (the app honours it: global.css, the slider, the wheel, the section tabs).
        // Nothing a journey asserts moves; motion kept every page drawing frames (the slider's turns, skeleton pulses,
        // colour transitions) and cost ~17 % of the journeys' CPU. The journeys about motion ask for it back:
        // menu.spec (the tabs' smooth scroll), landing.spec (the slider), games.spec's wheel turn
        // (docs/adr/0818-journeys-with-reduced-motion.md).
        reducedMotion: 'reduce',
        userAgent:
          'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0.0.0 Mobile Safari/537.36',
      },
    },
  ],
  webServer: [
    {
      // support/serve.ts runs ../apps/api/src/server.ts with a fresh temporary DATA_DIR and deletes it afterwards.
      command: 'npm exec -- node support/serve.ts',
      cwd: here,
      url: `${baseURL}/api/health`,
      reuseExistingServer: false,
      gracefulShutdown: { signal: 'SIGTERM', timeout: 10_000 },
      timeout: 120_000,
      stdout: 'pipe',
      stderr: 'pipe',
      env: { ...serverEnv, PORT: String(port), PUBLIC_URL: baseURL },
    },
    {
      // The same server with Moyasar as the card provider, against the fake Moyasar it starts (tests/moyasar.spec.ts;
      // serve-moyasar.ts sets the port, the public URL and the MOYASAR_* variables).
      command: 'npm exec -- node support/serve-moyasar.ts',
      cwd: here,
      url: `${moyasarBaseURL}/api/health`,
      reuseExistingServer: false,
      gracefulShutdown: { signal: 'SIGTERM', timeout: 10_000 },
      timeout: 120_000,
      stdout: 'pipe',
      stderr: 'pipe',
      env: serverEnv,
    },
    {
      // The same server with the demo's integrated branch handed to a fake Foodics and mail sent over SMTP to a catcher
      // (tests/foodics*.spec.ts, tests/email*.spec.ts; serve-foodics.ts starts both and the journeys' control server).
      command: 'npm exec -- node support/serve-foodics.ts',
      cwd: here,
      url: `${foodicsBaseURL}/api/health`,
      reuseExistingServer: false,
      gracefulShutdown: { signal: 'SIGTERM', timeout: 10_000 },
      timeout: 120_000,
      stdout: 'pipe',
      stderr: 'pipe',
      env: serverEnv,
    },
  ],
});
