import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { REPO_ROOT } from '../src/config/env.ts';

/** An API instance under test: its base URL and how to stop it. */
export interface Instance {
  url: string;
  stop(): Promise<void>;
}

/** One started as a process of its own. */
export interface ServerProcess extends Instance {
  /** The server's process id (with API_WORKERS > 1, the supervising primary's). */
  pid: number;
  /** What it printed so far. */
  output(): string;
}

/** How long a spawned server may take to start listening before it counts as hung. */
export const STARTUP_BOUND_MS = 90_000;

/** Starts the real server (apps/api/src/server.ts) as its own process on a free port, on this database. */
export async function startServer(env: Record<string, string>): Promise<ServerProcess> {
  const dataDir = mkdtempSync(join(tmpdir(), 'sufra-instance-'));
  const child: ChildProcess = spawn(process.execPath, [join(REPO_ROOT, 'apps/api/src/server.ts')], {
    cwd: REPO_ROOT,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: {
      PATH: process.env.PATH ?? '',
      NODE_ENV: 'test',
      LOG_LEVEL: 'warn',
      HOST: '127.0.0.1',
      PORT: '0',
      DATA_DIR: dataDir,
      WEB_DIST: join(dataDir, 'no-web-build'),
      SMS_RELAY_INTERVAL_MS: '0',
      ...env,
    },
  });
  let output = '';
  const url = await new Promise<string>((resolve, reject) => {
    // A bound on a hang (a server that never listens), not a timing: a fresh embedded database's start (initdb in
    // WebAssembly, the migrations, the demo seed) takes seconds of CPU, several times that while the test command runs
    // other files beside it (docs/adr/0410-api-test-files-in-parallel.md). A server that never started is stopped, not
    // left running after its test.
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`server did not start:\n${output}`));
    }, STARTUP_BOUND_MS);
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      // server.ts prints the staff URL once it listens.
      const match = output.match(/Staff app: (http:\/\/\S+)\/staff/);
      if (match?.[1]) {
        clearTimeout(timer);
        resolve(match[1]);
      }
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', onData);
    child.on('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`server exited (${code}):\n${output}`));
    });
  });
  return {
    url,
    pid: child.pid ?? 0,
    output: () => output,
    async stop() {
      if (child.exitCode === null) {
        const exited = new Promise((resolve) => child.once('exit', resolve));
        child.kill('SIGTERM');
        await exited;
      }
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
