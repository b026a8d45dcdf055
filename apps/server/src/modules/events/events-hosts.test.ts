import { describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { EVENT_MESSAGES, flagSettingKey, type AttendeeView, type EventView } from '@bayclub/shared';
import {
  applyAs,
  buildTestApp,
  createAdmin,
  createLimitedMember,
  createMember,
  deactivate,
  injectAs,
  setSettings,
  type TestUser,
} from '../../test/helpers.js';
import { file, upload } from '../../test/multipart.js';
import { fakeJpegHtml, photo } from '../../test/image-fixtures.js';
import { eventHosts, eventRegistrations, events, storageDeletions } from '../../db/schema/index.js';
import { createTestEvent, registerForTest } from './event-fixtures.js';

const t = await buildTestApp();
const db = t.ctx.database.db;
const storage = t.ctx.storage;

const get = (who: TestUser | null, url: string) => injectAs(t, who, { method: 'GET', url });
const put = (who: TestUser | null, url: string, payload: object) => injectAs(t, who, { method: 'PUT', url, payload });
const del = (who: TestUser | null, url: string) => injectAs(t, who, { method: 'DELETE', url });
const block = (a: TestUser, b: TestUser) => injectAs(t, a, { method: 'POST', url: '/api/blocks', payload: { userId: b.id } });
const mediaKey = (url: string) => url.replace('/media/post-images/', '');

describe('PUT/DELETE /api/events/:id/hosts/:userId', () => {
  it('the creator adds a co-host and a door helper, changes a role and removes one; the answer is the EventView', async () => {
    const creator = await createMember(t);
    const cohost = await createMember(t);
    const door = await createMember(t);
    const id = await createTestEvent(db, { createdBy: creator.id });
    const added = await put(creator, `/api/events/${id}/hosts/${cohost.id}`, { role: 'host' });
    expect(added.statusCode, added.body).toBe(200);
    await put(creator, `/api/events/${id}/hosts/${door.id}`, { role: 'door' });
    const e = (await get(creator, `/api/events/${id}`)).json() as EventView;
    expect(e.hosts.map((h) => [h.id, h.role])).toEqual([
      [creator.id, 'host'],
      [cohost.id, 'host'],
      [door.id, 'door'],
    ]);
    // A co-host edits; a door helper checks in but does not edit.
    expect((await get(cohost, `/api/events/${id}`)).json().permissions).toMatchObject({ canEdit: true, canCheckIn: true });
    expect((await get(door, `/api/events/${id}`)).json().permissions).toMatchObject({ canEdit: false, canCheckIn: true });
    const demoted = (await put(creator, `/api/events/${id}/hosts/${cohost.id}`, { role: 'door' })).json() as EventView;
    expect(demoted.hosts.find((h) => h.id === cohost.id)?.role).toBe('door');
    const removed = await del(creator, `/api/events/${id}/hosts/${door.id}`);
    expect(removed.statusCode).toBe(200);
    expect((removed.json() as EventView).hosts.map((h) => h.id)).toEqual([creator.id, cohost.id]);
  });

  it('the creator cannot be added or removed (400); unknown, applicant, deactivated or blocked members: 404; at most 10', async () => {
    const creator = await createMember(t);
    const id = await createTestEvent(db, { createdBy: creator.id });
    const self = await put(creator, `/api/events/${id}/hosts/${creator.id}`, { role: 'door' });
    expect(self.statusCode).toBe(400);
    expect(self.json().error.fields).toEqual({ userId: EVENT_MESSAGES.creatorIsHost });
    expect((await del(creator, `/api/events/${id}/hosts/${creator.id}`)).statusCode).toBe(400);
    const gone = await createMember(t);
    await deactivate(t, gone.id);
    const blocker = await createMember(t);
    await block(blocker, creator);
    for (const userId of [crypto.randomUUID(), (await applyAs(t)).id, gone.id, blocker.id]) {
      const res = await put(creator, `/api/events/${id}/hosts/${userId}`, { role: 'host' });
      expect(res.statusCode).toBe(404);
      expect(res.json().error.message).toBe(EVENT_MESSAGES.hostNotFound);
    }
    const ten = await Promise.all(Array.from({ length: 10 }, () => createMember(t)));
    for (const m of ten) expect((await put(creator, `/api/events/${id}/hosts/${m.id}`, { role: 'door' })).statusCode).toBe(200);
    // Changing the role of one of the ten is fine; an eleventh is not.
    expect((await put(creator, `/api/events/${id}/hosts/${ten[0]!.id}`, { role: 'host' })).statusCode).toBe(200);
    const eleventh = await put(creator, `/api/events/${id}/hosts/${(await createMember(t)).id}`, { role: 'host' });
    expect(eleventh.statusCode).toBe(400);
    expect(eleventh.json().error.fields).toEqual({ userId: EVENT_MESSAGES.tooManyHosts });
    expect(await db.select().from(eventHosts).where(eq(eventHosts.eventId, id))).toHaveLength(10);
    expect((await put(creator, `/api/events/${id}/hosts/${crypto.randomUUID()}`, { role: 'boss' })).statusCode).toBe(400);
  });

  it('co-hosts, other members: 403; members who cannot see it: 404; admins may; a limited door helper needs scan_qr_codes', async () => {
    const creator = await createMember(t);
    const cohost = await createMember(t);
    const other = await createMember(t);
    const limited = await createLimitedMember(t);
    const id = await createTestEvent(db, { createdBy: creator.id, hosts: [{ userId: cohost.id }] });
    const target = await createMember(t);
    expect((await put(cohost, `/api/events/${id}/hosts/${target.id}`, { role: 'host' })).statusCode).toBe(403);
    expect((await put(other, `/api/events/${id}/hosts/${target.id}`, { role: 'host' })).statusCode).toBe(403);
    expect((await put(null, `/api/events/${id}/hosts/${target.id}`, { role: 'host' })).statusCode).toBe(401);
    expect((await put(await applyAs(t), `/api/events/${id}/hosts/${target.id}`, { role: 'host' })).statusCode).toBe(403);
    await block(other, creator);
    expect((await put(other, `/api/events/${id}/hosts/${target.id}`, { role: 'host' })).statusCode).toBe(404);
    expect((await put(await createAdmin(t), `/api/events/${id}/hosts/${limited.id}`, { role: 'door' })).statusCode).toBe(200);
    await setSettings(t, { [flagSettingKey('scan_qr_codes')]: 'false' });
    expect((await get(limited, `/api/events/${id}`)).json().permissions.canCheckIn).toBe(false);
    await setSettings(t, { [flagSettingKey('scan_qr_codes')]: 'true' });
    expect((await get(limited, `/api/events/${id}`)).json().permissions.canCheckIn).toBe(true);
  });
});

describe('GET /api/events/:id/attendees', () => {
  it('going newest first for members who see it; the waitlist first come first served for hosts; keyset; blocked and deactivated left out', async () => {
    const host = await createMember(t);
    const me = await createMember(t);
    const id = await createTestEvent(db, { createdBy: host.id, capacity: 100 });
    const going = await Promise.all(Array.from({ length: 5 }, () => createMember(t)));
    const base = Date.parse('2030-01-01T10:00:00Z');
    for (const [i, m] of going.entries()) await registerForTest(db, id, m.id, { guests: i % 2, createdAt: new Date(base + (i < 3 ? 0 : i) * 1000), checkedInAt: i === 0 ? new Date() : null });
    const waiting = await Promise.all(Array.from({ length: 3 }, () => createMember(t)));
    for (const [i, m] of waiting.entries()) await registerForTest(db, id, m.id, { status: 'waitlisted', waitlistedAt: new Date(base + i * 1000) });
    await deactivate(t, going[4]!.id);
    await block(me, going[3]!);

    const walk = async (who: TestUser, status: string, limit: number) => {
      const all: AttendeeView[] = [];
      let cursor: string | null = null;
      for (let guard = 0; guard < 20; guard++) {
        const res = await get(who, `/api/events/${id}/attendees?status=${status}&limit=${limit}${cursor ? `&cursor=${cursor}` : ''}`);
        expect(res.statusCode, res.body).toBe(200);
        all.push(...res.json().items);
        cursor = res.json().nextCursor;
        if (!cursor) return all;
      }
      throw new Error('too many pages');
    };
    const mine = await walk(me, 'going', 1);
    // The creator heads who's going (decision 025).
    expect(mine.map((a) => a.member.id).sort()).toEqual([host.id, going[0]!.id, going[1]!.id, going[2]!.id].sort());
    expect(mine[0]).toMatchObject({ isHost: true, member: { id: host.id }, guests: 0 });
    expect(mine.every((a) => a.checkedInAt === null)).toBe(true);
    const hosts = await walk(host, 'going', 2);
    expect(hosts.map((a) => a.member.id).slice(0, 2)).toEqual([host.id, going[3]!.id]);
    expect(hosts).toHaveLength(5);
    expect(hosts.find((a) => a.member.id === going[0]!.id)?.checkedInAt).not.toBeNull();
    expect(Object.keys(hosts[0]!).sort()).toEqual(['checkedInAt', 'guests', 'isHost', 'member', 'status']);
    expect((await walk(host, 'waitlisted', 2)).map((a) => a.member.id)).toEqual(waiting.map((w) => w.id));
    const refused = await get(me, `/api/events/${id}/attendees?status=waitlisted`);
    expect(refused.statusCode).toBe(403);
    expect((await get(await applyAs(t), `/api/events/${id}/attendees`)).statusCode).toBe(403);
    expect((await get(null, `/api/events/${id}/attendees`)).statusCode).toBe(401);
    const stranger = await createMember(t);
    await block(host, stranger);
    expect((await get(stranger, `/api/events/${id}/attendees`)).statusCode).toBe(404);
    expect((await get(me, `/api/events/${id}/attendees?status=maybe`)).statusCode).toBe(400);
    expect((await get(me, `/api/events/${id}/attendees?cursor=bogus`)).statusCode).toBe(400);
  });
});

describe('POST /api/events/:id/cover', () => {
  it('hosts upload a re-encoded cover under events/{id}/, public to visitors; a new one removes the old files', async () => {
    const host = await createMember(t);
    const id = await createTestEvent(db, { createdBy: host.id, visibility: 'public' });
    const jpeg = await photo(64, 48);
    const res = await upload(t, host, `/api/events/${id}/cover`, [file(jpeg)]);
    expect(res.statusCode, res.body).toBe(200);
    const first: string = res.json().coverUrl;
    expect(first).toMatch(new RegExp(`^/media/post-images/events/${id}/\\d+-cover\\.webp$`));
    for (const suffix of ['', '-480', '-160']) expect(await storage.exists('post-images', mediaKey(first).replace('.webp', `${suffix}.webp`))).toBe(true);
    expect((await injectAs(t, null, { method: 'GET', url: first })).statusCode).toBe(200);
    expect((await get(null, '/api/events?limit=50')).json().items.find((e: { id: string }) => e.id === id).coverUrl).toBe(first);
    await new Promise((r) => setTimeout(r, 2));
    const second: string = (await upload(t, host, `/api/events/${id}/cover`, [file(jpeg)])).json().coverUrl;
    expect(second).not.toBe(first);
    await expect.poll(() => storage.exists('post-images', mediaKey(first))).toBe(false);
    expect(await db.select().from(storageDeletions)).toEqual([]);
    const [row] = await db.select().from(events).where(eq(events.id, id));
    expect(row!.sequence).toBe(0);
  });

  it('other members: 403; visitors 401; non-images 400 fields.file; a cancelled event 409; nothing stored', async () => {
    const host = await createMember(t);
    const id = await createTestEvent(db, { createdBy: host.id });
    const jpeg = await photo(32, 32);
    expect((await upload(t, await createMember(t), `/api/events/${id}/cover`, [file(jpeg)])).statusCode).toBe(403);
    expect((await upload(t, null, `/api/events/${id}/cover`, [file(jpeg)])).statusCode).toBe(401);
    const html = await upload(t, host, `/api/events/${id}/cover`, [file(fakeJpegHtml())]);
    expect(html.statusCode).toBe(400);
    expect(Object.keys(html.json().error.fields)).toEqual(['file']);
    expect((await upload(t, host, `/api/events/${id}/cover`, [])).json().error.fields).toEqual({ file: EVENT_MESSAGES.imageMissing });
    await db.execute(sql`update ${events} set status = 'cancelled' where id = ${id}::uuid`);
    expect((await upload(t, host, `/api/events/${id}/cover`, [file(jpeg)])).statusCode).toBe(409);
    expect(await storage.list('post-images', `events/${id}/`)).toEqual([]);
    expect((await upload(t, host, `/api/events/${crypto.randomUUID()}/cover`, [file(jpeg)])).statusCode).toBe(404);
    // Registrations untouched by any of it.
    expect(await db.select().from(eventRegistrations).where(eq(eventRegistrations.eventId, id))).toEqual([]);
  });
});
