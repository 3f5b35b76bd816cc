// `npm run dev`: the API under `node --watch` (API_PORT, default 3001) and the Vite dev server
// (PORT, default 3000) proxying /api and /images to it. Ctrl-C stops both; if one dies, the other is stopped too.
import { type ChildProcess, spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const apiPort = process.env.API_PORT ?? '3001';
const webPort = process.env.PORT ?? '3000';
const apiUrl = `http://localhost:${apiPort}`;
const demoQr = '3f2b8c1e-7a4d-4e8b-9c2a-1d5e6f7a8b9c';

// Vite's own launcher, resolved from the web workspace, so the child is a node process we can signal directly.
const viteBin = join(
  dirname(createRequire(join(root, 'apps/web/package.json')).resolve('vite/package.json')),
  'bin/vite.js',
);

const children: ChildProcess[] = [];
let stopping = false;

function run(name: string, args: string[], cwd: string, env: NodeJS.ProcessEnv): ChildProcess {
  const child = spawn(process.execPath, args, { cwd, env: { ...process.env, ...env }, stdio: 'inherit' });
  child.on('exit', (code, signal) => {
    if (!stopping) {
      console.error(`[dev] ${name} exited (${signal ?? code}); stopping the rest.`);
      stop(code ?? 1);
    }
  });
  children.push(child);
  return child;
}

function stop(code: number) {
  stopping = true;
  for (const child of children) {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
  }
  // Give the children a moment to exit cleanly, then leave.
  setTimeout(() => process.exit(code), 1500).unref();
  Promise.all(
    children.map((child) =>
      child.exitCode === null && child.signalCode === null
        ? new Promise((done) => child.once('exit', done))
        : Promise.resolve(),
    ),
  ).then(() => process.exit(code));
}

run('api', ['--watch', join(root, 'apps/api/src/server.ts')], root, {
  PORT: apiPort,
  NODE_ENV: process.env.NODE_ENV ?? 'development',
});
run('web', [viteBin, '--port', webPort, '--strictPort'], join(root, 'apps/web'), { API_PROXY: apiUrl });

console.log(`\n[dev] API:          ${apiUrl}/api/health`);
console.log(`[dev] Customer app: http://localhost:${webPort}/qr/${demoQr}\n`);

for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) {
  process.on(signal, () => stop(0));
}
