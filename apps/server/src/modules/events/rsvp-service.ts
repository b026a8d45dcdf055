import {
  EVENT_MESSAGES,
  accessLevel,
  type AttendanceView,
  type CheckInInput,
  type CheckInListView,
  type CheckInResult,
  type LimitedUserFlags,
  type MemberSummary,
  type RsvpResult,
  type TicketView,
} from '@bayclub/shared';
import type { Db, DbOrTx } from '../../db/client.js';
import { AfterCommit } from '../../platform/after-commit.js';
import { announcingWith, type BusEventOf } from '../../platform/bus.js';
import { AppError, PLATFORM_ERRORS, Refusal, badRequest, conflict, forbidden, notFound } from '../../platform/errors.js';
import { createAttemptLimiter } from '../../platform/attempt-limiter.js';
import { canUse, presentMember, type Actor } from '../access/index.js';
import type { Notifier } from '../notifications/index.js';
import { loadEventAccess } from './access.js';
import { eventViewer, type EventAccessFacts, type EventViewerState } from './policy.js';
import { promoteFrom, writeAndLoadMine } from './registrations.js';
import { releaseSeats, rsvpResultFor } from './paid-seats.js';
import * as repo from './rsvp-repository.js';
import { EVENTS_ERRORS as M } from './messages.js';
import { ticketCodeCandidates, ticketQrSvg, type TicketSigner } from './tickets.js';

const iso = (v: Date | string) => new Date(v).toISOString();

/** A registration row's member columns (raw SQL, snake_case) as the one member summary. */
const memberOfRow = (r: repo.MemberColumns): MemberSummary =>
  presentMember({
    id: r.member_id,
    fullName: r.full_name,
    username: r.username,
    profilePictureUrl: r.profile_picture_url,
    isVerified: r.is_verified === true,
    age: r.age,
    city: r.city,
  });

/** A door answer that is not an error of the request: the door shows it (409 used, 422 refused). */
const refusal = (statusCode: 409 | 422, outcome: CheckInResult['outcome'], message: string, extra: Partial<CheckInResult> = {}) =>
  new Refusal<CheckInResult>(statusCode, { outcome, message, guest: null, partySize: null, checkedInAt: null, ...extra });

export interface RsvpServiceDeps {
  db: Db;
  notifier: Notifier;
  tickets: TicketSigner;
  flags: () => Promise<LimitedUserFlags>;
}

/**
 * RSVPs, the waitlist, tickets and the door (decision 015). Every change of seats runs in one transaction that
 * first locks the event row (loadEventAccess { lock: true }), so concurrent RSVPs never overbook and check-ins of
 * one ticket on two phones admit it once.
 */
/**
 * Wrong door codes typed per event in a minute, all its door staff together (issue 21). The route's limit counts per
 * staff member, so a host with co-hosts could guess that many times over; a code that finds a ticket (used or not)
 * does not count. In memory per process, as the sign-in limit (decision 013).
 */
export const WRONG_DOOR_CODES_PER_EVENT = { max: 30, windowMs: 60_000 } as const;

export function createRsvpService(deps: RsvpServiceDeps) {
  const { db, notifier, tickets } = deps;
  const wrongCodes = createAttemptLimiter(WRONG_DOOR_CODES_PER_EVENT);

  /**
   * May the caller use a limited-member flag? Full members may without reading the settings; read before any
   * transaction (the settings are read on the pool, which a PGlite transaction holds).
   */
  async function allowed(actor: Actor, flag: 'scan_qr_codes' | 'generate_qr_codes'): Promise<boolean> {
    if (accessLevel(actor.profile) === 'full_platform') return true;
    return canUse(actor, flag, await deps.flags());
  }

  /** The caller's view of the event (404 when they may not see it). */
  async function viewerOf(tx: DbOrTx, actor: Actor, eventId: string, opts: { lock: boolean; scanAllowed: boolean }) {
    return viewOf(actor, await loadEventAccess(tx, eventId, actor.userId, { lock: opts.lock }), opts.scanAllowed);
  }

  /** The caller's view of an event from facts already read (404 when none, or when they may not see it). */
  function viewOf<F extends EventAccessFacts>(actor: Actor, facts: F | null, scanAllowed: boolean) {
    if (!facts) throw notFound(M.notFound);
    const viewer = eventViewer(actor, facts, { scanAllowed });
    if (!viewer.canView) throw notFound(M.notFound);
    return { facts, viewer };
  }

  /** The door's staff: hosts and allowed door helpers; 403 for anyone else who can see the event. */
  function requireDoor(actor: Actor, v: { facts: EventAccessFacts; viewer: EventViewerState }, scanAllowed: boolean) {
    if (v.viewer.canCheckIn) return;
    // The staff of a cancelled event are still its staff: the door answers "cancelled", not "not allowed".
    const ifScheduled = eventViewer(actor, { ...v.facts, status: 'scheduled' }, { scanAllowed });
    if (ifScheduled.canCheckIn) throw refusal(422, 'cancelled', EVENT_MESSAGES.cancelled);
    throw forbidden(M.notDoorStaff);
  }

  async function rsvpInTx(tx: DbOrTx, after: AfterCommit, actor: Actor, eventId: string, input: { status: 'going' | 'not_going'; guests: number }) {
    const locked = await repo.lockEventForRsvp(tx, eventId, actor.userId);
    const { facts, viewer } = viewOf(actor, locked?.facts ?? null, false);
    // Decision 025: the creator is going without a seat; a registration would count them twice. Not going stays
    // open to them, to give up seats a registration from before that rule holds.
    if (viewer.isCreator && input.status === 'going') throw conflict(M.hostIsGoing);
    if (!viewer.canRsvp) {
      if (facts.status === 'cancelled') throw conflict(M.cancelled);
      throw conflict(M.ended);
    }
    let { seats, current }: { seats: repo.EventSeats; current: (repo.RegistrationRow & { version?: string }) | null } = locked!;
    // Issue 22: a paid event's registration is read again under the lock (its flows are not folded).
    if (seats.price_amount !== null) ({ seats, current } = await repo.seatsAndRegistration(tx, eventId, actor.userId));
    for (let attempt = 0; attempt < 3; attempt++) {
      const answer = await decideAndWrite(tx, after, actor, eventId, input, facts, seats, current);
      if (answer) return answer;
      // The registration changed while this waited for the event's lock (the member's other tab, a double tap):
      // read it again, now under the lock, and decide again. Nothing was written.
      ({ seats, current } = await repo.seatsAndRegistration(tx, eventId, actor.userId));
    }
    throw new Error('the registration kept changing under the event lock');
  }

  /**
   * The RSVP's rules and its write, from the seats and the member's registration (`current`, with the version it
   * was read at, or read under the lock). Null when the write found the registration changed since: nothing written.
   */
  async function decideAndWrite(
    tx: DbOrTx,
    after: AfterCommit,
    actor: Actor,
    eventId: string,
    input: { status: 'going' | 'not_going'; guests: number },
    facts: EventAccessFacts,
    seats: repo.EventSeats,
    current: (repo.RegistrationRow & { version?: string }) | null,
  ): Promise<RsvpResult | null> {
    const going = input.status === 'going';
    const guests = going ? input.guests : 0;
    if (guests > seats.guests_allowed) {
      const message = seats.guests_allowed === 0 ? M.noGuests : M.guests;
      throw badRequest(message, { guests: message });
    }
    if (seats.price_amount !== null) {
      // Issue 22: seats of a paid event are bought and given back through the payments module; an RSVP here can
      // only leave the waitlist, or let go of held seats and of a seat offered from the waitlist.
      if (going) throw conflict(M.paidEventUseCheckout);
      if (current?.status === 'going') throw conflict(M.paidEventUseCancel);
      if (current) await releaseSeats(tx, after, { notifier }, current.id);
      return rsvpResultFor(tx, eventId, actor.userId);
    }
    const party = 1 + guests;
    const ownSeats = current?.status === 'going' ? 1 + current.guests : 0;
    const fits = seats.capacity === null || seats.going_count - ownSeats + party <= seats.capacity;

    if (going && current?.status === 'going' && !fits) {
      // Decision 015: asking for more guests than fit keeps the seats already held, rather than losing them to the waitlist.
      const available = seats.capacity! - seats.going_count + ownSeats;
      const message = M.partyDoesNotFit({ party, available, held: ownSeats });
      throw conflict(message, { guests: message });
    }
    const status: repo.RegistrationRow['status'] = !going ? 'not_going' : fits ? 'going' : 'waitlisted';
    const seatsDelta = (status === 'going' ? party : 0) - ownSeats;
    const waitDelta = (status === 'waitlisted' ? 1 : 0) - (current?.status === 'waitlisted' ? 1 : 0);

    // Seats given up (not going, fewer guests, off the waitlist) pass on in the same transaction: the write reads
    // the waitlist with the counts, then the promotion writes. Otherwise the write's answer is the RSVP's.
    const promotes = seatsDelta < 0 || waitDelta < 0;
    const at = { eventId, eventStatus: facts.status };
    const moved = { seats: seatsDelta, waitlisted: waitDelta };
    const waitlist = status !== 'waitlisted' ? 'clear' : current?.status === 'waitlisted' ? 'keep' : 'join';
    // A first registration is written only if there is none (else it was made meanwhile: read again); a new
    // ticket code is drawn each time, so a taken one (about never) is retried the same way.
    const write = current
      ? repo.updateRegistrationSql(current.id, { status, guests, waitlist }, undefined, { version: current.version })
      : repo.insertRegistrationSql({ eventId, userId: actor.userId, status, guests, codes: ticketCodeCandidates() }, undefined, { ifAbsent: true });
    const written = await writeAndLoadMine(tx, at, write, moved, { waitlist: promotes });
    if (!written) return null;
    const { mine } = written;
    let counts = written.counts;
    if (written.waitlist) {
      const promoted = await promoteFrom(tx, after, { notifier }, eventId, written.waitlist.event, written.waitlist.parties);
      counts = promoted.counts ?? counts;
    }
    return { mine, capacity: counts.capacity, goingCount: counts.going_count, waitlistCount: counts.waitlist_count } satisfies RsvpResult;
  }

  return {
    async rsvp(actor: Actor, eventId: string, input: { status: 'going' | 'not_going'; guests: number }): Promise<RsvpResult> {
      const after = new AfterCommit();
      const result = await db.transaction((tx) => rsvpInTx(tx, after, actor, eventId, input));
      after.run();
      return result;
    },

    /** The caller's own ticket: only while going; 404 otherwise (never someone else's). */
    async ticket(actor: Actor, eventId: string): Promise<TicketView> {
      const { facts, viewer } = await viewerOf(db, actor, eventId, { lock: false, scanAllowed: false });
      if (!viewer.canSeeAttendees || facts.status !== 'scheduled') throw notFound(M.notFound);
      const reg = await repo.findRegistration(db, eventId, actor.userId);
      if (!reg || reg.status !== 'going') throw notFound(M.notFound);
      const token = await tickets.sign(reg.id);
      const qr = await allowed(actor, 'generate_qr_codes');
      return {
        eventId,
        registrationId: reg.id,
        code: reg.ticket_code,
        token,
        qrSvg: qr ? await ticketQrSvg(token) : null,
        partySize: 1 + reg.guests,
        checkedInAt: reg.checked_in_at ? iso(reg.checked_in_at) : null,
      };
    },

    /**
     * Admit a ticket at the door: 200 checked in; 409 already used (with when); 422 another event, cancelled,
     * invalid (a Refusal with the door's answer). Under the event's lock and the registration's, so a ticket is admitted once.
     */
    async checkIn(actor: Actor, eventId: string, input: CheckInInput): Promise<CheckInResult> {
      const scanAllowed = await allowed(actor, 'scan_qr_codes');
      // Verified before the transaction (the key may be read from the database once), decided after the access check.
      const registrationId = input.token ? await tickets.verify(input.token) : null;
      return db.transaction(async (tx) => {
        const v = await viewerOf(tx, actor, eventId, { lock: true, scanAllowed });
        requireDoor(actor, v, scanAllowed);
        if (input.token && !registrationId) throw refusal(422, 'invalid', EVENT_MESSAGES.ticketInvalid);
        // Typed codes are what can be guessed (a QR token is signed): counted per event, before the lookup.
        const typedAt = registrationId ? null : Date.now();
        if (typedAt !== null) {
          if (!wrongCodes.allows(eventId, typedAt)) throw new AppError(429, 'RATE_LIMITED', PLATFORM_ERRORS.tooManyRequests);
          wrongCodes.record(eventId, typedAt);
        }
        const reg = await repo.admitAtDoor(
          tx,
          registrationId ? { id: registrationId } : { eventId, code: input.code! },
          { eventId, byUserId: actor.userId },
          (fields) => announcingWith<BusEventOf<'evt'>, 'u' | 'r'>({ k: 'evt', id: eventId, t: 'checkin' }, fields),
        );
        if (!reg) throw refusal(422, 'invalid', EVENT_MESSAGES.ticketInvalid);
        if (typedAt !== null) wrongCodes.forget(eventId, typedAt);
        if (reg.admitted_at !== null) {
          return {
            outcome: 'checked_in',
            message: EVENT_MESSAGES.checkedIn,
            guest: memberOfRow(reg),
            partySize: 1 + reg.guests,
            checkedInAt: iso(reg.admitted_at),
          } satisfies CheckInResult;
        }
        // Not admitted: the door's answer says why, from the row the statement read.
        if (reg.event_id !== eventId) throw refusal(422, 'other_event', EVENT_MESSAGES.ticketOtherEvent);
        const guest = memberOfRow(reg);
        const partySize = 1 + reg.guests;
        if (reg.status !== 'going') throw refusal(422, 'cancelled', EVENT_MESSAGES.ticketCancelled, { guest, partySize });
        throw refusal(409, 'already_used', EVENT_MESSAGES.ticketUsed, { guest, partySize, checkedInAt: iso(reg.checked_in_at!) });
      });
    },

    async checkIns(actor: Actor, eventId: string): Promise<CheckInListView> {
      const v = await viewerOf(db, actor, eventId, { lock: false, scanAllowed: await allowed(actor, 'scan_qr_codes') });
      if (!v.viewer.canCheckIn) throw forbidden(M.notDoorStaff);
      const [counts, rows] = await Promise.all([
        repo.attendanceCounts(db, eventId),
        repo.goingMembers(db, eventId, actor.userId, { checkedInOnly: true }),
      ]);
      return {
        going: counts.going,
        checkedIn: counts.checked_in,
        items: rows.map((r) => ({ registrationId: r.registration_id, member: memberOfRow(r), partySize: 1 + r.guests, checkedInAt: iso(r.checked_in_at!) })),
      };
    },

    async attendance(actor: Actor, eventId: string): Promise<AttendanceView> {
      const v = await viewerOf(db, actor, eventId, { lock: false, scanAllowed: false });
      if (!v.viewer.canSeeAttendance) throw forbidden(M.notHost);
      const [counts, rows] = await Promise.all([
        repo.attendanceCounts(db, eventId),
        repo.goingMembers(db, eventId, actor.userId, { checkedInOnly: false }),
      ]);
      return {
        going: counts.going,
        checkedIn: counts.checked_in,
        noShows: counts.going - counts.checked_in,
        seatsGoing: counts.seats_going,
        seatsCheckedIn: counts.seats_checked_in,
        members: rows.map((r) => ({ member: memberOfRow(r), partySize: 1 + r.guests, checkedInAt: r.checked_in_at ? iso(r.checked_in_at) : null })),
      };
    },
  };
}

export type RsvpService = ReturnType<typeof createRsvpService>;
