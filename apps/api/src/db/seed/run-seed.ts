import { ConfigError, loadConfig } from '../../config/env.ts';
import { createDatabase } from '../client.ts';
import { migrate, STARTUP_LOCK_KEY } from '../migrate.ts';
import { seedDemo, seedLarge } from './seed.ts';

/**
 * `node apps/api/src/db/seed/run-seed.ts [--large]` (root: `npm run seed:large`):
 * migrates, seeds the demo brands when absent and, with --large, the 1,500-item benchmark brand.
 */
async function main() {
  const large = process.argv.includes('--large');
  const config = loadConfig();
  const database = await createDatabase(config);
  try {
    await database.withLock(STARTUP_LOCK_KEY, async () => {
      await migrate(database);
      const started = performance.now();
      const demo = await seedDemo(database.db);
      report(
        'demo',
        demo.map((b) => b.slug),
        started,
      );
      if (large) {
        const startedLarge = performance.now();
        const seeded = await seedLarge(database.db, 1500);
        report(
          'large',
          seeded.map((b) => b.slug),
          startedLarge,
        );
      }
    });
  } finally {
    await database.close();
  }
}

function report(what: string, slugs: string[], started: number) {
  const ms = Math.round(performance.now() - started);
  console.log(slugs.length > 0 ? `Seeded ${what}: ${slugs.join(', ')} (${ms} ms)` : `Seed ${what}: already present`);
}

main().catch((error: unknown) => {
  console.error(error instanceof ConfigError ? error.message : error);
  process.exit(1);
});
