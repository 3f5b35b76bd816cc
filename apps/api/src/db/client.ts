import { mkdirSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import pg from 'pg';
import type { Config } from '../config/env.ts';
import { type Parsers, setDrizzleParsersOnce } from './pglite-parsers.ts';

/** The drizzle database both drivers satisfy; repos take this type so they run on PGlite and PostgreSQL alike. */
export type Database = PgDatabase<PgQueryResultHKT>;
/** A transaction handle (same query API as the database). */
export type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0];
/** Either the database or a transaction: what repo functions accept. */
export type Queryable = Database | Transaction;

export type DatabaseKind = 'pglite' | 'postgres';

export interface DatabaseHandle {
  db: Database;
  kind: DatabaseKind;
  /** Runs raw SQL (no drizzle), e.g. for maintenance; returns the rows. */
  query<T = Record<string, unknown>>(text: string, params?: unknown[]): Promise<T[]>;
  /** LISTEN on a channel (for live order events later); returns an unsubscribe function. */
  listen(channel: string, onMessage: (payload: string) => void): Promise<() => Promise<void>>;
  /** Runs fn while holding a PostgreSQL advisory lock, so instances starting together migrate/seed one at a time. */
  withLock<T>(key: number, fn: () => Promise<T>): Promise<T>;
  /** PGlite only: the whole data folder as an uncompressed tarball (a template for `DatabaseOptions.loadDataDir`). */
  dumpDataDir?(): Promise<Blob>;
  close(): Promise<void>;
}

export interface DatabaseOptions {
  /** PGlite only: keep the database in memory instead of DATA_DIR (tests). */
  inMemory?: boolean;
  /**
   * PGlite in memory only: start from this data folder (a `dumpDataDir()` tarball) instead of a new cluster. The
   * tests start each app from one migrated template: a new cluster (initdb in WebAssembly) is most of a second.
   */
  loadDataDir?: Blob;
  /**
   * Told the text of every statement the drizzle database sends, transaction control included, as it is sent (in
   * the caller's async context): tests count a request's round trips with it (test/round-trips.ts). Unset in
   * production.
   */
  onStatement?: (sql: string) => void;
}

// drizzle is told the casing used by the schema (camelCase keys → snake_case columns), as drizzle.config.ts does.
export const drizzleOptions = { casing: 'snake_case' as const };

export async function createDatabase(config: Config, options: DatabaseOptions = {}): Promise<DatabaseHandle> {
  const { onStatement } = options;
  if (config.databaseUrl) return createPostgres(config.databaseUrl, config.databasePoolSize, onStatement);
  if (options.inMemory) return createPglite(undefined, options.loadDataDir, onStatement);
  return createPglite(`${config.dataDir}/pglite`, undefined, onStatement);
}

/** drizzle's logger, when statements are counted. */
function statementLogger(onStatement: ((sql: string) => void) | undefined) {
  return onStatement ? { logger: { logQuery: (query: string) => onStatement(query) } } : {};
}

async function createPostgres(
  url: string,
  poolSize: number,
  onStatement?: (sql: string) => void,
): Promise<DatabaseHandle> {
  const pool = new pg.Pool({ connectionString: url, max: poolSize });
  // An idle client that errors (e.g. the server restarts) must not crash the process.
  pool.on('error', () => {});
  // drizzle sends a transaction's begin and commit as statements of their own, so the logger sees them.
  const db = drizzlePg({ client: pool, ...drizzleOptions, ...statementLogger(onStatement) }) as unknown as Database;
  const listener = createPgListener(url);
  return {
    db,
    kind: 'postgres',
    async query<T>(text: string, params: unknown[] = []) {
      const result = await pool.query(text, params);
      return result.rows as T[];
    },
    listen: (channel, onMessage) => listener.listen(channel, onMessage),
    async withLock(key, fn) {
      const client = await pool.connect();
      try {
        await client.query('select pg_advisory_lock($1)', [key]);
        return await fn();
      } finally {
        await client.query('select pg_advisory_unlock($1)', [key]).catch(() => {});
        client.release();
      }
    },
    async close() {
      await listener.close();
      await pool.end();
    },
  };
}

/**
 * Every LISTEN of this process on one dedicated connection (outside the pool, so listening never takes a
 * connection from queries). When that connection drops it reconnects and listens again; what was notified
 * while it was down is not replayed (live streams start with a snapshot, and the outbox relay also polls).
 */
function createPgListener(url: string) {
  const handlers = new Map<string, Set<(payload: string) => void>>();
  let client: pg.Client | undefined;
  let connecting: Promise<pg.Client> | undefined;
  let closed = false;
  let retry: NodeJS.Timeout | undefined;

  function connect(): Promise<pg.Client> {
    if (client) return Promise.resolve(client);
    connecting ??= (async () => {
      const c = new pg.Client({ connectionString: url });
      c.on('notification', (message) => {
        for (const handler of handlers.get(message.channel) ?? []) handler(message.payload ?? '');
      });
      c.on('error', () => drop(c));
      c.on('end', () => drop(c));
      try {
        await c.connect();
        for (const channel of handlers.keys()) await c.query(`LISTEN ${pg.escapeIdentifier(channel)}`);
      } catch (error) {
        c.end().catch(() => {});
        throw error;
      } finally {
        connecting = undefined;
      }
      client = c;
      return c;
    })();
    return connecting;
  }

  function drop(c: pg.Client) {
    if (client !== c) return;
    client = undefined;
    c.end().catch(() => {});
    if (!closed && handlers.size > 0) scheduleReconnect();
  }

  function scheduleReconnect() {
    if (retry || closed) return;
    retry = setTimeout(() => {
      retry = undefined;
      connect().catch(() => scheduleReconnect());
    }, 1000);
    retry.unref();
  }

  return {
    async listen(channel: string, onMessage: (payload: string) => void): Promise<() => Promise<void>> {
      let set = handlers.get(channel);
      const first = !set;
      if (!set) {
        set = new Set();
        handlers.set(channel, set);
      }
      set.add(onMessage);
      const c = await connect();
      // A connection made just now already listened to it; LISTEN twice is harmless.
      if (first) await c.query(`LISTEN ${pg.escapeIdentifier(channel)}`);
      return async () => {
        const current = handlers.get(channel);
        if (!current?.delete(onMessage) || current.size > 0) return;
        handlers.delete(channel);
        await client?.query(`UNLISTEN ${pg.escapeIdentifier(channel)}`).catch(() => {});
      };
    },
    async close() {
      closed = true;
      if (retry) clearTimeout(retry);
      await connecting?.catch(() => {});
      const c = client;
      client = undefined;
      await c?.end().catch(() => {});
    },
  };
}

async function createPglite(
  dataDir: string | undefined,
  loadDataDir?: Blob,
  onStatement?: (sql: string) => void,
): Promise<DatabaseHandle> {
  return pgliteHandle(await openPglite(dataDir, loadDataDir, onStatement), onStatement);
}

/** An open PGlite with drizzle's parsers set on it, and PGlite's own for raw queries (pglite-parsers.ts). */
export interface OpenPglite {
  client: PGlite;
  ownParsers: Parsers;
}

/**
 * Opens PGlite (in `dataDir`, or in memory, from `loadDataDir` when given) as the app reads it. The API tests keep
 * such instances between test files (test/pglite-pool.ts); the app opens one with `createDatabase`.
 */
export async function openPglite(
  dataDir: string | undefined,
  loadDataDir?: Blob,
  onStatement?: (sql: string) => void,
): Promise<OpenPglite> {
  if (dataDir) mkdirSync(dataDir, { recursive: true });
  // pg_trgm: the console's customer search by part of a name (docs/adr/0700); PostgreSQL ships it in contrib.
  const extensions = { pg_trgm };
  const client = dataDir
    ? await PGlite.create(dataDir, { extensions })
    : await PGlite.create(loadDataDir ? { loadDataDir, extensions } : { extensions });
  // Before the transaction hook below, which then wraps the parser-dropping one (pglite-parsers.ts).
  const ownParsers = setDrizzleParsersOnce(client);
  if (onStatement) {
    // drizzle leaves a PGlite transaction's begin and commit to PGlite, out of its logger's sight: told here, so a
    // transaction counts as on PostgreSQL.
    const transaction = client.transaction.bind(client);
    client.transaction = async (fn) => {
      onStatement('begin');
      try {
        return await transaction(fn);
      } finally {
        onStatement('commit');
      }
    };
  }
  return { client, ownParsers };
}

/** The handle the app uses over an open PGlite (`client` may stand in for it, as the tests' leases do). */
export function pgliteHandle({ client, ownParsers }: OpenPglite, onStatement?: (sql: string) => void): DatabaseHandle {
  const db = drizzlePglite({ client, ...drizzleOptions, ...statementLogger(onStatement) }) as unknown as Database;
  return {
    db,
    kind: 'pglite',
    async query<T>(text: string, params: unknown[] = []) {
      const result = await client.query(text, params, { parsers: ownParsers });
      return result.rows as T[];
    },
    async listen(channel, onMessage) {
      return client.listen(channel, onMessage);
    },
    // PGlite is single-connection and in-process: nothing else can race us.
    withLock: (_key, fn) => fn(),
    dumpDataDir: () => client.dumpDataDir('none'),
    close: () => client.close(),
  };
}
