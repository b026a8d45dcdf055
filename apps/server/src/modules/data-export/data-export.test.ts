import { strFromU8, unzipSync } from 'fflate';
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it, vi } from 'vitest';
import { DATA_EXPORT_MESSAGES, type DataExportView } from '@bayclub/shared';
import { dataExports } from '../../db/schema/index.js';
import { register, insertEvent } from '../../test/calendar-fixtures.js';
import { buildTestApp, createLimitedMember, createMember, deactivate, applyAs, injectAs, mailTo, type TestUser } from '../../test/helpers.js';
import { matchAndOpen, sendMessage } from '../../test/social.js';
import { createPost, uploadPostImage } from '../posts/post-fixtures.js';
import { createDataExportService } from './service.js';

const t = await buildTestApp();
const member = await createMember(t);
const other = await createMember(t);

const status = async (who: TestUser) => (await injectAs(t, who, { method: 'GET', url: '/api/account/export' })).json() as DataExportView;
const ask = (who: TestUser | null) => injectAs(t, who, { method: 'POST', url: '/api/account/export' });
const download = (who: TestUser | null) => injectAs(t, who, { method: 'GET', url: '/api/account/export/download' });
const untilDone = (who: TestUser) =>
  vi.waitFor(
    async () => {
      const s = await status(who);
      if (s.status === 'preparing') throw new Error('still preparing');
      return s;
    },
    { timeout: 15_000, interval: 50 },
  );
const unzip = (body: Buffer) => unzipSync(new Uint8Array(body));
const jsonIn = (files: Record<string, Uint8Array>, name: string) => JSON.parse(strFromU8(files[name]!)) as unknown;

describe('download your data', () => {
  it('prepares an archive of what the member gave and did, mails them, and serves it to them only', async () => {
    // The member's traces: a post with a photo, a comment, a message, an RSVP.
    const image = await uploadPostImage(t, member);
    const myPost = await createPost(t, member, { content: 'Sunset at Pass-a-Grille', imageKeys: [image.key] });
    const theirPost = await createPost(t, other, { content: 'Their own words' });
    const comment = await injectAs(t, member, { method: 'POST', url: `/api/posts/${theirPost.id}/comments`, payload: { content: 'Lovely!' } });
    expect(comment.statusCode, comment.body).toBe(201);
    const { conversationId } = await matchAndOpen(t, member, other);
    expect((await sendMessage(t, member, conversationId, 'See you at the pier')).statusCode).toBe(201);
    expect((await sendMessage(t, other, conversationId, 'Their reply stays theirs')).statusCode).toBe(201);
    const eventId = await insertEvent(t, { createdBy: other.id, title: 'Kayak at Weedon Island' });
    await register(t, eventId, member.id);

    expect(await status(member)).toMatchObject({ status: 'none', nextRequestAt: null });
    const mailsBefore = t.mails.length;
    const res = await ask(member);
    expect(res.statusCode, res.body).toBe(202);
    expect(res.json()).toMatchObject({ status: 'preparing' });
    const done = await untilDone(member);
    expect(done).toMatchObject({ status: 'ready' });
    expect(done.sizeBytes).toBeGreaterThan(0);
    expect(new Date(done.expiresAt!).getTime() - Date.now()).toBeGreaterThan(6.9 * 24 * 3600 * 1000);
    expect(done.nextRequestAt).not.toBeNull();

    const mail = await mailTo(t, member.email, mailsBefore);
    expect(mail.subject).toMatch(/data is ready/);
    expect(mail.text).toContain('/profile?settings=security');

    const file = await download(member);
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('application/zip');
    expect(file.headers['content-disposition']).toMatch(/^attachment; filename="bay-club-data-\d{4}-\d{2}-\d{2}\.zip"$/);
    expect(file.headers['cache-control']).toBe('private, no-store');
    const files = unzip(file.rawPayload);
    expect(Object.keys(files)).toEqual(
      expect.arrayContaining(['README.txt', 'account.json', 'posts.json', 'comments.json', 'messages.json', 'rsvps.json', 'check-ins.json', 'payments.json']),
    );
    expect(jsonIn(files, 'account.json')).toMatchObject({ account: { email: member.email }, profile: { username: expect.any(String) } });
    const posts = jsonIn(files, 'posts.json') as Array<{ content: string; photos: string[] }>;
    expect(posts.map((p) => p.content)).toEqual(['Sunset at Pass-a-Grille']);
    expect(posts[0]!.photos).toHaveLength(1);
    expect(files[posts[0]!.photos[0]!]?.byteLength).toBeGreaterThan(0);
    expect(jsonIn(files, 'comments.json')).toMatchObject([{ postId: theirPost.id, content: 'Lovely!' }]);
    // Only what the member sent: the other side's words are theirs.
    expect((jsonIn(files, 'messages.json') as Array<{ content: string }>).map((m) => m.content)).toEqual(['See you at the pier']);
    expect(jsonIn(files, 'rsvps.json')).toMatchObject([{ event: 'Kayak at Weedon Island', status: 'going' }]);
    // Nothing of the other member's post, nor any secret of the account.
    const everything = Object.values(files).map((f) => Buffer.from(f).toString('latin1')).join('\n');
    expect(everything).not.toContain('Their own words');
    expect(everything).not.toContain('Their reply stays theirs');
    expect(everything).not.toMatch(/password|ticket_?code|checkout/i);
    expect(myPost.id).toBeTruthy();

    // Another member has no archive and cannot reach this one; the file is never served under /media.
    expect((await download(other)).statusCode).toBe(404);
    const [row] = await t.ctx.database.db.select().from(dataExports).where(eq(dataExports.userId, member.id));
    expect((await injectAs(t, member, { method: 'GET', url: `/media/data-exports/${row!.storageKey}` })).statusCode).toBe(404);
    expect((await download(null)).statusCode).toBe(401);
  });

  it('at most one a day: a second request is a 429 with the reason, and nothing new is written', async () => {
    const before = await t.ctx.database.db.$count(dataExports);
    const res = await ask(member);
    expect(res.statusCode).toBe(429);
    expect(res.json().error.message).toBe(DATA_EXPORT_MESSAGES.tooSoon);
    expect(await t.ctx.database.db.$count(dataExports)).toBe(before);
  });

  it('an archive past its time is deleted by the sweep and cannot be downloaded; a new one may be asked for', async () => {
    await t.ctx.database.db.execute(
      sql`update data_exports set expires_at = now() - interval '1 minute', created_at = now() - interval '2 days' where user_id = ${member.id}`,
    );
    expect(await status(member)).toMatchObject({ status: 'expired', sizeBytes: null, nextRequestAt: null });
    expect((await download(member)).statusCode).toBe(404);
    const [row] = await t.ctx.database.db.select().from(dataExports).where(eq(dataExports.userId, member.id));
    expect(await t.ctx.storage.exists('data-exports', row!.storageKey!)).toBe(true);
    // The sweep's work, as the hourly job runs it.
    await createDataExportService(t.ctx).sweep();
    expect(await t.ctx.storage.exists('data-exports', row!.storageKey!)).toBe(false);
    expect((await t.ctx.database.db.select().from(dataExports).where(eq(dataExports.id, row!.id)))[0]).toMatchObject({ status: 'expired', storageKey: null });
    expect((await ask(member)).statusCode).toBe(202);
    expect(await untilDone(member)).toMatchObject({ status: 'ready' });
  });

  it('an applicant, a limited member and a deactivated member have their data too; visitors 401', async () => {
    const applicant = await applyAs(t);
    const limited = await createLimitedMember(t);
    const hidden = await createMember(t);
    await deactivate(t, hidden.id);
    for (const who of [applicant, limited, hidden]) {
      expect((await ask(who)).statusCode).toBe(202);
      expect(await untilDone(who)).toMatchObject({ status: 'ready' });
      const files = unzip((await download(who)).rawPayload);
      expect(jsonIn(files, 'account.json')).toMatchObject({ account: { email: who.email } });
    }
    expect((await ask(null)).statusCode).toBe(401);
    expect((await injectAs(t, null, { method: 'GET', url: '/api/account/export' })).statusCode).toBe(401);
  });

  it('deleting the account deletes its archives', async () => {
    const leaving = await createMember(t);
    expect((await ask(leaving)).statusCode).toBe(202);
    await untilDone(leaving);
    const [row] = await t.ctx.database.db.select().from(dataExports).where(eq(dataExports.userId, leaving.id));
    const res = await injectAs(t, leaving, { method: 'POST', url: '/api/account/delete', payload: { confirmation: 'DELETE' } });
    expect(res.statusCode, res.body).toBe(200);
    expect(await t.ctx.storage.exists('data-exports', row!.storageKey!)).toBe(false);
    expect(await t.ctx.database.db.$count(dataExports, eq(dataExports.userId, leaving.id))).toBe(0);
  });
});
