import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { ModerationServerEvent } from '@bayclub/shared';
import { profiles } from '../../db/schema/index.js';
import { buildTestApp, createAdmin, createMember, deactivate, grantRole, injectAs, type TestApp } from '../../test/helpers.js';
import { insertEvent } from '../../test/calendar-fixtures.js';
import { addMember, insertCommunity } from '../../test/communities.js';
import { socketPool, type TestSocket } from '../../test/socket-client.js';
import { createTestLocation } from '../locations/location-fixtures.js';
import { createPost } from '../posts/post-fixtures.js';

let t: TestApp;
let base: string;
const sockets = socketPool(() => base);
const open = sockets.open;
const queueEvents = (s: TestSocket, reportId: string) =>
  s.events.filter((e) => e.type === 'moderation:queue' && (e as ModerationServerEvent).reportId === reportId) as ModerationServerEvent[];

beforeAll(async () => {
  t = await buildTestApp();
  base = await t.app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(() => sockets.closeAll());

/** Let any stray delivery arrive before asserting that none came. */
const settle = () => new Promise((r) => setTimeout(r, 300));

/**
 * Suspended as a session cached elsewhere would still see it: the row only, the socket stays open (suspending through
 * modules/admin ends the sessions too, which would prove nothing about who the delivery picks).
 */
const suspendRow = (userId: string) => t.ctx.database.db.update(profiles).set({ suspendedAt: new Date(), suspensionReason: 'Test' }).where(eq(profiles.id, userId));

describe('moderation:queue reaches exactly the moderators whose queue shows the report', () => {
  it("a post report: the admin, a platform moderator and the community's staff hear it, filed and resolved; the reporter, the author, another community's moderator, a member, a blocked member, a deactivated moderator and a suspended one do not", async () => {
    const admin = await createAdmin(t);
    const platformModerator = await createMember(t);
    await grantRole(t, platformModerator.id, 'moderator');
    const suspended = await createMember(t);
    await grantRole(t, suspended.id, 'moderator');
    const blocked = await createMember(t);
    const [creator, moderator, author, reporter, member, otherModerator, gone] = await Promise.all(
      Array.from({ length: 7 }, () => createMember(t)),
    );
    const community = await insertCommunity(t, { creatorId: creator.id, name: `Queue Club ${crypto.randomUUID().slice(0, 6)}` });
    await addMember(t, community, moderator.id, 'moderator');
    await addMember(t, community, gone.id, 'moderator');
    for (const m of [author, reporter, member, blocked]) await addMember(t, community, m.id);
    expect((await injectAs(t, reporter, { method: 'POST', url: '/api/blocks', payload: { userId: blocked.id } })).statusCode).toBe(204);
    const other = await insertCommunity(t, { creatorId: otherModerator.id, name: `Other Club ${crypto.randomUUID().slice(0, 6)}` });
    expect(other).toBeTruthy();
    const postId = (await createPost(t, author, { communityId: community, content: 'Cheap sunglasses, DM me' })).id;

    const listeners = {
      admin: await open(admin),
      platformModerator: await open(platformModerator),
      creator: await open(creator),
      moderator: await open(moderator),
      reporter: await open(reporter),
      author: await open(author),
      member: await open(member),
      otherModerator: await open(otherModerator),
      gone: await open(gone),
      suspended: await open(suspended),
      blocked: await open(blocked),
    };
    await deactivate(t, gone.id);
    await suspendRow(suspended.id);

    const filed = await injectAs(t, reporter, { method: 'POST', url: `/api/posts/${postId}/report`, payload: { reason: 'spam' } });
    expect(filed.statusCode, filed.body).toBe(201);
    const reportId = filed.json().id as string;
    for (const s of [listeners.admin, listeners.platformModerator, listeners.creator, listeners.moderator]) {
      expect(await s.next('moderation:queue', (e) => e.reportId === reportId)).toEqual({ type: 'moderation:queue', reportId, change: 'new' });
    }

    const acted = await injectAs(t, moderator, { method: 'POST', url: `/api/moderation/reports/${reportId}/actions`, payload: { action: 'dismiss' } });
    expect(acted.statusCode, acted.body).toBe(200);
    for (const s of [listeners.admin, listeners.creator, listeners.platformModerator]) {
      await s.next('moderation:queue', (e) => e.reportId === reportId && e.change === 'resolved');
    }

    await settle();
    for (const s of [listeners.reporter, listeners.author, listeners.member, listeners.otherModerator, listeners.gone, listeners.suspended, listeners.blocked]) {
      expect(queueEvents(s, reportId)).toEqual([]);
    }
  });

  it('a member report (no community) reaches admins and platform moderators only, not community staff', async () => {
    const admin = await createAdmin(t);
    const [creator, reporter, reported] = await Promise.all([createMember(t), createMember(t), createMember(t)]);
    await insertCommunity(t, { creatorId: creator.id, name: `Staff Club ${crypto.randomUUID().slice(0, 6)}` });
    const [sa, sc] = [await open(admin), await open(creator)];
    const filed = await injectAs(t, reporter, { method: 'POST', url: '/api/reports', payload: { userId: reported.id, reason: 'harassment' } });
    expect(filed.statusCode, filed.body).toBe(201);
    const reportId = filed.json().id as string;
    await sa.next('moderation:queue', (e) => e.reportId === reportId);
    await settle();
    expect(queueEvents(sc, reportId)).toEqual([]);
  });

  it('never to the reporter or the author, even when they moderate: an admin reports a community moderator’s post', async () => {
    const [reportingAdmin, otherAdmin] = [await createAdmin(t), await createAdmin(t)];
    const [creator, authorModerator] = await Promise.all([createMember(t), createMember(t)]);
    const community = await insertCommunity(t, { creatorId: creator.id, name: `Staff Post Club ${crypto.randomUUID().slice(0, 6)}` });
    await addMember(t, community, authorModerator.id, 'moderator');
    const postId = (await createPost(t, authorModerator, { communityId: community, content: 'Moderator selling sunglasses' })).id;
    const [sReporter, sAuthor, sOther, sCreator] = [await open(reportingAdmin), await open(authorModerator), await open(otherAdmin), await open(creator)];

    const filed = await injectAs(t, reportingAdmin, { method: 'POST', url: `/api/posts/${postId}/report`, payload: { reason: 'spam' } });
    expect(filed.statusCode, filed.body).toBe(201);
    const reportId = filed.json().id as string;
    for (const s of [sOther, sCreator]) await s.next('moderation:queue', (e) => e.reportId === reportId && e.change === 'new');

    const acted = await injectAs(t, creator, { method: 'POST', url: `/api/moderation/reports/${reportId}/actions`, payload: { action: 'warn', reason: 'No selling' } });
    expect(acted.statusCode, acted.body).toBe(200);
    await sOther.next('moderation:queue', (e) => e.reportId === reportId && e.change === 'resolved');
    await settle();
    expect(queueEvents(sReporter, reportId)).toEqual([]);
    expect(queueEvents(sAuthor, reportId)).toEqual([]);
  });

  it("every target is announced: a comment and an event in a community reach its moderator; a place (no community) only the platform's staff", async () => {
    const admin = await createAdmin(t);
    const [creator, moderator, author, reporter] = await Promise.all(Array.from({ length: 4 }, () => createMember(t)));
    const community = await insertCommunity(t, { creatorId: creator.id, name: `Target Club ${crypto.randomUUID().slice(0, 6)}` });
    await addMember(t, community, moderator.id, 'moderator');
    for (const m of [author, reporter]) await addMember(t, community, m.id);
    const postId = (await createPost(t, author, { communityId: community, content: 'A fine post' })).id;
    const comment = await injectAs(t, author, { method: 'POST', url: `/api/posts/${postId}/comments`, payload: { content: 'Buy now!' } });
    expect(comment.statusCode, comment.body).toBe(201);
    const eventId = await insertEvent(t, { createdBy: author.id, title: 'Fake gala', communityId: community });
    const placeId = await createTestLocation(t.ctx.database.db, { createdBy: author.id, name: 'Nowhere Bar' });
    const [sa, sm] = [await open(admin), await open(moderator)];

    const file = async (url: string, reason = 'spam') => {
      const res = await injectAs(t, reporter, { method: 'POST', url, payload: { reason } });
      expect(res.statusCode, res.body).toBe(201);
      return res.json().id as string;
    };
    const commentReport = await file(`/api/comments/${comment.json().id}/report`);
    const eventReport = await file(`/api/events/${eventId}/report`);
    const placeReport = await file(`/api/locations/${placeId}/report`, 'fake_profile');
    for (const id of [commentReport, eventReport, placeReport]) await sa.next('moderation:queue', (e) => e.reportId === id && e.change === 'new');
    for (const id of [commentReport, eventReport]) await sm.next('moderation:queue', (e) => e.reportId === id && e.change === 'new');

    // Removing the comment deletes it with its reports: the 'resolved' still goes out (to the staff alone).
    const removed = await injectAs(t, moderator, { method: 'POST', url: `/api/moderation/reports/${commentReport}/actions`, payload: { action: 'remove', reason: 'Spam' } });
    expect(removed.statusCode, removed.body).toBe(200);
    await sa.next('moderation:queue', (e) => e.reportId === commentReport && e.change === 'resolved');
    await settle();
    expect(queueEvents(sm, placeReport)).toEqual([]);
  });
});
