import type { Queryable } from './client.ts';

/**
 * A query built once per database handle (drizzle `.prepare(name)`): the SQL text is not rebuilt on every call,
 * and PostgreSQL parses and plans it once per pooled connection. For the queries every request runs (QR code,
 * session, idempotency key); the name must be unique across the app.
 */
export function preparedFor<T>(build: (db: Queryable) => T): (db: Queryable) => T {
  const byDatabase = new WeakMap<Queryable, T>();
  return (db) => {
    let query = byDatabase.get(db);
    if (!query) {
      query = build(db);
      byDatabase.set(db, query);
    }
    return query;
  };
}
