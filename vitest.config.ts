import { configDefaults, defineConfig } from 'vitest/config';

// Two projects: `unit` (pure code: shared, web reducers) and `api` (the real Fastify app on a real database).
// The API project runs twice in `npm test`: on PGlite, then with DATABASE_URL pointing at a real PostgreSQL.
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          include: [
            'packages/shared/src/**/*.test.ts',
            'apps/web/src/**/*.test.{ts,tsx}',
            // The seed's pure data checks need no database; the seeding itself is tested in the api project.
            'apps/api/src/db/seed/seed-data.test.ts',
            // The API's pure helpers (no app, no database).
            'apps/api/src/lib/**/*.test.ts',
            // The lint configuration's import rules, run on probe files.
            'scripts/**/*.test.ts',
          ],
          environment: 'node',
          // A bound on a hang, not a timing: the property tests compute for a second or two alone, and in the test
          // command they run beside the journeys at a lower priority on a shared machine (one took 15–28 s at load 34).
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
          ],
          environment: 'node',
          // On PGlite: one migrated data folder every test app starts from (see the file).
          globalSetup: ['apps/api/test/pglite-template.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
          fileParallelism: false,
        },
      },
    ],
  },
});
