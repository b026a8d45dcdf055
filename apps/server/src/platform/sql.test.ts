import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Database } from '../db/client.js';
import { communities, events, messages, posts, profiles } from '../db/schema/index.js';
import { createTestDatabase } from '../test/database.js';
import { columnOf, columnsOf, count, jsonb, leftJoined, parseTextArray, RowShapeError, rowsOf, textList, timestamp, uuid } from './sql.js';

const ok = <S extends z.ZodType>(schema: S, value: unknown) => schema.parse(value) as z.output<S>;
const fails = (schema: z.ZodType, value: unknown) => expect(schema.safeParse(value).success).toBe(false);

describe('cross-engine fields', () => {
  it('count: a number from PGlite, text from node-postgres, a number either way', () => {
    expect(ok(count(), 42)).toBe(42);
    expect(ok(count(), '42')).toBe(42);
    expect(ok(count(), '-3')).toBe(-3);
    fails(count(), '4.5');
    fails(count(), 4.5);
    fails(count(), 'many');
    fails(count(), null);
    fails(count(), undefined);
  });

  it('timestamp: text (either precision) or a Date, passed on as it came', () => {
    const date = new Date('2026-05-01T12:00:00Z');
    expect(ok(timestamp(), date)).toBe(date);
    expect(ok(timestamp(), '2026-05-01 12:00:00.123456+00')).toBe('2026-05-01 12:00:00.123456+00');
    expect(ok(timestamp(), '2026-05-01 12:00:00.123+00')).toBe('2026-05-01 12:00:00.123+00');
    expect(ok(timestamp(), '2026-05-01T12:00:00.123456+00:00')).toBe('2026-05-01T12:00:00.123456+00:00');
    fails(timestamp(), 'tomorrow');
    fails(timestamp(), 1714564800000);
    fails(timestamp(), null);
  });

  it('uuid: any version, nothing else', () => {
    expect(ok(uuid(), '00000000-0000-0000-0000-000000000001')).toBe('00000000-0000-0000-0000-000000000001');
    expect(ok(uuid(), 'c56a4180-65aa-42ec-a945-5fd21dec0538')).toBe('c56a4180-65aa-42ec-a945-5fd21dec0538');
    fails(uuid(), 'c56a4180');
    fails(uuid(), 7);
  });

  it('textList: an array, or PostgreSQL literal text, as an array', () => {
    expect(ok(textList(), ['a', 'b'])).toEqual(['a', 'b']);
    expect(ok(textList(), '{a,"b c"}')).toEqual(['a', 'b c']);
    expect(ok(textList(), '{}')).toEqual([]);
    expect(parseTextArray(null)).toEqual([]);
    fails(textList(), [1, 2]);
    fails(textList(), null);
  });

  it('jsonb: checked by its schema, or only present without one', () => {
    const point = jsonb(z.object({ x: z.number() }));
    expect(ok(point, { x: 1 })).toEqual({ x: 1 });
    fails(point, { x: '1' });
    expect(ok(jsonb<Record<string, unknown>>(), { any: 'thing' })).toEqual({ any: 'thing' });
    fails(jsonb(), undefined);
    fails(jsonb(), null);
  });
});

describe('fields from the Drizzle schema', () => {
  it('follow each column: type, enum, nullability, int8, arrays, timestamps', () => {
    const row = z.object({
      ...columnsOf(events, 'id', 'title', 'status', 'capacity', 'starts_at', 'city'),
      ...columnsOf(posts, 'image_keys'),
      ...columnsOf(messages, 'seq'),
    });
    const good = {
      id: 'c56a4180-65aa-42ec-a945-5fd21dec0538',
      title: 'Sunset run',
      status: 'scheduled',
      capacity: null,
      starts_at: '2026-05-01 12:00:00+00',
      city: null,
      image_keys: ['a.webp'],
      seq: '12',
    };
    expect(row.parse(good)).toEqual({ ...good, seq: 12 });
    fails(row, { ...good, status: 'postponed' }); // not one of the column's enum values
    fails(row, { ...good, title: null }); // NOT NULL
    fails(row, { ...good, capacity: '10' }); // int4 is a number on both engines
    fails(row, { ...good, id: 'nope' });
  });

  it('columnOf renames a column; leftJoined makes a joined table nullable', () => {
    const row = z.object({
      community_name: columnOf(communities, 'name').nullable(),
      ...leftJoined(columnsOf(profiles, 'is_verified', 'account_type')),
    });
    expect(row.parse({ community_name: null, is_verified: null, account_type: null })).toEqual({
      community_name: null,
      is_verified: null,
      account_type: null,
    });
    expect(row.parse({ community_name: 'Runners', is_verified: true, account_type: 'full_platform' }).account_type).toBe('full_platform');
  });

  it('refuses a name that is not a column of the table: in the type check, and at start-up', () => {
    // @ts-expect-error events has starts_at, not startz_at
    expect(() => columnsOf(events, 'startz_at')).toThrow(/no column startz_at/);
    // @ts-expect-error the TypeScript key is not the SQL name
    expect(() => columnOf(events, 'startsAt')).toThrow(/no column startsAt/);
  });
});

describe('rowsOf against the database', () => {
  let database: Database;
  let drop: () => Promise<void>;
  beforeAll(async () => {
    ({ database, drop } = await createTestDatabase());
  });
  afterAll(async () => drop());

  it('applies the coercions to what this engine hands back', async () => {
    const row = z.object({ n: count(), at: timestamp(), id: uuid(), tags: textList(), j: jsonb(z.object({ a: z.number() })), ok: z.boolean() });
    const [r] = rowsOf(
      await database.db.execute(sql`
        select count(*) as n, now() as at, gen_random_uuid() as id, '{a,b}'::text[] as tags, '{"a":1}'::jsonb as j, true as ok`),
      row,
    );
    expect(r).toMatchObject({ n: 1, tags: ['a', 'b'], j: { a: 1 }, ok: true });
    expect(typeof r!.at === 'string' || r!.at instanceof Date).toBe(true);
  });

  it('reads a real row by the schema of its table', async () => {
    const row = z.object(columnsOf(communities, 'id', 'name', 'visibility', 'interests', 'member_count', 'created_at'));
    const [r] = rowsOf(
      await database.db.execute(sql`
        insert into ${communities} (name, url_slug) values ('Sunset Runners', 'sunset-runners')
        returning id, name, visibility, interests, member_count, created_at`),
      row,
    );
    expect(r).toMatchObject({ name: 'Sunset Runners', visibility: 'public', interests: [], member_count: 0 });
  });

  it('fails loudly when an alias does not match its schema, naming the field and the columns, not the values', async () => {
    const row = z.object(columnsOf(communities, 'id', 'name'));
    const misaliased = await database.db.execute(sql`select id, name as community_name from ${communities} limit 1`);
    expect(() => rowsOf(misaliased, row)).toThrow(RowShapeError);
    expect(() => rowsOf(misaliased, row)).toThrow(/row 0 .*name: .*the row has: id, community_name/);
    expect(() => rowsOf(misaliased, row)).not.toThrow(/Sunset/);
  });

  it('fails loudly on a value of the wrong form (an int8 read as a uuid)', async () => {
    const result = await database.db.execute(sql`select count(*) as id from ${communities}`);
    expect(() => rowsOf(result, z.object({ id: uuid() }))).toThrow(RowShapeError);
  });

  it('checks nothing on an empty result', async () => {
    const none = await database.db.execute(sql`select id as nope from ${communities} where false`);
    expect(rowsOf(none, z.object(columnsOf(communities, 'id')))).toEqual([]);
  });
});
