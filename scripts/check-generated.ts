// Fails when a committed generated file no longer matches its source (the test command runs it):
// - the Drizzle migrations in apps/api/drizzle against the schema in apps/api/src/db/schema (a schema change
//   without `npm run db:generate`), by generating into a copy of the folder and looking for new files;
// - the OpenAPI document docs/openapi.json against the routes' zod schemas, by building the real app and asking
//   it for its document.
// `node scripts/check-generated.ts --write` rewrites docs/openapi.json instead of comparing it.
import { spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildApp } from '../apps/api/src/app.ts';
import { loadConfig } from '../apps/api/src/config/env.ts';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const apiDir = join(root, 'apps/api');
const openApiPath = join(root, 'docs/openapi.json');
const write = process.argv.includes('--write');

function listFiles(dir: string, prefix = ''): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? listFiles(join(dir, entry.name), `${prefix}${entry.name}/`) : [`${prefix}${entry.name}`],
  );
}

/** The migrations drizzle-kit would add to a copy of the committed folder ([] when none). */
function staleMigrations(): string[] {
  const scratch = mkdtempSync(join(tmpdir(), 'sufra-migrations-'));
  try {
    const copy = join(scratch, 'drizzle');
    cpSync(join(apiDir, 'drizzle'), copy, { recursive: true });
    const before = new Set(listFiles(copy));
    const run = spawnSync('npx', ['drizzle-kit', 'generate', '--config', 'drizzle.config.ts'], {
      cwd: apiDir,
      // drizzle-kit prefixes the folder with './', so it must be relative to the config's folder.
      env: { ...process.env, DRIZZLE_OUT: relative(apiDir, copy) },
      encoding: 'utf8',
    });
    if (run.status !== 0 || /\berror\b/i.test(run.stderr))
      throw new Error(`drizzle-kit generate failed:\n${run.stdout}\n${run.stderr}`);
    return listFiles(copy).filter((file) => !before.has(file) && file.endsWith('.sql'));
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
}

/** The OpenAPI document of the app as built now, as committed (2-space JSON, trailing newline). */
async function currentOpenApi(): Promise<string> {
  const scratch = mkdtempSync(join(tmpdir(), 'sufra-openapi-'));
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    DATA_DIR: scratch,
    WEB_DIST: join(scratch, 'no-web-build'),
  });
  const app = await buildApp(config);
  try {
    await app.ready();
    return `${JSON.stringify(app.swagger(), null, 2)}\n`;
  } finally {
    await app.close();
    rmSync(scratch, { recursive: true, force: true });
  }
}

let failed = false;
const added = staleMigrations();
if (added.length > 0) {
  failed = true;
  console.error(`Migrations are stale: the schema has changes no migration holds (would add ${added.join(', ')}).`);
  console.error('Run `npm run db:generate` and commit the new migration.');
} else {
  console.log('migrations: up to date with the schema');
}

const openApi = await currentOpenApi();
if (write) {
  writeFileSync(openApiPath, openApi);
  console.log(`openapi: wrote ${openApiPath}`);
} else {
  let committed = '';
  try {
    committed = readFileSync(openApiPath, 'utf8');
  } catch {}
  if (committed !== openApi) {
    failed = true;
    console.error('docs/openapi.json is stale: the routes or their schemas changed.');
    console.error('Run `npm run openapi` and commit docs/openapi.json.');
  } else {
    console.log('openapi: docs/openapi.json matches the routes');
  }
}
process.exit(failed ? 1 : 0);
