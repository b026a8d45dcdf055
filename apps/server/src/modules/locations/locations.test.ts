import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import {
  LOCATION_MESSAGES,
  flagSettingKey,
  type LimitedUserFlag,
  type LocationCardView,
  type LocationView,
} from '@bayclub/shared';
import {
  applyAs,
  buildTestApp,
  createAdmin,
  createLimitedMember,
  createMember,
  createRejectedApplicant,
  deactivate,
  injectAs,
  setSettings,
  type TestUser,
} from '../../test/helpers.js';
import { photo } from '../../test/image-fixtures.js';
import { file, upload } from '../../test/multipart.js';
import { locations } from '../../db/schema/index.js';
import { STATEMENT_COUNT_HEADER } from '../../platform/statement-count.js';
import { createTestEvent, registerForTest } from '../events/event-fixtures.js';
import { events } from '../../db/schema/index.js';
import { createTestLocation, insertTestCheckIn } from './location-fixtures.js';

const t = await buildTestApp({ BENCH_COUNT_SQL: true });
const db = t.ctx.database.db;

const get = (who: TestUser | null, url: string) => injectAs(t, who, { method: 'GET', url });
const send = (who: TestUser | null, method: 'POST' | 'PATCH' | 'PUT' | 'DELETE', url: string, payload?: unknown) =>
  injectAs(t, who, { method, url, ...(payload === undefined ? {} : { payload: payload as object }) });
const flags = (values: Partial<Record<LimitedUserFlag, boolean>>) =>
  setSettings(t, Object.fromEntries(Object.entries(values).map(([f, v]) => [flagSettingKey(f as LimitedUserFlag), String(v)])));
const block = (a: TestUser, b: TestUser) => send(a, 'POST', '/api/blocks', { userId: b.id });

const admin = await createAdmin(t);
const member = await createMember(t);
const limited = await createLimitedMember(t);
const applicant = await applyAs(t);
const rejected = await createRejectedApplicant(t);
const gone = await createMember(t);
await deactivate(t, gone.id);

const PIER = { name: 'Pier 60 Park', category: 'beach', address: '1 Causeway Blvd', city: 'clearwater', latitude: 27.9772, longitude: -82.8276, description: 'Sunsets.', openingHours: 'Daily 6am-11pm' } as const;

/** Walk every page of a list url, answering the cards in order. */
async function walk(who: TestUser, url: string, limit = 3): Promise<LocationCardView[]> {
  const items: LocationCardView[] = [];
  let cursor: string | null = null;
  for (let guard = 0; guard < 100; guard++) {
    const res = await get(who, `${url}${url.includes('?') ? '&' : '?'}limit=${limit}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json() as { items: LocationCardView[]; nextCursor: string | null };
    items.push(...body.items);
    cursor = body.nextCursor;
    if (!cursor) return items;
  }
  throw new Error('too many pages');
}

describe('who may see and manage places', () => {
  it('anonymous 401; applicants, rejected and deactivated members 403 on every route', async () => {
    const id = await createTestLocation(db);
    const routes: Array<[string, string]> = [
      ['GET', '/api/locations'],
      ['GET', `/api/locations/${id}`],
      ['POST', '/api/locations'],
      ['PATCH', `/api/locations/${id}`],
      ['GET', `/api/locations/${id}/qr`],
      ['GET', `/api/locations/${id}/check-ins`],
      ['POST', `/api/locations/${id}/check-ins`],
    ];
    await flags({ view_locations: true, checkin_locations: true, manage_locations: true, generate_qr_codes: true });
    try {
      for (const [method, url] of routes) {
        expect((await injectAs(t, null, { method: method as 'GET', url })).statusCode, `${method} ${url}`).toBe(401);
        for (const who of [applicant, rejected, gone]) {
          const res = await injectAs(t, who, { method: method as 'GET', url, ...(method === 'GET' ? {} : { payload: {} }) });
          expect(res.statusCode, `${method} ${url}`).toBe(403);
        }
      }
    } finally {
      await flags({ view_locations: false, checkin_locations: false, manage_locations: false, generate_qr_codes: false });
    }
  });

  it('limited members follow view_locations and manage_locations; full members and admins may', async () => {
    const id = await createTestLocation(db, { name: 'Flag Bar' });
    expect((await get(limited, '/api/locations')).json()).toEqual({ error: { code: 'FORBIDDEN', message: LOCATION_MESSAGES.viewNotAllowed } });
    expect((await get(limited, `/api/locations/${id}`)).statusCode).toBe(403);
    expect((await send(limited, 'POST', '/api/locations', PIER)).json().error.message).toBe(LOCATION_MESSAGES.manageNotAllowed);
    await flags({ view_locations: true });
    expect((await get(limited, `/api/locations/${id}`)).statusCode).toBe(200);
    const page = (await get(limited, `/api/locations/${id}`)).json() as LocationView;
    expect(page.permissions).toEqual({ canEdit: false, canGenerateQr: false, canManageManagers: false, canCheckIn: false, canCheckInByPosition: false, canScan: false });
    expect((await send(limited, 'PATCH', `/api/locations/${id}`, { name: 'Mine now' })).statusCode).toBe(403);
    // An admin names them a manager of this place (decision 026); the flag still decides.
    expect((await send(admin, 'POST', `/api/locations/${id}/managers`, { userId: limited.id })).statusCode).toBe(200);
    expect((await send(limited, 'PATCH', `/api/locations/${id}`, { name: 'Mine now' })).statusCode).toBe(403);
    await flags({ manage_locations: true, view_locations: false });
    // Managers see what they manage, whatever view_locations says.
    const edited = await send(limited, 'PATCH', `/api/locations/${id}`, { name: 'Flag Bar Edited' });
    expect(edited.statusCode, edited.body).toBe(200);
    expect((edited.json() as LocationView).permissions.canEdit).toBe(true);
    await flags({ manage_locations: false });
    // Admins manage every place; a full member who neither created it nor was named checks in and manages nothing.
    const asAdmin = (await get(admin, `/api/locations/${id}`)).json() as LocationView;
    expect(asAdmin.permissions).toMatchObject({ canEdit: true, canGenerateQr: true, canManageManagers: true, canCheckIn: true, canCheckInByPosition: true, canScan: true });
    const asMember = (await get(member, `/api/locations/${id}`)).json() as LocationView;
    expect(asMember.permissions).toMatchObject({ canEdit: false, canGenerateQr: false, canManageManagers: false, canCheckIn: true, canCheckInByPosition: true, canScan: true });
  });
});

describe('creating, editing and deactivating places', () => {
  it('creates with every field, validates per field, edits, deactivates and restores', async () => {
    const created = await send(admin, 'POST', '/api/locations', PIER);
    expect(created.statusCode, created.body).toBe(201);
    const place = created.json() as LocationView;
    expect(place).toMatchObject({ ...PIER, active: true, checkInMode: 'poster', photos: [], hereNow: [], hereNowCount: 0, recent: [], mine: null, defaultVisibility: 'connections' });
    expect(place.map.googleMapsUrl).toContain('27.9772');
    // The default tile source (OpenStreetMap) unless MAP_TILE_URL says otherwise (maps.test.ts).
    expect(place.map.tiles).toEqual({ urlTemplate: 'https://tile.openstreetmap.org/{z}/{x}/{y}.png', attribution: '© OpenStreetMap contributors' });

    const bad = await send(admin, 'POST', '/api/locations', { name: 'x', category: 'zoo', address: '', city: 'miami', latitude: 100, longitude: 0 });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.fields).toMatchObject({
      name: LOCATION_MESSAGES.nameTooShort,
      category: LOCATION_MESSAGES.category,
      address: LOCATION_MESSAGES.addressRequired,
      city: LOCATION_MESSAGES.city,
      latitude: LOCATION_MESSAGES.latitude,
    });
    const half = await send(admin, 'POST', '/api/locations', { ...PIER, longitude: undefined });
    expect(half.json().error.fields).toEqual({ longitude: LOCATION_MESSAGES.coordinatesTogether });
    expect((await send(admin, 'PATCH', `/api/locations/${place.id}`, { latitude: 27.9 })).json().error.fields).toEqual({ longitude: LOCATION_MESSAGES.coordinatesTogether });

    const edited = await send(admin, 'PATCH', `/api/locations/${place.id}`, { name: 'Pier 60', latitude: null, longitude: null, checkInMode: 'door_screen' });
    expect(edited.json()).toMatchObject({ name: 'Pier 60', latitude: null, longitude: null, checkInMode: 'door_screen', description: PIER.description });
    expect((edited.json() as LocationView).permissions.canCheckInByPosition).toBe(false);

    expect((await send(admin, 'PATCH', `/api/locations/${place.id}`, { active: false })).json().active).toBe(false);
    // A member who may see places but not manage them: gone, as an unknown id, and from every list.
    await flags({ view_locations: true });
    try {
      expect((await get(limited, `/api/locations/${place.id}`)).statusCode).toBe(404);
      expect((await walk(limited, '/api/locations?city=clearwater&includeInactive=true')).map((c) => c.id)).not.toContain(place.id);
      // A full member who does not manage it: gone too (decision 026); its managers open it and list it when they
      // ask for deactivated places.
      expect((await get(member, `/api/locations/${place.id}`)).statusCode).toBe(404);
      expect((await walk(member, '/api/locations?city=clearwater&includeInactive=true')).map((c) => c.id)).not.toContain(place.id);
      await send(admin, 'POST', `/api/locations/${place.id}/managers`, { userId: member.id });
      expect((await get(member, `/api/locations/${place.id}`)).statusCode).toBe(200);
      expect((await walk(member, '/api/locations?city=clearwater')).map((c) => c.id)).not.toContain(place.id);
      expect((await walk(member, '/api/locations?city=clearwater&includeInactive=true')).find((c) => c.id === place.id)?.active).toBe(false);
      const managers = await walk(admin, '/api/locations?city=clearwater&includeInactive=true');
      expect(managers.find((c) => c.id === place.id)?.active).toBe(false);
      expect((await send(admin, 'PATCH', `/api/locations/${place.id}`, { active: true })).json().active).toBe(true);
      expect((await get(limited, `/api/locations/${place.id}`)).statusCode).toBe(200);
    } finally {
      await flags({ view_locations: false });
    }
  });

  it('unknown, malformed and (to non-managers) deactivated ids answer 404 alike', async () => {
    const off = await createTestLocation(db, { active: false });
    await flags({ view_locations: true });
    try {
      const unknown = await get(limited, `/api/locations/${crypto.randomUUID()}`);
      expect(unknown.statusCode).toBe(404);
      expect(unknown.json().error.message).toBe(LOCATION_MESSAGES.notFound);
      const off404 = await get(limited, `/api/locations/${off}`);
      expect({ status: off404.statusCode, body: off404.json() }).toEqual({ status: 404, body: unknown.json() });
      // A malformed id is a 400 naming the id with the same words (the events' rule; the page shows not found).
      const malformed = await get(limited, '/api/locations/not-a-uuid');
      expect(malformed.statusCode).toBe(400);
      expect(malformed.json().error.fields).toEqual({ id: LOCATION_MESSAGES.notFound });
    } finally {
      await flags({ view_locations: false });
    }
  });

  it('photos: re-encoded, at most 8, deleted with their files', async () => {
    const id = await createTestLocation(db);
    const jpeg = await photo(64, 48);
    const first = await upload(t, admin, `/api/locations/${id}/photos`, [file(jpeg)]);
    expect(first.statusCode, first.body).toBe(201);
    const view = first.json() as LocationView;
    expect(view.photos).toHaveLength(1);
    expect(view.photoUrl).toBe(view.photos[0]!.url);
    expect(view.photoUrl).toMatch(new RegExp(`^/media/post-images/locations/${id}/.+\\.webp$`));
    const image = await get(member, view.photoUrl!);
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/webp');
    expect((await get(applicant, view.photoUrl!)).statusCode).toBe(404);
    expect((await upload(t, admin, `/api/locations/${id}/photos`, [file(Buffer.from('not an image'))])).statusCode).toBe(400);
    for (let i = 1; i < 8; i++) expect((await upload(t, admin, `/api/locations/${id}/photos`, [file(jpeg)])).statusCode).toBe(201);
    const full = await upload(t, admin, `/api/locations/${id}/photos`, [file(jpeg)]);
    expect(full.statusCode).toBe(409);
    expect(full.json().error.message).toBe(LOCATION_MESSAGES.photosFull);
    const removed = await send(admin, 'DELETE', `/api/locations/${id}/photos/${view.photos[0]!.id}`);
    expect(removed.statusCode).toBe(200);
    expect((removed.json() as LocationView).photos).toHaveLength(7);
    expect((await get(member, view.photoUrl!)).statusCode).toBe(404);
    expect((await send(admin, 'DELETE', `/api/locations/${id}/photos/${view.photos[0]!.id}`)).statusCode).toBe(404);
    expect((await upload(t, limited, `/api/locations/${id}/photos`, [file(jpeg)])).statusCode).toBe(403);
  });
});

describe('GET /api/locations', () => {
  const city = 'sarasota';
  const places: Record<string, string> = {};

  it('lists active places by name, filters by city, category and search (wildcards literal)', async () => {
    places.a = await createTestLocation(db, { city, name: 'alpha Coffee', category: 'cafe', latitude: 27.3364, longitude: -82.5307 });
    places.b = await createTestLocation(db, { city, name: 'Bravo 100% Bar', category: 'bar', latitude: 27.3, longitude: -82.55 });
    places.c = await createTestLocation(db, { city, name: 'Charlie_Beach', category: 'beach', latitude: 27.2711, longitude: -82.5645, address: 'Lido Key' });
    places.d = await createTestLocation(db, { city, name: 'Delta gym', category: 'gym', latitude: null, longitude: null });
    places.e = await createTestLocation(db, { city, name: 'Echo closed', category: 'bar', active: false });
    const all = await walk(member, `/api/locations?city=${city}`, 2);
    expect(all.map((c) => c.name)).toEqual(['alpha Coffee', 'Bravo 100% Bar', 'Charlie_Beach', 'Delta gym']);
    expect((await walk(admin, `/api/locations?city=${city}&includeInactive=true`, 2)).map((c) => c.name)).toEqual(['alpha Coffee', 'Bravo 100% Bar', 'Charlie_Beach', 'Delta gym', 'Echo closed']);
    expect(all.every((c) => c.distanceKm === null && c.hereNowCount === 0 && c.active)).toBe(true);
    expect((await walk(member, `/api/locations?city=${city}&category=bar`)).map((c) => c.id)).toEqual([places.b]);
    expect((await walk(member, `/api/locations?city=${city}&q=100%25`)).map((c) => c.id)).toEqual([places.b]);
    expect((await walk(member, `/api/locations?city=${city}&q=_`)).map((c) => c.id)).toEqual([places.c]);
    expect((await walk(member, `/api/locations?city=${city}&q=lido`)).map((c) => c.id)).toEqual([places.c]);
    expect((await walk(member, `/api/locations?city=${city}&q=COFFEE`)).map((c) => c.id)).toEqual([places.a]);
  });

  it('near me: nearest first with distances, places without coordinates last, stable keyset across pages', async () => {
    // From St Armands Circle: Bravo (b) ~3.2 km, the cafe (a) ~5.1 km, Lido (c) ~5.2 km; Delta has no point.
    const near = await walk(member, `/api/locations?city=${city}&lat=27.3163&lng=-82.5767`, 1);
    expect(near.map((c) => c.id)).toEqual([places.b, places.a, places.c, places.d]);
    expect(near.map((c) => c.distanceKm)).toEqual([3.2, 5.06, 5.17, null].map((d) => (d === null ? null : expect.closeTo(d, 1))));
    const distances = near.map((c) => c.distanceKm);
    expect(distances.slice(0, 3).every((d, i, a) => d !== null && (i === 0 || d >= a[i - 1]!))).toBe(true);
    expect(distances[3]).toBeNull();
    // Two places at the same point: the id breaks the tie, none skipped or repeated.
    const twinA = await createTestLocation(db, { city, name: 'Twin 1', latitude: 27.3, longitude: -82.55 });
    const twinB = await createTestLocation(db, { city, name: 'Twin 2', latitude: 27.3, longitude: -82.55 });
    const again = await walk(member, `/api/locations?city=${city}&lat=27.3163&lng=-82.5767`, 1);
    expect(again).toHaveLength(6);
    expect(new Set(again.map((c) => c.id)).size).toBe(6);
    const twins = again.filter((c) => [places.b, twinA, twinB].includes(c.id)).map((c) => c.id);
    expect(twins).toEqual([places.b, twinA, twinB].sort());
  });

  it('Tampa to St Pete is about 27 km', async () => {
    const stPete = await createTestLocation(db, { city: 'st_pete', name: 'St Pete Pier', latitude: 27.7731, longitude: -82.6257 });
    const [card] = (await get(member, `/api/locations?city=st_pete&lat=27.9506&lng=-82.4572&limit=1`)).json().items as LocationCardView[];
    expect(card!.id).toBe(stPete);
    expect(card!.distanceKm).toBeGreaterThan(25);
    expect(card!.distanceKm).toBeLessThan(27);
  });

  it('400 per field; a cursor of the other order is a 400, never a 500', async () => {
    const bad = await get(member, `/api/locations?city=x&category=y&lat=91&limit=0`);
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().error.fields).sort()).toEqual(['category', 'city', 'lat', 'limit']);
    expect((await get(member, '/api/locations?lat=27')).json().error.fields).toEqual({ lng: LOCATION_MESSAGES.coordinatesTogether });
    const page = (await get(member, `/api/locations?city=${city}&limit=1`)).json();
    expect((await get(member, `/api/locations?city=${city}&lat=27&lng=-82&cursor=${page.nextCursor}`)).statusCode).toBe(400);
    const nearPage = (await get(member, `/api/locations?city=${city}&lat=27&lng=-82&limit=1`)).json();
    expect((await get(member, `/api/locations?city=${city}&cursor=${nearPage.nextCursor}`)).statusCode).toBe(400);
  });

  it('here-now counts are what the viewer may see: public, their matches’ connections-only, never private', async () => {
    const place = await createTestLocation(db, { city: 'lakeland', name: 'Count Bar' });
    const [a, b, c, d, blocker] = await Promise.all([createMember(t), createMember(t), createMember(t), createMember(t), createMember(t)]);
    await insertTestCheckIn(db, { locationId: place, userId: a.id, visibility: 'public' });
    await insertTestCheckIn(db, { locationId: place, userId: b.id, visibility: 'connections' });
    await insertTestCheckIn(db, { locationId: place, userId: c.id, visibility: 'private' });
    await insertTestCheckIn(db, { locationId: place, userId: d.id, visibility: 'public', minutesAgo: 181 });
    await insertTestCheckIn(db, { locationId: place, userId: blocker.id, visibility: 'public', checkedOut: true });
    const count = async (who: TestUser) => ((await get(who, '/api/locations?city=lakeland')).json().items as LocationCardView[]).find((x) => x.id === place)!.hereNowCount;
    expect(await count(member)).toBe(1);
    const { matchAndOpen } = await import('../../test/social.js');
    await matchAndOpen(t, member, b);
    expect(await count(member)).toBe(2);
    expect(await count(b)).toBe(2);
    expect(await count(c)).toBe(1);
    await block(a, member);
    expect(await count(member)).toBe(1);
    await deactivate(t, b.id);
    expect(await count(member)).toBe(0);
  });

  it('one SQL statement per page, whatever its places and check-ins; two for the place page', async () => {
    const me = await createMember(t);
    const countOf = async (url: string) => {
      const res = await get(me, url);
      expect(res.statusCode, res.body).toBe(200);
      return Number(res.headers[STATEMENT_COUNT_HEADER]);
    };
    await get(me, '/api/locations');
    const empty = await countOf('/api/locations?city=brandon');
    const first = await createTestLocation(db, { city: 'brandon' });
    const pageOne = await countOf(`/api/locations/${first}`);
    for (let i = 0; i < 5; i++) {
      const id = await createTestLocation(db, { city: 'brandon' });
      const who = await createMember(t);
      await insertTestCheckIn(db, { locationId: id, userId: who.id });
      await insertTestCheckIn(db, { locationId: first, userId: who.id, minutesAgo: 300 });
      await createTestEvent(db, { createdBy: who.id, city: 'brandon' }).then((e) => db.update(events).set({ locationId: first }).where(eq(events.id, e)));
    }
    expect(await countOf('/api/locations?city=brandon')).toBe(empty);
    expect(await countOf('/api/locations?city=brandon&lat=27.93&lng=-82.28')).toBe(empty);
    expect(empty).toBe(1);
    expect(await countOf(`/api/locations/${first}`)).toBe(pageOne);
    expect(pageOne).toBe(2);
    const page = (await get(me, `/api/locations/${first}`)).json() as LocationView;
    expect(page.recent).toHaveLength(5);
    expect(page.events).toHaveLength(5);
  });
});

describe('the place page', () => {
  it('here now, recent (paged), the caller’s own, and the upcoming events here the caller can see', async () => {
    const place = await createTestLocation(db, { city: 'brandon', name: 'Page Cafe' });
    const others = await Promise.all(Array.from({ length: 13 }, () => createMember(t)));
    for (const [i, who] of others.entries()) await insertTestCheckIn(db, { locationId: place, userId: who.id, minutesAgo: 200 + i });
    await insertTestCheckIn(db, { locationId: place, userId: others[0]!.id, minutesAgo: 5 });
    const me = await createMember(t);
    await insertTestCheckIn(db, { locationId: place, userId: me.id, visibility: 'private', minutesAgo: 10 });
    const host = await createMember(t);
    const upcoming = await createTestEvent(db, { createdBy: host.id, title: 'Page Cafe trivia', visibility: 'members' });
    const hidden = await createTestEvent(db, { createdBy: host.id, title: 'Old one', startsAt: new Date(Date.now() - 3 * 86_400_000) });
    await db.update(events).set({ locationId: place }).where(eq(events.id, upcoming));
    await db.update(events).set({ locationId: place }).where(eq(events.id, hidden));
    await registerForTest(db, upcoming, me.id);

    const page = (await get(me, `/api/locations/${place}`)).json() as LocationView;
    expect(page.hereNow.map((c) => c.member.id)).toEqual([others[0]!.id]);
    expect(page.hereNowCount).toBe(1);
    // The caller's private check-in is theirs only: in `mine`, never in the lists.
    expect(page.mine).toMatchObject({ visibility: 'private', isMine: true, hereNow: true });
    expect(page.nextCheckInAt).not.toBeNull();
    expect(page.recent).toHaveLength(10);
    expect(page.recent.map((c) => c.member.id)).toEqual(others.slice(0, 10).map((o) => o.id));
    const rest = await get(me, `/api/locations/${place}/check-ins?cursor=${encodeURIComponent(page.recentNextCursor!)}`);
    expect(rest.json().items.map((c: { member: { id: string } }) => c.member.id)).toEqual(others.slice(10).map((o) => o.id));
    expect(rest.json().nextCursor).toBeNull();
    expect(page.events.map((e) => e.id)).toEqual([upcoming]);
    expect(page.events[0]!.myStatus).toBe('going');
    await block(host, me);
    expect(((await get(me, `/api/locations/${place}`)).json() as LocationView).events).toEqual([]);
  });

  it('an event names its place on create and edit (an active place, else 400 on locationId); the page lists it', async () => {
    const place = await createTestLocation(db, { name: 'Event Place' });
    const closed = await createTestLocation(db, { active: false });
    const base = { title: 'Trivia at the place', startsAtLocal: '2999-03-08T19:00', endsAtLocal: '2999-03-08T21:00', venue: 'Event Place', visibility: 'members' };
    const created = await send(member, 'POST', '/api/events', { ...base, locationId: place });
    expect(created.statusCode, created.body).toBe(201);
    const eventId = created.json().id as string;
    expect(created.json().locationId).toBe(place);
    expect(((await get(member, `/api/locations/${place}`)).json() as LocationView).events.map((e) => e.id)).toContain(eventId);
    for (const bad of [crypto.randomUUID(), closed]) {
      const refused = await send(member, 'POST', '/api/events', { ...base, locationId: bad });
      expect(refused.statusCode).toBe(400);
      expect(refused.json().error.fields).toEqual({ locationId: 'Choose a place from Locations' });
      expect((await send(member, 'PATCH', `/api/events/${eventId}`, { locationId: bad })).json().error.fields).toEqual({ locationId: 'Choose a place from Locations' });
    }
    expect((await send(member, 'POST', '/api/events', { ...base, locationId: 'nope' })).json().error.fields).toEqual({ locationId: 'Choose a place from Locations' });
    const cleared = await send(member, 'PATCH', `/api/events/${eventId}`, { locationId: null });
    expect(cleared.json().locationId).toBeNull();
    expect(((await get(member, `/api/locations/${place}`)).json() as LocationView).events).toEqual([]);
    expect((await send(member, 'PATCH', `/api/events/${eventId}`, { locationId: place })).json().locationId).toBe(place);
  });

  it('an embedded map only with a tile server configured', async () => {
    const withTiles = await buildTestApp({ MAP_TILE_URL: 'https://tiles.example.com/{z}/{x}/{y}.png', MAP_TILE_ATTRIBUTION: '© Example' }, { database: t.ctx.database });
    const place = await createTestLocation(db);
    const res = await injectAs(withTiles, member, { method: 'GET', url: `/api/locations/${place}` });
    expect((res.json() as LocationView).map.tiles).toEqual({ urlTemplate: 'https://tiles.example.com/{z}/{x}/{y}.png', attribution: '© Example' });
    await withTiles.close();
  });

  it('rows are whitelisted: no key version, no creator', async () => {
    const place = await createTestLocation(db, { createdBy: admin.id, qrKeyVersion: 3 });
    const body = (await get(member, `/api/locations/${place}`)).body;
    expect(body).not.toMatch(/key_?version|created_?by|qr_/i);
    const [row] = await db.select().from(locations).where(eq(locations.id, place));
    expect(row!.qrKeyVersion).toBe(3);
  });
});
