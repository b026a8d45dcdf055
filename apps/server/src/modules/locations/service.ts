import {
  DEFAULT_CHECK_IN_VISIBILITY,
  LOCATION_LIMITS,
  clubStartOfToday,
  locationCheckInUrl,
  type CreateLocationData,
  type LimitedUserFlags,
  type Locale,
  type LocationCheckInsPage,
  type LocationQrView,
  type LocationsPage,
  type LocationsQuery,
  type LocationView,
  type LocationManagersView,
  type DoorTokenView,
  type UpdateLocationInput,
} from '@bayclub/shared';
import type { FastifyBaseLogger, FastifyRequest } from 'fastify';
import type { Db, DbOrTx } from '../../db/client.js';
import { decodeCursor, encodeCursor, isTimeCursor, isUuid } from '../../platform/cursor.js';
import { badRequest, conflict, forbidden, notFound } from '../../platform/errors.js';
import type { Actor } from '../access/index.js';
import { eventsAtPlace } from '../events/index.js';
import { baseOfKey, replaceImage, variantKeys, type MediaService } from '../media/index.js';
import { locationAccessOf, placeManagement, type LocationAccess } from './policy.js';
import { posterPdf, posterPng, placeQrSvg } from './poster.js';
import { NO_PERMISSIONS, photoUrlOf, presentCard, presentCheckIn, presentManagers, presentMap } from './presenter.js';
import { doorStepAt, doorStepEnds, type PlaceTokenSigner } from './qr-tokens.js';
import * as repo from './repository.js';
import { LOCATIONS_ERRORS as M } from './messages.js';

export const placeGone = () => notFound(M.notFound);
/** Where a place's photos live in post-images. */
export const locationFilesPrefix = (id: string) => `locations/${id}/`;

const isNameCursor = (v: unknown): v is Extract<repo.LocationsCursor, { m: 'n' }> =>
  typeof v === 'object' && v !== null && (v as { m?: unknown }).m === 'n' && typeof (v as { n?: unknown }).n === 'string' && isUuid((v as { i?: unknown }).i);
const isFiniteIn = (v: unknown, max: number): v is number => typeof v === 'number' && Number.isFinite(v) && Math.abs(v) <= max;
const isDistanceCursor = (v: unknown): v is Extract<repo.LocationsCursor, { m: 'd' }> => {
  if (typeof v !== 'object' || v === null) return false;
  const c = v as { m?: unknown; d?: unknown; i?: unknown; la?: unknown; ln?: unknown };
  return c.m === 'd' && (c.d === null || (typeof c.d === 'number' && Number.isFinite(c.d) && c.d >= 0)) && isUuid(c.i) && isFiniteIn(c.la, 90) && isFiniteIn(c.ln, 180);
};

export interface LocationsDeps {
  db: Db;
  media: MediaService;
  log: FastifyBaseLogger;
  flags: () => Promise<LimitedUserFlags>;
  tokens: PlaceTokenSigner;
  /** The app's public address: poster URLs. */
  publicUrl: string;
  /** An embedded map's tile source, when configured. */
  tiles: { urlTemplate: string; attribution: string } | null;
  now?: () => Date;
}

/**
 * Places (decision 016): the list, the place page, create/edit/deactivate, photos, and the codes (QR, posters,
 * door screen). Every method asks locationAccess first; a place the caller may not see (unknown, or deactivated
 * to a non-manager) is 404 like an unknown id.
 */
export function createLocationsService(deps: LocationsDeps) {
  const { db } = deps;
  const now = deps.now ?? (() => new Date());

  /** The caller's access (read before any transaction: the flags are read on the pool). */
  const accessOf = (actor: Actor): Promise<LocationAccess> => locationAccessOf(actor, deps.flags);

  function requireView(access: LocationAccess) {
    if (!access.canView) throw forbidden(M.viewNotAllowed);
  }
  function requireManage(access: LocationAccess) {
    if (!access.canManage) throw forbidden(M.manageNotAllowed);
  }

  /** The place if this caller may see it (active, or any to its managers), with what they may do with it. */
  async function visiblePlace(tx: DbOrTx, actor: Actor, access: LocationAccess, id: string, opts: { lock?: boolean } = {}) {
    const place = await repo.findLocation(tx, id, actor.userId, opts);
    const may = place ? placeManagement(access, place) : null;
    if (!place || !may || (!place.active && !may.canManage)) throw placeGone();
    return { place, may };
  }

  /**
   * A place this caller manages (decision 026): its creator, a named manager or an admin. Others get 403 once they
   * may see the place (an unknown place, or a deactivated one to a non-manager, is 404 as before).
   */
  async function managedPlace(tx: DbOrTx, actor: Actor, access: LocationAccess, id: string, opts: { lock?: boolean } = {}) {
    const { place, may } = await visiblePlace(tx, actor, access, id, opts);
    if (!may.canManage) throw forbidden(M.manageNotAllowed);
    return place;
  }

  /** A place whose codes this caller holds: managedPlace, and generate_qr_codes. */
  async function qrPlace(tx: DbOrTx, actor: Actor, access: LocationAccess, id: string, opts: { lock?: boolean } = {}) {
    const { place, may } = await visiblePlace(tx, actor, access, id, opts);
    if (!may.canGenerateQr) throw forbidden(may.canManage ? M.qrNotAllowed : M.manageNotAllowed);
    return place;
  }

  async function page(actor: Actor, access: LocationAccess, id: string): Promise<LocationView> {
    const row = await repo.findLocationPage(db, id, actor.userId);
    const may = row ? placeManagement(access, row) : null;
    if (!row || !may || (!row.active && !may.canManage)) throw placeGone();
    const events = await eventsAtPlace(db, actor, id, { from: clubStartOfToday(now()), limit: LOCATION_LIMITS.eventsOnPage });
    const at = now();
    const recent = row.recent.slice(0, LOCATION_LIMITS.recentOnPage);
    const lastRecent = recent[recent.length - 1];
    const mine = row.mine ? presentCheckIn(row.mine, actor.userId, at) : null;
    const nextAt = row.mine ? new Date(new Date(row.mine.createdAt).getTime() + LOCATION_LIMITS.checkInWindowMs) : null;
    const hasPoint = row.latitude !== null && row.longitude !== null;
    const canCheckIn = access.canCheckIn && row.active;
    return {
      id: row.id,
      name: row.name,
      category: row.category,
      city: row.city as LocationView['city'],
      address: row.address,
      photoUrl: photoUrlOf(row.photos[0]?.key ?? null),
      distanceKm: null,
      hereNowCount: Number(row.here.count),
      active: row.active,
      description: row.description,
      openingHours: row.opening_hours,
      latitude: row.latitude === null ? null : Number(row.latitude),
      longitude: row.longitude === null ? null : Number(row.longitude),
      checkInMode: row.check_in_mode,
      photos: row.photos.map((p) => ({ id: p.id, url: photoUrlOf(p.key)! })),
      map: presentMap(row, deps.tiles),
      permissions: {
        ...NO_PERMISSIONS,
        canEdit: may.canManage,
        canGenerateQr: may.canGenerateQr,
        canManageManagers: may.canManageManagers,
        canCheckIn,
        canCheckInByPosition: canCheckIn && access.canView && hasPoint && row.check_in_mode === 'poster',
        canScan: access.canScan && row.active,
      },
      hereNow: row.here.items.map((j) => presentCheckIn(j, actor.userId, at)),
      recent: recent.map((j) => presentCheckIn(j, actor.userId, at)),
      recentNextCursor: row.recent.length > recent.length && lastRecent ? encodeCursor({ c: lastRecent.createdAt, i: lastRecent.id }) : null,
      mine,
      nextCheckInAt: nextAt && nextAt.getTime() > at.getTime() ? nextAt.toISOString() : null,
      defaultVisibility: row.default_visibility ?? DEFAULT_CHECK_IN_VISIBILITY,
      events,
      createdAt: new Date(row.created_at).toISOString(),
      updatedAt: new Date(row.updated_at).toISOString(),
    };
  }

  async function qrView(place: repo.LocationCoreRow): Promise<LocationQrView> {
    const token = await deps.tokens.sign({ kind: 'poster', locationId: place.id, keyVersion: place.qr_key_version });
    const url = locationCheckInUrl(deps.publicUrl, token);
    return {
      locationId: place.id,
      keyVersion: place.qr_key_version,
      token,
      url,
      qrSvg: await placeQrSvg(url),
      regeneratedAt: place.qr_regenerated_at ? new Date(place.qr_regenerated_at).toISOString() : null,
      posterPngUrl: `/api/locations/${place.id}/poster.png`,
      posterPdfUrl: `/api/locations/${place.id}/poster.pdf`,
    };
  }

  return {
    accessOf,

    async list(actor: Actor, q: LocationsQuery): Promise<LocationsPage> {
      const access = await accessOf(actor);
      requireView(access);
      const near = q.lat !== undefined && q.lng !== undefined ? { lat: q.lat, lng: q.lng } : undefined;
      const cursor = near ? decodeCursor(q.cursor, isDistanceCursor) : decodeCursor(q.cursor, isNameCursor);
      const rows = await repo.listLocations(db, actor.userId, { city: q.city, category: q.category, q: q.q || undefined, near, inactive: !q.includeInactive || !access.canManage ? 'none' : access.admin ? 'all' : 'managed' }, cursor, q.limit);
      const items = rows.slice(0, q.limit);
      const last = items[items.length - 1];
      let nextCursor: string | null = null;
      if (rows.length > q.limit && last) {
        const origin = cursor?.m === 'd' ? { la: cursor.la, ln: cursor.ln } : near ? { la: near.lat, ln: near.lng } : null;
        nextCursor = origin
          ? encodeCursor({ m: 'd', d: last.dist === null ? null : Number(last.dist), i: last.id, ...origin })
          : encodeCursor({ m: 'n', n: last.name_key, i: last.id });
      }
      return { items: items.map(presentCard), nextCursor };
    },

    async get(actor: Actor, id: string): Promise<LocationView> {
      const access = await accessOf(actor);
      requireView(access);
      return page(actor, access, id);
    },

    async create(actor: Actor, data: CreateLocationData): Promise<LocationView> {
      const access = await accessOf(actor);
      requireManage(access);
      const id = await repo.insertLocation(db, { ...data, createdBy: actor.userId });
      return page(actor, access, id);
    },

    async update(actor: Actor, id: string, patch: UpdateLocationInput): Promise<LocationView> {
      const access = await accessOf(actor);
      requireManage(access);
      await db.transaction(async (tx) => {
        await managedPlace(tx, actor, access, id, { lock: true });
        await repo.updateLocation(tx, id, patch);
      });
      return page(actor, access, id);
    },

    /** A new photo (re-encoded WebP variants in post-images under locations/{id}/); at most photosMax. */
    async addPhoto(request: FastifyRequest, actor: Actor, id: string): Promise<LocationView> {
      const access = await accessOf(actor);
      requireManage(access);
      // Refused callers and unknown places hear so before a byte of the file is read or stored.
      await managedPlace(db, actor, access, id);
      await replaceImage({ db, media: deps.media, log: deps.log }, request, {
        maxBytes: LOCATION_LIMITS.imageMaxBytes,
        base: `${locationFilesPrefix(id)}${Date.now()}-${crypto.randomUUID().slice(0, 8)}`,
        missing: M.imageMissing,
        swap: async (tx, key) => {
          // Under the place's lock: two uploads at once cannot pass the limit together.
          await managedPlace(tx, actor, access, id, { lock: true });
          if ((await repo.countPhotos(tx, id)) >= LOCATION_LIMITS.photosMax) throw conflict(M.photosFull);
          await repo.insertPhoto(tx, id, key, actor.userId);
          return null;
        },
      });
      return page(actor, access, id);
    },

    async deletePhoto(actor: Actor, id: string, photoId: string): Promise<LocationView> {
      const access = await accessOf(actor);
      requireManage(access);
      const outbox = await db.transaction(async (tx) => {
        await managedPlace(tx, actor, access, id, { lock: true });
        const key = await repo.deletePhoto(tx, id, photoId);
        if (!key) throw notFound(M.notFound);
        return deps.media.scheduleDeletion(tx, variantKeys(baseOfKey(key)).map((k) => ({ bucket: 'post-images' as const, keyOrPrefix: k })));
      });
      await deps.media.drainDeletions(outbox).catch((err: unknown) => deps.log.error({ err }, 'Deleted place photos wait for the next drain'));
      return page(actor, access, id);
    },

    /** The place's check-ins the caller may see that are no longer here now, newest first. */
    async checkIns(actor: Actor, id: string, q: { cursor?: string; limit: number }): Promise<LocationCheckInsPage> {
      const access = await accessOf(actor);
      requireView(access);
      await visiblePlace(db, actor, access, id);
      const cursor = decodeCursor(q.cursor, isTimeCursor);
      const rows = await repo.recentCheckIns(db, id, actor.userId, cursor, q.limit);
      const items = rows.slice(0, q.limit);
      const last = items[items.length - 1];
      const at = now();
      return {
        items: items.map((j) => presentCheckIn(j, actor.userId, at)),
        nextCursor: rows.length > q.limit && last ? encodeCursor({ c: last.createdAt, i: last.id }) : null,
      };
    },

    async qr(actor: Actor, id: string): Promise<LocationQrView> {
      const access = await accessOf(actor);
      return qrView(await qrPlace(db, actor, access, id));
    },

    /** A new key version: every poster printed before answers "revoked" from now on. */
    async regenerate(actor: Actor, id: string): Promise<LocationQrView> {
      const access = await accessOf(actor);
      const place = await db.transaction(async (tx) => {
        const current = await qrPlace(tx, actor, access, id, { lock: true });
        return { ...current, ...(await repo.raiseKeyVersion(tx, id)) };
      });
      return qrView(place);
    },

    /** The printable poster, its words in `locale` (the language of the member who downloads it). */
    async poster(actor: Actor, id: string, format: 'png' | 'pdf', locale: Locale = 'en'): Promise<{ name: string; body: Buffer }> {
      const access = await accessOf(actor);
      const place = await qrPlace(db, actor, access, id);
      const { url } = await qrView(place);
      const input = { name: place.name, url, locale };
      return { name: place.name, body: format === 'png' ? await posterPng(input) : await posterPdf(input) };
    },

    /** Who manages the place besides the admins (decision 026): for its managers. */
    async managers(actor: Actor, id: string): Promise<LocationManagersView> {
      const access = await accessOf(actor);
      await managedPlace(db, actor, access, id);
      return presentManagers(await repo.placeManagers(db, id, actor.userId));
    },

    /** Admins name a member a manager of the place (idempotent). */
    async addManager(actor: Actor, id: string, userId: string): Promise<LocationManagersView> {
      const access = await accessOf(actor);
      const { may } = await visiblePlace(db, actor, access, id);
      if (!may.canManageManagers) throw forbidden(M.managersAdminOnly);
      if (!(await repo.addManager(db, id, userId, actor.userId))) throw badRequest(M.managerNotMember, { userId: M.managerNotMember });
      return presentManagers(await repo.placeManagers(db, id, actor.userId));
    },

    async removeManager(actor: Actor, id: string, userId: string): Promise<LocationManagersView> {
      const access = await accessOf(actor);
      const { may } = await visiblePlace(db, actor, access, id);
      if (!may.canManageManagers) throw forbidden(M.managersAdminOnly);
      if (!(await repo.removeManager(db, id, userId))) throw notFound(M.managerNotFound);
      return presentManagers(await repo.placeManagers(db, id, actor.userId));
    },

    /** The door screen's code for the current 30-second step. */
    async doorToken(actor: Actor, id: string): Promise<DoorTokenView> {
      const access = await accessOf(actor);
      const place = await qrPlace(db, actor, access, id);
      const at = now();
      const step = doorStepAt(at);
      const token = await deps.tokens.sign({ kind: 'door', locationId: place.id, keyVersion: place.qr_key_version, step });
      const url = locationCheckInUrl(deps.publicUrl, token);
      return {
        locationId: place.id,
        locationName: place.name,
        token,
        url,
        qrSvg: await placeQrSvg(url),
        expiresAt: doorStepEnds(step).toISOString(),
        serverTime: at.toISOString(),
        stepSeconds: LOCATION_LIMITS.doorTokenStepSeconds,
      };
    },
  };
}

export type LocationsService = ReturnType<typeof createLocationsService>;
