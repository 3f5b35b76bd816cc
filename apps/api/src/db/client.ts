import { mkdirSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import pg from 'pg';
import type { Config } from '../config/env.ts';

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
  close(): Promise<void>;
}

export interface DatabaseOptions {
  /** PGlite only: keep the database in memory instead of DATA_DIR (tests). */
  inMemory?: boolean;
}

// drizzle is told the casing used by the schema (camelCase keys → snake_case columns), as drizzle.config.ts does.
const drizzleOptions = { casing: 'snake_case' as const };

export async function createDatabase(config: Config, options: DatabaseOptions = {}): Promise<DatabaseHandle> {
  if (config.databaseUrl) return createPostgres(config.databaseUrl, config.databasePoolSize);
  return createPglite(options.inMemory ? undefined : `${config.dataDir}/pglite`);
}

async function createPostgres(url: string, poolSize: number): Promise<DatabaseHandle> {
  const pool = new pg.Pool({ connectionString: url, max: poolSize });
  // An idle client that errors (e.g. the server restarts) must not crash the process.
  pool.on('error', () => {});
  const db = drizzlePg({ client: pool, ...drizzleOptions }) as unknown as Database;
  return {
    db,
    kind: 'postgres',
    async query<T>(text: string, params: unknown[] = []) {
      const result = await pool.query(text, params);
      return result.rows as T[];
    },
    async listen(channel, onMessage) {
      const client = await pool.connect();
      const handler = (message: pg.Notification) => {
        if (message.channel === channel) onMessage(message.payload ?? '');
      };
      client.on('notification', handler);
      await client.query(`LISTEN ${pg.escapeIdentifier(channel)}`);
      return async () => {
        client.off('notification', handler);
        await client.query(`UNLISTEN ${pg.escapeIdentifier(channel)}`);
        client.release();
      };
    },
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
    close: () => pool.end(),
  };
}

async function createPglite(dataDir: string | undefined): Promise<DatabaseHandle> {
  if (dataDir) mkdirSync(dataDir, { recursive: true });
  const client = dataDir ? await PGlite.create(dataDir) : await PGlite.create();
  const db = drizzlePglite({ client, ...drizzleOptions }) as unknown as Database;
  return {
    db,
    kind: 'pglite',
    async query<T>(text: string, params: unknown[] = []) {
      const result = await client.query(text, params);
      return result.rows as T[];
    },
    async listen(channel, onMessage) {
      return client.listen(channel, onMessage);
    },
    // PGlite is single-connection and in-process: nothing else can race us.
    withLock: (_key, fn) => fn(),
    close: () => client.close(),
  };
}
