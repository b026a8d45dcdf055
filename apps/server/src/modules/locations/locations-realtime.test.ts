import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { flagSettingKey, type LocationQrView } from '@bayclub/shared';
import { buildTestApp, createLimitedMember, createMember, injectAs, setSettings, type TestApp } from '../../test/helpers.js';
import { socketPool, type TestSocket } from '../../test/socket-client.js';
import { matchAndOpen } from '../../test/social.js';
import { createAdmin } from '../../test/helpers.js';
import { createTestLocation } from './location-fixtures.js';
import { eq } from 'drizzle-orm';
import { eventHosts, events } from '../../db/schema/index.js';
import { createTestEvent, registerForTest } from '../events/event-fixtures.js';

let t: TestApp;
let base: string;
const sockets = socketPool(() => base);
const open = sockets.open;

beforeAll(async () => {
  t = await buildTestApp();
  base = await t.app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(() => sockets.closeAll());

const hereNowEvents = (s: TestSocket, locationId: string) =>
  s.events.filter((e) => e.type === 'location:here-now' && (e as { locationId: string }).locationId === locationId);

describe('location:here-now reaches the members who may see the check-in', () => {
  it('public: members who may see places, not blocked ones, not limited members without view_locations; connections: matches only; private: nobody', async () => {
    const db = t.ctx.database.db;
    const admin = await createAdmin(t);
    const place = await createTestLocation(db);
    const token = ((await injectAs(t, admin, { method: 'GET', url: `/api/locations/${place}/qr` })).json() as LocationQrView).token;
    const [checker, viewer, friend, blocked] = await Promise.all([createMember(t), createMember(t), createMember(t), createMember(t)]);
    const limited = await createLimitedMember(t);
    await matchAndOpen(t, checker, friend);
    await injectAs(t, blocked, { method: 'POST', url: '/api/blocks', payload: { userId: checker.id } });
    const [sc, sv, sf, sb, sl] = [await open(checker), await open(viewer), await open(friend), await open(blocked), await open(limited)];
    const checkIn = (visibility: string) => injectAs(t, checker, { method: 'POST', url: `/api/locations/${place}/check-ins`, payload: { token, visibility } });

    const made = await checkIn('public');
    expect(made.statusCode, made.body).toBe(201);
    expect(await sv.next('location:here-now', (e) => e.locationId === place)).toEqual({ type: 'location:here-now', locationId: place });
    await sf.next('location:here-now', (e) => e.locationId === place);
    await sc.next('location:here-now', (e) => e.locationId === place);

    // Connections only (after deleting the first): the match and the checker, not the others.
    const id = made.json().checkIn.id as string;
    await injectAs(t, checker, { method: 'DELETE', url: `/api/locations/check-ins/${id}` });
    await sv.next('location:here-now', (e) => e.locationId === place && hereNowEvents(sv, place).length === 2);
    const connections = await checkIn('connections');
    expect(connections.statusCode).toBe(201);
    await sf.next('location:here-now', (e) => e.locationId === place && hereNowEvents(sf, place).length === 3);
    await injectAs(t, checker, { method: 'DELETE', url: `/api/locations/check-ins/${connections.json().checkIn.id}` });
    await sf.next('location:here-now', (e) => e.locationId === place && hereNowEvents(sf, place).length === 4);
    expect(await checkIn('private').then((r) => r.statusCode)).toBe(201);

    await new Promise((r) => setTimeout(r, 300));
    expect(hereNowEvents(sv, place)).toHaveLength(2);
    expect(hereNowEvents(sf, place)).toHaveLength(4);
    expect(hereNowEvents(sc, place)).toHaveLength(4);
    expect(hereNowEvents(sb, place)).toEqual([]);
    expect(hereNowEvents(sl, place)).toEqual([]);

    // With view_locations on, limited members hear of public check-ins too.
    await setSettings(t, { [flagSettingKey('view_locations')]: 'true' });
    const elsewhere = await createTestLocation(db);
    const other = ((await injectAs(t, admin, { method: 'GET', url: `/api/locations/${elsewhere}/qr` })).json() as LocationQrView).token;
    expect((await injectAs(t, checker, { method: 'POST', url: `/api/locations/${elsewhere}/check-ins`, payload: { token: other, visibility: 'public' } })).statusCode).toBe(201);
    await sl.next('location:here-now', (e) => e.locationId === elsewhere);
    await setSettings(t, { [flagSettingKey('view_locations')]: 'false' });
  });
});

describe('a check-in at the place of an event the member is going to', () => {
  it('tells the door list of the event (its creator, co-hosts and door helpers) which registration checked in, and nobody else', async () => {
    const db = t.ctx.database.db;
    const place = await createTestLocation(db);
    const [host, cohost, me, bystander] = await Promise.all([createMember(t), createMember(t), createMember(t), createMember(t)]);
    const event = await createTestEvent(db, { createdBy: host.id, startsAt: new Date(Date.now() - 10 * 60_000) });
    await db.update(events).set({ locationId: place }).where(eq(events.id, event));
    await db.insert(eventHosts).values({ eventId: event, userId: cohost.id, role: 'door' });
    const registration = await registerForTest(db, event, me.id);
    const [sh, sco, sb] = [await open(host), await open(cohost), await open(bystander)];

    const made = await injectAs(t, me, { method: 'POST', url: `/api/locations/${place}/check-ins`, payload: { position: { latitude: 27.9506, longitude: -82.4572 } } });
    expect(made.statusCode, made.body).toBe(201);
    const told = { type: 'event:checkin', eventId: event, registrationId: registration };
    expect(await sh.next('event:checkin', (e) => e.eventId === event)).toEqual(told);
    expect(await sco.next('event:checkin', (e) => e.eventId === event)).toEqual(told);
    await new Promise((r) => setTimeout(r, 200));
    expect(sb.events.filter((e) => e.type === 'event:checkin')).toEqual([]);
  });
});
