/**
 * The PGlite suite's databases, kept open in each test worker and put back to the template between test files instead
 * of opened again (docs/adr/0816-pglite-test-databases-put-back-not-reopened.md). Opening PGlite from the template
 * tarball is ~1.0-1.4 CPU-s (unpacking ~800 files into WebAssembly memory, starting PostgreSQL); putting the template's
 * rows back into an open one is a fraction of that. What a test file could leave behind, and how it is undone:
 * - rows and sequences: every table is emptied (row by row, or anew once it has grown) and the template's rows (88
 *   in 26 tables with the fixture brands) and every sequence's position put back, triggers and foreign keys off
 *   meanwhile, as the template was written; the row counts are checked after;
 * - its session (settings, temporary tables, LISTEN, prepared statements, advisory locks): DISCARD ALL;
 * - schema changes (tables, columns, indexes, triggers, functions, roles, extensions): a catalogue fingerprint, checked
 *   after; a database whose fingerprint or row counts differ from the template's is closed, not kept;
 * - its app, still running something after its close: the database it was handed answers nothing any more (each lease
 *   is its own stand-in for the client), and its LISTEN callbacks are removed.
 * SUFRA_PGLITE_POOL=off opens a fresh database for every test app again.
 */
import type { PGlite } from '@electric-sql/pglite';
import { type DatabaseHandle, type OpenPglite, openPglite, pgliteHandle } from '../src/db/client.ts';

/** What a fresh copy of one template holds, to put an open database back to it. */
interface Snapshot {
  /** Every table of the user schemas, quoted. */
  tables: string[];
  /** The template's rows of its non-empty tables (COPY's text format). */
  rows: Map<string, Blob>;
  /** The row count of every table. */
  counts: Record<string, number>;
  /** One statement setting every sequence where the template had it. */
  sequences: string | null;
  fingerprint: string;
}

export interface PgliteLease {
  handle: DatabaseHandle;
  /** Whether the database served an earlier test app (false: opened from the template for this one). */
  reused: boolean;
  /** Puts the database back to the template for the worker's next test app (or closes it). */
  release(): Promise<void>;
}

const pooled = new Map<string, OpenPglite[]>();
const snapshots = new Map<string, Snapshot>();

/** A table this big is emptied with TRUNCATE (a new file), a smaller one with DELETE. */
const TRUNCATE_FROM_BYTES = 64 * 1024;

const enabled = () => process.env.SUFRA_PGLITE_POOL !== 'off';

/** Tables, views, sequences, indexes and their columns; triggers, functions, roles, extensions. */
const FINGERPRINT_SQL = `
  select md5(coalesce(string_agg(item, ',' order by item), '')) as fingerprint from (
    select 'c:' || n.nspname || '.' || c.relname || ':' || c.relkind::text || ':' || coalesce((
      select string_agg(a.attname || '/' || a.atttypid::text || '/' || a.attnotnull::text, ';' order by a.attnum)
      from pg_attribute a where a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped), '') as item
    from pg_class c join pg_namespace n on n.oid = c.relnamespace
    where n.nspname <> 'information_schema' and n.nspname !~ '^pg_'
    union all select 't:' || tgrelid::regclass::text || '.' || tgname || ':' || tgenabled::text from pg_trigger
    union all select 'p:' || p.oid::regprocedure::text from pg_proc p join pg_namespace n on n.oid = p.pronamespace
      where n.nspname <> 'information_schema' and n.nspname !~ '^pg_'
    union all select 'r:' || rolname from pg_roles
    union all select 'e:' || extname || ':' || extversion from pg_extension
  ) items`;

async function rowsOf<T>(client: PGlite, sql: string): Promise<T[]> {
  return (await client.query<T>(sql)).rows;
}

async function countsOf(client: PGlite, tables: readonly string[]): Promise<Record<string, number>> {
  if (tables.length === 0) return {};
  const sql = tables.map((table) => `select '${table.replace(/'/g, "''")}' as t, count(*)::int as n from ${table}`);
  const rows = await rowsOf<{ t: string; n: number }>(client, sql.join(' union all '));
  return Object.fromEntries(rows.map((row) => [row.t, row.n]));
}

async function takeSnapshot(client: PGlite): Promise<Snapshot> {
  const tables = (
    await rowsOf<{ t: string }>(
      client,
      `select format('%I.%I', schemaname, tablename) as t from pg_tables
       where schemaname <> 'information_schema' and schemaname !~ '^pg_' order by 1`,
    )
  ).map((row) => row.t);
  const counts = await countsOf(client, tables);
  const rows = new Map<string, Blob>();
  for (const table of tables) {
    if (!counts[table]) continue;
    const { blob } = await client.query(`copy ${table} to '/dev/blob'`);
    if (!blob) throw new Error(`PGlite gave no rows for ${table}`);
    rows.set(table, blob);
  }
  const sequences = await rowsOf<{ s: string }>(
    client,
    `select case when last_value is null
       then format('setval(%L, %s, false)', format('%I.%I', schemaname, sequencename), start_value)
       else format('setval(%L, %s, true)', format('%I.%I', schemaname, sequencename), last_value) end as s
     from pg_sequences where schemaname <> 'information_schema' and schemaname !~ '^pg_' order by 1`,
  );
  const [{ fingerprint } = { fingerprint: '' }] = await rowsOf<{ fingerprint: string }>(client, FINGERPRINT_SQL);
  return {
    tables,
    rows,
    counts,
    sequences: sequences.length ? `select ${sequences.map((row) => row.s).join(', ')}` : null,
    fingerprint,
  };
}

/** Puts `client` back to `snapshot`; false when it cannot be (its schema changed, or the rows did not come back). */
async function putBack(client: PGlite, snapshot: Snapshot): Promise<boolean> {
  await client.exec('discard all');
  const [now] = await rowsOf<{ fingerprint: string }>(client, FINGERPRINT_SQL);
  if (now?.fingerprint !== snapshot.fingerprint) return false;
  // Emptied row by row where little was written (TRUNCATE makes new files for the table and its indexes: ~10 ms each
  // here), anew where the table has grown.
  // The snapshot's own list of tables: the fingerprint just said the schema is the template's.
  const sizes = (
    await client.query<{ t: string; big: boolean }>(
      `select t, pg_relation_size(t::regclass) > ${TRUNCATE_FROM_BYTES} as big from unnest($1::text[]) as t`,
      [snapshot.tables],
    )
  ).rows;
  const big = sizes.filter((row) => row.big).map((row) => row.t);
  const small = sizes.filter((row) => !row.big).map((row) => row.t);
  await client.transaction(async (tx) => {
    // As the template was written: no trigger adds to it (figures kept by triggers are in the rows already), and no
    // foreign key is checked row by row.
    await tx.exec('set local session_replication_role = replica');
    if (big.length) await tx.exec(`truncate ${big.join(', ')} cascade`);
    await tx.exec(small.map((table) => `delete from ${table};`).join('\n'));
    for (const [table, blob] of snapshot.rows) await tx.query(`copy ${table} from '/dev/blob'`, [], { blob });
    if (snapshot.sequences) await tx.query(snapshot.sequences);
  });
  const after = await countsOf(client, snapshot.tables);
  return snapshot.tables.every((table) => (after[table] ?? 0) === (snapshot.counts[table] ?? 0));
}

/**
 * A database holding the template's state for one test app: one the worker kept, or a fresh one from `template`
 * (its tarball, read from `path`). The app gets a stand-in for the client that stops answering once released.
 */
export async function leasePglite(
  path: string,
  template: Blob,
  onStatement?: (sql: string) => void,
): Promise<PgliteLease> {
  const kept = enabled() ? pooled.get(path)?.pop() : undefined;
  const open = kept ?? (await openPglite(undefined, template, onStatement));
  if (!kept && enabled() && !snapshots.has(path)) snapshots.set(path, await takeSnapshot(open.client));

  let released = false;
  const unlistens = new Set<() => Promise<void>>();
  const client = open.client;
  const standIn = new Proxy(client, {
    get(target, property) {
      const value = Reflect.get(target, property, target);
      if (typeof value !== 'function') return value;
      return (...args: unknown[]) => {
        if (released) throw new Error('this test app has closed: its database went back to the worker');
        return (value as (...a: unknown[]) => unknown).apply(target, args);
      };
    },
  });
  const base = pgliteHandle({ client: standIn, ownParsers: open.ownParsers }, onStatement);
  const handle: DatabaseHandle = {
    ...base,
    async listen(channel, onMessage) {
      const unlisten = await base.listen(channel, onMessage);
      unlistens.add(unlisten);
      return async () => {
        unlistens.delete(unlisten);
        await unlisten();
      };
    },
  };

  return {
    handle,
    reused: kept !== undefined,
    async release() {
      if (released) return;
      released = true;
      const snapshot = snapshots.get(path);
      let reusable = enabled() && snapshot !== undefined && !client.closed;
      try {
        // The closed app's LISTEN callbacks go (PGlite calls them for the next app's NOTIFYs otherwise).
        for (const unlisten of unlistens) await unlisten();
        if (reusable && snapshot) reusable = await putBack(client, snapshot);
      } catch {
        reusable = false;
      }
      if (reusable) {
        const list = pooled.get(path) ?? [];
        list.push(open);
        pooled.set(path, list);
      } else if (!client.closed) await client.close();
    },
  };
}
