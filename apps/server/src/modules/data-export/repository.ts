import { and, asc, desc, eq, inArray, lt, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import {
  chatAttachments,
  communities,
  communityMembers,
  dataExports,
  eventPayments,
  eventRegistrations,
  events,
  locationCheckIns,
  locations,
  membershipApplications,
  messages,
  postComments,
  postImages,
  posts,
  profileImages,
  profiles,
  userRoles,
  users,
} from '../../db/schema/index.js';

export type DataExportRow = typeof dataExports.$inferSelect;

export async function latestExport(db: DbOrTx, userId: string): Promise<DataExportRow | null> {
  const [row] = await db.select().from(dataExports).where(eq(dataExports.userId, userId)).orderBy(desc(dataExports.createdAt)).limit(1);
  return row ?? null;
}

export async function insertExport(db: DbOrTx, userId: string): Promise<DataExportRow> {
  const [row] = await db.insert(dataExports).values({ userId }).returning();
  return row!;
}

export async function markReady(db: DbOrTx, id: string, fields: { storageKey: string; sizeBytes: number; expiresAt: Date }) {
  await db
    .update(dataExports)
    .set({ status: 'ready', ...fields, readyAt: sql`now()` })
    .where(and(eq(dataExports.id, id), eq(dataExports.status, 'preparing')));
}

export async function markFailed(db: DbOrTx, id: string) {
  await db.update(dataExports).set({ status: 'failed' }).where(eq(dataExports.id, id));
}

/** Requests whose process stopped before the archive was done (a restart mid-way): failed, so a new one may start. */
export async function failStaleExports(db: DbOrTx, staleMinutes: number) {
  await db
    .update(dataExports)
    .set({ status: 'failed' })
    .where(and(eq(dataExports.status, 'preparing'), lt(dataExports.createdAt, sql`now() - make_interval(mins => ${staleMinutes})`)));
}

/** Archives past their time (the sweep deletes their files, then marks them expired). */
export async function expiredArchives(db: DbOrTx): Promise<Array<{ id: string; storageKey: string | null }>> {
  return db
    .select({ id: dataExports.id, storageKey: dataExports.storageKey })
    .from(dataExports)
    .where(and(eq(dataExports.status, 'ready'), lt(dataExports.expiresAt, sql`now()`)))
    .limit(500);
}

export async function markExpired(db: DbOrTx, ids: string[]) {
  if (ids.length === 0) return;
  await db.update(dataExports).set({ status: 'expired', storageKey: null }).where(inArray(dataExports.id, ids));
}

/**
 * Everything the archive holds, read for one member: what they gave the club and did in it (issue 24). A read model
 * across the other rooms' tables, read-only, in one place (decision 036): each list names its columns, so no secret
 * (a ticket's check-in helper, a payment's Stripe ids, other members' data) slips in when a table grows.
 */
export async function collectMemberData(db: DbOrTx, userId: string) {
  const [account] = await db
    .select({ email: users.email, name: users.name, createdAt: users.createdAt })
    .from(users)
    .where(eq(users.id, userId));
  const [profile] = await db
    .select({
      username: profiles.username,
      fullName: profiles.fullName,
      accountType: profiles.accountType,
      bio: profiles.bio,
      age: profiles.age,
      gender: profiles.gender,
      relationshipStatus: profiles.relationshipStatus,
      church: profiles.church,
      city: profiles.city,
      interests: profiles.interests,
      instagramUsername: profiles.instagramUsername,
      instagramLinked: profiles.instagramOauthConnected,
      tiktokUsername: profiles.tiktokUsername,
      linkedinUsername: profiles.linkedinUsername,
      youtubeUsername: profiles.youtubeUsername,
      isVerified: profiles.isVerified,
      isDeactivated: profiles.isDeactivated,
      applicationStatus: profiles.applicationStatus,
      createdAt: profiles.createdAt,
      updatedAt: profiles.updatedAt,
    })
    .from(profiles)
    .where(eq(profiles.id, userId));
  const roles = await db.select({ role: userRoles.role }).from(userRoles).where(eq(userRoles.userId, userId));
  const applications = await db
    .select({
      name: membershipApplications.name,
      email: membershipApplications.email,
      username: membershipApplications.username,
      bio: membershipApplications.bio,
      age: membershipApplications.age,
      gender: membershipApplications.gender,
      relationshipStatus: membershipApplications.relationshipStatus,
      city: membershipApplications.city,
      interests: membershipApplications.interests,
      instagramUsername: membershipApplications.instagramUsername,
      status: membershipApplications.status,
      createdAt: membershipApplications.createdAt,
      decidedAt: membershipApplications.decidedAt,
    })
    .from(membershipApplications)
    .where(eq(membershipApplications.createdUserId, userId))
    .orderBy(asc(membershipApplications.createdAt));
  const gallery = await db
    .select({ storageKey: profileImages.storageKey, caption: profileImages.caption, order: profileImages.imageOrder, createdAt: profileImages.createdAt })
    .from(profileImages)
    .where(eq(profileImages.userId, userId))
    .orderBy(asc(profileImages.imageOrder));
  const memberships = await db
    .select({ community: communities.name, role: communityMembers.role, status: communityMembers.status, joinedAt: communityMembers.createdAt })
    .from(communityMembers)
    .innerJoin(communities, eq(communities.id, communityMembers.communityId))
    .where(eq(communityMembers.userId, userId))
    .orderBy(asc(communityMembers.createdAt));
  const myPosts = await db
    .select({ id: posts.id, community: communities.name, content: posts.content, createdAt: posts.createdAt, editedAt: posts.editedAt })
    .from(posts)
    .leftJoin(communities, eq(communities.id, posts.communityId))
    .where(eq(posts.authorId, userId))
    .orderBy(asc(posts.createdAt));
  const postPhotos = await db
    .select({ storageKey: postImages.storageKey, postId: postImages.postId })
    .from(postImages)
    .where(and(eq(postImages.uploaderId, userId), sql`${postImages.postId} is not null`));
  const comments = await db
    .select({ postId: postComments.postId, replyTo: postComments.parentId, content: postComments.content, createdAt: postComments.createdAt, editedAt: postComments.editedAt })
    .from(postComments)
    .where(eq(postComments.authorId, userId))
    .orderBy(asc(postComments.createdAt));
  const sent = await db
    .select({ conversationId: messages.conversationId, type: messages.messageType, content: messages.content, createdAt: messages.createdAt })
    .from(messages)
    .where(eq(messages.senderId, userId))
    .orderBy(asc(messages.createdAt), asc(messages.seq));
  const attachments = await db
    .select({ storageKey: chatAttachments.storageKey, kind: chatAttachments.kind })
    .from(chatAttachments)
    .where(and(eq(chatAttachments.uploaderId, userId), sql`${chatAttachments.conversationId} is not null`));
  const rsvps = await db
    .select({
      event: events.title,
      startsAt: events.startsAt,
      status: eventRegistrations.status,
      guests: eventRegistrations.guests,
      checkedInAt: eventRegistrations.checkedInAt,
      createdAt: eventRegistrations.createdAt,
    })
    .from(eventRegistrations)
    .innerJoin(events, eq(events.id, eventRegistrations.eventId))
    .where(eq(eventRegistrations.userId, userId))
    .orderBy(asc(events.startsAt));
  const checkIns = await db
    .select({ place: locations.name, visibility: locationCheckIns.visibility, method: locationCheckIns.method, at: locationCheckIns.createdAt, checkedOutAt: locationCheckIns.checkedOutAt })
    .from(locationCheckIns)
    .innerJoin(locations, eq(locations.id, locationCheckIns.locationId))
    .where(eq(locationCheckIns.userId, userId))
    .orderBy(asc(locationCheckIns.createdAt));
  const payments = await db
    .select({
      event: events.title,
      seats: eventPayments.seats,
      amountCents: eventPayments.amount,
      currency: eventPayments.currency,
      status: eventPayments.status,
      paidAt: eventPayments.paidAt,
      refundState: eventPayments.refundState,
      refundAmountCents: eventPayments.refundAmount,
      refundedAt: eventPayments.refundedAt,
      createdAt: eventPayments.createdAt,
    })
    .from(eventPayments)
    .leftJoin(events, eq(events.id, eventPayments.eventId))
    .where(eq(eventPayments.userId, userId))
    .orderBy(asc(eventPayments.createdAt));
  return {
    account: account ?? null,
    profile: profile ?? null,
    roles: roles.map((r) => r.role),
    applications,
    gallery,
    memberships,
    posts: myPosts,
    postPhotos,
    comments,
    messages: sent,
    attachments,
    rsvps,
    checkIns,
    payments,
  };
}

export type MemberData = Awaited<ReturnType<typeof collectMemberData>>;

