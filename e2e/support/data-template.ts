// Where each journey server (serve.ts, three of them: plain, Moyasar, Foodics) keeps its data, started from one
// database built once per run (docs/adr/0805-journey-servers-from-one-built-data-folder.md):
// - on PGlite (the default): the first server builds a data folder (PGlite's initdb in WebAssembly, the migrations,
//   the demo seed: ~17 CPU-s of a server's ~22) under a lock; every server starts on its own copy of it;
// - on PostgreSQL (E2E_DATABASE_URL, an admin URL: the test command's throwaway cluster), the first builds a template
//   database and every server gets `CREATE DATABASE … TEMPLATE` it (docs/adr/0806-journeys-on-postgresql.md).
// E2E_DATA_TEMPLATE (a folder named per run by playwright.config.ts) holds the lock, the ready mark and, on PGlite,
// the built folder; empty, every server starts from nothing as before.
import { cpSync, existsSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { basename } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
// The server's modules loaded below read `request.language`, which this plugin declares on Fastify's request.
import type {} from '../../apps/api/src/plugins/i18n.ts';
import { adminQuery, databaseUrlFor } from '../../apps/api/test/postgres-admin.ts';

const READY = '.ready';
/** A bound on a hang, not a timing: building takes ~15 s alone, several times that under load. */
const WAIT_MS = 240_000;

/** The run's template database on PostgreSQL, named after the run's folder (letters, digits and _ only). */
function templateDatabase(template: string): string {
  return basename(template)
    .replace(/[^a-z0-9]+/gi, '_')
    .toLowerCase();
}

/** The server's own steps (server.ts: database, migrations, demo seed), then closed so a copy is consistent. */
async function migrateAndSeed(env: Record<string, string | undefined>): Promise<void> {
  const { loadConfig } = await import('../../apps/api/src/config/env.ts');
  const { createDatabase } = await import('../../apps/api/src/db/client.ts');
  const { migrate } = await import('../../apps/api/src/db/migrate.ts');
  const { seedDemo } = await import('../../apps/api/src/db/seed/seed.ts');
  const database = await createDatabase(loadConfig({ ...process.env, ...env }));
  try {
    await migrate(database);
    await seedDemo(database.db);
  } finally {
    await database.close();
  }
}

/** Builds the run's starting point once, whichever server comes first; the others wait for its mark. */
async function builtOnce(template: string, build: () => Promise<void>): Promise<void> {
  try {
    mkdirSync(`${template}.lock`);
  } catch {
    const until = Date.now() + WAIT_MS;
    while (!existsSync(`${template}/${READY}`)) {
      if (Date.now() > until) throw new Error(`the journeys' starting data (${template}) was not built in time`);
      await sleep(200);
    }
    return;
  }
  rmSync(template, { recursive: true, force: true });
  await build();
  mkdirSync(template, { recursive: true });
  writeFileSync(`${template}/${READY}`, '');
}

/**
 * Prepares one server's data: on PGlite fills `dataDir` with a copy of the built folder; on PostgreSQL creates its
 * database from the template. Returns what the server's environment needs (its DATABASE_URL on PostgreSQL).
 */
export async function serverData(dataDir: string, name: string): Promise<Record<string, string>> {
  const template = process.env.E2E_DATA_TEMPLATE;
  const admin = process.env.E2E_DATABASE_URL;
  if (admin) {
    const database = `sufra_e2e_${name}`;
    if (template) {
      const source = templateDatabase(template);
      await builtOnce(template, async () => {
        await adminQuery(admin, `CREATE DATABASE ${source}`);
        await migrateAndSeed({ DATABASE_URL: databaseUrlFor(admin, source) });
      });
      await adminQuery(admin, `CREATE DATABASE ${database} TEMPLATE ${source}`);
    } else {
      await adminQuery(admin, `CREATE DATABASE ${database}`);
    }
    return { DATABASE_URL: databaseUrlFor(admin, database) };
  }
  if (template) {
    await builtOnce(template, () => migrateAndSeed({ DATA_DIR: template, DATABASE_URL: '' }));
    cpSync(template, dataDir, { recursive: true, filter: (source) => !source.endsWith(READY) });
  }
  return {};
}

/** Drops a server's database on PostgreSQL (best effort: the test command's cluster is thrown away anyway). */
export async function dropServerData(name: string): Promise<void> {
  const admin = process.env.E2E_DATABASE_URL;
  if (admin) await adminQuery(admin, `DROP DATABASE IF EXISTS sufra_e2e_${name} WITH (FORCE)`).catch(() => {});
}

/** Removes the run's built folder, its lock and, on PostgreSQL, its template database (the global teardown). */
export async function removeBuiltData(template: string): Promise<void> {
  rmSync(template, { recursive: true, force: true });
  rmSync(`${template}.lock`, { recursive: true, force: true });
  const admin = process.env.E2E_DATABASE_URL;
  if (admin) {
    await adminQuery(admin, `DROP DATABASE IF EXISTS ${templateDatabase(template)} WITH (FORCE)`).catch(() => {});
  }
}
