import { describe, expect, it } from 'vitest';
import { PDFDocument } from 'pdf-lib';
import { and, eq } from 'drizzle-orm';
import {
  LOCATION_CHECK_IN_PATH,
  LOCATION_LIMITS,
  LOCATION_MESSAGES,
  flagSettingKey,
  type LimitedUserFlag,
  type LocationCheckInResult,
  type LocationQrView,
  type LocationScanView,
  type LocationView,
  type ProfileCheckInsPage,
} from '@bayclub/shared';
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
import { matchAndOpen } from '../../test/social.js';
import { eventRegistrations, events, locationCheckIns } from '../../db/schema/index.js';
import { createTestEvent, registerForTest } from '../events/event-fixtures.js';
import { createTicketSigner } from '../events/tickets.js';
import { CHECK_IN_RATE } from './check-in-routes.js';
import { createTestLocation } from './location-fixtures.js';
import { createPlaceTokenSigner, doorStepAt } from './qr-tokens.js';
import { STATEMENT_COUNT_HEADER } from '../../platform/statement-count.js';

// Statement counts in a header: the cost of a check-in is checked below (issue 25).
const t = await buildTestApp({ BENCH_COUNT_SQL: true });
const db = t.ctx.database.db;
const signer = createPlaceTokenSigner(t.ctx);

const get = (who: TestUser | null, url: string) => injectAs(t, who, { method: 'GET', url });
const send = (who: TestUser | null, method: 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown) =>
  injectAs(t, who, { method, url, ...(payload === undefined ? {} : { payload: payload as object }) });
const flags = (values: Partial<Record<LimitedUserFlag, boolean>>) =>
  setSettings(t, Object.fromEntries(Object.entries(values).map(([f, v]) => [flagSettingKey(f as LimitedUserFlag), String(v)])));
const block = (a: TestUser, b: TestUser) => send(a, 'POST', '/api/blocks', { userId: b.id });

const admin = await createAdmin(t);

async function posterToken(placeId: string): Promise<string> {
  const res = await get(admin, `/api/locations/${placeId}/qr`);
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as LocationQrView).token;
}
const checkIn = (who: TestUser, placeId: string, body: object) => send(who, 'POST', `/api/locations/${placeId}/check-ins`, body);
const outcome = (res: { statusCode: number; json: () => unknown }) => [res.statusCode, (res.json() as LocationCheckInResult).outcome];
const page = async (who: TestUser, placeId: string) => (await get(who, `/api/locations/${placeId}`)).json() as LocationView;

describe('checking in with a code', () => {
  it('the poster: QR view, scan, check in (default visibility connections), then 409 for 3 hours', async () => {
    const place = await createTestLocation(db, { name: 'Code Bar' });
    const qr = (await get(admin, `/api/locations/${place}/qr`)).json() as LocationQrView;
    expect(qr).toMatchObject({ locationId: place, keyVersion: 1, regeneratedAt: null, posterPngUrl: `/api/locations/${place}/poster.png` });
    expect(qr.url).toBe(`http://localhost:3000${LOCATION_CHECK_IN_PATH}?t=${qr.token}`);
    expect(qr.url.length).toBeLessThan(100);
    expect(qr.qrSvg).toMatch(/^<svg/);
    const me = await createMember(t);
    const scan = await get(me, `/api/locations/scan?token=${qr.token}`);
    expect(scan.statusCode, scan.body).toBe(200);
    expect(scan.json()).toMatchObject({ kind: 'poster', defaultVisibility: 'connections', mine: null, location: { id: place, name: 'Code Bar' } });

    const first = await checkIn(me, place, { token: qr.token });
    expect(first.statusCode, first.body).toBe(201);
    const result = first.json() as LocationCheckInResult;
    expect(result).toMatchObject({ outcome: 'checked_in', message: LOCATION_MESSAGES.checkedIn, events: [], location: { id: place, name: 'Code Bar' } });
    expect(result.checkIn).toMatchObject({ visibility: 'connections', isMine: true, hereNow: true, member: { id: me.id } });
    const [row] = await db.select().from(locationCheckIns).where(eq(locationCheckIns.id, result.checkIn!.id));
    expect(row).toMatchObject({ method: 'poster', visibility: 'connections' });

    const again = await checkIn(me, place, { token: qr.token, visibility: 'public' });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ outcome: 'already_checked_in', message: LOCATION_MESSAGES.alreadyCheckedIn, checkIn: { id: result.checkIn!.id } });
    expect(new Date((again.json() as LocationCheckInResult).nextCheckInAt!).getTime() - new Date(result.checkIn!.createdAt).getTime()).toBe(LOCATION_LIMITS.checkInWindowMs);
    expect(((await get(me, `/api/locations/scan?token=${qr.token}`)).json() as LocationScanView).mine?.id).toBe(result.checkIn!.id);
    // Three hours later the window is over.
    await db.update(locationCheckIns).set({ createdAt: new Date(Date.now() - LOCATION_LIMITS.checkInWindowMs - 1000) }).where(eq(locationCheckIns.id, result.checkIn!.id));
    expect(outcome(await checkIn(me, place, { token: qr.token }))).toEqual([201, 'checked_in']);
  });

  it('the answer and the refusal read in the member’s language (issue 26)', async () => {
    const place = await createTestLocation(db, { name: 'Café Bar' });
    const { token } = (await get(admin, `/api/locations/${place}/qr`)).json() as LocationQrView;
    const ana = await createMember(t);
    expect((await send(ana, 'PUT', '/api/me/language', { language: 'es' })).statusCode).toBe(200);
    const first = await checkIn(ana, place, { token });
    expect(first.json()).toMatchObject({ outcome: 'checked_in', message: 'Hiciste check-in', location: { name: 'Café Bar' } });
    const again = await checkIn(ana, place, { token });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ outcome: 'already_checked_in', message: 'Ya hiciste check-in aquí en las últimas 3 horas' });
  });

  it('forged, malformed and foreign tokens are invalid; another place’s code is other_place', async () => {
    const place = await createTestLocation(db);
    const other = await createTestLocation(db);
    const token = await posterToken(place);
    const me = await createMember(t);
    const flipped = token.slice(0, 30) + (token[30] === 'A' ? 'B' : 'A') + token.slice(31);
    const ticket = await createTicketSigner(t.ctx).sign(crypto.randomUUID());
    for (const bad of [flipped, token.slice(0, -2), 'not a token', 'AAAA', ticket, `${token}AA`]) {
      const res = await checkIn(me, place, { token: bad });
      expect(outcome(res), bad).toEqual([422, 'invalid']);
      expect((res.json() as LocationCheckInResult).message).toBe(LOCATION_MESSAGES.tokenInvalid);
      expect((await get(me, `/api/locations/scan?token=${encodeURIComponent(bad)}`)).statusCode).toBe(422);
    }
    const elsewhere = await checkIn(me, other, { token });
    expect(outcome(elsewhere)).toEqual([422, 'other_place']);
    expect((elsewhere.json() as LocationCheckInResult).message).toBe(LOCATION_MESSAGES.tokenOtherPlace);
    // A correctly signed code of a place that does not exist (never issued by us) is invalid too.
    const ghost = crypto.randomUUID();
    expect(outcome(await checkIn(me, ghost, { token: await signer.sign({ kind: 'poster', locationId: ghost, keyVersion: 1 }) }))).toEqual([422, 'invalid']);
    expect(await db.select().from(locationCheckIns).where(eq(locationCheckIns.userId, me.id))).toEqual([]);
  });

  it('regenerate: old posters are revoked with a clear message, the new one works; a future version is invalid', async () => {
    const place = await createTestLocation(db);
    const old = await posterToken(place);
    const fresh = (await send(admin, 'POST', `/api/locations/${place}/qr/regenerate`, {})).json() as LocationQrView;
    expect(fresh.keyVersion).toBe(2);
    expect(fresh.regeneratedAt).not.toBeNull();
    expect(fresh.token).not.toBe(old);
    const me = await createMember(t);
    const revoked = await checkIn(me, place, { token: old });
    expect(outcome(revoked)).toEqual([422, 'revoked']);
    expect((revoked.json() as LocationCheckInResult).message).toBe(LOCATION_MESSAGES.tokenRevoked);
    expect(outcome(await get(me, `/api/locations/scan?token=${old}`))).toEqual([422, 'revoked']);
    expect(outcome(await checkIn(me, place, { token: await signer.sign({ kind: 'poster', locationId: place, keyVersion: 3 }) }))).toEqual([422, 'invalid']);
    expect(outcome(await checkIn(me, place, { token: fresh.token }))).toEqual([201, 'checked_in']);
  });

  it('door screen: the current and the previous 30-second code work, older ones are expired, future ones invalid; posters refused there', async () => {
    const place = await createTestLocation(db, { checkInMode: 'door_screen' });
    const door = await get(admin, `/api/locations/${place}/door-token`);
    expect(door.statusCode).toBe(200);
    expect(door.headers['cache-control']).toBe('private, no-store');
    const view = door.json();
    expect(new Date(view.expiresAt).getTime() - Date.now()).toBeLessThanOrEqual(LOCATION_LIMITS.doorTokenStepSeconds * 1000);
    expect(view.stepSeconds).toBe(30);
    const step = doorStepAt(new Date());
    const at = (s: number) => signer.sign({ kind: 'door', locationId: place, keyVersion: 1, step: s });
    const [a, b, c, d, e] = await Promise.all([createMember(t), createMember(t), createMember(t), createMember(t), createMember(t)]);
    expect(outcome(await checkIn(a, place, { token: view.token }))).toEqual([201, 'checked_in']);
    expect(outcome(await checkIn(b, place, { token: await at(step - 1) }))).toEqual([201, 'checked_in']);
    const expired = await checkIn(c, place, { token: await at(step - 2) });
    expect(outcome(expired)).toEqual([422, 'expired']);
    expect((expired.json() as LocationCheckInResult).message).toBe(LOCATION_MESSAGES.tokenExpired);
    expect(outcome(await checkIn(c, place, { token: await at(step + 5) }))).toEqual([422, 'invalid']);
    const poster = await posterToken(place);
    expect(outcome(await checkIn(d, place, { token: poster }))).toEqual([422, 'poster_not_accepted']);
    expect(outcome(await checkIn(d, place, { position: { latitude: 27.9506, longitude: -82.4572 } }))).toEqual([422, 'position_not_accepted']);
    const [row] = await db.select().from(locationCheckIns).where(eq(locationCheckIns.userId, a.id));
    expect(row!.method).toBe('door');
    // A regenerate retires door codes too.
    await send(admin, 'POST', `/api/locations/${place}/qr/regenerate`, {});
    expect(outcome(await checkIn(e, place, { token: await at(step) }))).toEqual([422, 'revoked']);
  });

  it('a deactivated place: its codes answer closed', async () => {
    const place = await createTestLocation(db);
    const token = await posterToken(place);
    await send(admin, 'POST', `/api/locations/${place}/qr/regenerate`, {});
    const current = await posterToken(place);
    await injectAs(t, admin, { method: 'PATCH', url: `/api/locations/${place}`, payload: { active: false } });
    const me = await createMember(t);
    expect(outcome(await checkIn(me, place, { token: current }))).toEqual([422, 'closed']);
    expect(outcome(await checkIn(me, place, { token }))).toEqual([422, 'closed']);
    expect(outcome(await get(me, `/api/locations/scan?token=${current}`))).toEqual([422, 'closed']);
  });
});

describe('checking in by position', () => {
  it('within 200 m checks in; further is too_far; without coordinates no_coordinates; unknown places 404', async () => {
    const place = await createTestLocation(db, { latitude: 27.9506, longitude: -82.4572 });
    const [near, far, other] = await Promise.all([createMember(t), createMember(t), createMember(t)]);
    // 0.0015° of latitude is about 167 m; 0.003° about 334 m.
    const ok = await checkIn(near, place, { position: { latitude: 27.9521, longitude: -82.4572 }, visibility: 'public' });
    expect(outcome(ok)).toEqual([201, 'checked_in']);
    expect((ok.json() as LocationCheckInResult).checkIn!.visibility).toBe('public');
    const tooFar = await checkIn(far, place, { position: { latitude: 27.9536, longitude: -82.4572 } });
    expect(outcome(tooFar)).toEqual([422, 'too_far']);
    expect((tooFar.json() as LocationCheckInResult).message).toBe(LOCATION_MESSAGES.tooFar);
    const nowhere = await createTestLocation(db, { latitude: null, longitude: null });
    expect(outcome(await checkIn(other, nowhere, { position: { latitude: 27.95, longitude: -82.45 } }))).toEqual([422, 'no_coordinates']);
    expect((await checkIn(other, crypto.randomUUID(), { position: { latitude: 27.95, longitude: -82.45 } })).statusCode).toBe(404);
  });

  it('400 per field: neither or both of token and position, bad coordinates, bad visibility', async () => {
    const place = await createTestLocation(db);
    const me = await createMember(t);
    const cases: Array<[object, string[]]> = [
      [{}, ['token']],
      [{ token: 'x', position: { latitude: 1, longitude: 1 } }, ['token']],
      [{ position: { latitude: 91, longitude: 0 } }, ['position.latitude']],
      [{ position: { latitude: 1 } }, ['position.longitude']],
      [{ token: 'abc', visibility: 'everyone' }, ['visibility']],
    ];
    for (const [body, fields] of cases) {
      const res = await checkIn(me, place, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(Object.keys(res.json().error.fields).sort()).toEqual(fields);
    }
  });
});

describe('who may check in', () => {
  it('limited members need checkin_locations (and view_locations for a position check-in); applicants never', async () => {
    const place = await createTestLocation(db);
    const token = await posterToken(place);
    const limited = await createLimitedMember(t);
    const denied = await checkIn(limited, place, { token });
    expect(denied.statusCode).toBe(403);
    expect(denied.json().error.message).toBe(LOCATION_MESSAGES.checkInNotAllowed);
    expect((await get(limited, `/api/locations/scan?token=${token}`)).statusCode).toBe(403);
    await flags({ checkin_locations: true });
    try {
      expect((await get(limited, `/api/locations/scan?token=${token}`)).statusCode).toBe(200);
      const byPosition = await checkIn(limited, place, { position: { latitude: 27.9506, longitude: -82.4572 } });
      expect(byPosition.json().error.message).toBe(LOCATION_MESSAGES.viewNotAllowed);
      expect(outcome(await checkIn(limited, place, { token }))).toEqual([201, 'checked_in']);
      const applicant = await applyAs(t);
      expect((await checkIn(applicant, place, { token })).statusCode).toBe(403);
    } finally {
      await flags({ checkin_locations: false });
    }
    expect((await checkIn(await createLimitedMember(t), place, { token })).statusCode).toBe(403);
  });

  it('scan_qr_codes only shapes the in-app scanner (canScan); a limited admin may everything', async () => {
    const place = await createTestLocation(db);
    const limited = await createLimitedMember(t);
    await flags({ view_locations: true, checkin_locations: true });
    try {
      expect((await page(limited, place)).permissions).toMatchObject({ canCheckIn: true, canScan: false, canCheckInByPosition: true });
      await flags({ scan_qr_codes: true });
      expect((await page(limited, place)).permissions.canScan).toBe(true);
    } finally {
      await flags({ view_locations: false, checkin_locations: false, scan_qr_codes: false });
    }
    const { grantRole } = await import('../../test/helpers.js');
    await grantRole(t, limited.id, 'admin');
    expect((await page(limited, place)).permissions).toEqual({ canEdit: true, canGenerateQr: true, canManageManagers: true, canCheckIn: true, canCheckInByPosition: true, canScan: true });
    expect((await get(limited, `/api/locations/${place}/qr`)).statusCode).toBe(200);
  });

  it('codes, posters and the door screen: admins, and the place managers with manage_locations and generate_qr_codes', async () => {
    const limited = await createLimitedMember(t);
    const place = await createTestLocation(db, { createdBy: limited.id });
    const urls = [`/api/locations/${place}/qr`, `/api/locations/${place}/poster.png`, `/api/locations/${place}/poster.pdf`, `/api/locations/${place}/door-token`];
    for (const url of urls) {
      const res = await get(limited, url);
      expect(res.statusCode, url).toBe(403);
      expect(res.json().error.message).toBe(LOCATION_MESSAGES.manageNotAllowed);
    }
    expect((await send(limited, 'POST', `/api/locations/${place}/qr/regenerate`, {})).statusCode).toBe(403);
    await flags({ manage_locations: true });
    for (const url of urls) expect((await get(limited, url)).json().error.message, url).toBe(LOCATION_MESSAGES.qrNotAllowed);
    await flags({ manage_locations: true, generate_qr_codes: true });
    try {
      expect((await get(limited, `/api/locations/${place}/qr`)).statusCode).toBe(200);
      await injectAs(t, admin, { method: 'PATCH', url: `/api/locations/${place}`, payload: { name: 'Poster Café' } });
      const png = await get(limited, `/api/locations/${place}/poster.png`);
      expect(png.statusCode).toBe(200);
      expect(png.headers['content-type']).toBe('image/png');
      expect(png.headers['content-disposition']).toBe('attachment; filename="poster-cafe-poster.png"');
      expect(png.rawPayload.subarray(1, 4).toString()).toBe('PNG');
      const pdf = await get(limited, `/api/locations/${place}/poster.pdf`);
      expect(pdf.headers['content-type']).toBe('application/pdf');
      expect((await PDFDocument.load(pdf.rawPayload)).getTitle()).toBe('Check in at Poster Café');
    } finally {
      await flags({ manage_locations: false, generate_qr_codes: false });
    }
  });
});

describe('the same member at the same place: once per 3 hours, also under concurrent requests', () => {
  it('10 check-ins at once: exactly one is made, the others answer already_checked_in with it', async () => {
    const place = await createTestLocation(db);
    const token = await posterToken(place);
    const me = await createMember(t);
    const answers = await Promise.all(Array.from({ length: 10 }, () => checkIn(me, place, { token, visibility: 'public' })));
    const statuses = answers.map((r) => r.statusCode).sort();
    expect(statuses).toEqual([201, ...Array(9).fill(409)]);
    const made = answers.find((r) => r.statusCode === 201)!.json() as LocationCheckInResult;
    for (const r of answers.filter((x) => x.statusCode === 409)) expect((r.json() as LocationCheckInResult).checkIn!.id).toBe(made.checkIn!.id);
    const rows = await db.select().from(locationCheckIns).where(and(eq(locationCheckIns.userId, me.id), eq(locationCheckIns.locationId, place)));
    expect(rows).toHaveLength(1);
    // Other places and other members are not held back by it.
    const elsewhere = await createTestLocation(db);
    const [other] = await Promise.all([createMember(t)]);
    const mixed = await Promise.all([checkIn(me, elsewhere, { token: await posterToken(elsewhere) }), checkIn(other!, place, { token })]);
    expect(mixed.map((r) => r.statusCode)).toEqual([201, 201]);
  });

  it(`at most ${CHECK_IN_RATE.max} check-ins per member per ${CHECK_IN_RATE.timeWindow}, all places together: then 429`, async () => {
    const limitedApp = await buildTestApp({ RATE_LIMIT: true }, { database: t.ctx.database });
    const me = await createMember(t);
    const place = await createTestLocation(db);
    const token = await posterToken(place);
    for (let i = 0; i < CHECK_IN_RATE.max; i++) {
      const res = await injectAs(limitedApp, me, { method: 'POST', url: `/api/locations/${place}/check-ins`, payload: { token } });
      expect(res.statusCode).toBe(i === 0 ? 201 : 409);
    }
    const over = await injectAs(limitedApp, me, { method: 'POST', url: `/api/locations/${place}/check-ins`, payload: { token } });
    expect(over.statusCode).toBe(429);
    // Someone else is not limited by it.
    expect((await injectAs(limitedApp, await createMember(t), { method: 'POST', url: `/api/locations/${place}/check-ins`, payload: { token } })).statusCode).toBe(201);
    await limitedApp.close();
  });
});

describe('privacy: who sees a check-in', () => {
  it('private never reaches anyone else; connections only matches; public everyone but blocked members; deactivated members vanish', async () => {
    const place = await createTestLocation(db, { name: 'Privacy Pier' });
    const [pub, conn, priv, viewer, friend, blockedByPub, pubBlocked] = await Promise.all(Array.from({ length: 7 }, () => createMember(t)));
    await matchAndOpen(t, conn, friend);
    await matchAndOpen(t, priv, friend);
    await matchAndOpen(t, pub, friend);
    await block(pub, blockedByPub);
    await block(pubBlocked, pub);
    const token = await posterToken(place);
    for (const [who, visibility] of [[pub, 'public'], [conn, 'connections'], [priv, 'private']] as const) {
      expect((await checkIn(who, place, { token, visibility })).statusCode).toBe(201);
    }
    const hereNow = async (who: TestUser) => (await page(who, place)).hereNow.map((c) => c.member.id).sort();
    expect(await hereNow(viewer)).toEqual([pub.id]);
    expect(await hereNow(friend)).toEqual([pub.id, conn.id].sort());
    expect(await hereNow(priv)).toEqual([pub.id]);
    expect((await page(priv, place)).mine?.visibility).toBe('private');
    expect(await hereNow(conn)).toEqual([pub.id, conn.id].sort());
    expect(await hereNow(blockedByPub)).toEqual([]);
    expect(await hereNow(pubBlocked)).toEqual([]);
    expect((await page(pub, place)).hereNow.map((c) => c.member.id)).toEqual([pub.id]);

    // Later, in the recent list: the same rule.
    await db.update(locationCheckIns).set({ createdAt: new Date(Date.now() - 4 * 3600_000) }).where(eq(locationCheckIns.locationId, place));
    const recent = async (who: TestUser) => ((await get(who, `/api/locations/${place}/check-ins`)).json().items as Array<{ member: { id: string } }>).map((c) => c.member.id).sort();
    expect(await recent(viewer)).toEqual([pub.id]);
    expect(await recent(friend)).toEqual([pub.id, conn.id].sort());
    expect(await recent(blockedByPub)).toEqual([]);
    expect((await page(friend, place)).hereNow).toEqual([]);

    // Profiles: the owner sees everything; others what they may see.
    const profile = async (who: TestUser, owner: TestUser) => get(who, `/api/profiles/${owner.id}/check-ins`);
    expect(((await profile(priv, priv)).json() as ProfileCheckInsPage).items.map((c) => c.visibility)).toEqual(['private']);
    expect(((await profile(friend, priv)).json() as ProfileCheckInsPage).items).toEqual([]);
    expect(((await profile(friend, conn)).json() as ProfileCheckInsPage).items.map((c) => c.location.name)).toEqual(['Privacy Pier']);
    expect(((await profile(viewer, conn)).json() as ProfileCheckInsPage).items).toEqual([]);
    expect(((await profile(viewer, pub)).json() as ProfileCheckInsPage).items).toHaveLength(1);
    expect((await profile(blockedByPub, pub)).statusCode).toBe(404);
    expect((await profile(pub, pubBlocked)).statusCode).toBe(404);
    expect((await profile(viewer, pub)).json().items[0].isMine).toBe(false);

    await deactivate(t, pub.id);
    expect(await recent(viewer)).toEqual([]);
    expect((await profile(viewer, pub)).statusCode).toBe(404);
    expect((await get(viewer, `/api/profiles/${crypto.randomUUID()}/check-ins`)).json()).toEqual((await profile(viewer, pub)).json());
  });

  it('a member’s check-ins page newest first without skipping rows that share a time', async () => {
    const owner = await createMember(t);
    const viewer = await createMember(t);
    const place = await createTestLocation(db);
    const at = new Date(Date.now() - 5 * 3600_000);
    const ids: string[] = [];
    for (let i = 0; i < 5; i++) {
      const [row] = await db.insert(locationCheckIns).values({ locationId: place, userId: owner.id, visibility: 'public', method: 'poster', createdAt: at }).returning({ id: locationCheckIns.id });
      ids.push(row!.id);
    }
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const res = await get(viewer, `/api/profiles/${owner.id}/check-ins?limit=2${cursor ? `&cursor=${cursor}` : ''}`);
      expect(res.statusCode, res.body).toBe(200);
      const body = res.json() as ProfileCheckInsPage;
      seen.push(...body.items.map((c) => c.id));
      cursor = body.nextCursor;
    } while (cursor);
    expect(seen).toEqual([...ids].sort().reverse());
  });

  it('limited members need view_locations for others’ check-ins; their own always', async () => {
    const limited = await createLimitedMember(t);
    const other = await createMember(t);
    expect((await get(limited, `/api/profiles/${limited.id}/check-ins`)).json()).toEqual({ items: [], nextCursor: null });
    const denied = await get(limited, `/api/profiles/${other.id}/check-ins`);
    expect(denied.statusCode).toBe(403);
    expect(denied.json().error.message).toBe(LOCATION_MESSAGES.viewNotAllowed);
    expect((await get(limited, `/api/profiles/not-an-id/check-ins`)).statusCode).toBe(404);
  });
});

describe('check out, delete, default visibility', () => {
  it('check out ends here now at once (409 the second time); delete removes it; both only for the member', async () => {
    const place = await createTestLocation(db);
    const token = await posterToken(place);
    const [me, other] = await Promise.all([createMember(t), createMember(t)]);
    const made = (await checkIn(me, place, { token, visibility: 'public' })).json() as LocationCheckInResult;
    const id = made.checkIn!.id;
    expect((await page(other, place)).hereNowCount).toBe(1);
    expect((await send(other, 'POST', `/api/locations/check-ins/${id}/check-out`, {})).statusCode).toBe(404);
    const out = await send(me, 'POST', `/api/locations/check-ins/${id}/check-out`, {});
    expect(out.statusCode, out.body).toBe(200);
    expect(out.json()).toMatchObject({ id, hereNow: false });
    expect(out.json().checkedOutAt).not.toBeNull();
    expect((await page(other, place)).hereNowCount).toBe(0);
    expect((await page(other, place)).recent.map((c) => c.id)).toEqual([id]);
    const twice = await send(me, 'POST', `/api/locations/check-ins/${id}/check-out`, {});
    expect(twice.statusCode).toBe(409);
    expect(twice.json().error.message).toBe(LOCATION_MESSAGES.alreadyCheckedOut);
    // The 3-hour window still counts from the check-in.
    expect(outcome(await checkIn(me, place, { token }))).toEqual([409, 'already_checked_in']);
    expect((await send(other, 'DELETE', `/api/locations/check-ins/${id}`)).statusCode).toBe(404);
    expect((await send(me, 'DELETE', `/api/locations/check-ins/${id}`)).statusCode).toBe(204);
    expect((await send(me, 'DELETE', `/api/locations/check-ins/${id}`)).statusCode).toBe(404);
    expect((await page(other, place)).recent).toEqual([]);
    expect(outcome(await checkIn(me, place, { token }))).toEqual([201, 'checked_in']);
  });

  it('the default visibility: connections until chosen, then used when a check-in names none', async () => {
    const me = await createMember(t);
    expect((await get(me, '/api/me/location-settings')).json()).toEqual({ defaultVisibility: 'connections' });
    expect((await send(me, 'PUT', '/api/me/location-settings', { defaultVisibility: 'everyone' })).json().error.fields).toEqual({ defaultVisibility: LOCATION_MESSAGES.visibility });
    expect((await send(me, 'PUT', '/api/me/location-settings', { defaultVisibility: 'private' })).json()).toEqual({ defaultVisibility: 'private' });
    expect((await get(me, '/api/me/location-settings')).json()).toEqual({ defaultVisibility: 'private' });
    const place = await createTestLocation(db);
    expect((await page(me, place)).defaultVisibility).toBe('private');
    const made = (await checkIn(me, place, { token: await posterToken(place) })).json() as LocationCheckInResult;
    expect(made.checkIn!.visibility).toBe('private');
  });
});

describe('checking in at a place where an event the member is going to is happening', () => {
  it('checks them in at the event once (the door list hears of it); not for events not happening, not going, or elsewhere; four SQL statements', async () => {
    const place = await createTestLocation(db, { name: 'Event Hall' });
    const elsewhere = await createTestLocation(db);
    const host = await createMember(t);
    const me = await createMember(t);
    const soon = await createTestEvent(db, { createdBy: host.id, title: 'Starting soon', startsAt: new Date(Date.now() + 30 * 60_000) });
    const later = await createTestEvent(db, { createdBy: host.id, title: 'Tonight', startsAt: new Date(Date.now() + 3 * 3600_000) });
    const notMine = await createTestEvent(db, { createdBy: host.id, title: 'Not going', startsAt: new Date(Date.now() - 30 * 60_000) });
    const otherPlace = await createTestEvent(db, { createdBy: host.id, title: 'Elsewhere', startsAt: new Date(Date.now() - 30 * 60_000) });
    for (const [e, at] of [[soon, place], [later, place], [notMine, place], [otherPlace, elsewhere]] as const) {
      await db.update(events).set({ locationId: at }).where(eq(events.id, e));
    }
    await registerForTest(db, soon, me.id);
    await registerForTest(db, later, me.id);
    await registerForTest(db, notMine, me.id, { status: 'not_going' });
    await registerForTest(db, otherPlace, me.id);

    const token = await posterToken(place);
    await page(me, place); // warms the member's session, as on their phone

    const res = await checkIn(me, place, { token, visibility: 'private' });
    expect(res.statusCode, res.body).toBe(201);
    // Issue 25: BEGIN, the place under the pair's lock, the check-in with the event's, COMMIT.
    expect(Number(res.headers[STATEMENT_COUNT_HEADER])).toBe(4);
    expect((res.json() as LocationCheckInResult).events).toEqual([{ id: soon, title: 'Starting soon' }]);
    const regs = await db.select().from(eventRegistrations).where(eq(eventRegistrations.userId, me.id));
    const checked = Object.fromEntries(regs.map((r) => [r.eventId, r.checkedInAt !== null]));
    expect(checked).toEqual({ [soon]: true, [later]: false, [notMine]: false, [otherPlace]: false });
    expect(regs.find((r) => r.eventId === soon)!.checkedInBy).toBe(me.id);
    const door = await get(host, `/api/events/${soon}/check-ins`);
    expect(door.json()).toMatchObject({ checkedIn: 1, items: [{ member: { id: me.id } }] });

    // Once: a later check-in at the place does not touch the event's check-in time.
    const first = regs.find((r) => r.eventId === soon)!.checkedInAt!;
    await db.delete(locationCheckIns).where(eq(locationCheckIns.userId, me.id));
    const again = await checkIn(me, place, { token });
    expect((again.json() as LocationCheckInResult).events).toEqual([]);
    // Within the 3 hours: the same two statements find the earlier one and write nothing (then ROLLBACK, which
    // the PGlite count does not see).
    const twice = await checkIn(me, place, { token });
    expect(outcome(twice)).toEqual([409, 'already_checked_in']);
    expect(Number(twice.headers[STATEMENT_COUNT_HEADER])).toBeLessThanOrEqual(4);
    const [reg] = await db.select().from(eventRegistrations).where(and(eq(eventRegistrations.userId, me.id), eq(eventRegistrations.eventId, soon)));
    expect(reg!.checkedInAt).toEqual(first);
  });
});
