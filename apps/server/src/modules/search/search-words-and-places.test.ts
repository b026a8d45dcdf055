import crypto from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { SEARCH_TYPES, flagSettingKey, type LimitedUserFlag, type SearchResponse, type SearchType } from '@bayclub/shared';
import { applyAs, buildTestApp, createAdmin, createLimitedMember, createMember, deactivate, injectAs, setSettings, type TestUser } from '../../test/helpers.js';
import { addMember, insertCommunity } from '../../test/communities.js';
import { blocks, profiles } from '../../db/schema/index.js';
import { STATEMENT_COUNT_HEADER } from '../../platform/statement-count.js';
import { createTestEvent } from '../events/event-fixtures.js';
import { createTestLocation } from '../locations/location-fixtures.js';
import { createPost } from '../posts/post-fixtures.js';

// Issue 21 (decision 026): `terms` says nothing of what the searcher cannot open; words match across a target's
// fields (name, city, topics, description); places are a fifth type.

const t = await buildTestApp({ BENCH_COUNT_SQL: true });
const db = t.ctx.database.db;

const search = (who: TestUser, q: string) => injectAs(t, who, { method: 'GET', url: `/api/search?q=${encodeURIComponent(q)}` });
async function found(who: TestUser, q: string): Promise<SearchResponse> {
  const res = await search(who, q);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as SearchResponse;
}
const idsOf = (r: SearchResponse, type: SearchType) => r.results.filter((x) => x.type === type).map((x) => x.id);
const flags = (values: Partial<Record<LimitedUserFlag, boolean>>) =>
  setSettings(t, Object.fromEntries(Object.entries(values).map(([f, v]) => [flagSettingKey(f as LimitedUserFlag), String(v)])));

/** A word no other row holds nor resembles (random letters), and the same word with one letter dropped. */
function word() {
  const w = `w${crypto.randomBytes(6).toString('hex').replace(/\d/g, (d) => 'ghijklmnop'[Number(d)]!)}`;
  return { w, typo: `${w.slice(0, 5)}${w.slice(6)}` };
}

const searcher = await createMember(t);

/** The searcher's typo of a word that exists only where they cannot look: nothing found, and `terms` keeps it quiet. */
async function expectNoOracle(typo: string, hidden: string) {
  const r = await found(searcher, typo);
  expect(r.results).toEqual([]);
  expect(r.terms).not.toContain(hidden);
  expect(r.terms).toEqual([typo]);
}

describe('terms: only words of what the searcher may open (no word oracle)', () => {
  it('control: a typo of a visible word finds it and names it in terms', async () => {
    const { w, typo } = word();
    const author = await createMember(t);
    const post = await createPost(t, author, { content: `Open ${w}` });
    const r = await found(searcher, typo);
    expect(idsOf(r, 'post')).toEqual([post.id]);
    expect(r.terms).toContain(w);
  });

  it("a private community's post", async () => {
    const { w, typo } = word();
    const insider = await createMember(t);
    const community = await insertCommunity(t, { creatorId: insider.id, visibility: 'private' });
    await createPost(t, insider, { communityId: community, content: `Secret ${w}` });
    await expectNoOracle(typo, w);
    // Its member finds it, and is told the word.
    expect((await found(insider, typo)).terms).toContain(w);
  });

  it("a private community's event", async () => {
    const { w, typo } = word();
    const insider = await createMember(t);
    const community = await insertCommunity(t, { creatorId: insider.id, visibility: 'private' });
    await createTestEvent(db, { communityId: community, createdBy: insider.id, title: `Hidden ${w}` });
    await expectNoOracle(typo, w);
  });

  it('a post by a member who blocked the searcher, and one by a member the searcher blocked', async () => {
    for (const direction of ['blocked me', 'I blocked'] as const) {
      const { w, typo } = word();
      const other = await createMember(t);
      await createPost(t, other, { content: `Blocked ${w}` });
      await db.insert(blocks).values(direction === 'blocked me' ? { blockerId: other.id, blockedId: searcher.id } : { blockerId: searcher.id, blockedId: other.id });
      await expectNoOracle(typo, w);
    }
  });

  it("a pending applicant's name and a deactivated member's name", async () => {
    const pending = word();
    await applyAs(t, { name: `Pat ${pending.w}` });
    await expectNoOracle(pending.typo, pending.w);
    const gone = word();
    const member = await createMember(t);
    await db.update(profiles).set({ fullName: `Dee ${gone.w}` }).where(eq(profiles.id, member.id));
    await deactivate(t, member.id);
    await expectNoOracle(gone.typo, gone.w);
  });

  it('a deleted post', async () => {
    const { w, typo } = word();
    const author = await createMember(t);
    const post = await createPost(t, author, { content: `Gone ${w}` });
    expect((await injectAs(t, author, { method: 'DELETE', url: `/api/posts/${post.id}` })).statusCode).toBe(204);
    await expectNoOracle(typo, w);
  });

  it("a deactivated place's name", async () => {
    const { w, typo } = word();
    await createTestLocation(db, { name: `Shut ${w}`, active: false });
    await expectNoOracle(typo, w);
  });
});

describe('every word somewhere across name, city, topics and description', () => {
  it('"tampa yoga" finds a Tampa community about yoga whose name says neither; a word it lacks finds nothing', async () => {
    const tag = word().w;
    const id = await insertCommunity(t, { name: `Sunrise ${tag}`, city: 'tampa', interests: ['Yoga', 'Fitness'], description: 'Mats at dawn' });
    const elsewhere = await insertCommunity(t, { name: `Sunrise ${tag} North`, city: 'lakeland', interests: ['Yoga'] });
    const r = await found(searcher, `tampa yoga ${tag}`);
    expect(idsOf(r, 'community')).toEqual([id]);
    expect(idsOf(await found(searcher, `yoga ${tag}`), 'community').sort()).toEqual([id, elsewhere].sort());
    expect(idsOf(await found(searcher, `dawn tampa ${tag}`), 'community')).toEqual([id]);
    expect(idsOf(await found(searcher, `tampa chess ${tag}`), 'community')).toEqual([]);
  });

  it('members by city and interests; events by city', async () => {
    const tag = word().w;
    const member = await createMember(t);
    await db.update(profiles).set({ fullName: `Kim ${tag}`, city: 'sarasota', interests: ['Photography'] }).where(eq(profiles.id, member.id));
    expect(idsOf(await found(searcher, `${tag} sarasota photography`), 'user')).toEqual([member.id]);
    expect(idsOf(await found(searcher, `${tag} tampa`), 'user')).toEqual([]);
    const event = await createTestEvent(db, { title: `Meetup ${tag}`, city: 'brandon' });
    expect(idsOf(await found(searcher, `brandon ${tag}`), 'event')).toEqual([event]);
  });
});

describe('places: a fifth type, after the spec four', () => {
  it('found by name, address or category and city; only active places; for who may see places', async () => {
    const tag = word().w;
    const cafe = await createTestLocation(db, { name: `Kahwa ${tag}`, category: 'cafe', city: 'st_pete', address: '204 2nd Ave' });
    await createTestLocation(db, { name: `Kahwa ${tag} Closed`, active: false });
    const r = await found(searcher, `kahwa ${tag}`);
    expect(idsOf(r, 'place')).toEqual([cafe]);
    expect(r.counts.place).toBe(1);
    expect(r.results.find((x) => x.type === 'place')).toEqual({ type: 'place', id: cafe, name: `Kahwa ${tag}`, category: 'cafe', city: 'st_pete', address: '204 2nd Ave' });
    expect(idsOf(await found(searcher, `cafe pete ${tag}`), 'place')).toEqual([cafe]);
    expect(Object.keys(r.counts)).toEqual([...SEARCH_TYPES]);
    expect(SEARCH_TYPES).toEqual(['user', 'community', 'event', 'post', 'place']);
    // Places come after the spec's four types in the results too.
    const community = await insertCommunity(t, { name: `Kahwa ${tag} fans` });
    expect((await found(searcher, `kahwa ${tag}`)).results.map((x) => x.id)).toEqual([community, cafe]);

    // A limited member finds places only with view_locations (or manage_locations); admins always.
    const limited = await createLimitedMember(t);
    expect((await found(limited, `kahwa ${tag}`)).counts.place).toBe(0);
    await flags({ view_locations: true });
    try {
      expect(idsOf(await found(limited, `kahwa ${tag}`), 'place')).toEqual([cafe]);
    } finally {
      await flags({ view_locations: false });
    }
    expect(idsOf(await found(await createAdmin(t), `kahwa ${tag}`), 'place')).toEqual([cafe]);
  });

  it('still five statements with places and several words', async () => {
    const me = await createMember(t);
    const tag = word().w;
    await createTestLocation(db, { name: `Count ${tag}` });
    const count = async (q: string) => Number((await search(me, q)).headers[STATEMENT_COUNT_HEADER]);
    for (let i = 0; i < 5 && (await count('warm up')) !== 5; i++) await new Promise((r) => setTimeout(r, 30));
    expect(await count(tag)).toBe(5);
    expect(await count(`tampa yoga ${tag} beach cafe`)).toBe(5);
  });

  it('a member of a private community sees its words in terms; a blocked searcher does not', async () => {
    const { w, typo } = word();
    const insider = await createMember(t);
    const reader = await createMember(t);
    const community = await insertCommunity(t, { creatorId: insider.id, visibility: 'private' });
    await addMember(t, community, reader.id);
    await createPost(t, insider, { communityId: community, content: `Circle ${w}` });
    expect((await found(reader, typo)).terms).toContain(w);
    await db.insert(blocks).values({ blockerId: insider.id, blockedId: reader.id });
    expect((await found(reader, typo)).terms).not.toContain(w);
  });
});
