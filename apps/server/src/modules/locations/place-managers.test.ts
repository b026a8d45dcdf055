import { describe, expect, it } from 'vitest';
import { LOCATION_MESSAGES, flagSettingKey, type LimitedUserFlag, type LocationManagersView, type LocationView } from '@bayclub/shared';
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
import { photo } from '../../test/image-fixtures.js';
import { file, upload } from '../../test/multipart.js';
import { createTestLocation } from './location-fixtures.js';

// Issue 21 (decision 026): a place is managed by its creator, admins and the members an admin names; any other
// member, full ones included, gets 403 on every manage route and sees no manage permissions.

const t = await buildTestApp();
const db = t.ctx.database.db;

const get = (who: TestUser | null, url: string) => injectAs(t, who, { method: 'GET', url });
const send = (who: TestUser | null, method: 'POST' | 'PATCH' | 'DELETE', url: string, payload?: unknown) =>
  injectAs(t, who, { method, url, ...(payload === undefined ? {} : { payload: payload as object }) });
const flags = (values: Partial<Record<LimitedUserFlag, boolean>>) =>
  setSettings(t, Object.fromEntries(Object.entries(values).map(([f, v]) => [flagSettingKey(f as LimitedUserFlag), String(v)])));

const admin = await createAdmin(t);
const creator = await createMember(t);
const named = await createMember(t);
const other = await createMember(t);
const limited = await createLimitedMember(t);

/** Every manage route of one place, as [method, url, body?] (the photo upload is checked apart: multipart). */
function manageRoutes(id: string, photoId = crypto.randomUUID()): Array<[string, 'GET' | 'POST' | 'PATCH' | 'DELETE', string, unknown?]> {
  return [
    ['edit', 'PATCH', `/api/locations/${id}`, { name: 'Taken over' }],
    ['deactivate', 'PATCH', `/api/locations/${id}`, { active: false }],
    ['reactivate', 'PATCH', `/api/locations/${id}`, { active: true }],
    ['delete photo', 'DELETE', `/api/locations/${id}/photos/${photoId}`],
    ['QR', 'GET', `/api/locations/${id}/qr`],
    ['regenerate', 'POST', `/api/locations/${id}/qr/regenerate`, {}],
    ['poster png', 'GET', `/api/locations/${id}/poster.png`],
    ['poster pdf', 'GET', `/api/locations/${id}/poster.pdf`],
    ['door token', 'GET', `/api/locations/${id}/door-token`],
    ['manager list', 'GET', `/api/locations/${id}/managers`],
  ];
}

const call = (who: TestUser, [, method, url, body]: [string, 'GET' | 'POST' | 'PATCH' | 'DELETE', string, unknown?]) =>
  method === 'GET' ? get(who, url) : send(who, method as 'POST', url, body);

describe('who manages a place', () => {
  it('a full member who neither created nor was named: 403 on every manage route, nothing changes', async () => {
    const id = await createTestLocation(db, { name: 'Creator Bar', createdBy: creator.id });
    for (const route of manageRoutes(id)) {
      const res = await call(other, route);
      expect(res.statusCode, route[0]).toBe(403);
      expect(res.json().error.message, route[0]).toBe(LOCATION_MESSAGES.manageNotAllowed);
    }
    const photoRes = await upload(t, other, `/api/locations/${id}/photos`, [file(await photo(32, 24))]);
    expect(photoRes.statusCode).toBe(403);
    const page = (await get(other, `/api/locations/${id}`)).json() as LocationView;
    expect(page).toMatchObject({ name: 'Creator Bar', active: true, photos: [] });
    expect(page.permissions).toMatchObject({ canEdit: false, canGenerateQr: false, canManageManagers: false, canCheckIn: true });
    // Adding or removing managers is for admins: the creator too is refused.
    for (const who of [other, creator]) {
      expect((await send(who, 'POST', `/api/locations/${id}/managers`, { userId: who.id })).json().error.message).toBe(LOCATION_MESSAGES.managersAdminOnly);
      expect((await send(who, 'DELETE', `/api/locations/${id}/managers/${named.id}`)).statusCode).toBe(403);
    }
  });

  it('the creator, a named manager and admins manage it; removing a manager takes it back at once', async () => {
    const id = await createTestLocation(db, { name: 'Shared Cafe', createdBy: creator.id });
    const added = await send(admin, 'POST', `/api/locations/${id}/managers`, { userId: named.id });
    expect(added.statusCode, added.body).toBe(200);
    expect((added.json() as LocationManagersView).managers.map((m) => m.member.id)).toEqual([named.id]);
    // Again: nothing changes.
    expect((await send(admin, 'POST', `/api/locations/${id}/managers`, { userId: named.id })).json().managers).toHaveLength(1);
    for (const who of [creator, named, admin]) {
      const page = (await get(who, `/api/locations/${id}`)).json() as LocationView;
      expect(page.permissions, who.email).toMatchObject({ canEdit: true, canGenerateQr: true, canManageManagers: who === admin });
      for (const route of manageRoutes(id)) {
        const res = await call(who, route);
        // The made-up photo id is unknown: 404 past the check, never 403.
        expect(res.statusCode, `${route[0]} as ${who.email}`).toBe(route[0] === 'delete photo' ? 404 : 200);
      }
      expect((await upload(t, who, `/api/locations/${id}/photos`, [file(await photo(32, 24))])).statusCode).toBe(201);
    }
    const list = (await get(creator, `/api/locations/${id}/managers`)).json() as LocationManagersView;
    expect(list.creator?.id).toBe(creator.id);
    expect(Object.keys(list.managers[0]!.member).sort()).toEqual(['age', 'city', 'fullName', 'id', 'isVerified', 'profilePictureUrl', 'username']);

    const removed = await send(admin, 'DELETE', `/api/locations/${id}/managers/${named.id}`);
    expect(removed.statusCode).toBe(200);
    expect(removed.json().managers).toEqual([]);
    expect((await send(named, 'PATCH', `/api/locations/${id}`, { name: 'Still mine?' })).statusCode).toBe(403);
    expect((await send(admin, 'DELETE', `/api/locations/${id}/managers/${named.id}`)).json().error.message).toBe(LOCATION_MESSAGES.managerNotFound);
  });

  it('only approved, active members can be named; applicants, deactivated and unknown ids are refused per field', async () => {
    const id = await createTestLocation(db, { createdBy: creator.id });
    const applicant = await applyAs(t);
    const gone = await createMember(t);
    await deactivate(t, gone.id);
    for (const userId of [applicant.id, gone.id, crypto.randomUUID()]) {
      const res = await send(admin, 'POST', `/api/locations/${id}/managers`, { userId });
      expect(res.statusCode).toBe(400);
      expect(res.json().error.fields).toEqual({ userId: LOCATION_MESSAGES.managerNotMember });
    }
    expect((await send(admin, 'POST', `/api/locations/${id}/managers`, { userId: 'nope' })).statusCode).toBe(400);
    expect((await send(admin, 'POST', `/api/locations/${crypto.randomUUID()}/managers`, { userId: named.id })).statusCode).toBe(404);
    // Applicants and deactivated members reach no manage route at all (the route's access: approved).
    for (const who of [applicant, gone]) {
      for (const route of manageRoutes(id)) expect((await call(who, route)).statusCode, route[0]).toBe(403);
    }
  });

  it('a named manager who is deactivated, or a creator, manages nothing while deactivated; back again, they do', async () => {
    const mine = await createMember(t);
    const id = await createTestLocation(db, { createdBy: mine.id });
    await deactivate(t, mine.id);
    expect((await send(mine, 'PATCH', `/api/locations/${id}`, { name: 'Gone Bar' })).statusCode).toBe(403);
    await deactivate(t, mine.id, false);
    expect((await send(mine, 'PATCH', `/api/locations/${id}`, { name: 'Back Bar' })).statusCode).toBe(200);
  });

  it('a limited member needs manage_locations (and generate_qr_codes for the codes) besides being named', async () => {
    const id = await createTestLocation(db, { createdBy: creator.id });
    await send(admin, 'POST', `/api/locations/${id}/managers`, { userId: limited.id });
    try {
      expect((await send(limited, 'PATCH', `/api/locations/${id}`, { name: 'Limited Bar' })).statusCode).toBe(403);
      await flags({ manage_locations: true });
      expect((await send(limited, 'PATCH', `/api/locations/${id}`, { name: 'Limited Bar' })).statusCode).toBe(200);
      expect((await get(limited, `/api/locations/${id}/managers`)).statusCode).toBe(200);
      expect((await get(limited, `/api/locations/${id}/qr`)).json().error.message).toBe(LOCATION_MESSAGES.qrNotAllowed);
      await flags({ manage_locations: true, generate_qr_codes: true });
      expect((await get(limited, `/api/locations/${id}/door-token`)).statusCode).toBe(200);
      // Another place, not named there: the flags alone manage nothing.
      const elsewhere = await createTestLocation(db, { createdBy: creator.id });
      for (const route of manageRoutes(elsewhere)) expect((await call(limited, route)).statusCode, route[0]).toBe(403);
    } finally {
      await flags({ manage_locations: false, generate_qr_codes: false });
    }
  });

  it('blocks hide a manager from the list both ways, and do not change who manages', async () => {
    const id = await createTestLocation(db, { createdBy: creator.id });
    const blocker = await createMember(t);
    await send(admin, 'POST', `/api/locations/${id}/managers`, { userId: blocker.id });
    await send(blocker, 'POST', '/api/blocks', { userId: creator.id });
    const seen = (await get(creator, `/api/locations/${id}/managers`)).json() as LocationManagersView;
    expect(seen.managers.map((m) => m.member.id)).not.toContain(blocker.id);
    const seenBack = (await get(blocker, `/api/locations/${id}/managers`)).json() as LocationManagersView;
    expect(seenBack.creator).toBeNull();
    expect((await send(blocker, 'PATCH', `/api/locations/${id}`, { name: 'Blocked Bar' })).statusCode).toBe(200);
  });

  it('deactivated places: only their managers open and list them', async () => {
    const id = await createTestLocation(db, { createdBy: creator.id, active: false, city: 'lakeland', name: 'Closed Lakeland' });
    expect((await get(other, `/api/locations/${id}`)).statusCode).toBe(404);
    for (const route of manageRoutes(id)) expect((await call(other, route)).statusCode, route[0]).toBe(404);
    expect((await get(creator, `/api/locations/${id}`)).statusCode).toBe(200);
    const listed = (await get(creator, '/api/locations?city=lakeland&includeInactive=true')).json() as { items: { id: string }[] };
    expect(listed.items.map((c) => c.id)).toContain(id);
    const notListed = (await get(other, '/api/locations?city=lakeland&includeInactive=true')).json() as { items: { id: string }[] };
    expect(notListed.items.map((c) => c.id)).not.toContain(id);
  });

  it('a new place is managed by whoever created it', async () => {
    const res = await send(other, 'POST', '/api/locations', { name: 'Other Spot', category: 'cafe', address: '9 Bay St', city: 'tampa' });
    expect(res.statusCode, res.body).toBe(201);
    expect((res.json() as LocationView).permissions).toMatchObject({ canEdit: true, canGenerateQr: true, canManageManagers: false });
  });
});
