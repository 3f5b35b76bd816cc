import { configDefaults, defineConfig } from 'vitest/config';
import { LongFilesFirstSequencer } from './apps/api/test/sequencer.ts';

/**
 * API test files that open no database of the suite's (the providers against their fakes, relays, rules, the SPA's
 * HTML, PGlite's own parsers and test pool on their own small instances): they answer the same whichever database the
 * suite runs on, so they run once, in their own project (in the test command's PostgreSQL step), not in both API
 * suites. A file here that starts to build a test app fails (`SUFRA_API_TEST_WITHOUT_DATABASE`, test/test-app.ts): it
 * belongs in `api` then.
 */
const API_WITHOUT_DATABASE = [
  'apps/api/src/db/pglite-parsers.test.ts',
  'apps/api/test/pglite-pool.test.ts',
  'apps/api/src/modules/audit/audit-fields.test.ts',
  'apps/api/src/modules/foodics/foodics.relay.test.ts',
  'apps/api/src/modules/foodics/foodics-order.rules.test.ts',
  'apps/api/src/modules/foodics/foodics-tokens.test.ts',
  'apps/api/src/modules/payments/payment-failure.test.ts',
  'apps/api/src/modules/web/spa-html.test.ts',
  'apps/api/src/order-reactions.test.ts',
  'apps/api/src/plugins/event-stream.test.ts',
  'apps/api/src/providers/payment/moyasar-provider.test.ts',
  'apps/api/src/providers/payment/provider-http.test.ts',
  'apps/api/src/providers/sms/taqnyat-sms-provider.test.ts',
];

// Four projects: `unit` (pure code: shared, the API's helpers, the scripts), `unit-web` (the web app's logic and
// components, a DOM where a file asks for one), `api` (the real Fastify app on a real database) and
// `api-without-database` (the API's files above). The API project runs twice in `npm test`: on PGlite, then with
// DATABASE_URL pointing at a real PostgreSQL.
export default defineConfig({
  test: {
    // The OpenAPI fuzz shards first: apps/api/test/sequencer.ts.
    sequence: { sequencer: LongFilesFirstSequencer },
    projects: [
      {
        test: {
          name: 'unit',
          include: [
            'packages/shared/src/**/*.test.ts',
            // The seed's pure data checks need no database; the seeding itself is tested in the api project.
            'apps/api/src/db/seed/seed-data.test.ts',
            // The API's pure helpers (no app, no database).
            'apps/api/src/lib/**/*.test.ts',
            // The lint configuration's import rules, run on probe files.
            'scripts/**/*.test.ts',
            // The journeys' own logic (which language a journey runs in).
            'e2e/support/**/*.test.ts',
          ],
          environment: 'node',
          // A bound on a hang, not a timing: the property tests compute for a second or two alone, and in the test
          // command they run beside the journeys at a lower priority on a shared machine (one took 15–28 s at load 34).
          testTimeout: 60_000,
          // Pure code with no module state between files: a worker imports each module once for all its files
          // (28.6 -> 14.2 CPU-s for these 49 files). The web's component tests below keep a fresh module graph per
          // file: their caches and stores are module singletons (tried: two files failed in turn when shared).
          isolate: false,
        },
      },
      {
        test: {
          name: 'unit-web',
          include: ['apps/web/src/**/*.test.{ts,tsx}'],
          environment: 'node',
          testTimeout: 60_000,
        },
      },
      {
        test: {
          name: 'api',
          include: ['apps/api/src/**/*.test.ts', 'apps/api/test/**/*.test.ts'],
          // (the unit project runs these)
          exclude: [
            ...configDefaults.exclude,
            'apps/api/src/lib/**/*.test.ts',
            'apps/api/src/db/seed/seed-data.test.ts',
            ...API_WITHOUT_DATABASE,
          ],
          environment: 'node',
          // On PGlite: one migrated data folder every test app starts from (see the file).
          globalSetup: ['apps/api/test/pglite-template.ts'],
          // A bound on a hang, not a timing: with two files at a time in each suite (four beside the journeys), the
          // heaviest loops (a hundred wrong OTP codes, concurrent wallet credits) took over 30 s in the clean run.
          testTimeout: 90_000,
          hookTimeout: 60_000,
          // Two files at a time: each has its own database (a copy of the template on PostgreSQL, its own PGlite),
          // free ports and temp folders; one file alone leaves a CPU idle while it waits on its database
          // (docs/adr/0410-api-test-files-in-parallel.md). SUFRA_API_WORKERS tries another count without an edit.
          maxWorkers: Number(process.env.SUFRA_API_WORKERS ?? 2),
          // A worker imports the app once and runs file after file in it (each file still builds its own app on its
          // own database): re-importing the whole API for each of ~75 files was a third of the suite's time
          // (docs/adr/0411-api-test-files-share-a-worker.md). The API tests mock nothing and set no globals.
          // SUFRA_API_ISOLATE=true gives each file a fresh worker again.
          isolate: process.env.SUFRA_API_ISOLATE === 'true',
        },
      },
      {
        test: {
          name: 'api-without-database',
          include: API_WITHOUT_DATABASE,
          environment: 'node',
          env: { SUFRA_API_TEST_WITHOUT_DATABASE: 'true' },
          // Run with the api project in one invocation (scripts/test.sh), so in its two workers: vitest groups projects
          // by their worker count.
          maxWorkers: Number(process.env.SUFRA_API_WORKERS ?? 2),
          // As the api project: a worker imports once for its files (they mock nothing; pglite-pool.test.ts undoes
          // its one stubbed variable).
          isolate: false,
          testTimeout: 90_000,
          hookTimeout: 60_000,
        },
      },
    ],
  },
});
