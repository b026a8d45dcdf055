import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { EventsPage, LocationsPage, MapTilesView } from '@bayclub/shared';
import { ConfigError, loadConfig } from '../../config.js';
import { events } from '../../db/schema/index.js';
import { tileImageSource } from '../../platform/security-headers.js';
import {
  applyAs,
  buildTestApp,
  createAdmin,
  createLimitedMember,
  createMember,
  createRejectedApplicant,
  deactivate,
  injectAs,
} from '../../test/helpers.js';
import { createTestEvent } from '../events/event-fixtures.js';
import { createTestLocation } from './location-fixtures.js';

/** Maps (issue 21): the tile source is configuration the web app reads, and the CSP lets its images in. */
const t = await buildTestApp();
const db = t.ctx.database.db;
const admin = await createAdmin(t);
const member = await createMember(t);
const csp = (res: { headers: Record<string, unknown> }) => String(res.headers['content-security-policy']);
const imgSrc = (res: { headers: Record<string, unknown> }) => /img-src ([^;]+)/.exec(csp(res))![1]!.split(' ');

describe('the map tile source', () => {
  it('defaults to OpenStreetMap with its attribution, for approved members only', async () => {
    const res = await injectAs(t, member, { method: 'GET', url: '/api/locations/map-tiles' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ tiles: { urlTemplate: 'https://tile.openstreetmap.org/{z}/{x}/{y}.png', attribution: '© OpenStreetMap contributors' } });
    expect(imgSrc(res)).toContain('https://tile.openstreetmap.org');
    expect((await injectAs(t, admin, { method: 'GET', url: '/api/locations/map-tiles' })).statusCode).toBe(200);

    // Limited members are shown maps on the pages their flags open; applicants, the deactivated and visitors none.
    expect((await injectAs(t, await createLimitedMember(t), { method: 'GET', url: '/api/locations/map-tiles' })).statusCode).toBe(200);
    expect((await injectAs(t, null, { method: 'GET', url: '/api/locations/map-tiles' })).statusCode).toBe(401);
    for (const who of [await applyAs(t), await createRejectedApplicant(t)])
      expect((await injectAs(t, who, { method: 'GET', url: '/api/locations/map-tiles' })).statusCode).toBe(403);
    const gone = await createMember(t);
    await deactivate(t, gone.id);
    expect((await injectAs(t, gone, { method: 'GET', url: '/api/locations/map-tiles' })).statusCode).toBe(403);
  });

  it('is configurable (the local double over http), and its host is allowed in img-src on every answer', async () => {
    const local = await buildTestApp(
      { MAP_TILE_URL: 'http://127.0.0.1:4100/{z}/{x}/{y}.png', MAP_TILE_ATTRIBUTION: '© Test tiles' },
      { database: t.ctx.database },
    );
    const res = await injectAs(local, member, { method: 'GET', url: '/api/locations/map-tiles' });
    expect((res.json() as MapTilesView).tiles).toEqual({ urlTemplate: 'http://127.0.0.1:4100/{z}/{x}/{y}.png', attribution: '© Test tiles' });
    for (const answer of [res, await injectAs(local, null, { method: 'GET', url: '/api/health' })]) {
      expect(imgSrc(answer)).toContain('http://127.0.0.1:4100');
      expect(imgSrc(answer)).not.toContain('https://tile.openstreetmap.org');
      // Tiles are images: nothing else is opened to the host.
      expect(/connect-src ([^;]+)/.exec(csp(answer))![1]).not.toContain('4100');
      expect(/script-src ([^;]+)/.exec(csp(answer))![1]).toBe("'self'");
    }
    await local.close();
  });

  it('can be off: no tiles, no extra img-src, places still show their map links', async () => {
    const off = await buildTestApp({ MAP_TILE_URL: 'off' }, { database: t.ctx.database });
    const res = await injectAs(off, member, { method: 'GET', url: '/api/locations/map-tiles' });
    expect(res.json()).toEqual({ tiles: null });
    expect(imgSrc(res)).toEqual(["'self'", 'data:', 'blob:', 'https:']);
    const place = await createTestLocation(db, { latitude: 27.95, longitude: -82.45 });
    const page = await injectAs(off, member, { method: 'GET', url: `/api/locations/${place}` });
    expect(page.json().map).toMatchObject({ tiles: null, latitude: 27.95 });
    await off.close();
  });

  it('refuses a template without {z}/{x}/{y} or with another scheme, naming the variable', () => {
    for (const bad of ['https://tiles.example.com/tile.png', 'ftp://tiles.example.com/{z}/{x}/{y}.png', 'javascript:{z}{x}{y}', 'https://a b/{z}/{x}/{y}'])
      expect(() => loadConfig({ MAP_TILE_URL: bad })).toThrow(ConfigError);
    expect(() => loadConfig({ MAP_TILE_URL: 'nope' })).toThrow(/MAP_TILE_URL/);
    expect(loadConfig({ MAP_TILE_URL: 'https://{s}.tile.example.org/{z}/{x}/{y}@2x.png' }).mapTiles?.urlTemplate).toContain('{s}');
    expect(loadConfig({}).mapTiles).toEqual({ urlTemplate: 'https://tile.openstreetmap.org/{z}/{x}/{y}.png', attribution: '© OpenStreetMap contributors' });
  });

  it('names the tile host as a CSP source (port kept, a subdomain placeholder as the wildcard label)', () => {
    expect(tileImageSource('https://tile.openstreetmap.org/{z}/{x}/{y}.png')).toBe('https://tile.openstreetmap.org');
    expect(tileImageSource('http://127.0.0.1:4100/{z}/{x}/{y}.png')).toBe('http://127.0.0.1:4100');
    expect(tileImageSource('https://{s}.tile.example.org/{z}/{x}/{y}.png')).toBe('https://*.tile.example.org');
    expect(tileImageSource('https://tiles-{s}.cdn.example.org/{z}/{x}/{y}.png')).toBe('https://*.cdn.example.org');
    expect(tileImageSource('https://maps.example.org/styles/{z}/{x}/{y}.png?key=abc')).toBe('https://maps.example.org');
  });
});

describe('what the maps place, from the lists members already read', () => {
  it('place cards carry their coordinates (null without), only for places the reader may see', async () => {
    const pinned = await createTestLocation(db, { name: 'Map Pin Cafe', latitude: 27.9506, longitude: -82.4572 });
    await createTestLocation(db, { name: 'Map No Pin Bar', latitude: null, longitude: null });
    await createTestLocation(db, { name: 'Map Closed Pier', latitude: 27.1, longitude: -82.1, active: false });
    const page = (await injectAs(t, member, { method: 'GET', url: '/api/locations?q=map%20' })).json() as LocationsPage;
    expect(page.items.map((p) => [p.name, p.latitude, p.longitude])).toEqual([
      ['Map No Pin Bar', null, null],
      ['Map Pin Cafe', 27.9506, -82.4572],
    ]);
    expect(page.items.find((p) => p.id === pinned)).toBeDefined();
  });

  it("event cards name their place, so the map can put them there; events a reader may not see are not listed", async () => {
    const place = await createTestLocation(db, { latitude: 27.77, longitude: -82.64 });
    const atPlace = await createTestEvent(db, { createdBy: admin.id, title: 'Map night at the place' });
    await db.update(events).set({ locationId: place }).where(eq(events.id, atPlace));
    await createTestEvent(db, { createdBy: admin.id, title: 'Map night elsewhere' });
    const list = (await injectAs(t, member, { method: 'GET', url: '/api/events' })).json() as EventsPage;
    const byTitle = Object.fromEntries(list.items.map((e) => [e.title, e.locationId]));
    expect(byTitle['Map night at the place']).toBe(place);
    expect(byTitle['Map night elsewhere']).toBeNull();
    // The event page keeps its locationId (now from the summary).
    expect((await injectAs(t, member, { method: 'GET', url: `/api/events/${atPlace}` })).json().locationId).toBe(place);
    // A visitor sees public events only: a members' event at a place is not on anything they read.
    const visitor = (await injectAs(t, null, { method: 'GET', url: '/api/events' })).json() as EventsPage;
    expect(visitor.items.map((e) => e.id)).not.toContain(atPlace);
  });
});
