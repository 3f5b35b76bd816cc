/**
 * The api project's global setup. On PGlite (no DATABASE_URL), builds one migrated database, writes its data folder
 * as a tarball to a temp file and provides the path: every test app then starts from it (createTestApp) instead of
 * a new cluster, whose initdb in WebAssembly costs most of a second (several under load) each time. Each app still
 * gets its own database in memory, and still runs the migrations (a no-op on the template; it would catch a stale one).
 * On PostgreSQL each test file creates its own database on the server: nothing to do here.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { loadConfig } from '../src/config/env.ts';
import { createDatabase } from '../src/db/client.ts';
import { migrate } from '../src/db/migrate.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A migrated PGlite data folder (tarball) to start test apps from; null on PostgreSQL. */
    pgliteTemplate: string | null;
  }
}

export default async function setup(project: TestProject) {
  const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent' });
  if (config.databaseUrl) {
    project.provide('pgliteTemplate', null);
    return;
  }
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
