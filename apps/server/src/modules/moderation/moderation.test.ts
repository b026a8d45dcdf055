import crypto from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { MODERATION_MESSAGES, type ReportQueueItem, type ReportQueuePage } from '@bayclub/shared';
import {
  applyAs,
  buildTestApp,
  createAdmin,
  createLimitedMember,
  createMember,
  deactivate,
  grantRole,
  injectAs,
  type TestUser,
} from '../../test/helpers.js';
import { addMember, insertCommunity, membershipOf } from '../../test/communities.js';
import { insertEvent, register } from '../../test/calendar-fixtures.js';
import { auditLog, events, locations, notifications, postComments, posts, profiles, reports } from '../../db/schema/index.js';
import { createPost } from '../posts/post-fixtures.js';
import { createTestLocation } from '../locations/location-fixtures.js';

const t = await buildTestApp();
const db = t.ctx.database.db;

const get = (who: TestUser | null, url: string) => injectAs(t, who, { method: 'GET', url });
const post = (who: TestUser | null, url: string, payload: object = {}) => injectAs(t, who, { method: 'POST', url, payload });
const queue = async (who: TestUser, query = '') => (await get(who, `/api/moderation/reports${query ? `?${query}` : ''}`)).json() as ReportQueuePage;
const act = (who: TestUser, reportId: string, action: string, reason?: string) =>
  post(who, `/api/moderation/reports/${reportId}/actions`, reason === undefined ? { action } : { action, reason });
const reportPost = async (who: TestUser, postId: string, reason = 'spam') => {
  const res = await post(who, `/api/posts/${postId}/report`, { reason, details: 'Selling sunglasses' });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().id as string;
};
const reportRow = async (id: string) => (await db.select().from(reports).where(eq(reports.id, id)))[0];
const notificationsOf = (userId: string) => db.select().from(notifications).where(eq(notifications.userId, userId));
const auditOf = (memberId: string) => db.select().from(auditLog).where(eq(auditLog.memberId, memberId));
const usernameOf = async (id: string) => (await db.select({ u: profiles.username }).from(profiles).where(eq(profiles.id, id)))[0]!.u!;

/** A community with its creator, a moderator, an author and `n` members; the author's post in it. */
async function world(n = 2) {
  const creator = await createMember(t);
  const moderator = await createMember(t);
  const author = await createMember(t);
  const community = await insertCommunity(t, { creatorId: creator.id, name: `Bay Runners ${crypto.randomUUID().slice(0, 6)}` });
  await addMember(t, community, moderator.id, 'moderator');
  await addMember(t, community, author.id);
  const members: TestUser[] = [];
  for (let i = 0; i < n; i++) {
    const m = await createMember(t);
    await addMember(t, community, m.id);
    members.push(m);
  }
  const p = await createPost(t, author, { communityId: community, content: 'Cheap sunglasses, DM me' });
  return { creator, moderator, author, community, members, post: p };
}

describe('POST /api/events/:id/report and /api/locations/:id/report', () => {
  it('who can open the event reports it once (409 after, clear message); never their own; hidden or unknown is 404', async () => {
    const host = await createMember(t);
    const member = await createMember(t);
    const eventId = await insertEvent(t, { createdBy: host.id, title: 'Rooftop party' });
    const first = await post(member, `/api/events/${eventId}/report`, { reason: 'inappropriate', details: '  Looks like a scam  ' });
    expect(first.statusCode, first.body).toBe(201);
    expect(Object.keys(first.json())).toEqual(['id']);
    expect(await reportRow(first.json().id)).toMatchObject({ eventId, reportedUserId: host.id, reporterId: member.id, details: 'Looks like a scam', status: 'open' });
    const again = await post(member, `/api/events/${eventId}/report`, { reason: 'spam' });
    expect(again.statusCode).toBe(409);
    expect(again.json().error.message).toBe(MODERATION_MESSAGES.alreadyReportedEvent);
    const own = await post(host, `/api/events/${eventId}/report`, { reason: 'spam' });
    expect(own.statusCode).toBe(403);
    expect((await post(member, `/api/events/${crypto.randomUUID()}/report`, { reason: 'spam' })).statusCode).toBe(404);
    // A community-only event of a private community: an outsider cannot open it, so cannot report it.
    const community = await insertCommunity(t, { creatorId: host.id, visibility: 'private' });
    const hidden = await insertEvent(t, { createdBy: host.id, communityId: community, visibility: 'community' as never });
    expect((await post(member, `/api/events/${hidden}/report`, { reason: 'spam' })).statusCode).toBe(404);
    // A member the host blocked cannot open it either.
    const blocked = await createMember(t);
    expect((await post(host, '/api/blocks', { userId: blocked.id })).statusCode).toBe(204);
    expect((await post(blocked, `/api/events/${eventId}/report`, { reason: 'spam' })).statusCode).toBe(404);
    // Bad input: per-field messages.
    const bad = await post(member, `/api/events/${eventId}/report`, { reason: 'other' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.fields).toEqual({ details: 'Please tell us what happened' });
  });

  it('an event in a community carries its community; the community moderators see it', async () => {
    const { moderator, community, members, creator } = await world(1);
    const eventId = await insertEvent(t, { createdBy: creator.id, communityId: community, visibility: 'members' });
    const res = await post(members[0]!, `/api/events/${eventId}/report`, { reason: 'spam' });
    expect(res.statusCode).toBe(201);
    expect((await reportRow(res.json().id))!.communityId).toBe(community);
    expect((await queue(moderator, 'type=event')).items.map((i) => i.id)).toEqual([res.json().id]);
  });

  it('places: who can open the place reports it once; deactivated places are 404 to members', async () => {
    const maker = await createMember(t);
    const member = await createMember(t);
    const place = await createTestLocation(db, { createdBy: maker.id, name: 'Shady Bar' });
    const first = await post(member, `/api/locations/${place}/report`, { reason: 'fake_profile' });
    expect(first.statusCode, first.body).toBe(201);
    expect(await reportRow(first.json().id)).toMatchObject({ locationId: place, reportedUserId: maker.id, communityId: null });
    const again = await post(member, `/api/locations/${place}/report`, { reason: 'spam' });
    expect(again.statusCode).toBe(409);
    expect(again.json().error.message).toBe(MODERATION_MESSAGES.alreadyReportedPlace);
    expect((await post(maker, `/api/locations/${place}/report`, { reason: 'spam' })).statusCode).toBe(403);
    const inactive = await createTestLocation(db, { createdBy: maker.id, active: false });
    expect((await post(member, `/api/locations/${inactive}/report`, { reason: 'spam' })).statusCode).toBe(404);
  });

  it('denies applicants and deactivated members; signed out is 401', async () => {
    const host = await createMember(t);
    const eventId = await insertEvent(t, { createdBy: host.id, visibility: 'public' });
    const place = await createTestLocation(db, { createdBy: host.id });
    const pending = await applyAs(t);
    const gone = await createMember(t);
    await deactivate(t, gone.id);
    for (const who of [pending, gone]) {
      expect((await post(who, `/api/events/${eventId}/report`, { reason: 'spam' })).statusCode).toBe(403);
      expect((await post(who, `/api/locations/${place}/report`, { reason: 'spam' })).statusCode).toBe(403);
    }
    expect((await post(null, `/api/events/${eventId}/report`, { reason: 'spam' })).statusCode).toBe(401);
    expect(await db.select().from(reports).where(eq(reports.eventId, eventId))).toEqual([]);
  });
});

describe('GET /api/moderation/reports', () => {
  it('admins and platform moderators see every report; community staff only their communities; everyone else 403', async () => {
    const a = await world(1);
    const b = await world(1);
    const inA = await reportPost(a.members[0]!, a.post.id);
    const inB = await reportPost(b.members[0]!, b.post.id);
    const someone = await createMember(t);
    const memberReport = await post(a.members[0]!, '/api/reports', { userId: someone.id, reason: 'harassment' });
    expect(memberReport.statusCode).toBe(201);
    const admin = await createAdmin(t);
    const platformMod = await createMember(t);
    await grantRole(t, platformMod.id, 'moderator');
    for (const who of [admin, platformMod]) {
      const ids = (await queue(who, 'limit=50')).items.map((i) => i.id);
      expect(ids).toEqual(expect.arrayContaining([inA, inB, memberReport.json().id]));
    }
    // A's moderator and creator: A's report only (not B's, not the member report).
    for (const who of [a.moderator, a.creator]) expect((await queue(who)).items.map((i) => i.id)).toEqual([inA]);
    expect((await queue(b.moderator)).items.map((i) => i.id)).toEqual([inB]);
    // A moderator of A reading B's report: 403.
    const outside = await get(a.moderator, `/api/moderation/reports/${inB}`);
    expect(outside.statusCode).toBe(403);
    expect(outside.json().error.message).toBe(MODERATION_MESSAGES.notYourCommunity);
    // Everyone else.
    const crm = await createMember(t);
    await grantRole(t, crm.id, 'crm_user');
    const limited = await createLimitedMember(t);
    const pending = await applyAs(t);
    const deactivatedMod = await createMember(t);
    await grantRole(t, deactivatedMod.id, 'moderator');
    await deactivate(t, deactivatedMod.id);
    for (const who of [crm, limited, pending, deactivatedMod, a.members[0]!, a.author]) {
      const res = await get(who, '/api/moderation/reports');
      expect(res.statusCode, who.email).toBe(403);
      expect((await get(who, `/api/moderation/reports/${inA}`)).statusCode).toBe(403);
      expect((await act(who, inA, 'dismiss')).statusCode).toBe(403);
    }
    expect((await get(null, '/api/moderation/reports')).statusCode).toBe(401);
    expect((await reportRow(inA))!.status).toBe('open');
  });

  it('a limited member who moderates a community reads its queue; a moderator demoted or banned loses it at once', async () => {
    const w = await world(1);
    const limited = await createLimitedMember(t);
    await addMember(t, w.community, limited.id, 'moderator');
    const id = await reportPost(w.members[0]!, w.post.id);
    expect((await queue(limited)).items.map((i) => i.id)).toEqual([id]);
    await addMember(t, w.community, limited.id, 'member');
    expect((await get(limited, '/api/moderation/reports')).statusCode).toBe(403);
    await addMember(t, w.community, w.moderator.id, 'member', 'banned');
    expect((await act(w.moderator, id, 'dismiss')).statusCode).toBe(403);
    expect((await reportRow(id))!.status).toBe('open');
  });

  it('shows the content in context, the reporter and reason, and other reports on the target and the author', async () => {
    const w = await world(3);
    const first = await reportPost(w.members[0]!, w.post.id);
    await reportPost(w.members[1]!, w.post.id, 'harassment');
    const other = await createPost(t, w.author, { communityId: w.community, content: 'Another one' });
    await reportPost(w.members[2]!, other.id);
    const item = (await get(w.moderator, `/api/moderation/reports/${first}`)).json() as ReportQueueItem;
    expect(item).toMatchObject({
      id: first,
      target: { type: 'post', text: 'Cheap sunglasses, DM me', imageCount: 0, state: 'visible', targetId: w.post.id, postId: w.post.id },
      author: { id: w.author.id },
      reporter: { id: w.members[0]!.id },
      reason: 'spam',
      details: 'Selling sunglasses',
      community: { id: w.community },
      status: 'open',
      resolution: null,
      earlier: { sameTargetCount: 1, sameAuthorCount: 1 },
    });
    expect(item.earlier.sameTarget.map((e) => e.reason)).toEqual(['harassment']);
    expect(item.actions).toEqual(['dismiss', 'remove', 'warn', 'ban']);
    // Filters and keyset pages: open oldest first, each once.
    const all = (await queue(w.moderator, 'limit=50')).items.map((i) => i.id);
    expect(all).toHaveLength(3);
    const paged: string[] = [];
    let cursor: string | null = null;
    do {
      const page: ReportQueuePage = await queue(w.moderator, `limit=1${cursor ? `&cursor=${cursor}` : ''}`);
      paged.push(...page.items.map((i) => i.id));
      cursor = page.nextCursor;
    } while (cursor);
    expect(paged).toEqual(all);
    expect((await queue(w.moderator, 'type=comment')).items).toEqual([]);
    expect((await queue(w.moderator, 'status=resolved')).items).toEqual([]);
    const bad = await get(w.moderator, '/api/moderation/reports?status=closed&type=thing&cursor=zzz');
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().error.fields).sort()).toEqual(['status', 'type']);
    expect((await get(w.moderator, '/api/moderation/reports?cursor=zzz')).statusCode).toBe(400);
  });

  it('blocks do not hide a report from a moderator: the author who blocked them is still moderated', async () => {
    const w = await world(1);
    const id = await reportPost(w.members[0]!, w.post.id);
    expect((await post(w.author, '/api/blocks', { userId: w.moderator.id })).statusCode).toBe(204);
    const item = (await get(w.moderator, `/api/moderation/reports/${id}`)).json() as ReportQueueItem;
    expect(item.author?.id).toBe(w.author.id);
    expect((await act(w.moderator, id, 'warn', 'Keep it friendly')).statusCode).toBe(200);
  });
});

describe('POST /api/moderation/reports/:id/actions', () => {
  it("a community moderator removes a post: hidden, every open report closed, author told why, reporters told, audit written; the reporter's name never reaches the author", async () => {
    const w = await world(2);
    const r1 = await reportPost(w.members[0]!, w.post.id);
    const r2 = await reportPost(w.members[1]!, w.post.id);
    const res = await act(w.moderator, r1, 'remove', 'No selling in this community');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ closed: 2, item: { id: r1, status: 'resolved', resolution: 'removed', actions: [] } });
    const [p] = await db.select().from(posts).where(eq(posts.id, w.post.id));
    expect(p!.hiddenAt).not.toBeNull();
    for (const id of [r1, r2]) expect(await reportRow(id)).toMatchObject({ status: 'reviewed', resolution: 'removed', resolvedBy: w.moderator.id });
    expect((await reportRow(r1))!.resolvedAt).not.toBeNull();
    // The author: one notice with the reason; nothing in it names a reporter.
    const told = await notificationsOf(w.author.id);
    expect(told.map((n) => n.kind)).toEqual(['moderation.removed']);
    const text = JSON.stringify((await get(w.author, '/api/notifications')).json());
    expect(text).toContain('No selling in this community');
    for (const reporter of w.members) {
      expect(text).not.toContain(reporter.id);
      expect(text).not.toContain(await usernameOf(reporter.id));
      expect(JSON.stringify(told)).not.toContain(reporter.id);
      expect((await notificationsOf(reporter.id)).map((n) => n.kind)).toEqual(['moderation.handled']);
    }
    expect((await get(w.members[0]!, '/api/notifications')).json().items[0]).toMatchObject({ title: 'Your report was reviewed' });
    const audit = await auditOf(w.author.id);
    expect(audit).toEqual([
      expect.objectContaining({ action: 'report.remove', actorId: w.moderator.id, targetType: 'post', targetId: w.post.id, communityId: w.community, reason: 'No selling in this community' }),
    ]);
    // The resolved list shows it; a second action is 409.
    expect((await queue(w.moderator, 'status=resolved')).items.map((i) => i.id).sort()).toEqual([r1, r2].sort());
    const again = await act(w.moderator, r2, 'dismiss');
    expect(again.statusCode).toBe(409);
    expect(again.json().error.message).toBe(MODERATION_MESSAGES.alreadyResolved);
  });

  it('refuses a moderator outside their community (403), a non-admin suspend (403), a missing reason (400): nothing written', async () => {
    const a = await world(1);
    const b = await world(1);
    const inB = await reportPost(b.members[0]!, b.post.id);
    const outside = await act(a.moderator, inB, 'remove', 'Not allowed');
    expect(outside.statusCode).toBe(403);
    expect(outside.json().error.message).toBe(MODERATION_MESSAGES.notYourCommunity);
    const suspend = await act(b.moderator, inB, 'suspend', 'Too much');
    expect(suspend.statusCode).toBe(403);
    expect(suspend.json().error.message).toBe(MODERATION_MESSAGES.adminsOnlySuspend);
    const platformMod = await createMember(t);
    await grantRole(t, platformMod.id, 'moderator');
    expect((await act(platformMod, inB, 'suspend', 'Too much')).statusCode).toBe(403);
    const noReason = await act(b.moderator, inB, 'warn');
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json().error.fields).toEqual({ reason: MODERATION_MESSAGES.reasonRequired });
    const badAction = await act(b.moderator, inB, 'explode', 'x');
    expect(badAction.json().error.fields).toEqual({ action: MODERATION_MESSAGES.actionRequired });
    expect((await act(b.moderator, crypto.randomUUID(), 'dismiss')).statusCode).toBe(404);
    expect(await reportRow(inB)).toMatchObject({ status: 'open', resolution: null });
    expect(await auditOf(b.author.id)).toEqual([]);
    expect(await notificationsOf(b.author.id)).toEqual([]);
  });

  it('a refusal half-way through rolls everything back (banning the community creator)', async () => {
    const w = await world(1);
    const creatorPost = await createPost(t, w.creator, { communityId: w.community, content: 'Creator speaks' });
    const id = await reportPost(w.members[0]!, creatorPost.id);
    const item = (await get(w.moderator, `/api/moderation/reports/${id}`)).json() as ReportQueueItem;
    expect(item.actions).toContain('ban');
    const res = await act(w.moderator, id, 'ban', 'Rude');
    expect(res.statusCode).toBe(403);
    expect(await reportRow(id)).toMatchObject({ status: 'open' });
    expect(await notificationsOf(w.creator.id)).toEqual([]);
    expect(await notificationsOf(w.members[0]!.id)).toEqual([]);
    expect(await auditOf(w.creator.id)).toEqual([]);
    expect(await membershipOf(t, w.community, w.creator.id)).toMatchObject({ role: 'creator', status: 'active' });
  });

  it('dismiss shows a post hidden by reports again; warn tells the author; ban bans from the community', async () => {
    const w = await world(3);
    const ids = [];
    for (const m of w.members) ids.push(await reportPost(m, w.post.id));
    expect((await db.select().from(posts).where(eq(posts.id, w.post.id)))[0]!.hiddenAt).not.toBeNull();
    const dismissed = await act(w.moderator, ids[0]!, 'dismiss');
    expect(dismissed.statusCode).toBe(200);
    expect(dismissed.json().closed).toBe(3);
    const [p] = await db.select().from(posts).where(eq(posts.id, w.post.id));
    expect(p).toMatchObject({ hiddenAt: null, reportCount: 0 });
    expect(await reportRow(ids[1]!)).toMatchObject({ status: 'dismissed', resolution: 'dismissed' });
    expect(await notificationsOf(w.author.id)).toEqual([]);
    expect((await auditOf(w.author.id)).map((a) => a.action)).toEqual(['report.dismiss']);

    const second = await createPost(t, w.author, { communityId: w.community, content: 'Again' });
    const warnId = await reportPost(w.members[0]!, second.id);
    expect((await act(w.moderator, warnId, 'warn', 'Last warning')).statusCode).toBe(200);
    expect((await notificationsOf(w.author.id)).map((n) => n.kind)).toEqual(['moderation.warning']);

    const third = await createPost(t, w.author, { communityId: w.community, content: 'And again' });
    const banId = await reportPost(w.members[1]!, third.id);
    const ban = await act(w.moderator, banId, 'ban', 'Repeated spam');
    expect(ban.statusCode, ban.body).toBe(200);
    expect(await membershipOf(t, w.community, w.author.id)).toMatchObject({ status: 'banned' });
    expect((await auditOf(w.author.id)).map((a) => a.action).sort()).toEqual(['member.ban', 'member.warn', 'report.dismiss']);
  });

  it('admins suspend the author; an admin ban is a suspension marked as a ban', async () => {
    const w = await world(2);
    const admin = await createAdmin(t);
    const id = await reportPost(w.members[0]!, w.post.id);
    expect(((await get(admin, `/api/moderation/reports/${id}`)).json() as ReportQueueItem).actions).toEqual(['dismiss', 'remove', 'warn', 'suspend', 'ban']);
    const res = await act(admin, id, 'suspend', 'Scams');
    expect(res.statusCode, res.body).toBe(200);
    const [profile] = await db.select().from(profiles).where(eq(profiles.id, w.author.id));
    expect(profile).toMatchObject({ suspensionReason: 'Scams' });
    expect(profile!.suspendedAt).not.toBeNull();
    expect((await auditOf(w.author.id)).map((a) => a.action)).toEqual(['member.suspend']);
    expect((await get(w.author, '/api/me')).statusCode).toBe(401);

    const other = await world(1);
    const id2 = await reportPost(other.members[0]!, other.post.id);
    expect((await act(admin, id2, 'ban', 'Hate speech')).statusCode).toBe(200);
    const [banned] = await db.select().from(profiles).where(eq(profiles.id, other.author.id));
    expect(banned!.suspensionReason).toBe('Banned: Hate speech');
    expect((await auditOf(other.author.id)).map((a) => a.action).sort()).toEqual(['member.ban', 'member.suspend']);
  });

  it('removes a comment (deleted, with its reports), cancels an event and deactivates a place', async () => {
    const w = await world(1);
    const admin = await createAdmin(t);
    const comment = await post(w.author, `/api/posts/${w.post.id}/comments`, { content: 'Buy now!' });
    expect(comment.statusCode).toBe(201);
    const commentId = comment.json().id as string;
    const rc = await post(w.members[0]!, `/api/comments/${commentId}/report`, { reason: 'spam' });
    expect(rc.statusCode).toBe(201);
    const item = (await get(w.moderator, `/api/moderation/reports/${rc.json().id}`)).json() as ReportQueueItem;
    expect(item.target).toMatchObject({ type: 'comment', text: 'Buy now!', postId: w.post.id });
    const removed = await act(w.moderator, rc.json().id, 'remove', 'Spam');
    expect(removed.statusCode, removed.body).toBe(200);
    expect(removed.json()).toEqual({ item: null, closed: 1 });
    expect(await db.select().from(postComments).where(eq(postComments.id, commentId))).toEqual([]);
    expect((await notificationsOf(w.members[0]!.id)).map((n) => n.kind)).toEqual(['moderation.handled']);

    const goer = await createMember(t);
    const eventId = await insertEvent(t, { createdBy: w.author.id, title: 'Fake gala', communityId: w.community });
    await register(t, eventId, goer.id);
    const re = await post(w.members[0]!, `/api/events/${eventId}/report`, { reason: 'spam' });
    const ev = await act(w.moderator, re.json().id, 'remove', 'Not a real event');
    expect(ev.statusCode, ev.body).toBe(200);
    expect(ev.json().item.target).toMatchObject({ type: 'event', eventTitle: 'Fake gala', state: 'cancelled' });
    expect((await db.select().from(events).where(eq(events.id, eventId)))[0]!.status).toBe('cancelled');
    expect((await notificationsOf(goer.id)).map((n) => n.kind)).toEqual(['events.cancelled']);

    const place = await createTestLocation(db, { createdBy: w.author.id, name: 'Nowhere Bar' });
    const rp = await post(w.members[0]!, `/api/locations/${place}/report`, { reason: 'fake_profile' });
    // Places have no community: its moderators do not see it, platform staff do.
    expect((await get(w.moderator, `/api/moderation/reports/${rp.json().id}`)).statusCode).toBe(403);
    const pl = await act(admin, rp.json().id, 'remove', 'Does not exist');
    expect(pl.statusCode, pl.body).toBe(200);
    expect((await db.select().from(locations).where(eq(locations.id, place)))[0]!.active).toBe(false);
    const actions = (await db.select().from(auditLog).where(and(eq(auditLog.memberId, w.author.id), eq(auditLog.action, 'report.remove')))).map((a) => a.targetType);
    expect(actions.sort()).toEqual(['comment', 'event', 'location']);
    // The place is gone for members now: no new report on it.
    expect((await post(w.members[0]!, `/api/locations/${place}/report`, { reason: 'spam' })).statusCode).toBe(404);
  });

  it('two moderators acting at once act once', async () => {
    const w = await world(1);
    await addMember(t, w.community, (await createMember(t)).id);
    const id = await reportPost(w.members[0]!, w.post.id);
    const [x, y] = await Promise.all([act(w.moderator, id, 'warn', 'One'), act(w.creator, id, 'warn', 'Two')]);
    expect([x.statusCode, y.statusCode].sort()).toEqual([200, 409]);
    expect(await notificationsOf(w.author.id)).toHaveLength(1);
    expect((await auditOf(w.author.id)).map((a) => a.action)).toEqual(['member.warn']);
  });
});
