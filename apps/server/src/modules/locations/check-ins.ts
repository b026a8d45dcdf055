import {
  DEFAULT_CHECK_IN_VISIBILITY,
  LOCATION_LIMITS,
  LOCATION_MESSAGES,
  isProfileId,
  type CheckInVisibility,
  type LimitedUserFlags,
  type LocationCheckInOutcome,
  type LocationCheckInResult,
  type LocationCheckInView,
  type LocationScanView,
  type LocationSettingsView,
  type ProfileCheckInsPage,
} from '@bayclub/shared';
import type { Db, DbOrTx } from '../../db/client.js';
import { announcingWith, publish, type BusEventOf } from '../../platform/bus.js';
import { decodeCursor, encodeCursor, isTimeCursor } from '../../platform/cursor.js';
import { Refusal, conflict, forbidden, notFound } from '../../platform/errors.js';
import type { Actor } from '../access/index.js';
import { venueCheckIn } from '../events/index.js';
import { flagSql } from '../settings/index.js';
import { locationAccess, locationAccessOf, placeManagement, type LocationAccess } from './policy.js';
import { isHereNow, photoUrlOf, presentCheckIn, presentProfileCheckIn } from './presenter.js';
import { doorStepAt, type PlaceToken, type PlaceTokenSigner } from './qr-tokens.js';
import * as repo from './repository.js';
import { LOCATIONS_ERRORS as M } from './messages.js';
import { placeGone } from './service.js';

const MESSAGE_OF: Record<Exclude<LocationCheckInOutcome, 'checked_in' | 'already_checked_in'>, string> = {
  invalid: LOCATION_MESSAGES.tokenInvalid,
  revoked: LOCATION_MESSAGES.tokenRevoked,
  expired: LOCATION_MESSAGES.tokenExpired,
  other_place: LOCATION_MESSAGES.tokenOtherPlace,
  poster_not_accepted: LOCATION_MESSAGES.posterNotAccepted,
  position_not_accepted: LOCATION_MESSAGES.positionNotAccepted,
  no_coordinates: LOCATION_MESSAGES.noCoordinates,
  too_far: LOCATION_MESSAGES.tooFar,
  closed: LOCATION_MESSAGES.closed,
};

/** A check-in answer that is not an error of the request: the page shows it (409 already, 422 refused). */
const refused = (outcome: keyof typeof MESSAGE_OF) =>
  new Refusal<LocationCheckInResult>(422, { outcome, message: MESSAGE_OF[outcome], checkIn: null, nextCheckInAt: null, events: [], location: null });

/** Great-circle distance in metres (the same haversine as the list's SQL). */
export function distanceM(a: { latitude: number; longitude: number }, b: { latitude: number; longitude: number }): number {
  const rad = (d: number) => (d * Math.PI) / 180;
  const h =
    Math.sin(rad(b.latitude - a.latitude) / 2) ** 2 +
    Math.cos(rad(a.latitude)) * Math.cos(rad(b.latitude)) * Math.sin(rad(b.longitude - a.longitude) / 2) ** 2;
  return 12_742_017.6 * Math.asin(Math.min(1, Math.sqrt(h)));
}

/**
 * Why a verified code cannot check in at `place` (the place the request names, when it names one), or null
 * when it can. Order: another place's code; an unknown place; a deactivated one; an older key version (a
 * reprinted poster) or a newer one (impossible unless forged); a door code outside the current and previous
 * step; a poster at a door-screen-only place.
 */
export function codeRefusal(
  token: PlaceToken,
  place: repo.LocationCoreRow | null,
  opts: { expectedPlaceId?: string; now: Date },
): keyof typeof MESSAGE_OF | null {
  if (opts.expectedPlaceId && token.locationId !== opts.expectedPlaceId) return 'other_place';
  if (!place) return 'invalid';
  if (!place.active) return 'closed';
  if (token.keyVersion < place.qr_key_version) return 'revoked';
  if (token.keyVersion > place.qr_key_version) return 'invalid';
  if (token.kind === 'door') {
    const current = doorStepAt(opts.now);
    if (token.step > current) return 'invalid';
    if (token.step <= current - LOCATION_LIMITS.doorTokenAcceptedSteps) return 'expired';
  } else if (place.check_in_mode === 'door_screen') return 'poster_not_accepted';
  return null;
}

export interface CheckInDeps {
  db: Db;
  flags: () => Promise<LimitedUserFlags>;
  tokens: PlaceTokenSigner;
  now?: () => Date;
}

/**
 * Check-ins (decision 016): scanning a code, checking in by code or position (one per member and place per 3
 * hours, under the pair's advisory lock; the events there the member is going to get their attendance), checking
 * out, deleting, a member's check-in history, the default visibility. Public and connections-only changes are
 * announced on the bus (`location:here-now`) to those who may see them.
 */
export function createCheckInService(deps: CheckInDeps) {
  const { db, tokens } = deps;
  const now = deps.now ?? (() => new Date());

  /** Writes read the flags (the bus event says whether limited members may see places); reads only when needed. */
  async function accessAndFlags(actor: Actor): Promise<{ access: LocationAccess; flags: LimitedUserFlags }> {
    const flags = await deps.flags();
    return { access: locationAccess(actor, flags), flags };
  }
  const accessOf = (actor: Actor) => locationAccessOf(actor, deps.flags);
  function requireCheckIn(access: LocationAccess) {
    if (!access.canCheckIn) throw forbidden(M.checkInNotAllowed);
  }

  /** Tell open pages that who is here changed (not for private check-ins, which nobody else sees). */
  async function announce(tx: DbOrTx, c: { locationId: string; userId: string; visibility: CheckInVisibility }, flags: LimitedUserFlags) {
    if (c.visibility === 'private') return;
    await publish(tx, { k: 'loc', id: c.locationId, u: c.userId, v: c.visibility, l: flags.view_locations });
  }

  const nextAtOf = (createdAt: string) => new Date(new Date(createdAt).getTime() + LOCATION_LIMITS.checkInWindowMs).toISOString();

  return {
    /** What a scanned code is for (the check-in page shows the place before the member chooses who sees it). */
    async scan(actor: Actor, token: string): Promise<LocationScanView> {
      const access = await accessOf(actor);
      requireCheckIn(access);
      const verified = await tokens.verify(token);
      if (!verified) throw refused('invalid');
      const page = await repo.findLocationPage(db, verified.locationId, actor.userId);
      const refusal = codeRefusal(verified, page, { now: now() });
      if (refusal || !page) throw refused(refusal ?? 'invalid');
      const at = now();
      const mineLive = page.mine ? presentCheckIn(page.mine, actor.userId, at) : null;
      const nextAt = page.mine ? nextAtOf(page.mine.createdAt) : null;
      return {
        location: {
          id: page.id,
          name: page.name,
          category: page.category,
          city: page.city as LocationScanView['location']['city'],
          address: page.address,
          photoUrl: photoUrlOf(page.photos[0]?.key ?? null),
          distanceKm: null,
          hereNowCount: Number(page.here.count),
          active: page.active,
          latitude: page.latitude === null ? null : Number(page.latitude),
          longitude: page.longitude === null ? null : Number(page.longitude),
        },
        kind: verified.kind,
        defaultVisibility: page.default_visibility ?? DEFAULT_CHECK_IN_VISIBILITY,
        mine: mineLive,
        nextCheckInAt: nextAt && new Date(nextAt).getTime() > at.getTime() ? nextAt : null,
      };
    },

    /**
     * Check in at place `id` by a code of this place or by position. 201 checked_in; 409 already_checked_in; 422
     * refused (a Refusal with the page's answer). The events happening here that the member is going to get their check-in too.
     */
    async checkIn(
      actor: Actor,
      id: string,
      input: { token?: string; position?: { latitude: number; longitude: number }; visibility?: CheckInVisibility },
    ): Promise<LocationCheckInResult> {
      // The flags only for a limited member: the bus event reads view_locations in the check-in's statement.
      const access = await accessOf(actor);
      requireCheckIn(access);
      // A position check-in starts from the place's page: it needs to see places.
      if (input.position && !access.canView) throw forbidden(M.viewNotAllowed);
      // Verified before the transaction (the key may be read from the database once), decided inside.
      const verified = input.token ? await tokens.verify(input.token) : null;
      if (input.token && !verified) throw refused('invalid');
      // Issue 25: four statements (BEGIN, the place under the pair's lock, the check-in with everything it sets off, COMMIT).
      return db.transaction(async (tx) => {
        const place = await repo.lockPlaceForCheckIn(tx, actor.userId, id);
        let method: 'poster' | 'door' | 'position';
        if (verified) {
          const refusal = codeRefusal(verified, place, { expectedPlaceId: id, now: now() });
          if (refusal) throw refused(refusal);
          method = verified.kind;
        } else {
          if (!place || (!place.active && !placeManagement(access, place).canManage)) throw placeGone();
          if (!place.active) throw refused('closed');
          if (place.check_in_mode === 'door_screen') throw refused('position_not_accepted');
          if (place.latitude === null || place.longitude === null) throw refused('no_coordinates');
          const from = { latitude: Number(place.latitude), longitude: Number(place.longitude) };
          if (distanceM(from, input.position!) > LOCATION_LIMITS.checkInRadiusM) throw refused('too_far');
          method = 'position';
        }
        const where = { id: place!.id, name: place!.name };
        const visibility = input.visibility ?? place!.default_visibility ?? DEFAULT_CHECK_IN_VISIBILITY;
        const outcome = await repo.checkInOnce(
          tx,
          { userId: actor.userId, locationId: id, visibility, method },
          // Private check-ins are announced to nobody (nobody else sees them).
          visibility === 'private'
            ? null
            : announcingWith<BusEventOf<'loc'>, 'l'>({ k: 'loc', id, u: actor.userId, v: visibility }, { l: flagSql('view_locations') }),
          (written) => venueCheckIn({ userId: actor.userId, locationId: id, earlyMinutes: LOCATION_LIMITS.eventCheckInEarlyMinutes }, written),
        );
        if (outcome.kind === 'earlier') {
          throw new Refusal<LocationCheckInResult>(409, {
            outcome: 'already_checked_in',
            message: LOCATION_MESSAGES.alreadyCheckedIn,
            checkIn: presentCheckIn(outcome.checkIn, actor.userId, now()),
            nextCheckInAt: new Date(outcome.nextAt).toISOString(),
            events: [],
            location: where,
          });
        }
        return {
          outcome: 'checked_in',
          message: LOCATION_MESSAGES.checkedIn,
          checkIn: presentCheckIn(outcome.checkIn, actor.userId, now()),
          nextCheckInAt: nextAtOf(outcome.checkIn.createdAt),
          events: outcome.events,
          location: where,
        } satisfies LocationCheckInResult;
      });
    },

    /** End "here now" early (the 3-hour window still counts from the check-in). Only the member's own. */
    async checkOut(actor: Actor, checkInId: string): Promise<LocationCheckInView> {
      const { flags } = await accessAndFlags(actor);
      return db.transaction(async (tx) => {
        const row = await repo.lockCheckIn(tx, checkInId);
        if (!row || row.user_id !== actor.userId) throw notFound(M.checkInNotFound);
        // Checked out already, or the 3 hours are over: nothing left to end.
        if (!isHereNow(row.created_at, row.checked_out_at, now())) throw conflict(M.alreadyCheckedOut);
        const out = await repo.checkOut(tx, checkInId);
        if (row.location_active) await announce(tx, { locationId: row.location_id, userId: row.user_id, visibility: row.visibility }, flags);
        return presentCheckIn(out, actor.userId, now());
      });
    },

    async remove(actor: Actor, checkInId: string): Promise<void> {
      const { flags } = await accessAndFlags(actor);
      await db.transaction(async (tx) => {
        const row = await repo.lockCheckIn(tx, checkInId);
        if (!row || row.user_id !== actor.userId) throw notFound(M.checkInNotFound);
        await repo.deleteCheckIn(tx, checkInId);
        if (row.location_active) await announce(tx, { locationId: row.location_id, userId: row.user_id, visibility: row.visibility }, flags);
      });
    },

    /** A member's check-ins: all to the member; to others what they may see at places they can see. */
    async ofMember(actor: Actor, ownerId: string, q: { cursor?: string; limit: number }): Promise<ProfileCheckInsPage> {
      if (!isProfileId(ownerId)) throw notFound(M.noProfile);
      const own = ownerId.toLowerCase() === actor.userId;
      const access = await accessOf(actor);
      if (!own && !access.canView) throw forbidden(M.viewNotAllowed);
      const owner = ownerId.toLowerCase();
      if (!own && !(await repo.profileOpenTo(db, owner, actor.userId))) throw notFound(M.noProfile);
      const cursor = decodeCursor(q.cursor, isTimeCursor);
      const rows = await repo.profileCheckIns(db, owner, { id: actor.userId, includeInactive: access.admin }, cursor, q.limit);
      const items = rows.slice(0, q.limit);
      const last = items[items.length - 1];
      const at = now();
      return {
        items: items.map((r) => presentProfileCheckIn(r, actor.userId, owner, at)),
        nextCursor: rows.length > q.limit && last ? encodeCursor({ c: last.cursor_at, i: last.id }) : null,
      };
    },

    async settings(actor: Actor): Promise<LocationSettingsView> {
      return { defaultVisibility: (await repo.defaultVisibilityOf(db, actor.userId)) ?? DEFAULT_CHECK_IN_VISIBILITY };
    },

    async saveSettings(actor: Actor, visibility: CheckInVisibility): Promise<LocationSettingsView> {
      await repo.saveDefaultVisibility(db, actor.userId, visibility);
      return { defaultVisibility: visibility };
    },
  };
}

export type CheckInService = ReturnType<typeof createCheckInService>;
