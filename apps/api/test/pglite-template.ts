/**
 * The api project's global setup: one migrated database every test app starts from (createTestApp), instead of
 * running the 33 migrations again for each of the ~75 apps the suite builds.
 * - On PGlite (no DATABASE_URL): builds one migrated database, writes its data folder as a tarball to a temp file
 *   and provides the path: a new cluster's initdb in WebAssembly costs most of a second (several under load) each time.
 * - On PostgreSQL: creates one migrated database on the server and provides its name; each test file's database is
 *   then `CREATE DATABASE … TEMPLATE` it (about 0.1 s, where migrating a new database took about 4 s of the server's
 *   time; docs/adr/0380-api-tests-start-from-a-migrated-template.md). It is dropped when the run ends.
 * Each app still gets its own database, and still runs the migrations (a no-op on the template; it would catch a
 * stale one).
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { loadConfig } from '../src/config/env.ts';
import { createDatabase } from '../src/db/client.ts';
import { migrate } from '../src/db/migrate.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A migrated PGlite data folder (tarball) to start test apps from; null on PostgreSQL. */
    pgliteTemplate: string | null;
    /** On PostgreSQL, the migrated database each test database is created from; null on PGlite. */
    postgresTemplate: string | null;
  }
}

/** `DATABASE_URL` with another database name. */
export function databaseUrlFor(adminUrl: string, name: string): string {
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

/** Runs one statement on the server as the admin URL's user (CREATE/DROP DATABASE cannot run in a transaction). */
export async function adminQuery(adminUrl: string, sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

async function postgresTemplate(project: TestProject, adminUrl: string) {
  const name = `sufra_template_${randomBytes(6).toString('hex')}`;
  await adminQuery(adminUrl, `create database ${name}`);
  const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', DATABASE_URL: databaseUrlFor(adminUrl, name) });
  const database = await createDatabase(config);
  try {
    await migrate(database);
  } finally {
    // No connection may stay open on a template: CREATE DATABASE … TEMPLATE refuses one that is in use.
    await database.close();
  }
  project.provide('pgliteTemplate', null);
  project.provide('postgresTemplate', name);
  return () => adminQuery(adminUrl, `drop database if exists ${name} with (force)`);
}

export default async function setup(project: TestProject) {
  const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent' });
  if (config.databaseUrl) return postgresTemplate(project, config.databaseUrl);
  project.provide('postgresTemplate', null);
  const dir = mkdtempSync(join(tmpdir(), 'sufra-pglite-template-'));
  const database = await createDatabase(config, { inMemory: true });
  try {
    await migrate(database);
    const dump = await database.dumpDataDir?.();
    if (!dump) throw new Error('PGlite gave no data folder to start the test apps from');
    const path = join(dir, 'migrated.tar');
    writeFileSync(path, new Uint8Array(await dump.arrayBuffer()));
    project.provide('pgliteTemplate', path);
  } finally {
    await database.close();
  }
  return () => rmSync(dir, { recursive: true, force: true });
}
