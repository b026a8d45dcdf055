import { and, asc, eq, gt, isNotNull, isNull, like, ne, sql } from 'drizzle-orm';
import type { CrmFiltersInput } from '@bayclub/shared';
import type { Db } from '../db/client.js';
import {
  auditLog,
  crmNotes,
  crmSegments,
  crmTags,
  events,
  postComments,
  posts,
  profiles,
  reports,
  userRoles,
  users,
} from '../db/schema/index.js';

/**
 * The back office's half of `npm run seed:demo` (issue 23): something for the dashboard and the CRM to show at once.
 * Members get a "last active" spread over the last weeks; the queue gets open reports of a comment, a member, an
 * event and a second post (one over 48 h old, so "needs attention" lists it) beside the communities' reported post,
 * and one dismissed report with its audit entry; the CRM gets notes, tags and a saved segment ("Tampa regulars").
 * No-shows come from the past events' tickets nobody scanned (seed-demo-events). Idempotent: nothing happens once
 * any CRM note exists.
 */
export async function seedDemoBackOffice(db: Db, rand: () => number): Promise<{ reports: number; notes: number; tags: number; segments: number }> {
  const totals = { reports: 0, notes: 0, tags: 0, segments: 0 };
  const [noted] = await db.select({ id: crmNotes.id }).from(crmNotes).limit(1);
  if (noted) return totals;
  const [admin] = await db
    .select({ id: users.id })
    .from(users)
    .innerJoin(userRoles, and(eq(userRoles.userId, users.id), eq(userRoles.role, 'admin')))
    .where(like(users.email, '%@bayclub.demo'))
    .limit(1);
  if (!admin) return totals;
  const members = await db
    .select({ id: profiles.id, name: profiles.fullName, city: profiles.city })
    .from(profiles)
    .where(and(like(profiles.email, '%@bayclub.demo'), eq(profiles.applicationStatus, 'approved'), ne(profiles.id, admin.id)))
    .orderBy(asc(profiles.username));
  if (members.length < 10) return totals;
  const hoursAgo = (h: number) => new Date(Date.now() - h * 3_600_000);

  // Last active: most members this week, some weeks ago, a few never since they joined.
  for (const [i, m] of members.entries()) {
    if (i % 9 === 8) continue;
    const hours = i % 4 === 0 ? 24 * (8 + Math.floor(rand() * 30)) : Math.floor(rand() * 24 * 6);
    await db.update(profiles).set({ lastActiveAt: hoursAgo(hours) }).where(eq(profiles.id, m.id));
  }

  // Reports: a comment, a member (with details), an event, another post; one dismissed earlier.
  const reporter = members[3]!.id;
  const [comment] = await db
    .select({ id: postComments.id, authorId: postComments.authorId, communityId: posts.communityId })
    .from(postComments)
    .innerJoin(posts, eq(posts.id, postComments.postId))
    .where(and(isNotNull(posts.communityId), ne(postComments.authorId, reporter)))
    .orderBy(asc(postComments.createdAt))
    .limit(1);
  if (comment) {
    await db.insert(reports).values({ reporterId: reporter, reportedUserId: comment.authorId, reason: 'harassment', details: 'Rude reply to a newcomer.', commentId: comment.id, communityId: comment.communityId, createdAt: hoursAgo(5) });
    totals.reports++;
  }
  const reported = members[7]!;
  await db.insert(reports).values({ reporterId: members[2]!.id, reportedUserId: reported.id, reason: 'spam', details: 'Sends the same promo link to everyone who matches.', createdAt: hoursAgo(60) });
  totals.reports++;
  const [event] = await db
    .select({ id: events.id, createdBy: events.createdBy, communityId: events.communityId })
    .from(events)
    .where(and(eq(events.status, 'scheduled'), gt(events.startsAt, new Date()), isNotNull(events.createdBy), ne(events.createdBy, reporter), isNull(events.priceAmount)))
    .orderBy(asc(events.startsAt))
    .limit(1);
  if (event) {
    await db.insert(reports).values({ reporterId: reporter, reportedUserId: event.createdBy!, reason: 'inappropriate', details: 'The description links to a paid party elsewhere.', eventId: event.id, communityId: event.communityId, createdAt: hoursAgo(20) });
    totals.reports++;
  }
  const [post] = await db
    .select({ id: posts.id, authorId: posts.authorId, communityId: posts.communityId })
    .from(posts)
    .where(and(isNotNull(posts.communityId), eq(posts.reportCount, 0), ne(posts.authorId, reporter)))
    .orderBy(asc(posts.createdAt))
    .limit(1);
  if (post) {
    await db.insert(reports).values({ reporterId: reporter, reportedUserId: post.authorId, reason: 'spam', details: 'Selling tickets in every community.', postId: post.id, communityId: post.communityId, createdAt: hoursAgo(30) });
    await db.update(posts).set({ reportCount: sql`${posts.reportCount} + 1` }).where(eq(posts.id, post.id));
    totals.reports++;
    const [dismissed] = await db
      .insert(reports)
      .values({ reporterId: members[5]!.id, reportedUserId: members[6]!.id, reason: 'other', details: 'Not sure this is a real person.', status: 'dismissed', resolution: 'dismissed', resolvedBy: admin.id, resolvedAt: hoursAgo(70), createdAt: hoursAgo(90) })
      .returning({ id: reports.id });
    await db.insert(auditLog).values({
      actorId: admin.id,
      actorName: 'Dana Admin',
      action: 'report.dismiss',
      targetType: 'report',
      targetId: dismissed!.id,
      targetLabel: `Report about ${members[6]!.name ?? 'a member'}`,
      memberId: members[6]!.id,
      reason: 'Checked with them at the last mixer: a real member.',
      createdAt: hoursAgo(70),
    });
    totals.reports++;
  }

  // CRM: notes by the admin, tags, and a saved segment.
  const notes: Array<[number, string]> = [
    [0, 'Moderates the run club; happy to host a beach clean-up in the spring.'],
    [4, 'Asked about sponsoring the summer mixer through their company.'],
    [8, 'Missed two events in a row after RSVPing: send a friendly check-in.'],
    [12, 'Photographer: offered to cover the next gala for free.'],
  ];
  for (const [i, body] of notes) {
    const m = members[i % members.length]!;
    await db.insert(crmNotes).values({ memberId: m.id, authorId: admin.id, body, createdAt: hoursAgo(24 * (i + 1)) });
    totals.notes++;
  }
  const tags: Array<[number, string]> = [[0, 'volunteer'], [0, 'host'], [4, 'sponsor-lead'], [12, 'photographer'], [15, 'volunteer'], [20, 'host']];
  for (const [i, tag] of tags) {
    await db.insert(crmTags).values({ memberId: members[i % members.length]!.id, tag, createdBy: admin.id }).onConflictDoNothing();
    totals.tags++;
  }
  const tampaRegulars: CrmFiltersInput = { city: 'tampa', minAttended: 1 };
  const noShows: CrmFiltersInput = { minNoShows: 1 };
  await db.insert(crmSegments).values([
    { name: 'Tampa regulars', filters: tampaRegulars, createdBy: admin.id },
    { name: 'Missed an event', filters: noShows, createdBy: admin.id },
  ]);
  totals.segments += 2;
  return totals;
}
