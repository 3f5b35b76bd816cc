import { type PGlite, types } from '@electric-sql/pglite';

/*
 * drizzle's PGlite driver passes its own parsers with every query (timestamps, dates, intervals and their arrays read
 * as the server's text: drizzle's columns parse them). PGlite merges per-query parsers into its own map of ~320 types
 * (`{ ...instance, ...query }`) on every call: 0.32 ms of CPU, where a whole `select 1` costs 0.5 ms
 * (docs/adr/0815-pglite-parsers-set-once.md). So the instance reads those types as text itself, and drizzle's copy is
 * dropped from each query when it is exactly that set; our raw queries (`DatabaseHandle.query`) keep PGlite's own
 * parsers for them (dates as `Date`, as node-postgres gives on PostgreSQL).
 */

/** The array types drizzle-orm/pglite reads as text, by their element type. */
const DRIZZLE_TEXT_ARRAYS: ReadonlyMap<number, number> = new Map([
  [1231, types.NUMERIC], // numeric[]
  [1115, types.TIMESTAMP], // timestamp[]
  [1185, types.TIMESTAMPTZ], // timestamptz[]
  [1187, types.INTERVAL], // interval[]
  [1182, types.DATE], // date[]
]);

/** The types drizzle-orm/pglite reads as text (its `queryConfig.parsers`, drizzle-orm 0.45). */
export const DRIZZLE_TEXT_TYPES: readonly number[] = [
  types.TIMESTAMP,
  types.TIMESTAMPTZ,
  types.INTERVAL,
  types.DATE,
  ...DRIZZLE_TEXT_ARRAYS.keys(),
];

export type Parsers = PGlite['parsers'];
type QueryOptions = Parameters<PGlite['query']>[2];
type QueryParsers = NonNullable<NonNullable<QueryOptions>['parsers']>;

const asText = (value: string) => value;

/** True when a query's parsers are drizzle's set: the same types, each read as text. */
function isDrizzleSet(parsers: QueryParsers): boolean {
  const keys = Object.keys(parsers);
  return (
    keys.length === DRIZZLE_TEXT_TYPES.length &&
    DRIZZLE_TEXT_TYPES.every((oid) => {
      const parser = parsers[oid];
      return parser !== undefined && parser('1') === '1';
    })
  );
}

/** The query's options without drizzle's parsers (the instance has them), anything else untouched. */
function withoutDrizzleParsers(options: QueryOptions): QueryOptions {
  if (!options?.parsers || !isDrizzleSet(options.parsers)) return options;
  const { parsers: _drizzles, ...rest } = options;
  return rest;
}

/**
 * Makes the instance read drizzle's types as text and its queries (and its transactions' queries) drop drizzle's
 * per-query copy. Returns PGlite's own parsers for those types, for the raw queries that want them.
 */
export function setDrizzleParsersOnce(client: PGlite): Parsers {
  const own: Parsers = {};
  for (const oid of DRIZZLE_TEXT_TYPES) {
    const element = DRIZZLE_TEXT_ARRAYS.get(oid);
    const parser = client.parsers[oid];
    // PGlite's array parsers look their element's parser up on the instance, where it now reads text.
    if (element !== undefined) {
      const elementParser = client.parsers[element] ?? asText;
      own[oid] = (value: string) => types.arrayParser(value, elementParser, oid);
    } else if (parser) own[oid] = parser;
  }
  for (const oid of DRIZZLE_TEXT_TYPES) client.parsers[oid] = asText;
  const query = client.query.bind(client);
  client.query = (text, params, options) => query(text, params, withoutDrizzleParsers(options));
  const transaction = client.transaction.bind(client);
  client.transaction = (fn) =>
    transaction((tx) => {
      const txQuery = tx.query.bind(tx);
      tx.query = (text, params, options) => txQuery(text, params, withoutDrizzleParsers(options));
      return fn(tx);
    });
  return own;
}
