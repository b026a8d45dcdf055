import crypto from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { DIRECTORY_MESSAGES, type DirectoryCardView, type DirectoryPage } from '@bayclub/shared';
import {
  DENIED,
  applyAs,
  buildTestApp,
  createAdmin,
  createLimitedMember,
  createMember,
  createRejectedApplicant,
  deactivate,
  injectAs,
  isErrorBody,
  type TestUser,
} from '../../test/helpers.js';
import { blocks, profiles } from '../../db/schema/index.js';
import type { NewProfile } from '../accounts/repository.js';
import { STATEMENT_COUNT_HEADER } from '../../platform/statement-count.js';
import { allPages, quickMember, setProfile } from '../connections/social-fixtures.js';

// BENCH_COUNT_SQL: the statement count of each request comes back in a header (the constant-cost test).
const t = await buildTestApp({ BENCH_COUNT_SQL: true });
const db = t.ctx.database.db;

const CARD_KEYS = ['age', 'city', 'fullName', 'id', 'interests', 'isVerified', 'linkedInstagram', 'profilePictureUrl', 'sharedInterests', 'username'];

const get = (who: TestUser | null, query = '') => injectAs(t, who, { method: 'GET', url: `/api/directory${query ? `?${query}` : ''}` });
async function page(who: TestUser, query: string): Promise<DirectoryPage> {
  const res = await get(who, query);
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}
const ids = async (who: TestUser, query: string) => (await page(who, `${query}&limit=50`)).items.map((c) => c.id);
const pagedIds = async (who: TestUser, query: string, limit: number) =>
  (await allPages((cursor) => page(who, `${query}&limit=${limit}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`))).items.map((c) => c.id);

/**
 * Every member of this file is listed to every viewer, so each test names its members with a tag of its own and
 * searches for it (or, without a search, gives them an age no other test uses): the page then holds exactly them.
 */
const freshTag = () => `Zq${crypto.randomBytes(4).toString('hex')}`;
let nextAge = 60;
const freshAge = () => ++nextAge;

const member = (values: Partial<NewProfile>) => quickMember(t, values).then((m) => m.id);
const setCreatedAt = (id: string, at: string) => db.execute(sql`update ${profiles} set created_at = ${at}::timestamptz where id = ${id}`);

describe('GET /api/directory: who may call it', () => {
  it('is for full_platform members (admins too): 401 anonymous, 403 limited, applicants and deactivated', async () => {
    expect((await get(await createMember(t))).statusCode).toBe(200);
    expect((await get(await createAdmin(t))).statusCode).toBe(200);
    expect((await get(null)).statusCode).toBe(401);
    for (const who of [await createLimitedMember(t), await applyAs(t), await createRejectedApplicant(t)]) {
      const res = await get(who);
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual(DENIED);
    }
    const gone = await createMember(t);
    await deactivate(t, gone.id);
    expect((await get(gone)).statusCode).toBe(403);
  });
});

describe('GET /api/directory: who is listed', () => {
  it('shows an Instagram handle only when it was linked through Instagram, never one the member typed', async () => {
    const tag = freshTag();
    const viewer = await createMember(t);
    const linked = await member({ fullName: `Linked ${tag}`, instagramUsername: 'linked.studio', instagramOauthConnected: true, instagramUserId: '17841400000000111' });
    const typed = await member({ fullName: `Typed ${tag}`, instagramUsername: 'typed.handle' });
    const { items } = await page(viewer, `q=${tag}&sort=name`);
    expect(items.find((c) => c.id === linked)!.linkedInstagram).toBe('linked.studio');
    expect(items.find((c) => c.id === typed)!.linkedInstagram).toBeNull();
  });

  it('lists approved active members with the card fields only; never applicants, deactivated, self or blocked', async () => {
    const tag = freshTag();
    const viewer = await createMember(t);
    await setProfile(t, viewer.id, { fullName: `Viewer ${tag}`, interests: ['Yoga', 'Coffee', 'Beach'] });
    const full = await member({ fullName: `Full ${tag}`, interests: ['Beach', 'Hiking', 'Yoga'], isVerified: true, city: 'sarasota', age: 44 });
    const limited = await member({ fullName: `Limited ${tag}`, accountType: 'community_only', applicationStatus: 'approved' });
    const noApplication = await member({ fullName: `Made by admin ${tag}`, accountType: 'community_only', applicationStatus: null });
    await member({ fullName: `Pending ${tag}`, accountType: 'community_only', applicationStatus: 'pending' });
    await member({ fullName: `Rejected ${tag}`, accountType: 'community_only', applicationStatus: 'rejected' });
    await member({ fullName: `Deactivated ${tag}`, isDeactivated: true });
    const blockedByViewer = await member({ fullName: `Blocked ${tag}` });
    const blockedViewer = await member({ fullName: `Blocker ${tag}` });
    await db.insert(blocks).values([
      { blockerId: viewer.id, blockedId: blockedByViewer },
      { blockerId: blockedViewer, blockedId: viewer.id },
    ]);

    const { items, nextCursor } = await page(viewer, `q=${tag}&sort=name`);
    expect(new Set(items.map((c) => c.id))).toEqual(new Set([full, limited, noApplication]));
    expect(nextCursor).toBeNull();
    const card = items.find((c) => c.id === full)!;
    expect(Object.keys(card).sort()).toEqual(CARD_KEYS);
    expect(card).toMatchObject({ fullName: `Full ${tag}`, isVerified: true, city: 'sarasota', age: 44 });
    // The viewer's interests this member shares, in the member's order.
    expect(card.interests).toEqual(['Beach', 'Hiking', 'Yoga']);
    expect(card.sharedInterests).toEqual(['Beach', 'Yoga']);
    expect(items.find((c) => c.id === limited)!.sharedInterests).toEqual([]);

    // Unblocking brings the member back; the other block still hides the blocker.
    await db.delete(blocks).where(eq(blocks.blockerId, viewer.id));
    expect(new Set(await ids(viewer, `q=${tag}`))).toEqual(new Set([full, limited, noApplication, blockedByViewer]));
  });
});

describe('GET /api/directory: search and filters', () => {
  it('searches name and username, contains and case-insensitive', async () => {
    const tag = freshTag();
    const viewer = await createMember(t);
    const byName = await member({ fullName: `Marisol ${tag} Vega` });
    const byUsername = await member({ fullName: 'Someone Else', username: `u${tag.toLowerCase()}x` });
    expect(new Set(await ids(viewer, `q=${tag.toUpperCase()}`))).toEqual(new Set([byName, byUsername]));
    expect(await ids(viewer, `q=${encodeURIComponent(`isol ${tag.toLowerCase()} v`)}`)).toEqual([byName]);
    expect(await ids(viewer, `q=${encodeURIComponent(`  ${tag}  `)}`)).toHaveLength(2);
  });

  it('takes %, _ and \\ literally', async () => {
    const tag = freshTag();
    const viewer = await createMember(t);
    const percent = await member({ fullName: `${tag} 100% fun` });
    const underscore = await member({ fullName: `${tag} snake_case` });
    const backslash = await member({ fullName: `${tag} back\\slash` });
    const plain = await member({ fullName: `${tag} plain name` });
    const search = (s: string) => ids(viewer, `q=${encodeURIComponent(`${tag} ${s}`)}`);
    expect(await search('100%')).toEqual([percent]);
    expect(await ids(viewer, `q=${encodeURIComponent('%')}`)).toEqual([percent]);
    expect(await search('snake_')).toEqual([underscore]);
    expect(await ids(viewer, `q=${encodeURIComponent(`${tag} _`)}`)).toEqual([]);
    expect(await search('back\\')).toEqual([backslash]);
    expect(await ids(viewer, `q=${encodeURIComponent('\\')}`)).toEqual([backslash]);
    expect(await search('plain')).toEqual([plain]);
  });

  it('filters by city, interests (any of), age range, verified and hides members with neither photo nor bio', async () => {
    const tag = freshTag();
    const viewer = await createMember(t);
    const a = await member({ fullName: `A ${tag}`, city: 'sarasota', interests: ['Hiking'], age: 25, isVerified: true, bio: 'Trails' });
    const b = await member({ fullName: `B ${tag}`, city: 'sarasota', interests: ['Camping', 'Poetry'], age: 35, profilePictureUrl: '/media/profile-pictures/b/profile.webp' });
    const c = await member({ fullName: `C ${tag}`, city: 'lakeland', interests: ['Hiking'], age: 45, bio: '   ' });
    const d = await member({ fullName: `D ${tag}`, city: 'lakeland', interests: [], age: null, isVerified: true });
    const q = `q=${tag}`;
    expect(new Set(await ids(viewer, q))).toEqual(new Set([a, b, c, d]));
    expect(new Set(await ids(viewer, `${q}&city=sarasota`))).toEqual(new Set([a, b]));
    expect(new Set(await ids(viewer, `${q}&interests=${encodeURIComponent('Hiking,Camping')}`))).toEqual(new Set([a, b, c]));
    expect(new Set(await ids(viewer, `${q}&interests=Poetry&interests=Hiking`))).toEqual(new Set([a, b, c]));
    expect(new Set(await ids(viewer, `${q}&ageMin=30`))).toEqual(new Set([b, c]));
    expect(new Set(await ids(viewer, `${q}&ageMin=30&ageMax=40`))).toEqual(new Set([b]));
    expect(new Set(await ids(viewer, `${q}&ageMax=30`))).toEqual(new Set([a]));
    expect(new Set(await ids(viewer, `${q}&verified=true`))).toEqual(new Set([a, d]));
    expect(new Set(await ids(viewer, `${q}&verified=false`))).toEqual(new Set([a, b, c, d]));
    // c's bio is blank and d has neither: both hidden; a (bio) and b (photo) stay.
    expect(new Set(await ids(viewer, `${q}&hideIncomplete=true`))).toEqual(new Set([a, b]));
    expect(new Set(await ids(viewer, `${q}&city=lakeland&interests=Hiking&verified=false`))).toEqual(new Set([c]));
  });

  it('refuses bad input with per-field messages', async () => {
    const viewer = await createMember(t);
    const bad = async (query: string, field: string, message?: string) => {
      const res = await get(viewer, query);
      expect(res.statusCode, query).toBe(400);
      expect(isErrorBody(res.json())).toBe(true);
      const fields: Record<string, string> = res.json().error.fields ?? {};
      const key = Object.keys(fields).find((k) => k === field || k.startsWith(`${field}.`));
      expect(key, `${query}: ${JSON.stringify(fields)}`).toBeDefined();
      if (message) expect(fields[key!]).toBe(message);
    };
    await bad('ageMin=50&ageMax=40', 'ageMin', DIRECTORY_MESSAGES.ageRange);
    await bad('interests=Knitting', 'interests', DIRECTORY_MESSAGES.unknownInterest);
    await bad(`q=${'a'.repeat(101)}`, 'q', DIRECTORY_MESSAGES.queryTooLong);
    await bad('q=a%01b', 'q', DIRECTORY_MESSAGES.queryControl);
    expect((await get(viewer, 'q=a%00b')).statusCode).toBe(400); // the input guard refuses NUL everywhere
    await bad('sort=random', 'sort');
    await bad('verified=yes', 'verified', DIRECTORY_MESSAGES.badBoolean);
    await bad('limit=0', 'limit');
    await bad('cursor=not-a-cursor', 'cursor');
    // A cursor is tied to the sort that wrote it.
    const tag = freshTag();
    await member({ fullName: `One ${tag}` });
    await member({ fullName: `Two ${tag}` });
    const first = await page(viewer, `q=${tag}&limit=1&sort=newest`);
    expect(first.nextCursor).not.toBeNull();
    await bad(`q=${tag}&limit=1&sort=name&cursor=${first.nextCursor}`, 'cursor');
    // Blank and empty searches mean no search.
    expect((await get(viewer, 'q=%20%20')).statusCode).toBe(200);
  });
});

describe('GET /api/directory: sorts and keyset paging', () => {
  it('sorts newest first, by name A-Z, and by most interests in common (then name)', async () => {
    const tag = freshTag();
    const viewer = await createMember(t);
    await setProfile(t, viewer.id, { interests: ['Yoga', 'Coffee', 'Beach', 'Music'] });
    const carla = await member({ fullName: `carla ${tag}`, interests: ['Yoga'] });
    const bea = await member({ fullName: `Bea ${tag}`, interests: ['Yoga', 'Coffee', 'Beach'] });
    const ana = await member({ fullName: `Ana ${tag}`, interests: ['Beach', 'Music', 'Hiking'] });
    const dan = await member({ fullName: `Dan ${tag}`, interests: ['Hiking'] });
    await setCreatedAt(carla, '2024-03-01T00:00:00.000003Z');
    await setCreatedAt(bea, '2024-03-01T00:00:00.000001Z');
    await setCreatedAt(ana, '2024-03-01T00:00:00.000002Z');
    await setCreatedAt(dan, '2023-01-01T00:00:00Z');
    expect(await ids(viewer, `q=${tag}`)).toEqual([carla, ana, bea, dan]);
    expect(await ids(viewer, `q=${tag}&sort=name`)).toEqual([ana, bea, carla, dan]);
    expect(await ids(viewer, `q=${tag}&sort=common`)).toEqual([bea, ana, carla, dan]);
  });

  it('pages every sort with ties on its keys, neither skipping nor repeating', async () => {
    const tag = freshTag();
    const age = freshAge();
    const viewer = await createMember(t);
    await setProfile(t, viewer.id, { interests: ['Yoga', 'Coffee'] });
    // Ties everywhere: shared instants (microseconds apart and equal), shared names, shared counts.
    const spec: Array<[string, string[], string]> = [
      ['Sam', ['Yoga', 'Coffee'], '2024-05-01T10:00:00.100001Z'],
      ['Sam', ['Yoga', 'Coffee'], '2024-05-01T10:00:00.100001Z'],
      ['sam', ['Yoga'], '2024-05-01T10:00:00.100001Z'],
      ['Sam', ['Yoga'], '2024-05-01T10:00:00.100002Z'],
      ['Ann', [], '2024-05-01T10:00:00.100002Z'],
      ['Ann', ['Coffee'], '2024-05-01T10:00:00.1Z'],
      ['Ann', ['Coffee'], '2024-05-01T10:00:00.1Z'],
      ['Zoe', [], '2024-04-01T08:00:00.000001Z'],
    ];
    const all: string[] = [];
    for (const [name, interests, at] of spec) {
      const id = await member({ fullName: `${name} ${tag}`, interests, age });
      await setCreatedAt(id, at);
      all.push(id);
    }
    for (const query of [`q=${tag}`, `ageMin=${age}&ageMax=${age}`]) {
      for (const sort of ['newest', 'name', 'common']) {
        const whole = await ids(viewer, `${query}&sort=${sort}`);
        expect(new Set(whole)).toEqual(new Set(all));
        for (const limit of [1, 2, 3]) {
          expect(await pagedIds(viewer, `${query}&sort=${sort}`, limit), `${query} ${sort} by ${limit}`).toEqual(whole);
        }
      }
    }
    // The orders themselves, ties broken by id.
    const byId = (a: string, b: string) => (a < b ? -1 : 1);
    const sorted = (picked: number[]) => picked.map((i) => all[i]!);
    expect(await ids(viewer, `q=${tag}&sort=newest`)).toEqual([
      ...sorted([3, 4]).sort(byId).reverse(),
      ...sorted([0, 1, 2]).sort(byId).reverse(),
      ...sorted([5, 6]).sort(byId).reverse(),
      all[7],
    ]);
    expect(await ids(viewer, `q=${tag}&sort=name`)).toEqual([...sorted([4, 5, 6]).sort(byId), ...sorted([0, 1, 2, 3]).sort(byId), all[7]]);
    expect(await ids(viewer, `q=${tag}&sort=common`)).toEqual([
      ...sorted([0, 1]).sort(byId),
      ...sorted([5, 6]).sort(byId),
      ...sorted([2, 3]).sort(byId),
      all[4],
      all[7],
    ]);
  });

  it('costs the same number of SQL statements whatever the page size, filters or sort', async () => {
    const viewer = await createMember(t);
    const count = async (query: string) => {
      const res = await get(viewer, query);
      expect(res.statusCode, res.body).toBe(200);
      return Number(res.headers[STATEMENT_COUNT_HEADER]);
    };
    await count('limit=1'); // the first request fills the session cache
    const plain = new Set<number>();
    for (const query of ['limit=1', 'limit=50', 'sort=name&limit=50', 'sort=common&limit=50&city=tampa&interests=Beach,Coffee&verified=true&hideIncomplete=true&ageMin=20']) {
      plain.add(await count(query));
    }
    expect([...plain]).toEqual([1]);
    const searches = new Set<number>();
    for (const query of ['q=a&limit=1', 'q=member&limit=50', 'q=zzzz-none&sort=common']) searches.add(await count(query));
    // BEGIN, the local plan setting, the page, COMMIT.
    expect([...searches]).toEqual([4]);
  });
});

export type { DirectoryCardView };
