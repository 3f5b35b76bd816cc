// The journeys' servers (serve.ts, three of them: plain, Moyasar, Foodics) each start on a fresh data folder. Building
// one costs ~17 CPU-s (PGlite's initdb in WebAssembly, the migrations, the demo seed) of a server's ~22; opening a copy
// of one already built costs ~1. The first server to start builds the run's folder once (E2E_DATA_TEMPLATE, named by
// playwright.config.ts for this run) under a lock; every server then starts on its own copy of it
// (docs/adr/0805-journey-servers-from-one-built-data-folder.md).
import { cpSync, existsSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { setTimeout as sleep } from 'node:timers/promises';

const READY = '.ready';
/** A bound on a hang, not a timing: building the folder takes ~15 s alone, several times that under load. */
const WAIT_MS = 240_000;

/** Fills `dataDir` with a copy of the run's built data folder (built first if no server has yet). */
export async function copyBuiltDataFolder(template: string, dataDir: string): Promise<void> {
  await builtOnce(template);
  cpSync(template, dataDir, { recursive: true, filter: (source) => !source.endsWith(READY) });
}

async function builtOnce(template: string): Promise<void> {
  const lock = `${template}.lock`;
  try {
    mkdirSync(lock);
  } catch {
    // Another server is building it: wait for its mark.
    const until = Date.now() + WAIT_MS;
    while (!existsSync(`${template}/${READY}`)) {
      if (Date.now() > until) throw new Error(`the journeys' data folder ${template} was not built in time`);
      await sleep(200);
    }
    return;
  }
  if (existsSync(`${template}/${READY}`)) return;
  rmSync(template, { recursive: true, force: true });
  // The server's own steps (server.ts: database, migrations, demo seed), on the template folder, then closed cleanly
  // so that a copy is a consistent cluster.
  const { loadConfig } = await import('../../apps/api/src/config/env.ts');
  const { createDatabase } = await import('../../apps/api/src/db/client.ts');
  const { migrate } = await import('../../apps/api/src/db/migrate.ts');
  const { seedDemo } = await import('../../apps/api/src/db/seed/seed.ts');
  const database = await createDatabase(loadConfig({ ...process.env, DATA_DIR: template }));
  try {
    await migrate(database);
    await seedDemo(database.db);
  } finally {
    await database.close();
  }
  writeFileSync(`${template}/${READY}`, '');
}

/** Removes the run's built folder and its lock (the config's global teardown). */
export function removeBuiltDataFolder(template: string): void {
  rmSync(template, { recursive: true, force: true });
  rmSync(`${template}.lock`, { recursive: true, force: true });
}
