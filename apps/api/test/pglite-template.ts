/**
 * The api project's global setup: one migrated database every test app starts from (createTestApp), instead of
 * running the migrations again for each of the ~200 apps the suite builds, and a second one with the fixture brands
 * (fixture-brands.ts) seeded too, for the apps that seed the default brands (most): their ids are the same in every
 * copy, so the seeding's result is provided beside it (`fixtureSeeded`) instead of seeding each app again.
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
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import type { TestProject } from 'vitest/node';
import { loadConfig } from '../src/config/env.ts';
import { createDatabase, type DatabaseHandle } from '../src/db/client.ts';
import { migrate } from '../src/db/migrate.ts';
import { type SeededBrand, seedBrandsIfAbsent } from '../src/db/seed/seed.ts';
import { fixtureBrands } from './fixture-brands.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A migrated PGlite data folder (tarball) to start test apps from; null on PostgreSQL. */
    pgliteTemplate: string | null;
    /** On PostgreSQL, the migrated database each test database is created from; null on PGlite. */
    postgresTemplate: string | null;
    /** The same two with the fixture brands seeded (a test app with the default brands starts from these). */
    pgliteFixtureTemplate: string | null;
    postgresFixtureTemplate: string | null;
    /** What seeding the fixture brands into the templates returned (their ids). */
    fixtureSeeded: SeededBrand[];
  }
}

export { adminQuery, databaseUrlFor } from './postgres-admin.ts';

import { adminQuery, databaseUrlFor } from './postgres-admin.ts';

/** A migrated database on the server, the fixture brands seeded in it too when asked; the seeding's result. */
async function postgresDatabase(adminUrl: string, name: string, withFixtures: boolean) {
  await adminQuery(adminUrl, `create database ${name}`);
  const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', DATABASE_URL: databaseUrlFor(adminUrl, name) });
  const database = await createDatabase(config);
  try {
    await migrate(database);
    return withFixtures ? await seedBrandsIfAbsent(database.db, fixtureBrands) : [];
  } finally {
    // No connection may stay open on a template: CREATE DATABASE … TEMPLATE refuses one that is in use.
    await database.close();
  }
}

async function postgresTemplate(project: TestProject, adminUrl: string) {
  const name = `sufra_template_${randomBytes(6).toString('hex')}`;
  const fixtures = `${name}_fixtures`;
  await postgresDatabase(adminUrl, name, false);
  const seeded = await postgresDatabase(adminUrl, fixtures, true);
  project.provide('pgliteTemplate', null);
  project.provide('pgliteFixtureTemplate', null);
  project.provide('postgresTemplate', name);
  project.provide('postgresFixtureTemplate', fixtures);
  project.provide('fixtureSeeded', seeded);
  return async () => {
    await adminQuery(adminUrl, `drop database if exists ${name} with (force)`);
    await adminQuery(adminUrl, `drop database if exists ${fixtures} with (force)`);
  };
}

/**
 * A new, empty PGlite cluster whose WAL comes in 1 MB segments instead of 16: every test app unpacks the template's
 * current segment, so a 16 MB file of mostly zeros was half of each copy (31 MB -> 15 MB a copy; docs/adr/0780). The
 * segment size is the cluster's own (initdb), nothing a statement sees.
 */
async function smallWalCluster(): Promise<Blob> {
  const empty = await PGlite.create({ initDbStartParams: ['--wal-segsize=1'], extensions: { pg_trgm } });
  try {
    return await empty.dumpDataDir('none');
  } finally {
    await empty.close();
  }
}

/**
 * What every copy of the PGlite template would otherwise unpack for nothing: a test app never creates a database, so
 * the cluster's template0 and template1 (two thirds of its ~1,600 files) go. Each app's open unpacks the tarball
 * file by file into WebAssembly memory: 0.7–0.8 CPU-s with them, ~0.45 without, alone (docs/adr/0780).
 */
async function slimForCopies(database: DatabaseHandle) {
  await database.query("update pg_database set datistemplate = false where datname in ('template0', 'template1')");
  await database.query('drop database template0');
  await database.query('drop database template1');
}

/**
 * A data folder's tarball without the WAL segments other than `keep` (the last checkpoint's redo segment: PostgreSQL
 * starts from it; the others are spent or recycled ahead, 16 MB each of zeros and old records to unpack).
 */
export function withoutWalSegmentsBut(tar: Uint8Array, keep: string): Uint8Array {
  const text = new TextDecoder();
  const field = (header: Uint8Array, from: number, to: number) =>
    text.decode(header.subarray(from, to)).replace(/\0.*$/s, '');
  const kept: Uint8Array[] = [];
  let segments = 0;
  let offset = 0;
  while (offset + 512 <= tar.length) {
    const header = tar.subarray(offset, offset + 512);
    if (header.every((byte) => byte === 0)) {
      kept.push(tar.subarray(offset));
      break;
    }
    const name = [field(header, 345, 500), field(header, 0, 100)].filter(Boolean).join('/');
    const size = Number.parseInt(field(header, 124, 136).trim() || '0', 8);
    const length = 512 + Math.ceil(size / 512) * 512;
    const segment = /pg_wal\/[0-9A-F]{24}$/.test(name);
    if (segment && name.endsWith(`/${keep}`)) segments += 1;
    if (!segment || name.endsWith(`/${keep}`)) kept.push(tar.subarray(offset, offset + length));
    offset += length;
  }
  if (segments !== 1) throw new Error(`the PGlite template has no WAL segment ${keep}`);
  const out = new Uint8Array(kept.reduce((sum, part) => sum + part.length, 0));
  let at = 0;
  for (const part of kept) {
    out.set(part, at);
    at += part.length;
  }
  return out;
}

export default async function setup(project: TestProject) {
  // loadConfig reads only what it is given: DATABASE_URL passed on, or the PostgreSQL suite would build a PGlite
  // template and migrate every test database from nothing (it did, unnoticed, until session 19).
  const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', DATABASE_URL: process.env.DATABASE_URL });
  if (config.databaseUrl) return postgresTemplate(project, config.databaseUrl);
  project.provide('postgresTemplate', null);
  project.provide('postgresFixtureTemplate', null);
  const dir = mkdtempSync(join(tmpdir(), 'sufra-pglite-template-'));
  const database = await createDatabase(config, { inMemory: true, loadDataDir: await smallWalCluster() });
  /** The database as it is now, as a tarball on disk, without the WAL segments its last checkpoint does not need. */
  const write = async (file: string) => {
    await database.query('checkpoint');
    const [checkpoint] = await database.query<{ redo: string }>(
      'select redo_wal_file as redo from pg_control_checkpoint()',
    );
    if (!checkpoint) throw new Error('PGlite reported no checkpoint');
    const dump = await database.dumpDataDir?.();
    if (!dump) throw new Error('PGlite gave no data folder to start the test apps from');
    const path = join(dir, file);
    writeFileSync(path, withoutWalSegmentsBut(new Uint8Array(await dump.arrayBuffer()), checkpoint.redo));
    return path;
  };
  try {
    await migrate(database);
    await slimForCopies(database);
    project.provide('pgliteTemplate', await write('migrated.tar'));
    project.provide('fixtureSeeded', await seedBrandsIfAbsent(database.db, fixtureBrands));
    project.provide('pgliteFixtureTemplate', await write('fixtures.tar'));
  } finally {
    await database.close();
  }
  return () => rmSync(dir, { recursive: true, force: true });
}
