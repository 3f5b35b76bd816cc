import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { inject } from 'vitest';
import { buildApp } from '../src/app.ts';
import { type Config, loadConfig } from '../src/config/env.ts';
import { createDatabase, type Database, type DatabaseHandle } from '../src/db/client.ts';
import { migrate } from '../src/db/migrate.ts';
import { type SeededBrand, seedBrandsIfAbsent } from '../src/db/seed/seed.ts';
import type { SeedBrand } from '../src/db/seed/seed-types.ts';
import { leasePglite, type PgliteLease } from './pglite-pool.ts';
import { adminQuery, databaseUrlFor } from './pglite-template.ts';
import { recordStatement } from './round-trips.ts';

export interface TestApp {
  app: FastifyInstance;
  database: DatabaseHandle;
  db: Database;
  config: Config;
  /** Brands seeded by slug, with their ids. */
  seeded: Map<string, SeededBrand>;
  /** Starts a real HTTP server on a free port; returns its base URL. */
  listen(): Promise<string>;
  close(): Promise<void>;
}

export interface TestAppOptions {
  /** Brands to seed (default: the fixture brands). */
  brands?: SeedBrand[];
  /** Extra environment for loadConfig (e.g. WEB_DIST). */
  env?: Record<string, string>;
  now?: () => Date;
  /** Capture the server log (set LOG_LEVEL in env too, the default in tests is silent). */
  logStream?: { write(line: string): void };
}

const templates = new Map<string, Blob>();

/**
 * PGlite: the data folder the api project's global setup made (pglite-template.ts), migrated, with the fixture brands
 * seeded when asked; each read once per worker. A database holding it, kept by the worker between test files or
 * opened from it (pglite-pool.ts).
 */
async function pgliteDatabase(withFixtures: boolean): Promise<PgliteLease> {
  const path = inject(withFixtures ? 'pgliteFixtureTemplate' : 'pgliteTemplate');
  if (!path) throw new Error('the api project global setup provided no PGlite template');
  let template = templates.get(path);
  if (!template) {
    template = new Blob([readFileSync(path)]);
    templates.set(path, template);
  }
  return leasePglite(path, template, recordStatement);
}

/**
 * With DATABASE_URL set (the PostgreSQL suite): a new, migrated, empty database on that server for one test file (a
 * copy of the migrated template the global setup made, pglite-template.ts: not the migrations again), its URL and how
 * to drop it; with the fixture brands seeded when asked. Without it (PGlite): null.
 */
export async function createTestDatabase(withFixtures = false): Promise<{ url: string; drop(): Promise<void> } | null> {
  if (process.env.SUFRA_API_TEST_WITHOUT_DATABASE === 'true') {
    throw new Error('a file of the api-without-database project opens a database: move it to the api project');
  }
  const adminUrl = loadConfig().databaseUrl;
  if (!adminUrl) return null;
  const name = `sufra_test_${randomBytes(6).toString('hex')}`;
  const template = inject(withFixtures ? 'postgresFixtureTemplate' : 'postgresTemplate');
  await adminQuery(adminUrl, `create database ${name}${template ? ` template ${template}` : ''}`);
  return {
    url: databaseUrlFor(adminUrl, name),
    drop: () => adminQuery(adminUrl, `drop database if exists ${name} with (force)`),
  };
}

/**
 * Builds the REAL app on a REAL database: with DATABASE_URL set, a fresh database created on that
 * PostgreSQL server for this test file (dropped on close); otherwise an in-memory PGlite.
 */
export async function createTestApp(options: TestAppOptions = {}): Promise<TestApp> {
  // The test script sets DATABASE_URL for the PostgreSQL run; read through the one env module.
  // The default brands come seeded in the template (pglite-template.ts): their ids are the global setup's.
  const brands = options.brands;
  const withFixtures = brands === undefined;
  const own = await createTestDatabase(withFixtures);
  const databaseUrl = own?.url;
  const dropDatabase = own?.drop;
  const dataDir = mkdtempSync(join(tmpdir(), 'sufra-test-'));
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    DATA_DIR: dataDir,
    WEB_DIST: join(dataDir, 'no-web-build'),
    // Concurrency tests need several connections at once.
    DATABASE_POOL_SIZE: '12',
    // The SMS relay runs only when a test drains it (app.smsRelay.drainOnce()).
    SMS_RELAY_INTERVAL_MS: '0',
    // Card orders expire only when a test sweeps them (app.paymentExpiry.drainOnce()).
    CARD_PAYMENT_SWEEP_INTERVAL_MS: '0',
    // Points expire only when a test sweeps them (app.loyalty.expireOnce()).
    POINTS_EXPIRY_INTERVAL_MS: '0',
    // The reports' roll-ups catch up only when a test asks (reports.catchUpOnce()).
    REPORTS_ROLLUP_INTERVAL_MS: '0',
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
    ...options.env,
  });
  const lease = databaseUrl ? null : await pgliteDatabase(withFixtures);
  const database = lease?.handle ?? (await createDatabase(config, { onStatement: recordStatement }));
  await migrate(database);
  const seededList = brands === undefined ? inject('fixtureSeeded') : await seedBrandsIfAbsent(database.db, brands);
  const app = await buildApp(config, {
    database,
    ...(options.now ? { now: options.now } : {}),
    ...(options.logStream ? { logStream: options.logStream } : {}),
  });
  await app.ready();

  let closed = false;
  return {
    app,
    database,
    db: database.db,
    config,
    seeded: new Map(seededList.map((s) => [s.slug, s])),
    async listen() {
      await app.listen({ port: 0, host: '127.0.0.1' });
      const address = app.server.address();
      if (!address || typeof address === 'string') throw new Error('no address');
      return `http://127.0.0.1:${address.port}`;
    },
    async close() {
      if (closed) return;
      closed = true;
      await app.close();
      if (lease) await lease.release();
      else await database.close();
      await dropDatabase?.();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
