import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { PostView } from '@bayclub/shared';
import { buildTestApp, createAdmin, createMember, grantRole, untilStatementCount, type TestUser } from '../../test/helpers.js';
import { addMember, insertCommunity } from '../../test/communities.js';
import { posts } from '../../db/schema/index.js';
import { STATEMENT_COUNT_HEADER } from '../../platform/statement-count.js';
import { createPost, get, idsOf, post } from './post-fixtures.js';

const t = await buildTestApp({ BENCH_COUNT_SQL: true });
const db = t.ctx.database.db;
const onPostgres = t.ctx.database.engine === 'postgres';

/** Walk every page of `url` with `limit`, answering the ids in order. */
async function walk(who: TestUser, url: string, limit: number) {
  const ids: string[] = [];
  let cursor: string | null = null;
  for (let guard = 0; guard < 100; guard++) {
    const res = await get(t, who, `${url}?limit=${limit}${cursor ? `&cursor=${cursor}` : ''}`);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json() as { items: PostView[]; nextCursor: string | null };
    expect(body.items.length).toBeLessThanOrEqual(limit);
    ids.push(...idsOf(body));
    cursor = body.nextCursor;
    if (!cursor) return ids;
  }
  throw new Error('too many pages');
}

/** Insert posts directly with a given created_at (several may share it to the microsecond). */
async function insertPostsAt(authorId: string, communityId: string | null, at: string, n: number) {
  const rows = await db
    .insert(posts)
    .values(Array.from({ length: n }, (_, i) => ({ authorId, communityId, content: `at ${at} #${i}`, createdAt: sql`${at}::timestamptz` as unknown as Date })))
    .returning({ id: posts.id });
  return rows.map((r) => r.id);
}

describe('GET /api/feed', () => {
  it("the viewer's active communities and the member-wide feed, newest first; not other communities, not pending or banned ones", async () => {
    const me = await createMember(t);
    const author = await createMember(t);
    const mine = await insertCommunity(t, { creatorId: author.id });
    const other = await insertCommunity(t, { creatorId: author.id });
    const pending = await insertCommunity(t, { creatorId: author.id });
    const banned = await insertCommunity(t, { creatorId: author.id });
    await addMember(t, mine, me.id);
    await addMember(t, pending, me.id, 'member', 'pending');
    await addMember(t, banned, me.id, 'member', 'banned');
    const a = await createPost(t, author, { communityId: mine, content: 'in mine' });
    await createPost(t, author, { communityId: other, content: 'elsewhere' });
    await createPost(t, author, { communityId: pending, content: 'pending' });
    await createPost(t, author, { communityId: banned, content: 'banned' });
    const wide = await createPost(t, author, { content: 'everyone' });
    const res = await get(t, me, '/api/feed');
    const ids = idsOf(res.json());
    expect(ids.indexOf(wide.id)).toBeLessThan(ids.indexOf(a.id));
    expect(ids).toContain(a.id);
    const contents = (res.json().items as PostView[]).map((p) => p.content);
    expect(contents).not.toEqual(expect.arrayContaining(['elsewhere']));
    expect(contents.filter((c) => ['pending', 'banned', 'elsewhere'].includes(c))).toEqual([]);
    const view = (res.json().items as PostView[]).find((p) => p.id === a.id)!;
    expect(view.community).toMatchObject({ id: mine });
  });

  it('liked_by_me per viewer, and hidden posts only for their author and the moderators', async () => {
    const author = await createMember(t);
    const reader = await createMember(t);
    const moderator = await createMember(t);
    const community = await insertCommunity(t, { creatorId: author.id });
    await addMember(t, community, reader.id);
    await addMember(t, community, moderator.id, 'moderator');
    const liked = await createPost(t, author, { communityId: community, content: 'liked' });
    const hidden = await createPost(t, author, { communityId: community, content: 'hidden' });
    await post(t, reader, `/api/posts/${liked.id}/like`);
    await db.execute(sql`update posts set hidden_at = now(), report_count = 3 where id = ${hidden.id}::uuid`);
    const readerFeed = (await get(t, reader, '/api/feed')).json().items as PostView[];
    expect(readerFeed.find((p) => p.id === liked.id)).toMatchObject({ likedByMe: true, likeCount: 1 });
    expect(readerFeed.map((p) => p.id)).not.toContain(hidden.id);
    const authorFeed = (await get(t, author, '/api/feed')).json().items as PostView[];
    expect(authorFeed.find((p) => p.id === liked.id)).toMatchObject({ likedByMe: false, likeCount: 1 });
    expect(authorFeed.find((p) => p.id === hidden.id)).toMatchObject({ hidden: true });
    const modFeed = (await get(t, moderator, '/api/feed')).json().items as PostView[];
    expect(modFeed.find((p) => p.id === hidden.id)).toMatchObject({ hidden: true, reportCount: 3, canDelete: true });
    expect((await get(t, reader, `/api/posts/${hidden.id}`)).statusCode).toBe(404);

    // Member-wide: platform moderators see hidden posts, members do not.
    const wide = await createPost(t, author, { content: 'wide hidden' });
    await db.execute(sql`update posts set hidden_at = now(), report_count = 3 where id = ${wide.id}::uuid`);
    expect(idsOf((await get(t, reader, '/api/feed')).json())).not.toContain(wide.id);
    const platformMod = await createMember(t);
    await grantRole(t, platformMod.id, 'moderator');
    expect(idsOf((await get(t, platformMod, '/api/feed')).json())).toContain(wide.id);
    expect(idsOf((await get(t, await createAdmin(t), '/api/feed')).json())).toContain(wide.id);
  });

  it('a constant number of SQL statements per page, whatever its posts', async () => {
    const me = await createMember(t);
    const community = await insertCommunity(t, { creatorId: me.id });
    const count = async () => {
      const res = await get(t, me, '/api/feed?limit=20');
      expect(res.statusCode).toBe(200);
      return Number(res.headers[STATEMENT_COUNT_HEADER]);
    };
    await untilStatementCount(t, me, '/api/feed?limit=20', 1);
    const empty = await count();
    for (let i = 0; i < 8; i++) {
      const author = await createMember(t);
      await addMember(t, community, author.id);
      const p = await createPost(t, author, { communityId: community });
      await post(t, me, `/api/posts/${p.id}/like`);
    }
    const full = await count();
    expect(full).toBe(empty);
    // The page itself is one statement (the session is cached, a full member's flags are not read).
    expect(full).toBe(1);
  });
});

describe('keyset pages never skip nor repeat', () => {
  it('posts sharing one timestamp (to the microsecond on PostgreSQL) across communities and the member-wide feed', async () => {
    const me = await createMember(t);
    const author = await createMember(t);
    const c1 = await insertCommunity(t, { creatorId: author.id });
    const c2 = await insertCommunity(t, { creatorId: author.id });
    await addMember(t, c1, me.id);
    await addMember(t, c2, me.id);
    // Far in the future, so these are the newest posts of the feed.
    const same = '2999-01-01T10:00:00.123456Z';
    const sameMs = '2999-01-01T10:00:00.123789Z';
    const expected = [
      ...(await insertPostsAt(author.id, c1, same, 7)),
      ...(await insertPostsAt(author.id, c2, same, 6)),
      ...(await insertPostsAt(author.id, null, same, 5)),
      ...(await insertPostsAt(author.id, c1, sameMs, 4)),
      ...(await insertPostsAt(author.id, null, sameMs, 3)),
    ];
    const all = await walk(me, '/api/feed', 50);
    const top = all.slice(0, expected.length);
    expect(new Set(top)).toEqual(new Set(expected));
    for (const limit of [1, 2, 3, 5, 7]) {
      const paged = await walk(me, '/api/feed', limit);
      expect(paged, `limit ${limit}`).toEqual(all);
      expect(new Set(paged).size).toBe(paged.length);
    }
    // The community list too.
    const list = await walk(me, `/api/communities/${c1}/posts`, 50);
    for (const limit of [2, 3]) expect(await walk(me, `/api/communities/${c1}/posts`, limit)).toEqual(list);
    if (onPostgres) {
      // The microseconds are what order these: the later microsecond first.
      const rows = await db.execute(sql`select id from posts where created_at = ${sameMs}::timestamptz`);
      const later = new Set((rows as unknown as { rows: Array<{ id: string }> }).rows.map((r) => r.id));
      expect(all.slice(0, 7).every((id) => later.has(id))).toBe(true);
    }
  });

  it('a tampered cursor is a 400', async () => {
    const me = await createMember(t);
    for (const cursor of ['nope', Buffer.from('{"c":"x","i":"y"}').toString('base64url'), Buffer.from('{"c":"2020-01-01T00:00:00Z"}').toString('base64url')]) {
      const res = await get(t, me, `/api/feed?cursor=${cursor}`);
      expect(res.statusCode).toBe(400);
    }
  });
});
