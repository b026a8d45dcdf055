import {
  LIMITS,
  type DeckCardView,
  type DeckPage,
  type HelloView,
  type MatchView,
  type RelationshipView,
  type SayHiResult,
} from '@bayclub/shared';
import type { Db, DbOrTx } from '../../db/client.js';
import { AppError, conflict, notFound } from '../../platform/errors.js';
import { AfterCommit } from '../../platform/after-commit.js';
import { publish } from '../../platform/bus.js';
import { decodeCursor, encodeCursor, isInstant, isTimeCursor, isUuid } from '../../platform/cursor.js';
import { canSeeMembers, findProfile, hasBlocked, isBlockedEitherWay, lockPair, presentMember, type Actor, type ProfileRow } from '../access/index.js';
import type { Notifier } from '../notifications/index.js';
import { helloNotification, matchNotification } from './notifications.js';
import * as repo from './repository.js';
import { CONNECTIONS_ERRORS as M } from './messages.js';

const isDeckCursor = (v: unknown): v is repo.DeckCursor => {
  if (typeof v !== 'object' || v === null) return false;
  const c = v as Record<string, unknown>;
  return typeof c.h === 'boolean' && Number.isInteger(c.n) && (c.n as number) >= 0 && isInstant(c.t) && isUuid(c.i);
};

const unavailable = () => notFound(M.unavailable);
const helloGone = () => notFound(M.helloNotFound);

/** Someone one can say hi to: an active full_platform member, not oneself, no block either way. */
async function meetable(db: DbOrTx, viewerId: string, targetId: string): Promise<ProfileRow> {
  if (targetId === viewerId) throw new AppError(400, 'BAD_REQUEST', M.ownProfile, { userId: M.ownProfile });
  const target = await findProfile(db, targetId);
  if (!target || target.isDeactivated || target.accountType !== 'full_platform') throw unavailable();
  if (await isBlockedEitherWay(db, viewerId, targetId)) throw unavailable();
  return target;
}

/** The name a notice shows for a member (null: the notice's own word for a member without one). */
const noticeName = (p: ProfileRow | null) => p?.fullName?.trim() || p?.username || null;

export function createConnectionsService(deps: { db: Db; notifier: Notifier }) {
  const { db, notifier } = deps;

  function presentMatch(match: repo.MatchRow, member: ProfileRow, conversationId: string | null): MatchView {
    return { id: match.id, matchedAt: match.updatedAt.toISOString(), member: presentMember(member), conversationId };
  }

  /** Both members hear of a new match: a notification (with push) and a socket refresh of their lists. */
  async function announceMatch(tx: DbOrTx, after: AfterCommit, match: repo.MatchRow, a: ProfileRow, b: ProfileRow) {
    for (const [to, other] of [
      [a, b],
      [b, a],
    ] as const) {
      await notifier.notify(tx, after, {
        userId: to.id,
        kind: matchNotification,
        params: { actorId: other.id, actorName: noticeName(other) },
        relatedId: match.id,
        path: '/connections?tab=matches',
      });
    }
    await publish(tx, { k: 'conn', u: [a.id, b.id] });
    const conversationId = await repo.findConversationId(tx, a.id, b.id);
    if (conversationId) await publish(tx, { k: 'conv', c: conversationId, a: true, u: [a.id, b.id] });
  }

  return {
    async deck(actor: Actor, q: { city?: DeckCardView['city']; interests: string[]; ageMin?: number; ageMax?: number; cursor?: string; limit: number }): Promise<DeckPage> {
      const me = await findProfile(db, actor.userId);
      const myInterests = me?.interests ?? [];
      const rows = await repo.deck(
        db,
        actor.userId,
        myInterests,
        { city: q.city as never, interests: q.interests, ageMin: q.ageMin, ageMax: q.ageMax },
        decodeCursor(q.cursor, isDeckCursor),
        q.limit,
      );
      const page = rows.slice(0, q.limit);
      const last = page.at(-1);
      const mine = new Set(myInterests);
      const sent = await repo.hellosSentToday(db, actor.userId);
      return {
        items: page.map((r) => ({
          id: r.id,
          fullName: r.full_name,
          username: r.username,
          profilePictureUrl: r.profile_picture_url,
          isVerified: r.is_verified,
          age: r.age,
          city: r.city,
          bio: r.bio,
          interests: r.interests,
          commonInterests: r.interests.filter((i) => mine.has(i)),
          saidHiToYou: r.said_hi,
        })),
        nextCursor: rows.length > q.limit && last ? encodeCursor({ h: last.said_hi, n: last.common, t: last.cursor_at, i: last.id }) : null,
        remainingToday: Math.max(0, LIMITS.hellosPerDay - sent),
      };
    },

    async skip(actor: Actor, userId: string) {
      await meetable(db, actor.userId, userId);
      await repo.skip(db, actor.userId, userId);
    },

    async sayHi(actor: Actor, input: { userId: string; note: string | null }): Promise<SayHiResult> {
      const after = new AfterCommit();
      const result = await db.transaction(async (tx) => {
        // Serialises the sender's hellos (the daily limit holds under concurrent requests) and a hello crossing
        // one from the other member (the later one sees the earlier and makes the match).
        await lockPair(tx, actor.userId, input.userId);
        const target = await meetable(tx, actor.userId, input.userId);
        const me = (await findProfile(tx, actor.userId))!;
        const match = await repo.findMatch(tx, actor.userId, target.id);
        if (match?.isActive) throw conflict(M.alreadyConnected);
        if (await repo.findHello(tx, actor.userId, target.id)) throw conflict(M.alreadySaid);
        const sent = await repo.hellosSentToday(tx, actor.userId);
        if (sent >= LIMITS.hellosPerDay) throw new AppError(429, 'DAILY_LIMIT', M.dailyLimit);
        const remainingToday = LIMITS.hellosPerDay - sent - 1;

        const theirs = await repo.findHello(tx, target.id, actor.userId);
        if (theirs?.status === 'pending') {
          // Saying hi back is accepting: both hellos are accepted and the match is made.
          await repo.setHelloStatus(tx, theirs.id, 'accepted');
          const hello = await repo.insertHello(tx, { senderId: actor.userId, recipientId: target.id, note: input.note, status: 'accepted' });
          const made = await repo.activateMatch(tx, actor.userId, target.id);
          await announceMatch(tx, after, made, me, target);
          const conversationId = await repo.findConversationId(tx, actor.userId, target.id);
          return {
            status: 'matched' as const,
            hello: presentHello(hello, 'sent', target),
            match: presentMatch(made, target, conversationId),
            remainingToday,
          };
        }
        const hello = await repo.insertHello(tx, { senderId: actor.userId, recipientId: target.id, note: input.note, status: 'pending' });
        await notifier.notify(tx, after, {
          userId: target.id,
          kind: helloNotification,
          params: { actorId: actor.userId, actorName: noticeName(me), note: input.note ?? null },
          relatedId: hello.id,
          path: '/connections?tab=received',
        });
        await publish(tx, { k: 'conn', u: [target.id, actor.userId] });
        return { status: 'sent' as const, hello: presentHello(hello, 'sent', target), match: null, remainingToday };
      });
      after.run();
      return result;
    },

    async listHellos(actor: Actor, direction: 'received' | 'sent', cursor: string | undefined, limit: number) {
      const rows = await repo.listHellos(db, actor.userId, direction, decodeCursor(cursor, isTimeCursor), limit);
      const page = rows.slice(0, limit);
      const last = page.at(-1);
      return {
        items: page.map((r) => presentHello(r.hello, direction, r.member)),
        nextCursor: rows.length > limit && last ? encodeCursor({ c: last.at, i: last.hello.id }) : null,
      };
    },

    async accept(actor: Actor, helloId: string): Promise<{ match: MatchView }> {
      const after = new AfterCommit();
      const result = await db.transaction(async (tx) => {
        const seen = await repo.findHelloById(tx, helloId);
        if (!seen || seen.recipientId !== actor.userId) throw helloGone();
        // The pair lock first (the order every hello and block transaction takes), then the hello's own row.
        await lockPair(tx, actor.userId, seen.senderId);
        const hello = await repo.findHelloById(tx, helloId, { lock: true });
        if (!hello || hello.status !== 'pending') throw helloGone();
        const sender = await findProfile(tx, hello.senderId);
        if (!sender || sender.isDeactivated || (await isBlockedEitherWay(tx, actor.userId, hello.senderId))) throw helloGone();
        const me = (await findProfile(tx, actor.userId))!;
        await repo.setHelloStatus(tx, hello.id, 'accepted');
        const made = await repo.activateMatch(tx, actor.userId, sender.id);
        await announceMatch(tx, after, made, me, sender);
        return { match: presentMatch(made, sender, await repo.findConversationId(tx, actor.userId, sender.id)) };
      });
      after.run();
      return result;
    },

    async decline(actor: Actor, helloId: string) {
      await db.transaction(async (tx) => {
        const hello = await repo.findHelloById(tx, helloId, { lock: true });
        if (!hello || hello.recipientId !== actor.userId || hello.status !== 'pending') throw helloGone();
        await repo.setHelloStatus(tx, hello.id, 'declined');
        await publish(tx, { k: 'conn', u: [actor.userId, hello.senderId] });
      });
    },

    async withdraw(actor: Actor, helloId: string) {
      await db.transaction(async (tx) => {
        const hello = await repo.findHelloById(tx, helloId, { lock: true });
        if (!hello || hello.senderId !== actor.userId || hello.status !== 'pending') throw helloGone();
        await repo.setHelloStatus(tx, hello.id, 'withdrawn');
        await publish(tx, { k: 'conn', u: [actor.userId, hello.recipientId] });
      });
    },

    async listMatches(actor: Actor, cursor: string | undefined, limit: number) {
      const rows = await repo.listMatches(db, actor.userId, decodeCursor(cursor, isTimeCursor), limit);
      const page = rows.slice(0, limit);
      const last = page.at(-1);
      return {
        items: page.map((r) => ({
          id: r.match.id,
          matchedAt: r.match.updatedAt.toISOString(),
          member: presentMember(r.member),
          conversationId: r.conversationId,
        })),
        nextCursor: rows.length > limit && last ? encodeCursor({ c: last.at, i: last.match.id }) : null,
      };
    },

    async unmatch(actor: Actor, matchId: string) {
      await db.transaction(async (tx) => {
        const ended = await repo.endMatch(tx, matchId, actor.userId);
        if (!ended) throw notFound(M.unmatched);
        const users = [ended.user1Id, ended.user2Id];
        await publish(tx, { k: 'conn', u: users });
        const conversationId = await repo.findConversationId(tx, ended.user1Id, ended.user2Id);
        if (conversationId) await publish(tx, { k: 'conv', c: conversationId, a: false, u: users });
      });
    },

    async relationship(actor: Actor, userId: string): Promise<RelationshipView> {
      // An applicant sees no other member (decision 009): the same 404 as for an unknown one.
      const target = userId === actor.userId || !canSeeMembers(actor) ? null : await findProfile(db, userId);
      if (!target || target.isDeactivated || (await hasBlocked(db, userId, actor.userId))) throw notFound(M.unavailable);
      const [match, sent, received, blocked, conversationId] = await Promise.all([
        repo.findMatch(db, actor.userId, userId),
        repo.findHello(db, actor.userId, userId),
        repo.findHello(db, userId, actor.userId),
        hasBlocked(db, actor.userId, userId),
        repo.findConversationId(db, actor.userId, userId),
      ]);
      return {
        userId,
        matchId: match?.isActive ? match.id : null,
        matched: !!match?.isActive,
        conversationId,
        helloSent: sent?.status ?? null,
        helloReceived: received?.status ?? null,
        helloSentId: sent?.status === 'pending' ? sent.id : null,
        helloReceivedId: received?.status === 'pending' ? received.id : null,
        blocked,
      };
    },
  };
}

function presentHello(
  h: repo.HelloRow,
  direction: 'received' | 'sent',
  member: Parameters<typeof presentMember>[0],
): HelloView {
  return { id: h.id, direction, status: h.status, note: h.note, createdAt: h.createdAt.toISOString(), member: presentMember(member) };
}

export type ConnectionsService = ReturnType<typeof createConnectionsService>;
