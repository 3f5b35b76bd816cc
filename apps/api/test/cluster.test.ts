import { spawnSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../src/config/env.ts';
import { UUID } from './fixture-brands.ts';
import { type ServerProcess, startServer } from './server-process.ts';
import { createTestApp, type TestApp } from './test-app.ts';

/** The process ids whose parent is `pid` (Linux /proc). */
function childrenOf(pid: number): number[] {
  const children: number[] = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      // "pid (comm) state ppid …": comm may hold spaces, so read after its closing parenthesis.
      const stat = readFileSync(join('/proc', entry, 'stat'), 'utf8');
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      if (ppid === pid) children.push(Number(entry));
    } catch {
      // gone meanwhile
    }
  }
  return children;
}

async function until<T>(what: string, probe: () => T | undefined, timeoutMs = 30_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const value = probe();
    if (value !== undefined) return value;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`timed out waiting for ${what}`);
}

/** Many requests at once, each on its own connection (the cluster hands connections to workers in turn). */
async function burst(url: string, count: number): Promise<number[]> {
  return Promise.all(
    Array.from({ length: count }, async () => {
      const res = await fetch(`${url}/api/menu/qr/${UUID.aMain}/`, { headers: { connection: 'close' } });
      await res.arrayBuffer();
      return res.status;
    }),
  );
}

/**
 * API_WORKERS: several server processes on one port, on PostgreSQL. A crashed worker is replaced and the port
 * keeps answering. On PGlite (one process owns the embedded database) the setting is refused at start.
 */
// A bound on a hang: two worker processes start, one is replaced, beside the other files of the run (server-process.ts).
describe('several server processes (API_WORKERS)', { timeout: 120_000 }, () => {
  let t: TestApp;
  let server: ServerProcess | undefined;

  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await server?.stop();
    await t.close();
  });

  it('serves on one port from two workers, replaces one that crashes, and is refused on PGlite', async () => {
    if (t.database.kind !== 'postgres' || !t.config.databaseUrl) {
      const run = spawnSync(process.execPath, [join(REPO_ROOT, 'apps/api/src/server.ts')], {
        env: { PATH: process.env.PATH ?? '', NODE_ENV: 'test', API_WORKERS: '2' },
        encoding: 'utf8',
        timeout: 30_000,
      });
      expect(run.status).toBe(1);
      expect(run.stderr).toContain('API_WORKERS: more than 1 needs DATABASE_URL');
      return;
    }
    server = await startServer({ DATABASE_URL: t.config.databaseUrl, API_WORKERS: '2', DATABASE_POOL_SIZE: '3' });
    const primary = server.pid;
    // The first worker's welcome is printed once it alone listens: the one killed below must not be the only one yet.
    await until('both workers listening', () =>
      server?.output().includes('All 2 server processes are listening') ? true : undefined,
    );
    const first = await until('two workers', () => {
      const workers = childrenOf(primary);
      return workers.length === 2 ? workers : undefined;
    });
    expect(new Set(await burst(server.url, 20))).toEqual(new Set([200]));

    // One worker dies hard: the other keeps serving and the primary starts a replacement.
    const [victim, survivor] = first as [number, number];
    process.kill(victim, 'SIGKILL');
    const replaced = await until('a replacement worker', () => {
      const workers = childrenOf(primary);
      return workers.length === 2 && !workers.includes(victim) ? workers : undefined;
    });
    expect(replaced).toContain(survivor);
    await until('the primary to say so', () => (server?.output().includes('starting another') ? true : undefined));
    expect(new Set(await burst(server.url, 20))).toEqual(new Set([200]));

    // Stopping the primary stops its workers.
    await server.stop();
    server = undefined;
    expect(childrenOf(primary)).toEqual([]);
  });
});
