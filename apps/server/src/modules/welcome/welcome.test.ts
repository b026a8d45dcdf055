import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { flagSettingKey, type WelcomeView } from '@bayclub/shared';
import {
  applyAs,
  buildTestApp,
  createLimitedMember,
  createMember,
  deactivate,
  injectAs,
  setSettings,
  untilStatementCount,
  type TestUser,
} from '../../test/helpers.js';
import { addMember, insertCommunity } from '../../test/communities.js';
import { insertEvent, register } from '../../test/calendar-fixtures.js';
import { blocks, profiles, pushSubscriptions } from '../../db/schema/index.js';
import { STATEMENT_COUNT_HEADER } from '../../platform/statement-count.js';

const t = await buildTestApp({ BENCH_COUNT_SQL: true });
const db = t.ctx.database.db;

const welcomeOf = async (who: TestUser | null) => injectAs(t, who, { method: 'GET', url: '/api/me/welcome' });
const view = async (who: TestUser) => {
  const res = await welcomeOf(who);
  expect(res.statusCode).toBe(200);
  return res.json() as WelcomeView;
};

describe('GET /api/me/welcome', () => {
  it('ticks the checklist from real data, and stays closed once dismissed (on any device)', async () => {
    const me = await createMember(t);
    await db.update(profiles).set({ profilePictureUrl: null }).where(eq(profiles.id, me.id));
    let w = await view(me);
    expect(w).toMatchObject({ dismissed: false, checklist: { profile: false, communities: false, rsvp: false, notifications: false } });

    await db.update(profiles).set({ profilePictureUrl: '/media/x.webp', bio: 'Hi' }).where(eq(profiles.id, me.id));
    const host = await createMember(t);
    const community = await insertCommunity(t, { creatorId: host.id });
    await addMember(t, community, me.id);
    const event = await insertEvent(t, { createdBy: host.id });
    await register(t, event, me.id);
    await db.insert(pushSubscriptions).values({ userId: me.id, endpoint: `https://push.example/${me.id}`, subscriptionData: {} });
    w = await view(me);
    expect(w.checklist).toEqual({ profile: true, communities: true, rsvp: true, notifications: true });
    // Suggestions leave out what the member already joined or registered for.
    expect(w.communities.map((c) => c.id)).not.toContain(community);
    expect(w.events.map((e) => e.id)).not.toContain(event);

    expect((await injectAs(t, me, { method: 'POST', url: '/api/me/welcome/dismiss' })).statusCode).toBe(204);
    expect((await injectAs(t, me, { method: 'POST', url: '/api/me/welcome/dismiss' })).statusCode).toBe(204);
    expect((await view(me)).dismissed).toBe(true);
  });

  it('suggests communities from interests and city first; never a private one, one with a blocked or deactivated creator', async () => {
    const tag = Date.now().toString(36);
    const me = await createMember(t);
    await db.update(profiles).set({ interests: ['Sailing'], city: 'sarasota' }).where(eq(profiles.id, me.id));
    const host = await createMember(t);
    const blocked = await createMember(t);
    const blocker = await createMember(t);
    const gone = await createMember(t);
    await db.insert(blocks).values([
      { blockerId: me.id, blockedId: blocked.id },
      { blockerId: blocker.id, blockedId: me.id },
    ]);
    await deactivate(t, gone.id);
    const best = await insertCommunity(t, { name: `Sailing ${tag}`, interests: ['Sailing'], city: 'sarasota', creatorId: host.id });
    const hidden = [
      await insertCommunity(t, { interests: ['Sailing'], city: 'sarasota', visibility: 'private', creatorId: host.id }),
      await insertCommunity(t, { interests: ['Sailing'], city: 'sarasota', creatorId: blocked.id }),
      await insertCommunity(t, { interests: ['Sailing'], city: 'sarasota', creatorId: blocker.id }),
      await insertCommunity(t, { interests: ['Sailing'], city: 'sarasota', creatorId: gone.id }),
    ];
    const fromBlocked = await insertEvent(t, { createdBy: blocked.id, startsAt: new Date(Date.now() + 3_600_000) });
    const fromGone = await insertEvent(t, { createdBy: gone.id, startsAt: new Date(Date.now() + 3_600_000) });
    const inPrivate = await insertEvent(t, { createdBy: host.id, visibility: 'community', communityId: hidden[0]!, startsAt: new Date(Date.now() + 3_600_000) });
    const w = await view(me);
    expect(w.communities[0]!.id).toBe(best);
    for (const id of hidden) expect(w.communities.map((c) => c.id)).not.toContain(id);
    for (const id of [fromBlocked, fromGone, inPrivate]) expect(w.events.map((e) => e.id)).not.toContain(id);
    expect(Object.keys(w.communities[0]!).sort()).toEqual(['avatarUrl', 'city', 'id', 'memberCount', 'name', 'urlSlug', 'visibility']);
  });

  it('limited members get suggestions only where their flags open the page; applicants, deactivated and anonymous are refused', async () => {
    const limited = await createLimitedMember(t);
    const host = await createMember(t);
    await insertCommunity(t, { creatorId: host.id });
    await insertEvent(t, { createdBy: host.id, visibility: 'public' });
    await setSettings(t, { [flagSettingKey('see_communities_nav')]: 'false', [flagSettingKey('see_events_nav')]: 'false' });
    const closed = await view(limited);
    expect(closed.communities).toEqual([]);
    expect(closed.events).toEqual([]);
    await setSettings(t, { [flagSettingKey('see_communities_nav')]: 'true', [flagSettingKey('see_events_nav')]: 'true' });
    const open = await view(limited);
    expect(open.communities.length).toBeGreaterThan(0);
    expect(open.events.length).toBeGreaterThan(0);

    expect((await welcomeOf(null)).statusCode).toBe(401);
    const applicant = await applyAs(t);
    expect((await welcomeOf(applicant)).statusCode).toBe(403);
    expect((await injectAs(t, applicant, { method: 'POST', url: '/api/me/welcome/dismiss' })).statusCode).toBe(403);
    const gone = await createMember(t);
    await deactivate(t, gone.id);
    expect((await welcomeOf(gone)).statusCode).toBe(403);
  });

  it('costs one SQL statement whatever the suggestions', async () => {
    const me = await createMember(t);
    await untilStatementCount(t, me, '/api/me/welcome', 1);
    const count = async () => Number((await welcomeOf(me)).headers[STATEMENT_COUNT_HEADER]);
    const before = await count();
    const host = await createMember(t);
    for (let i = 0; i < 5; i++) {
      await insertCommunity(t, { creatorId: host.id, interests: ['Beach'] });
      await insertEvent(t, { createdBy: host.id });
    }
    expect(await count()).toBe(before);
    expect(before).toBe(1);
  });
});
