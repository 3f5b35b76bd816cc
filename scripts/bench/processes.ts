// Child processes for the bench: the real server, the seed, Node scripts. All talk to 127.0.0.1 only.
import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { envSchema } from '../../apps/api/src/config/env-schema.ts';

export const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');

export function freePort(): Promise<number> {
  return new Promise((done, fail) => {
    const server = createServer();
    server.once('error', fail);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => done(port));
    });
  });
}

/** Runs a command to completion; resolves with its exit code and the tail of its output. */
export function run(
  command: string,
  args: string[],
  options: { env?: NodeJS.ProcessEnv; cwd?: string; quiet?: boolean } = {},
): Promise<{ code: number; output: string }> {
  return new Promise((done) => {
    const child = spawn(command, args, {
      cwd: options.cwd ?? ROOT,
      env: options.env ?? process.env,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    const collect = (chunk: Buffer) => {
      output = (output + chunk.toString()).slice(-20_000);
      if (!options.quiet) process.stderr.write(chunk);
    };
    child.stdout.on('data', collect);
    child.stderr.on('data', collect);
    child.on('close', (code) => done({ code: code ?? 1, output }));
  });
}

export interface RunningServer {
  url: string;
  stop: () => Promise<void>;
  /** Whether the process is still running (a crash under load shows up here). */
  alive: () => boolean;
  /** The last lines the server printed (stdout and stderr). */
  logTail: (lines?: number) => string;
  /** Its process id (with API_WORKERS, the primary's; its workers are its children). */
  pid: number;
}

function captureOutput(child: ChildProcess): (lines?: number) => string {
  let log = '';
  const collect = (chunk: Buffer) => {
    log = (log + chunk.toString()).slice(-50_000);
  };
  child.stdout?.on('data', collect);
  child.stderr?.on('data', collect);
  return (lines = 20) => log.trimEnd().split('\n').slice(-lines).join('\n');
}

const isAlive = (child: ChildProcess) => () => child.exitCode === null && child.signalCode === null;

async function waitForHealth(url: string, child: ChildProcess, timeoutMs: number) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the server exited with code ${child.exitCode} before it was ready`);
    try {
      const response = await fetch(`${url}/api/health`);
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`the server did not answer ${url}/api/health within ${timeoutMs / 1000} s`);
}

export function stopChild(child: ChildProcess, graceMs = 10_000): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((done) => {
    const timer = setTimeout(() => child.kill('SIGKILL'), graceMs);
    child.once('exit', () => {
      clearTimeout(timer);
      done();
    });
    child.kill('SIGTERM');
  });
}

/**
 * Starts apps/api/src/server.ts as a child (production mode, quiet logs) and waits for /api/health.
 * `nodeArgs`: extra Node flags, e.g. `--cpu-prof` to see where a load test spends the server's time.
 */
export async function startServer(env: NodeJS.ProcessEnv, nodeArgs: string[] = []): Promise<RunningServer> {
  const port = await freePort();
  const child = spawn(process.execPath, [...nodeArgs, join(ROOT, 'apps/api/src/server.ts')], {
    cwd: ROOT,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      LOG_LEVEL: 'warn',
      HOST: '127.0.0.1',
      // Production requires a server secret (accounts); any random one does for a benchmark.
      AUTH_SECRET: randomBytes(32).toString('base64url'),
      // Production keeps the demo seed and the test gateway off unless named (issue 13 item 4); the benchmarks
      // order from the demo brand and pay through the built-in gateway.
      DEMO_SEED: 'true',
      PAYMENT_PROVIDER: 'test',
      // Production names its SMS provider too (issue 24); the benchmarks' codes stay in the log and the outbox.
      SMS_PROVIDER: 'log',
      // Links the server hands out (the payment provider's return address) must reach this very process.
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      ...env,
      PORT: String(port),
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const logTail = captureOutput(child);
  const url = `http://127.0.0.1:${port}`;
  try {
    await waitForHealth(url, child, 180_000);
  } catch (error) {
    await stopChild(child);
    throw new Error(`${error instanceof Error ? error.message : String(error)}\n${logTail()}`);
  }
  return { url, stop: () => stopChild(child), alive: isAlive(child), logTail, pid: child.pid ?? 0 };
}

/**
 * Starts the app the way the README's `npm start` does for a newcomer: `node scripts/start.ts` (which builds
 * apps/web/dist when its sources are newer, then runs the server in its defaults: development mode, info logs
 * pretty-printed, every interface, the demo seeded into a fresh PGlite folder). None of the server's own variables
 * are passed on from the bench's environment (a newcomer has none), only PORT and DATA_DIR. Its address is
 * `http://localhost:PORT`, the one it prints.
 */
export async function startAsNpmStart(dataDir: string): Promise<RunningServer> {
  const port = await freePort();
  const env: NodeJS.ProcessEnv = { ...process.env };
  for (const name of Object.keys(envSchema.shape)) delete env[name];
  const child = spawn(process.execPath, [join(ROOT, 'scripts/start.ts')], {
    cwd: ROOT,
    env: { ...env, PORT: String(port), DATA_DIR: dataDir },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const logTail = captureOutput(child);
  const url = `http://localhost:${port}`;
  try {
    await waitForHealth(url, child, 300_000);
  } catch (error) {
    await stopChild(child);
    throw new Error(`${error instanceof Error ? error.message : String(error)}\n${logTail()}`);
  }
  return { url, stop: () => stopChild(child), alive: isAlive(child), logTail, pid: child.pid ?? 0 };
}

/** Starts scripts/bench/bare-server.ts serving one fixed response from memory. */
export async function startBareServer(bodyFile: string, headers: Record<string, string>): Promise<RunningServer> {
  const port = await freePort();
  const child = spawn(process.execPath, [join(ROOT, 'scripts/bench/bare-server.ts')], {
    cwd: ROOT,
    env: { ...process.env, BARE_PORT: String(port), BARE_BODY_FILE: bodyFile, BARE_HEADERS: JSON.stringify(headers) },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const logTail = captureOutput(child);
  const url = `http://127.0.0.1:${port}`;
  await waitForHealth(url, child, 30_000);
  return { url, stop: () => stopChild(child), alive: isAlive(child), logTail, pid: child.pid ?? 0 };
}

/** Linux /proc: each process's command name, parent and CPU seconds used so far (user + system). */
function processTable(): { pid: number; ppid: number; comm: string; cpuSeconds: number }[] {
  const table = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      const close = stat.lastIndexOf(')');
      const comm = stat.slice(stat.indexOf('(') + 1, close);
      // After "(comm) ": state ppid … utime is field 14 and stime 15 of the whole line, in clock ticks (100 Hz).
      const fields = stat.slice(close + 2).split(' ');
      table.push({
        pid: Number(entry),
        ppid: Number(fields[1]),
        comm,
        cpuSeconds: (Number(fields[11]) + Number(fields[12])) / 100,
      });
    } catch {
      // gone meanwhile
    }
  }
  return table;
}

/** CPU seconds the whole machine has spent busy (not idle, not waiting on I/O) since boot, all CPUs summed. */
function machineBusySeconds(): number {
  // First line of /proc/stat: "cpu  user nice system idle iowait irq softirq steal …", in clock ticks (100 Hz).
  const ticks = (readFileSync('/proc/stat', 'utf8').split('\n')[0] ?? '').trim().split(/\s+/).slice(1, 9).map(Number);
  const [user = 0, nice = 0, system = 0, , , irq = 0, softirq = 0, steal = 0] = ticks;
  return (user + nice + system + irq + softirq + steal) / 100;
}

/** What cpuShare compares: each process's CPU seconds so far (by pid), this process's, and the machine's. */
export interface CpuSnapshot {
  processes: Map<number, { group: 'server' | 'postgres' | null; seconds: number }>;
  bench: number;
  machine: number;
}

/** CPU seconds used so far by each process (a server and its children, PostgreSQL's processes), this one, the machine. */
export function cpuSnapshot(serverPid: number): CpuSnapshot {
  const table = processTable();
  const tree = new Set([serverPid]);
  for (let grew = true; grew; ) {
    grew = false;
    for (const p of table) {
      if (!tree.has(p.pid) && tree.has(p.ppid)) {
        tree.add(p.pid);
        grew = true;
      }
    }
  }
  const own = process.cpuUsage();
  return {
    processes: new Map(
      table.map((p) => [
        p.pid,
        {
          group: tree.has(p.pid)
            ? 'server'
            : p.comm === 'postgres' || p.comm.startsWith('postgres:')
              ? 'postgres'
              : null,
          seconds: p.cpuSeconds,
        },
      ]),
    ),
    bench: (own.user + own.system) / 1e6,
    machine: machineBusySeconds(),
  };
}

/**
 * CPUs kept busy between two snapshots (CPU seconds / wall seconds), by whom. Per process, from the first
 * snapshot (or its start) to the second: a process that exited in between is missing, so the per-process figures
 * are lower bounds; the machine's (/proc/stat) is the one to trust for "were the CPUs the limit".
 */
export function cpuShare(before: CpuSnapshot, after: CpuSnapshot, seconds: number) {
  const used = (group: 'server' | 'postgres') => {
    let total = 0;
    for (const [pid, p] of after.processes) {
      if (p.group === group) total += p.seconds - (before.processes.get(pid)?.seconds ?? 0);
    }
    return total / seconds;
  };
  return {
    server: used('server'),
    postgres: used('postgres'),
    bench: (after.bench - before.bench) / seconds,
    machine: (after.machine - before.machine) / seconds,
  };
}
