import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { buildTestApp, createMember, injectAs, isErrorBody, type TestUser } from '../../test/helpers.js';
import { addMember, insertCommunity } from '../../test/communities.js';
import { RAW_BODIES, craftedCursors, createRandom, mutate, randomObject, randomQuery, randomValue } from '../../test/fuzz.js';
import { posts } from '../../db/schema/index.js';
import { createPost, post, uploadPostImage } from './post-fixtures.js';

/**
 * The platform fuzzer walks every route with random ids, which stop at "not found". Here the posts routes get
 * malformed input with REAL ids (a post, a comment, a community the callers read), so the mutations reach the
 * service and the SQL. Nothing may answer 5xx, and bad input leaves nothing half-written.
 */
const ITERATIONS = Number(process.env.FUZZ_ITERATIONS ?? 40);
const t = await buildTestApp();
const db = t.ctx.database.db;

const author = await createMember(t);
const reader = await createMember(t);
const community = await insertCommunity(t, { creatorId: author.id });
await addMember(t, community, reader.id);
const target = await createPost(t, author, { communityId: community, content: 'fuzz target' });
const comment = (await post(t, reader, `/api/posts/${target.id}/comments`, { content: 'a comment' })).json() as { id: string };
const upload = await uploadPostImage(t, author);

const ROUTES: Array<{ method: 'GET' | 'POST' | 'PATCH' | 'DELETE'; url: string; sample?: Record<string, unknown>; queryKeys?: string[] }> = [
  { method: 'GET', url: '/api/feed', queryKeys: ['cursor', 'limit'] },
  { method: 'GET', url: '/api/feed/reported', queryKeys: ['cursor', 'limit'] },
  { method: 'GET', url: `/api/communities/${community}/posts`, queryKeys: ['cursor', 'limit'] },
  { method: 'GET', url: `/api/communities/${community}/reported`, queryKeys: ['cursor', 'limit'] },
  { method: 'GET', url: `/api/posts/${target.id}`, queryKeys: ['x'] },
  { method: 'GET', url: `/api/posts/${target.id}/comments`, queryKeys: ['cursor', 'limit'] },
  { method: 'GET', url: `/api/comments/${comment.id}/replies`, queryKeys: ['cursor', 'limit'] },
  { method: 'POST', url: '/api/posts', sample: { communityId: community, content: 'Hello', imageKeys: [upload.key] } },
  { method: 'PATCH', url: `/api/posts/${target.id}`, sample: { content: 'Edited' } },
  { method: 'POST', url: `/api/posts/${target.id}/comments`, sample: { content: 'Nice', parentId: comment.id } },
  { method: 'PATCH', url: `/api/comments/${comment.id}`, sample: { content: 'Edited' } },
  { method: 'POST', url: `/api/posts/${target.id}/report`, sample: { reason: 'other', details: 'why' } },
  { method: 'POST', url: `/api/comments/${comment.id}/report`, sample: { reason: 'spam' } },
  { method: 'POST', url: `/api/posts/${target.id}/like`, sample: {} },
  { method: 'POST', url: `/api/posts/${target.id}/restore`, sample: {} },
];

describe('posts routes with real ids: malformed input never breaks them', () => {
  for (const route of ROUTES) {
    it(`${route.method} ${route.url.replace(/[0-9a-f-]{36}/g, ':id')}`, async () => {
      const r = createRandom(route.url.length * 7919 + route.method.length);
      const failures: string[] = [];
      const check = (res: { statusCode: number; body: string }, sent: string) => {
        if (res.statusCode >= 500) failures.push(`${res.statusCode} for ${sent.slice(0, 120)}: ${res.body.slice(0, 120)}`);
        else if (res.statusCode >= 400 && res.body && !isErrorBody(JSON.parse(res.body))) failures.push(`error shape for ${sent.slice(0, 120)}`);
      };
      for (const who of [author, reader] as TestUser[]) {
        if (route.method === 'GET') {
          const queries = [...Array.from({ length: ITERATIONS }, () => randomQuery(r, route.queryKeys ?? ['x'])), ...craftedCursors().map((c) => `cursor=${c}`)];
          for (const q of queries) check(await injectAs(t, who, { method: 'GET', url: `${route.url}?${q}` }), q);
          continue;
        }
        for (const raw of RAW_BODIES) {
          const headers = raw.contentType ? { 'content-type': raw.contentType } : {};
          check(await injectAs(t, who, { method: route.method, url: route.url, payload: raw.body, headers }), raw.body);
        }
        for (let i = 0; i < ITERATIONS; i++) {
          const roll = r.int(3);
          const body = roll === 0 && route.sample ? mutate(r, route.sample) : roll === 1 ? randomObject(r) : randomValue(r);
          const payload = JSON.stringify(body) ?? 'null';
          check(await injectAs(t, who, { method: route.method, url: route.url, payload, headers: { 'content-type': 'application/json' } }), payload);
        }
      }
      expect(failures).toEqual([]);
    });
  }

  it('the target post is still whole: its counts match its rows', async () => {
    const [row] = await db.select().from(posts).where(eq(posts.id, target.id));
    expect(row!.likeCount).toBeGreaterThanOrEqual(0);
    const res = await injectAs(t, reader, { method: 'GET', url: `/api/posts/${target.id}` });
    expect([200, 404]).toContain(res.statusCode);
  });
});
