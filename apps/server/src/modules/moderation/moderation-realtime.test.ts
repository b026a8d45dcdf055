import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ModerationServerEvent } from '@bayclub/shared';
import { buildTestApp, createAdmin, createMember, deactivate, grantRole, injectAs, type TestApp } from '../../test/helpers.js';
import { addMember, insertCommunity } from '../../test/communities.js';
import { socketPool, type TestSocket } from '../../test/socket-client.js';
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

describe('moderation:queue reaches exactly the moderators whose queue shows the report', () => {
  it("a post report: the admin, a platform moderator and the community's staff hear it, filed and resolved; the reporter, the author, another community's moderator, a member and a deactivated moderator do not", async () => {
    const admin = await createAdmin(t);
    const platformModerator = await createMember(t);
    await grantRole(t, platformModerator.id, 'moderator');
    const [creator, moderator, author, reporter, member, otherModerator, gone] = await Promise.all(
      Array.from({ length: 7 }, () => createMember(t)),
    );
    const community = await insertCommunity(t, { creatorId: creator.id, name: `Queue Club ${crypto.randomUUID().slice(0, 6)}` });
    await addMember(t, community, moderator.id, 'moderator');
    await addMember(t, community, gone.id, 'moderator');
    for (const m of [author, reporter, member]) await addMember(t, community, m.id);
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
    };
    await deactivate(t, gone.id);

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

    await new Promise((r) => setTimeout(r, 300));
    for (const s of [listeners.reporter, listeners.author, listeners.member, listeners.otherModerator, listeners.gone]) {
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
    await new Promise((r) => setTimeout(r, 300));
    expect(queueEvents(sc, reportId)).toEqual([]);
  });
});
