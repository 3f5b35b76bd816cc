import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { leasePglite } from './pglite-pool.ts';

/**
 * The PGlite suite's databases kept between test files (docs/adr/0816): a database handed back holds the template's
 * rows, sequences and session again, one whose schema changed is not handed out again, and a closed app's stand-in
 * answers nothing. On a small template of its own: it is about PGlite whichever database the suite runs on, so it
 * runs once, in the api-without-database project (vitest.config.ts).
 */
describe('PGlite test databases put back to their template', () => {
  let folder: string;
  let path: string;
  let template: Blob;

  beforeAll(async () => {
    // Kept databases, whatever this run chose for the test apps (SUFRA_PGLITE_POOL=off).
    vi.stubEnv('SUFRA_PGLITE_POOL', 'on');
    const pg = await PGlite.create();
    await pg.exec(`
      create table brands (id serial primary key, name text not null);
      create table items (id serial primary key, brand_id int not null references brands (id), name text not null);
      create table counters (brand_id int primary key references brands (id), items int not null default 0);
      create function count_item() returns trigger language plpgsql as $$
        begin update counters set items = items + 1 where brand_id = new.brand_id; return new; end $$;
      create trigger items_counted after insert on items for each row execute function count_item();
      insert into brands (name) values ('Sufra');
      insert into counters (brand_id) values (1);
      insert into items (brand_id, name) values (1, 'Shakshuka'), (1, 'Foul');
    `);
    template = await pg.dumpDataDir('none');
    await pg.close();
    folder = mkdtempSync(join(tmpdir(), 'sufra-pool-test-'));
    path = join(folder, 'template.tar');
    writeFileSync(path, new Uint8Array(await template.arrayBuffer()));
  });
  afterAll(() => {
    vi.unstubAllEnvs();
    rmSync(folder, { recursive: true, force: true });
  });

  const state = async (query: <T>(sql: string) => Promise<T[]>) => ({
    items: await query<{ id: number; name: string }>('select id, name from items order by id'),
    counters: await query<{ items: number }>('select items from counters'),
    next: (await query<{ id: number }>("insert into brands (name) values ('probe') returning id"))[0]?.id,
  });

  it('hands the next app the same database with the template rows, sequences and session back', async () => {
    const first = await leasePglite(path, template);
    const q1 = <T>(sql: string) => first.handle.query<T>(sql);
    const [other] = await q1<{ id: number }>("insert into brands (name) values ('Other') returning id");
    await q1(`insert into items (brand_id, name) values (${other?.id}, 'Balaleet'), (1, 'Masoub')`);
    await q1('delete from items where id = 1');
    await q1("set timezone = 'Asia/Tokyo'");
    await q1('create temporary table scratch (x int)');
    const heard: string[] = [];
    await first.handle.listen('order_events', (payload) => heard.push(payload));
    await first.release();
    await expect(first.handle.query('select 1')).rejects.toThrow(/went back to the worker/);

    const second = await leasePglite(path, template);
    expect(second.reused).toBe(true);
    const q2 = <T>(sql: string) => second.handle.query<T>(sql);
    const after = await state(q2);
    expect(after.items).toEqual([
      { id: 1, name: 'Shakshuka' },
      { id: 2, name: 'Foul' },
    ]);
    // The trigger's figure as the template had it: not counted again when the rows came back.
    expect(after.counters).toEqual([{ items: 2 }]);
    // The sequence where the template left it: the next brand gets the id 'Other' got (a copy of a data folder
    // resumes a sequence past the values PostgreSQL logged ahead, so not simply 2).
    expect(after.next).toBe(other?.id);
    expect(await q2<{ timezone: string }>('show timezone')).not.toEqual([{ timezone: 'Asia/Tokyo' }]);
    await expect(q2('select * from scratch')).rejects.toThrow(/scratch/);
    // The first app's LISTEN callback is gone: the second app's NOTIFY reaches only its own.
    const secondHeard: string[] = [];
    await second.handle.listen('order_events', (payload) => secondHeard.push(payload));
    await q2("select pg_notify('order_events', 'placed')");
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(secondHeard).toEqual(['placed']);
    expect(heard).toEqual([]);
    await second.release();

    // And again, for the app after.
    const third = await leasePglite(path, template);
    expect(third.reused).toBe(true);
    expect((await state(<T>(sql: string) => third.handle.query<T>(sql))).items).toHaveLength(2);
    await third.release();
  });

  it('does not hand out again a database whose schema a test changed', async () => {
    const changed = await leasePglite(path, template);
    await changed.handle.query('create index items_name on items (name)');
    await changed.release();
    const next = await leasePglite(path, template);
    expect(next.reused).toBe(false);
    const indexes = await next.handle.query<{ n: number }>(
      "select count(*)::int as n from pg_indexes where indexname = 'items_name'",
    );
    expect(indexes).toEqual([{ n: 0 }]);
    await next.release();
  });
});
