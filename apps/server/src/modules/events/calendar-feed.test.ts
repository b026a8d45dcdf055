import { describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { flagSettingKey } from '@bayclub/shared';
import {
  applyAs,
  buildTestApp,
  createLimitedMember,
  createMember,
  createRejectedApplicant,
  deactivate,
  injectAs,
  setSettings,
  type TestUser,
} from '../../test/helpers.js';
import { addMember, insertCommunity } from '../../test/communities.js';
import { insertEvent, register } from '../../test/calendar-fixtures.js';
import { calendarFeeds, communityMembers, events } from '../../db/schema/index.js';

/** The personal calendar feed (issue 11): a secret URL per member, revocable, holding only what they may see. */
const t = await buildTestApp();
const db = t.ctx.database.db;
const host = await createMember(t);

const feedApi = (user: TestUser | null, method: 'GET' | 'POST' | 'DELETE') => injectAs(t, user, { method, url: '/api/calendar-feed', ...(method === 'POST' ? { payload: {} } : {}) });
const pathOf = (url: string) => new URL(url).pathname;
const readFeed = (url: string) => t.app.inject({ method: 'GET', url: pathOf(url) });
const uids = (body: string) => body.split('\r\n').filter((l) => l.startsWith('UID:')).map((l) => l.slice(4).replace('@bayclub', ''));

async function newFeed(user: TestUser): Promise<string> {
  const res = await feedApi(user, 'POST');
  expect(res.statusCode).toBe(200);
  return res.json().url as string;
}

describe('/api/calendar-feed: make, read, replace, revoke', () => {
  it('POST makes a secret URL, GET only says one exists, the feed answers as a private calendar', async () => {
    const member = await createMember(t);
    expect((await feedApi(member, 'GET')).json()).toEqual({ url: null, active: false });
    const url = await newFeed(member);
    expect(url).toMatch(/^http:\/\/localhost:3000\/api\/calendar\/[A-Za-z0-9_-]{43}\.ics$/);
    expect((await feedApi(member, 'GET')).json()).toEqual({ url: null, active: true });
    // Only the SHA-256 of the token is stored.
    const token = pathOf(url).split('/').pop()!.replace('.ics', '');
    const [row] = await db.select().from(calendarFeeds).where(eq(calendarFeeds.userId, member.id));
    expect(row!.tokenHash).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(row)).not.toContain(token);
    const feed = await readFeed(url);
    expect(feed.statusCode).toBe(200);
    expect(feed.headers['content-type']).toBe('text/calendar; charset=utf-8');
    expect(feed.headers['cache-control']).toBe('private, max-age=300');
    expect(feed.body).toContain('BEGIN:VCALENDAR');
    expect(feed.body).toContain('X-WR-CALNAME:Bay Club events');
  });

  it('POST replaces the secret (the old URL stops working); DELETE revokes it', async () => {
    const member = await createMember(t);
    const first = await newFeed(member);
    const second = await newFeed(member);
    expect(second).not.toBe(first);
    expect((await readFeed(first)).statusCode).toBe(404);
    expect((await readFeed(second)).statusCode).toBe(200);
    const revoked = await feedApi(member, 'DELETE');
    expect(revoked.statusCode).toBe(204);
    expect((await readFeed(second)).statusCode).toBe(404);
    expect((await feedApi(member, 'GET')).json()).toEqual({ url: null, active: false });
  });

  it("another member's feed only with its token: wrong, malformed and unknown tokens are 404", async () => {
    const owner = await createMember(t);
    const url = await newFeed(owner);
    const token = pathOf(url).split('/').pop()!.replace('.ics', '');
    const wrong = `${token.slice(0, -1)}${token.endsWith('A') ? 'B' : 'A'}`;
    for (const path of [`/api/calendar/${wrong}.ics`, '/api/calendar/x.ics', `/api/calendar/${'A'.repeat(43)}.ics`, '/api/calendar/.ics']) {
      const res = await t.app.inject({ method: 'GET', url: path });
      expect(res.statusCode, path).toBe(404);
      expect(res.json()).toEqual({ error: { code: 'NOT_FOUND', message: 'This calendar link is not valid' } });
    }
    // A signed-in member's session changes nothing: the token alone decides whose feed it is.
    const other = await createMember(t);
    expect((await injectAs(t, other, { method: 'GET', url: `/api/calendar/${wrong}.ics` })).statusCode).toBe(404);
  });

  it('limited members need access_calendar; applicants are refused even with the flag on; visitors must sign in', async () => {
    const limited = await createLimitedMember(t);
    await setSettings(t, { [flagSettingKey('access_calendar')]: 'false' });
    for (const method of ['GET', 'POST', 'DELETE'] as const) expect((await feedApi(limited, method)).statusCode).toBe(403);
    await setSettings(t, { [flagSettingKey('access_calendar')]: 'true' });
    const url = await newFeed(limited);
    expect((await readFeed(url)).statusCode).toBe(200);
    // The flag turned off again: the feed goes dark (as for a revoked token), the routes refuse.
    await setSettings(t, { [flagSettingKey('access_calendar')]: 'false' });
    expect((await readFeed(url)).statusCode).toBe(404);
    expect((await feedApi(limited, 'POST')).statusCode).toBe(403);

    await setSettings(t, { [flagSettingKey('access_calendar')]: 'true' });
    for (const applicant of [await applyAs(t), await createRejectedApplicant(t)]) {
      for (const method of ['GET', 'POST', 'DELETE'] as const) {
        const res = await feedApi(applicant, method);
        expect(res.statusCode, method).toBe(403);
      }
    }
    const pending = await applyAs(t);
    expect((await feedApi(pending, 'POST')).json()).toEqual({ error: { code: 'FORBIDDEN', message: 'The calendar is not available for your account' } });
    expect((await feedApi(null, 'GET')).statusCode).toBe(401);
    await setSettings(t, { [flagSettingKey('access_calendar')]: 'false' });
  });

  it("a deactivated member's feed answers 404 (and again once reactivated)", async () => {
    const member = await createMember(t);
    const url = await newFeed(member);
    await deactivate(t, member.id);
    expect((await readFeed(url)).statusCode).toBe(404);
    await deactivate(t, member.id, false);
    expect((await readFeed(url)).statusCode).toBe(200);
  });
});

describe('what the feed holds', () => {
  it('events going to or waitlisted for, from 30 days back on; not the ones declined or long past', async () => {
    const member = await createMember(t);
    const going = await insertEvent(t, { createdBy: host.id, visibility: 'public', title: 'Going event' });
    const waitlisted = await insertEvent(t, { createdBy: host.id, visibility: 'members', title: 'Waitlisted event' });
    const declined = await insertEvent(t, { createdBy: host.id, visibility: 'members' });
    const recent = await insertEvent(t, { createdBy: host.id, startsAt: new Date(Date.now() - 10 * 86_400_000) });
    const old = await insertEvent(t, { createdBy: host.id, startsAt: new Date(Date.now() - 40 * 86_400_000) });
    const notMine = await insertEvent(t, { createdBy: host.id });
    await register(t, going, member.id, 'going', 1);
    await register(t, waitlisted, member.id, 'waitlisted');
    await register(t, declined, member.id, 'not_going');
    await register(t, recent, member.id);
    await register(t, old, member.id);
    await register(t, notMine, host.id);
    const body = (await readFeed(await newFeed(member))).body;
    expect(uids(body).sort()).toEqual([going, waitlisted, recent].sort());
    const waitlistedEntry = body.split('BEGIN:VEVENT').find((b) => b.includes(`UID:${waitlisted}`))!;
    expect(waitlistedEntry).toContain('STATUS:TENTATIVE');
  });

  it('holds no event its member may not see any more: left the private community, blocked by the creator, made community-only, creator deactivated', async () => {
    const member = await createMember(t);
    const privateCommunity = await insertCommunity(t, { visibility: 'private', creatorId: host.id });
    await addMember(t, privateCommunity, member.id);
    const communityEvent = await insertEvent(t, { createdBy: host.id, visibility: 'community', communityId: privateCommunity, title: 'Community event' });
    const blocker = await createMember(t);
    const blockersEvent = await insertEvent(t, { createdBy: blocker.id, visibility: 'public', title: 'Blocker event' });
    const otherCommunity = await insertCommunity(t, { visibility: 'public', creatorId: host.id });
    const narrowed = await insertEvent(t, { createdBy: host.id, visibility: 'members', communityId: otherCommunity, title: 'Narrowed event' });
    const leaver = await createMember(t);
    const leaversEvent = await insertEvent(t, { createdBy: leaver.id, visibility: 'members', title: 'Leaver event' });
    const stays = await insertEvent(t, { createdBy: host.id, visibility: 'members', title: 'Stays' });
    for (const id of [communityEvent, blockersEvent, narrowed, leaversEvent, stays]) await register(t, id, member.id);

    const url = await newFeed(member);
    expect(uids((await readFeed(url)).body).sort()).toEqual([communityEvent, blockersEvent, narrowed, leaversEvent, stays].sort());

    // Leaving a community removes the membership row.
    await db.delete(communityMembers).where(and(eq(communityMembers.communityId, privateCommunity), eq(communityMembers.userId, member.id)));
    expect((await injectAs(t, blocker, { method: 'POST', url: '/api/blocks', payload: { userId: member.id } })).statusCode).toBeLessThan(300);
    await db.update(events).set({ visibility: 'community', sequence: sql`${events.sequence} + 1` }).where(eq(events.id, narrowed));
    await deactivate(t, leaver.id);
    expect(uids((await readFeed(url)).body)).toEqual([stays]);
  });
});
