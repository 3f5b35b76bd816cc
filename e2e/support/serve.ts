// The server the journeys run against: the real apps/api/src/server.ts on a fresh PGlite data folder, or its own
// database on PostgreSQL with E2E_DATABASE_URL (a copy of the run's built one either way: support/data-template.ts),
// deleted when Playwright stops the server (SIGTERM, see gracefulShutdown in the config).
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { dropServerData, serverData } from './data-template.ts';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const dataDir = mkdtempSync(join(tmpdir(), 'sufra-e2e-'));
const name = String(process.pid);
let databaseEnv: Record<string, string>;
try {
  databaseEnv = await serverData(dataDir, name);
} catch (error) {
  rmSync(dataDir, { recursive: true, force: true });
  throw error;
}

const server = spawn(process.execPath, [join(root, 'apps/api/src/server.ts')], {
  cwd: root,
  stdio: 'inherit',
  env: { ...process.env, DATA_DIR: dataDir, ...databaseEnv },
});

let cleaned = false;
function cleanUp() {
  if (cleaned) return;
  cleaned = true;
  rmSync(dataDir, { recursive: true, force: true });
}

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    if (server.exitCode === null) server.kill(signal);
  });
}
server.on('exit', (code) => {
  cleanUp();
  void dropServerData(name).finally(() => process.exit(code ?? 0));
});
process.on('exit', cleanUp);
