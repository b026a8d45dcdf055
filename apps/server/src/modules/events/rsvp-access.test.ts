import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import {
  applyAs,
  buildTestApp,
  createLimitedMember,
  createMember,
  createRejectedApplicant,
  deactivate,
  injectAs,
  type TestApp,
  type TestUser,
} from '../../test/helpers.js';
import { socketPool } from '../../test/socket-client.js';
import { blocks, eventRegistrations, notifications } from '../../db/schema/index.js';
import { createTestEvent, registerForTest } from './event-fixtures.js';
import { renderedNotifications } from '../notifications/notification-fixtures.js';

let t: TestApp;
let base: string;
const sockets = socketPool(() => base);
const open = sockets.open;

beforeAll(async () => {
  t = await buildTestApp();
  base = await t.app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(() => sockets.closeAll());

/** Every RSVP and door route, as a caller would send it. */
const calls = (eventId: string) => [
  { method: 'PUT' as const, url: `/api/events/${eventId}/rsvp`, payload: { status: 'going', guests: 0 } },
  { method: 'GET' as const, url: `/api/events/${eventId}/ticket` },
  { method: 'POST' as const, url: `/api/events/${eventId}/check-ins`, payload: { code: 'ACDEFG' } },
  { method: 'GET' as const, url: `/api/events/${eventId}/check-ins` },
  { method: 'GET' as const, url: `/api/events/${eventId}/attendance` },
];

describe('who may use the RSVP and door routes', () => {
  it('anonymous 401; pending and rejected applicants and deactivated members 403, on a public event too; nothing written', async () => {
    const host = await createMember(t);
    const id = await createTestEvent(t.ctx.database.db, { createdBy: host.id, visibility: 'public' });
    const deactivated = await createMember(t);
    await deactivate(t, deactivated.id);
    const cases: Array<[TestUser | null, number]> = [
      [null, 401],
      [await applyAs(t), 403],
      [await createRejectedApplicant(t), 403],
      [deactivated, 403],
    ];
    for (const [who, status] of cases) {
      for (const call of calls(id)) {
        const res = await injectAs(t, who, call);
        expect(res.statusCode, `${call.method} ${call.url}`).toBe(status);
      }
    }
    expect(await t.ctx.database.db.select().from(eventRegistrations).where(eq(eventRegistrations.eventId, id))).toEqual([]);
  });

  it('a member blocked by the creator (or who blocked them) gets 404 everywhere, as for an unknown event', async () => {
    const host = await createMember(t);
    const [blockedByHost, blockerOfHost] = [await createMember(t), await createMember(t)];
    const db = t.ctx.database.db;
    const id = await createTestEvent(db, { createdBy: host.id, hosts: [{ userId: blockerOfHost.id, role: 'door' }] });
    await registerForTest(db, id, blockedByHost.id, { status: 'going' });
    await db.insert(blocks).values([
      { blockerId: host.id, blockedId: blockedByHost.id },
      { blockerId: blockerOfHost.id, blockedId: host.id },
    ]);
    for (const who of [blockedByHost, blockerOfHost]) {
      for (const call of calls(id)) {
        const res = await injectAs(t, who, call);
        expect(res.statusCode, `${call.method} ${call.url}`).toBe(404);
      }
    }
  });

  it('an event whose creator is deactivated is gone (404) for everyone', async () => {
    const host = await createMember(t);
    const member = await createMember(t);
    const id = await createTestEvent(t.ctx.database.db, { createdBy: host.id });
    await deactivate(t, host.id);
    expect((await injectAs(t, member, calls(id)[0]!)).statusCode).toBe(404);
  });

  it('a limited (approved community_only) member RSVPs to a members event; a community-only event of a community they are not in is 404', async () => {
    const host = await createMember(t);
    const limited = await createLimitedMember(t);
    const db = t.ctx.database.db;
    const id = await createTestEvent(db, { createdBy: host.id });
    const res = await injectAs(t, limited, calls(id)[0]!);
    expect(res.statusCode).toBe(200);
    expect(res.json().mine.status).toBe('going');
    const { insertCommunity } = await import('../../test/communities.js');
    const community = await insertCommunity(t, { creatorId: host.id });
    const inCommunity = await createTestEvent(db, { createdBy: host.id, communityId: community, visibility: 'community' });
    expect((await injectAs(t, limited, calls(inCommunity)[0]!)).statusCode).toBe(404);
  });
});

describe('realtime', () => {
  it('a promoted member hears event:registration (and gets the notification); the door staff hear event:checkin, others do not', async () => {
    const db = t.ctx.database.db;
    const [host, coHost, door, leaver, waiting, outsider] = [
      await createMember(t),
      await createMember(t),
      await createMember(t),
      await createMember(t),
      await createMember(t),
      await createMember(t),
    ];
    const id = await createTestEvent(db, {
      createdBy: host.id,
      capacity: 1,
      title: 'Harbor run',
      hosts: [
        { userId: coHost.id, role: 'host' },
        { userId: door.id, role: 'door' },
      ],
    });
    const [hostS, coHostS, doorS, waitingS, outsiderS] = [await open(host), await open(coHost), await open(door), await open(waiting), await open(outsider)];
    await injectAs(t, leaver, { method: 'PUT', url: `/api/events/${id}/rsvp`, payload: { status: 'going' } });
    await injectAs(t, waiting, { method: 'PUT', url: `/api/events/${id}/rsvp`, payload: { status: 'going' } });
    await injectAs(t, leaver, { method: 'PUT', url: `/api/events/${id}/rsvp`, payload: { status: 'not_going' } });
    await waitingS.next('event:registration', (e) => e.eventId === id);
    const [note] = await renderedNotifications(db, eq(notifications.userId, waiting.id));
    expect(note!.title).toBe("You're in: Harbor run");

    const ticket = (await injectAs(t, waiting, { method: 'GET', url: `/api/events/${id}/ticket` })).json() as { code: string; registrationId: string };
    expect((await injectAs(t, door, { method: 'POST', url: `/api/events/${id}/check-ins`, payload: { code: ticket.code } })).statusCode).toBe(200);
    for (const s of [hostS, coHostS, doorS]) {
      const e = await s.next('event:checkin', (x) => x.eventId === id);
      expect(e.registrationId).toBe(ticket.registrationId);
    }
    await new Promise((r) => setTimeout(r, 150));
    expect(outsiderS.events.filter((e) => e.type.startsWith('event:'))).toEqual([]);
    expect(waitingS.events.filter((e) => e.type === 'event:checkin')).toEqual([]);
  });
});
