import cluster, { type Worker } from 'node:cluster';
import { resolveAuthSecret } from './config/auth-secret.ts';
import type { Config } from './config/env.ts';

/**
 * The primary process when API_WORKERS > 1: forks that many servers sharing the port (node:cluster hands them the
 * connections), replaces one that crashes, and stops them all on SIGINT/SIGTERM. Nothing in the API keeps state
 * a worker must share: sessions, rate limits, idempotency keys and the outbox are rows in PostgreSQL, live events
 * cross processes through LISTEN/NOTIFY, and migrations and the demo seed run under an advisory lock.
 */
export function superviseWorkers(config: Config): void {
  // One secret for every worker (a secret kept in DATA_DIR would otherwise be raced for by the first two).
  const env = { AUTH_SECRET: resolveAuthSecret(config) };
  /** Workers that got as far as listening: one that dies before is failing to start (bad config, no database). */
  const listened = new Set<number>();
  let stopping = false;
  let exitCode = 0;

  const running = () => Object.values(cluster.workers ?? {}).filter((w): w is Worker => w !== undefined && !w.isDead());
  const fork = (): Worker => cluster.fork(env);

  let announced = false;
  cluster.on('listening', (worker) => {
    listened.add(worker.id);
    // Once, when every worker first takes connections (the first worker's welcome comes as soon as it alone does).
    if (!announced && listened.size === config.workers) {
      announced = true;
      console.log(`All ${config.workers} server processes are listening`);
    }
  });
  cluster.on('exit', (worker, code, signal) => {
    const started = listened.delete(worker.id);
    if (stopping) {
      if (running().every((w) => w.id === worker.id)) process.exit(exitCode);
      return;
    }
    if (!started) {
      console.error(`API worker ${worker.process.pid} failed to start (${signal ?? code}); stopping`);
      stop(1);
      return;
    }
    console.error(`API worker ${worker.process.pid} exited (${signal ?? code}); starting another`);
    fork();
  });

  function stop(code: number) {
    if (stopping) return;
    stopping = true;
    exitCode = code;
    const workers = running();
    if (workers.length === 0) process.exit(code);
    for (const worker of workers) worker.process.kill('SIGTERM');
    // Workers close within their own 10 s; then this exits whatever is left.
    setTimeout(() => process.exit(code), 12_000).unref();
  }
  process.on('SIGINT', () => stop(0));
  process.on('SIGTERM', () => stop(0));

  for (let i = 0; i < config.workers; i++) fork();
}
