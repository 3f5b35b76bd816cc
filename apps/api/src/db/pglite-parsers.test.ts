import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { date, integer, interval, numeric, pgTable, timestamp } from 'drizzle-orm/pg-core';
import { drizzle } from 'drizzle-orm/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DRIZZLE_TEXT_TYPES, setDrizzleParsersOnce } from './pglite-parsers.ts';

// docs/adr/0815-pglite-parsers-set-once.md: the instance reads drizzle's types as text once, instead of PGlite merging
// drizzle's parsers into its ~320 on every query. These checks hold the set to drizzle's and the answers to PGlite's.

const row = pgTable('typed', {
  id: integer('id').primaryKey(),
  at: timestamp('at', { withTimezone: true }).notNull(),
  local: timestamp('local').notNull(),
  day: date('day').notNull(),
  span: interval('span').notNull(),
  amounts: numeric('amounts').array().notNull(),
  days: date('days').array().notNull(),
  ats: timestamp('ats', { withTimezone: true }).array().notNull(),
  locals: timestamp('locals').array().notNull(),
  spans: interval('spans').array().notNull(),
});

const setUp = `
  create table typed (id int primary key, at timestamptz not null, local timestamp not null, day date not null,
    span interval not null, amounts numeric[] not null, days date[] not null, ats timestamptz[] not null,
    locals timestamp[] not null, spans interval[] not null);
  insert into typed values (1, '2026-11-29 21:05:06.789+03', '2026-11-29 21:05:06', '2026-02-28', '1 day 02:03:04',
    '{12.50,3}', '{2026-01-01,2026-12-31}', '{"2026-11-29 10:00:00+00"}', '{"2026-11-29 10:00:00"}', '{"2 hours"}')`;

async function pglite(setOnce: boolean) {
  const client = await PGlite.create();
  const own = setOnce ? setDrizzleParsersOnce(client) : null;
  await client.exec(setUp);
  const db = drizzle({ client });
  return { client, own, db };
}

describe('PGlite with drizzle’s parsers set once', () => {
  let plain: Awaited<ReturnType<typeof pglite>>;
  let once: Awaited<ReturnType<typeof pglite>>;
  beforeAll(async () => {
    plain = await pglite(false);
    once = await pglite(true);
  });
  afterAll(async () => {
    await plain?.client.close();
    await once?.client.close();
  });

  it('holds exactly the types drizzle reads as text', async () => {
    const seen: unknown[] = [];
    const client = await PGlite.create();
    const query = client.query.bind(client);
    client.query = (text, params, options) => {
      seen.push(options?.parsers);
      return query(text, params, options);
    };
    const db = drizzle({ client });
    await db.execute(sql`select 1`);
    await db.select({ one: sql<number>`1` }).from(sql`(select 1) as x`);
    await client.close();
    expect(seen).toHaveLength(2);
    for (const parsers of seen) {
      const map = parsers as Record<number, (value: string) => unknown>;
      expect(Object.keys(map).map(Number).sort()).toEqual([...DRIZZLE_TEXT_TYPES].sort());
      for (const oid of DRIZZLE_TEXT_TYPES) expect(map[oid]?.('x')).toBe('x');
    }
  });

  it('answers drizzle’s queries as PGlite did: selects, raw statements and transactions', async () => {
    const read = async ({ db }: typeof plain) => ({
      select: await db.select().from(row),
      execute: (await db.execute(sql`select * from typed`)).rows,
      inTransaction: await db.transaction(async (tx) => tx.select().from(row)),
    });
    const before = await read(plain);
    expect(before.select[0]?.day).toBe('2026-02-28');
    expect(await read(once)).toEqual(before);
  });

  it('keeps PGlite’s own parsers (dates as Date) for raw queries', async () => {
    const raw = await plain.client.query('select * from typed');
    const withOwn = await once.client.query('select * from typed', [], { parsers: once.own ?? {} });
    expect(withOwn.rows).toEqual(raw.rows);
    expect((raw.rows[0] as { at: unknown }).at).toBeInstanceOf(Date);
  });
});
