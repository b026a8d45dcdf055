import {
  EVENT_LIMITS,
  accessLevel,
  clubMonthWindow,
  clubStartOfToday,
  eventPath,
  eventRangeWindow,
  zonedToUtc,
  type AttendeeView,
  type CreateEventData,
  type EventHostRole,
  type EventRange,
  type EventSummaryView,
  type EventView,
  type LimitedUserFlags,
  type Page,
  type UpdateEventInput,
} from '@bayclub/shared';
import type { FastifyBaseLogger, FastifyRequest } from 'fastify';
import type { Db, DbOrTx } from '../../db/client.js';
import { AfterCommit } from '../../platform/after-commit.js';
import { publish } from '../../platform/bus.js';
import { decodeCursor, encodeCursor, isTimeCursor } from '../../platform/cursor.js';
import { AppError, badRequest, conflict, forbidden, notFound, type ServerMessage } from '../../platform/errors.js';
import { canSeeMembers, canUse, isAdmin, type Actor } from '../access/index.js';
import { replaceImage, type MediaService } from '../media/index.js';
import type { Notifier } from '../notifications/index.js';
import { eventCancelledNotification, eventCreatedNotification, eventUpdatedNotification } from './notifications.js';
import { loadEventAccess } from './access.js';
import { canCreateEvent, eventViewer, type EventAccessFacts, type EventViewerState } from './policy.js';
import { presentAttendee, presentEvent, presentHostAttendee, presentSummary } from './presenter.js';
import { loadMyRegistration, promoteWaitlist } from './registrations.js';
import * as repo from './repository.js';
import { EVENTS_ERRORS as M } from './messages.js';
import type { EventPayouts } from './deps.js';

const eventGone = () => notFound(M.notFound);
/** Issue 12: an event's place is one of the club's active places, else 400 on the field. */
async function requireActivePlace(db: DbOrTx, locationId: string) {
  if (!(await repo.isActivePlace(db, locationId))) throw badRequest(M.locationUnknown, { locationId: M.locationUnknown });
}
/** Where an event's files live in post-images. */
export const eventFilesPrefix = (eventId: string) => `events/${eventId}/`;

/** The list's viewer facts, from the same Actor eventViewer reads. */
export const viewerOf = (actor: Actor | null): repo.EventsViewer => ({
  userId: actor?.userId ?? null,
  approved: canSeeMembers(actor),
  admin: isAdmin(actor),
});

/** pg_notify payloads stay far below PostgreSQL's 8000 bytes: at most this many member ids per bus event. */
const BUS_IDS_PER_EVENT = 100;

/** Tell these members' pages that their registration changed (edited, cancelled): `event:registration`. */
export async function publishRegistrationChange(tx: DbOrTx, eventId: string, userIds: string[]) {
  for (let i = 0; i < userIds.length; i += BUS_IDS_PER_EVENT)
    await publish(tx, { k: 'evt', id: eventId, t: 'reg', u: userIds.slice(i, i + BUS_IDS_PER_EVENT) });
}

export interface EventsQueryInput {
  city?: string;
  communityId?: string;
  range?: EventRange;
  going: boolean;
  past: boolean;
  cursor?: string;
  limit: number;
}

export function createEventsService(deps: {
  db: Db;
  notifier: Notifier;
  media: MediaService;
  log: FastifyBaseLogger;
  flags: () => Promise<LimitedUserFlags>;
  payouts?: EventPayouts;
  now?: () => Date;
}) {
  const { db, notifier } = deps;
  const now = deps.now ?? (() => new Date());

  /** Door helpers who are limited members need scan_qr_codes; only they make us read the flags. */
  async function scanAllowed(actor: Actor | null, facts: EventAccessFacts) {
    if (facts.hostRole !== 'door' || !actor) return false;
    if (accessLevel(actor.profile) === 'full_platform') return true;
    return canUse(actor, 'scan_qr_codes', await deps.flags());
  }

  /** The event and the caller's rights over it; 404 (as for an unknown id) when they may not see it. */
  async function visible(actor: Actor | null, eventId: string, tx: DbOrTx = db, lock = false) {
    const facts = await loadEventAccess(tx, eventId, actor?.userId ?? null, { lock });
    if (!facts) throw eventGone();
    const viewer = eventViewer(actor, facts, { scanAllowed: await scanAllowed(actor, facts), now: now() });
    if (!viewer.canView) throw eventGone();
    return { facts, viewer };
  }

  /** 409 once cancelled for those who would manage the event, 403 for everyone else who can see it. */
  function refuseManage(viewer: EventViewerState, facts: EventAccessFacts, cancelledMessage: ServerMessage = M.cancelled): never {
    if (viewer.canSeeAttendance && facts.status === 'cancelled') throw conflict(cancelledMessage);
    throw forbidden(M.notHost);
  }

  /** The event page: three statements (access, the event with its people, the caller's registration). */
  async function view(actor: Actor | null, eventId: string): Promise<EventView> {
    const { facts, viewer } = await visible(actor, eventId);
    const row = await repo.findEventDetail(db, eventId, actor?.userId ?? null, viewer.canSeeAttendees, EVENT_LIMITS.goingPreview);
    if (!row) throw eventGone();
    const mine = viewer.canSeeAttendees && actor ? await loadMyRegistration(db, eventId, actor.userId, facts.status) : null;
    return presentEvent(row, viewer, mine);
  }

  function page(rows: repo.EventSummaryRow[], limit: number): Page<EventSummaryView> {
    const items = rows.slice(0, limit);
    const last = items.at(-1);
    return { items: items.map(presentSummary), nextCursor: rows.length > limit && last ? encodeCursor({ c: last.cursor_at, i: last.id }) : null };
  }

  function startsInFuture(startsAt: Date) {
    if (startsAt.getTime() <= now().getTime())
      throw badRequest(M.startsInPast, { startsAtLocal: M.startsInPast });
  }

  /**
   * Issue 22: the currency the creator sells in, read before the transaction (the payout account is the payments
   * module's); 409 on the price field when they have no enabled payout account.
   */
  async function sellerCurrency(sellerId: string | null): Promise<string> {
    const currency = sellerId && deps.payouts ? await deps.payouts.sellerCurrency(sellerId) : null;
    if (!currency) throw conflict(M.sellerNotReady, { priceAmount: M.sellerNotReady });
    return currency;
  }

  return {
    get: view,

    /** Upcoming from midnight today in club time, soonest first (or ended, newest first), one statement per page. */
    async list(actor: Actor | null, q: EventsQueryInput): Promise<Page<EventSummaryView>> {
      const cursor = decodeCursor(q.cursor, isTimeCursor);
      const window = q.range ? eventRangeWindow(q.range, now()) : null;
      const rows = await repo.listEvents(
        db,
        viewerOf(actor),
        {
          city: q.city,
          communityId: q.communityId,
          going: q.going,
          past: q.past,
          from: q.past ? window?.from : (window?.from ?? clubStartOfToday(now())),
          to: window?.to,
        },
        { cursor, limit: q.limit },
      );
      return page(rows, q.limit);
    },

    /** Every event starting in a club-time month (at most EVENT_LIMITS.monthMax), soonest first. */
    async month(actor: Actor | null, q: { month: string; city?: string; communityId?: string; going: boolean }) {
      const { from, to } = clubMonthWindow(q.month);
      const rows = await repo.listEvents(
        db,
        viewerOf(actor),
        { city: q.city, communityId: q.communityId, going: q.going, from, to },
        { cursor: null, limit: EVENT_LIMITS.monthMax },
      );
      return { items: rows.slice(0, EVENT_LIMITS.monthMax).map(presentSummary) };
    },

    /**
     * The route demanded create_events; here: an approved member, an active member of the community when in one,
     * and a private community's events are for its members only. The community's other members hear of it.
     */
    async create(actor: Actor, input: CreateEventData): Promise<EventView> {
      if (!canCreateEvent(actor, null)) throw forbidden(M.createApprovedOnly);
      const startsAt = zonedToUtc(input.startsAtLocal, input.timeZone);
      const endsAt = zonedToUtc(input.endsAtLocal, input.timeZone);
      startsInFuture(startsAt);
      if (input.communityId) {
        const community = await repo.findCommunityForEvent(db, input.communityId, actor.userId);
        if (!community) throw notFound(M.communityNotFound);
        if (!canCreateEvent(actor, { membershipStatus: community.membership_status }))
          throw new AppError(403, 'FORBIDDEN', M.notCommunityMember);
        if (community.visibility === 'private' && input.visibility !== 'community')
          throw badRequest(M.privateCommunityEvent, { visibility: M.privateCommunityEvent });
      }
      if (input.locationId) await requireActivePlace(db, input.locationId);
      const currency = input.priceAmount !== null ? await sellerCurrency(actor.userId) : null;
      const after = new AfterCommit();
      const id = await db.transaction(async (tx) => {
        const eventId = await repo.insertEvent(tx, {
          createdBy: actor.userId,
          communityId: input.communityId,
          title: input.title,
          description: input.description,
          startsAt,
          endsAt,
          timeZone: input.timeZone,
          venue: input.venue,
          address: input.address,
          city: input.city,
          visibility: input.visibility,
          capacity: input.capacity,
          guestsAllowed: input.guestsAllowed,
          locationId: input.locationId,
          priceAmount: input.priceAmount,
          currency,
          refundCutoffHours: input.refundCutoffHours,
          claimWindowHours: input.claimWindowHours,
        });
        if (input.communityId) {
          await notifier.notifyMany(tx, after, repo.communityAudienceSql(input.communityId, actor.userId, input.visibility), {
            kind: eventCreatedNotification,
            params: { eventTitle: input.title },
            relatedId: eventId,
            path: eventPath(eventId),
          });
        }
        return eventId;
      });
      after.run();
      return view(actor, id);
    },

    /**
     * An edit, under the event's lock: sequence + 1; capacity never below the seats taken; a raised capacity
     * promotes the waitlist; a change of time or place tells everyone going or waitlisted (decision 015, events
     * server section). Lowering guestsAllowed leaves existing parties as they are.
     */
    async update(actor: Actor, eventId: string, input: UpdateEventInput): Promise<EventView> {
      const after = new AfterCommit();
      // The creator's currency is read before the transaction (another module's table, on the pool).
      const pricing = input.priceAmount !== undefined && input.priceAmount !== null;
      const creator = pricing ? (await repo.findEventCore(db, eventId))?.created_by ?? null : null;
      const currency = pricing ? await sellerCurrency(creator) : null;
      await db.transaction(async (tx) => {
        const { facts, viewer } = await visible(actor, eventId, tx, true);
        if (!viewer.canEdit) refuseManage(viewer, facts);
        const current = await repo.findEventCore(tx, eventId);
        if (!current) throw eventGone();
        const set: repo.NewEvent | Partial<repo.NewEvent> = {};
        let moved = false;
        if (input.startsAtLocal !== undefined && input.endsAtLocal !== undefined && input.timeZone !== undefined) {
          const startsAt = zonedToUtc(input.startsAtLocal, input.timeZone);
          const endsAt = zonedToUtc(input.endsAtLocal, input.timeZone);
          const startChanged = startsAt.getTime() !== new Date(current.starts_at).getTime();
          if (startChanged) startsInFuture(startsAt);
          moved = startChanged || endsAt.getTime() !== new Date(current.ends_at).getTime() || input.timeZone !== current.time_zone;
          Object.assign(set, { startsAt, endsAt, timeZone: input.timeZone });
        }
        for (const key of ['venue', 'address', 'city'] as const) {
          if (input[key] !== undefined && input[key] !== current[key]) moved = true;
          if (input[key] !== undefined) Object.assign(set, { [key]: input[key] });
        }
        // Issue 12: the club's place (the words of venue and address say where; a new place alone tells nobody).
        if (input.locationId !== undefined) {
          if (input.locationId !== null && input.locationId !== current.location_id) await requireActivePlace(tx, input.locationId);
          set.locationId = input.locationId;
        }
        if (input.title !== undefined) set.title = input.title;
        if (input.description !== undefined) set.description = input.description;
        if (input.guestsAllowed !== undefined) set.guestsAllowed = input.guestsAllowed;
        if (input.visibility !== undefined) {
          if (input.visibility === 'community' && !current.community_id)
            throw badRequest(M.communityVisibilityNeedsCommunity, { visibility: M.communityVisibilityNeedsCommunity });
          if (current.community_visibility === 'private' && input.visibility !== 'community')
            throw badRequest(M.privateCommunityEvent, { visibility: M.privateCommunityEvent });
          set.visibility = input.visibility;
        }
        let capacityRaised = false;
        if (input.capacity !== undefined) {
          if (input.capacity !== null && input.capacity < current.going_count)
            throw badRequest(M.capacityBelowGoing, { capacity: M.capacityBelowGoing });
          capacityRaised = current.capacity !== null && (input.capacity === null || input.capacity > current.capacity);
          set.capacity = input.capacity;
        }
        // Issue 22: the price is fixed once anyone holds a seat or a waitlist place (what they agreed to pay).
        if (input.priceAmount !== undefined && input.priceAmount !== current.price_amount) {
          if (current.going_count > 0 || current.waitlist_count > 0) throw conflict(M.priceLocked, { priceAmount: M.priceLocked });
          set.priceAmount = input.priceAmount;
          set.currency = input.priceAmount === null ? null : currency;
        }
        if (input.refundCutoffHours !== undefined) set.refundCutoffHours = input.refundCutoffHours;
        if (input.claimWindowHours !== undefined) set.claimWindowHours = input.claimWindowHours;
        await repo.updateEvent(tx, eventId, set, { bumpSequence: true });
        if (capacityRaised) await promoteWaitlist(tx, after, { notifier }, eventId);
        if (moved) {
          const told = await notifier.notifyMany(tx, after, repo.registeredMembersSql(eventId), {
            kind: eventUpdatedNotification,
            params: { eventTitle: input.title ?? current.title },
            relatedId: eventId,
            path: eventPath(eventId),
          });
          await publishRegistrationChange(tx, eventId, told);
        }
      });
      after.run();
      return view(actor, eventId);
    },

    /** Cancel (hosts, community staff, admins): everyone going or waitlisted hears of it, in app and push. */
    async cancel(actor: Actor, eventId: string): Promise<EventView> {
      const after = new AfterCommit();
      await db.transaction(async (tx) => {
        const { facts, viewer } = await visible(actor, eventId, tx, true);
        if (!viewer.canCancel) refuseManage(viewer, facts, M.alreadyCancelled);
        const current = await repo.findEventCore(tx, eventId);
        if (!current) throw eventGone();
        await repo.updateEvent(tx, eventId, { status: 'cancelled', cancelledAt: new Date() }, { bumpSequence: true });
        const told = await notifier.notifyMany(tx, after, repo.registeredMembersSql(eventId), {
          kind: eventCancelledNotification,
          params: { eventTitle: current.title },
          relatedId: eventId,
          path: eventPath(eventId),
        });
        await publishRegistrationChange(tx, eventId, told);
      });
      after.run();
      // Issue 22: every payment for the event is refunded (the payments module; its sweep retries what fails).
      deps.payouts?.afterCancel(eventId);
      return view(actor, eventId);
    },

    /** Add a co-host or door helper, or change their role (the creator and admins). */
    async setHost(actor: Actor, eventId: string, userId: string, role: EventHostRole): Promise<EventView> {
      await db.transaction(async (tx) => {
        const { facts, viewer } = await visible(actor, eventId, tx, true);
        if (!viewer.canManageHosts) {
          if (viewer.canSeeAttendance && facts.status === 'cancelled') throw conflict(M.cancelled);
          throw forbidden(M.notHost);
        }
        if (userId === facts.createdBy) throw badRequest(M.creatorIsHost, { userId: M.creatorIsHost });
        const candidate = await repo.findHostCandidate(tx, userId, facts.createdBy);
        if (!candidate) throw notFound(M.hostNotFound);
        if ((await repo.countHosts(tx, eventId, userId)) >= EVENT_LIMITS.coHostsMax)
          throw badRequest(M.tooManyHosts, { userId: M.tooManyHosts });
        await repo.upsertHost(tx, eventId, userId, role);
      });
      return view(actor, eventId);
    },

    async removeHost(actor: Actor, eventId: string, userId: string): Promise<EventView> {
      await db.transaction(async (tx) => {
        const { facts, viewer } = await visible(actor, eventId, tx, true);
        if (!viewer.canManageHosts) {
          if (viewer.canSeeAttendance && facts.status === 'cancelled') throw conflict(M.cancelled);
          throw forbidden(M.notHost);
        }
        if (userId === facts.createdBy) throw badRequest(M.creatorIsHost, { userId: M.creatorIsHost });
        await repo.deleteHost(tx, eventId, userId);
      });
      return view(actor, eventId);
    },

    /** Who's going (anyone who sees attendees) or the waitlist (hosts, staff, admins), keyset paged. */
    async attendees(actor: Actor, eventId: string, q: { status: 'going' | 'waitlisted'; cursor?: string; limit: number }): Promise<Page<AttendeeView>> {
      const { viewer } = await visible(actor, eventId);
      if (!viewer.canSeeAttendees) throw eventGone();
      if (q.status === 'waitlisted' && !viewer.canSeeAttendance) throw forbidden(M.notHost);
      const cursor = decodeCursor(q.cursor, isTimeCursor);
      // Decision 025: the creator heads the first page of who's going (they hold no registration); that page then
      // holds one registration fewer, so pages keep their size (a page of one still carries a registration and the cursor).
      const host = q.status === 'going' && !cursor ? await repo.findVisibleCreator(db, eventId, actor.userId) : null;
      const limit = host ? Math.max(1, q.limit - 1) : q.limit;
      const rows = await repo.listAttendees(db, eventId, actor.userId, q.status, { cursor, limit });
      const items = rows.slice(0, limit);
      const last = items.at(-1);
      return {
        items: [...(host ? [presentHostAttendee(host)] : []), ...items.map((r) => presentAttendee(r, viewer.canSeeAttendance))],
        nextCursor: rows.length > limit && last ? encodeCursor({ c: last.cursor_at, i: last.reg_id }) : null,
      };
    },

    /**
     * A new cover (those who may edit: 404 / 403 / 409 as for PATCH), re-encoded like every image, in post-images
     * under events/{id}/; the old one is removed through the storage_deletions outbox.
     */
    async uploadCover(request: FastifyRequest, actor: Actor, eventId: string): Promise<EventView> {
      const mayEdit = async (tx: DbOrTx, lock: boolean) => {
        const { facts, viewer } = await visible(actor, eventId, tx, lock);
        if (!viewer.canEdit) refuseManage(viewer, facts);
      };
      // Refused callers hear so before a byte of the file is read or stored.
      await mayEdit(db, false);
      await replaceImage({ db, media: deps.media, log: deps.log }, request, {
        maxBytes: EVENT_LIMITS.imageMaxBytes,
        base: `${eventFilesPrefix(eventId)}${Date.now()}-cover`,
        missing: M.imageMissing,
        swap: async (tx, key) => {
          // Checked again under the event's lock: it may have been cancelled, or the caller lost the right.
          await mayEdit(tx, true);
          const current = await repo.findEventCore(tx, eventId);
          await repo.updateEvent(tx, eventId, { coverImageKey: key }, { bumpSequence: false });
          return current?.cover_image_key ?? null;
        },
      });
      return view(actor, eventId);
    },
  };
}

export type EventsService = ReturnType<typeof createEventsService>;
