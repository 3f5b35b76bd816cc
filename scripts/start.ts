// `npm start`: build the web app when its sources are newer than apps/web/dist, then run the server
// (migrates, seeds the demo when the database is empty, serves API + web on one port).
// The server runs as a child with inherited stdio; SIGINT/SIGTERM are forwarded so it can shut down cleanly.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const webDist = join(root, 'apps/web/dist');
const builtMarker = join(webDist, 'index.html');

/** Newest modification time of the files under these paths (skipping node_modules and dist). */
function newestMtime(paths: string[]): number {
  let newest = 0;
  const visit = (path: string) => {
    if (!existsSync(path)) return;
    const stat = statSync(path);
    if (stat.isDirectory()) {
      for (const entry of readdirSync(path)) {
        if (entry !== 'node_modules' && entry !== 'dist') visit(join(path, entry));
      }
    } else {
      newest = Math.max(newest, stat.mtimeMs);
    }
  };
  for (const path of paths) visit(path);
  return newest;
}

const sources = [
  'apps/web/src',
  'apps/web/index.html',
  'apps/web/public',
  'apps/web/vite.config.ts',
  'apps/web/package.json',
  'packages/shared/src',
].map((path) => join(root, path));

const builtAt = existsSync(builtMarker) ? statSync(builtMarker).mtimeMs : 0;
if (builtAt === 0 || newestMtime(sources) > builtAt) {
  console.log(builtAt === 0 ? 'Building the web app (first run)…' : 'Web sources changed, rebuilding the web app…');
  const build = spawnSync('npm', ['run', 'build', '-w', '@sufra/web'], { cwd: root, stdio: 'inherit' });
  if (build.status !== 0) {
    console.error('The web build failed; not starting the server.');
    process.exit(build.status ?? 1);
  }
}

const server = spawn(process.execPath, [join(root, 'apps/api/src/server.ts')], {
  cwd: root,
  stdio: 'inherit',
  env: process.env,
});

for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) {
  process.on(signal, () => {
    if (server.exitCode === null) server.kill(signal);
  });
}

server.on('exit', (code, signal) => {
  process.exit(code ?? (signal ? 128 + (signal === 'SIGINT' ? 2 : 15) : 1));
});
