import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PGlite, types } from '@electric-sql/pglite';
import { usePreparedStatements } from './pglite-prepared.js';

// The PGlite driver itself (issue 25): the app's database on PGlite runs every statement with parameters through it,
// so the whole suite covers it too; these pin down what it must keep of PGlite's own query().
let lite: PGlite;

/** The session's prepared statements (a statement without parameters takes PGlite's own path: it adds none). */
const preparedCount = async () => (await lite.query<{ n: number }>('select count(*)::int as n from pg_prepared_statements')).rows[0]!.n;

beforeAll(async () => {
  lite = await PGlite.create();
  usePreparedStatements(lite, { max: 3 });
  await lite.exec(`create table things (id int primary key, name text not null, at timestamptz not null default now(), data jsonb)`);
  await lite.exec(`insert into things (id, name, data) values (1, 'one', '{"a":1}'), (2, 'two', null)`);
});
afterAll(() => lite.close());

describe('statements with parameters run prepared', () => {
  it('answers as query() does (rows, types, rowMode, parsers, affected rows) and prepares each text once', async () => {
    const text = 'select id, name, at, data from things where id = $1';
    const before = await preparedCount();
    const first = await lite.query<{ id: number; name: string; at: Date; data: unknown }>(text, [1]);
    expect(first.rows).toEqual([{ id: 1, name: 'one', at: expect.any(Date), data: { a: 1 } }]);
    expect(first.fields.map((f) => f.name)).toEqual(['id', 'name', 'at', 'data']);
    expect(await preparedCount()).toBe(before + 1);
    // Again, with other values: the same prepared statement.
    expect((await lite.query(text, [2])).rows).toEqual([{ id: 2, name: 'two', at: expect.any(Date), data: null }]);
    expect(await preparedCount()).toBe(before + 1);
    // drizzle's options: rows as arrays, its own parser for a type.
    const asArrays = await lite.query(text, [1], { rowMode: 'array', parsers: { [types.TIMESTAMPTZ]: (v: string) => `raw ${v}` } });
    expect(asArrays.rows[0]).toEqual([1, 'one', expect.stringMatching(/^raw \d{4}-/), { a: 1 }]);
    // Values serialized by the parameter's type: a date, an object for jsonb, null.
    const written = await lite.query('insert into things (id, name, at, data) values ($1, $2, $3, $4)', [3, 'three', new Date('2026-01-02T03:04:05.678Z'), { b: [1, 2] }]);
    expect(written.affectedRows).toBe(1);
    const [row] = (await lite.query<{ at: Date; data: unknown }>('select at, data from things where id = $1 and name = $2', [3, 'three'])).rows;
    expect(row).toEqual({ at: new Date('2026-01-02T03:04:05.678Z'), data: { b: [1, 2] } });
  });

  it('keeps at most `max` statements, closing the least recently used', async () => {
    for (let i = 0; i < 5; i++) await lite.query(`select $1::int + ${i} as n`, [i]);
    expect(await preparedCount()).toBeLessThanOrEqual(3);
    expect((await lite.query<{ n: number }>('select $1::int + 0 as n', [7])).rows).toEqual([{ n: 7 }]);
  });

  it('an error keeps its code, and the next statement runs', async () => {
    await expect(lite.query('select $1::jsonb as j', ['not json'])).rejects.toMatchObject({ code: '22P02' });
    expect((await lite.query<{ j: unknown }>('select $1::jsonb as j', ['{"ok":true}'])).rows).toEqual([{ j: { ok: true } }]);
  });

  it('a table that changed shape since: that call fails, the next one is prepared again', async () => {
    const text = 'select * from things where id = $1';
    expect((await lite.query(text, [1])).rows).toHaveLength(1);
    await lite.exec('alter table things add column extra text');
    await expect(lite.query(text, [1])).rejects.toMatchObject({ code: '0A000' });
    expect((await lite.query<{ extra: string | null }>(text, [1])).rows[0]!.extra).toBeNull();
  });

  it('in a transaction: prepared too, rolled back with it, and refused once it ended; LISTEN still hears NOTIFY', async () => {
    let escaped: Awaited<Parameters<Parameters<PGlite['transaction']>[0]>[0]> | null = null;
    await lite.transaction(async (tx) => {
      escaped = tx;
      await tx.query('insert into things (id, name) values ($1, $2)', [10, 'ten']);
      expect((await tx.query('select name from things where id = $1', [10])).rows).toEqual([{ name: 'ten' }]);
      await tx.rollback();
    });
    expect((await lite.query('select name from things where id = $1', [10])).rows).toEqual([]);
    await expect(escaped!.query('select name from things where id = $1', [1])).rejects.toThrow('Transaction is closed');

    const heard: string[] = [];
    const unlisten = await lite.listen('things_changed', (payload) => heard.push(payload));
    await lite.transaction(async (tx) => {
      await tx.query('select pg_notify($1, $2)', ['things_changed', 'in a transaction']);
    });
    await lite.query('select pg_notify($1, $2)', ['things_changed', 'on its own']);
    await unlisten();
    expect(heard).toEqual(['in a transaction', 'on its own']);
  });
});
