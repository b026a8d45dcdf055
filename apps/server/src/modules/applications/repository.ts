import { and, count, desc, eq, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { exactInstant } from '../../platform/cursor.js';
import type { DbOrTx } from '../../db/client.js';
import { membershipApplications, profiles, users } from '../../db/schema/index.js';

const decider = alias(profiles, 'decider');
const member = alias(profiles, 'member');
const pendingRank = sql<number>`(case when ${membershipApplications.status} = 'pending' then 1 else 0 end)`;

export interface ApplicationCursor {
  p: number;
  c: string;
  i: string;
}

export async function insertApplication(db: DbOrTx, values: typeof membershipApplications.$inferInsert) {
  const [row] = await db.insert(membershipApplications).values(values).returning({ id: membershipApplications.id });
  return row!.id;
}

const selection = {
  app: membershipApplications,
  deciderName: decider.fullName,
  accountType: member.accountType,
  pendingRank,
  // The exact timestamp for the cursor: a millisecond one would skip rows sharing the last row's millisecond.
  at: exactInstant(membershipApplications.createdAt),
};

/** Pending first, then newest first; keyset paging on (pendingRank, created_at, id). */
export async function listApplications(
  db: DbOrTx,
  opts: { status: 'pending' | 'approved' | 'rejected' | 'all'; cursor: ApplicationCursor | null; limit: number },
) {
  const where: SQL[] = [];
  if (opts.status !== 'all') where.push(eq(membershipApplications.status, opts.status));
  if (opts.cursor) {
    where.push(
      sql`(${pendingRank}, ${membershipApplications.createdAt}, ${membershipApplications.id}) < (${opts.cursor.p}, ${opts.cursor.c}::timestamptz, ${opts.cursor.i}::uuid)`,
    );
  }
  return db
    .select(selection)
    .from(membershipApplications)
    .leftJoin(decider, eq(decider.id, membershipApplications.decidedBy))
    .leftJoin(member, eq(member.id, membershipApplications.createdUserId))
    .where(where.length ? and(...where) : undefined)
    .orderBy(desc(pendingRank), desc(membershipApplications.createdAt), desc(membershipApplications.id))
    .limit(opts.limit + 1);
}

export async function findApplication(db: DbOrTx, id: string) {
  const [row] = await db
    .select(selection)
    .from(membershipApplications)
    .leftJoin(decider, eq(decider.id, membershipApplications.decidedBy))
    .leftJoin(member, eq(member.id, membershipApplications.createdUserId))
    .where(eq(membershipApplications.id, id))
    .limit(1);
  return row ?? null;
}

/** Lock the application row for a decision, so two admins cannot decide it twice. */
export async function lockApplication(db: DbOrTx, id: string) {
  const [row] = await db.select().from(membershipApplications).where(eq(membershipApplications.id, id)).for('update').limit(1);
  return row ?? null;
}

export async function setDecision(
  db: DbOrTx,
  id: string,
  d: { status: 'approved' | 'rejected'; decidedBy: string; reason: string | null },
) {
  await db
    .update(membershipApplications)
    .set({ status: d.status, decidedBy: d.decidedBy, decidedAt: sql`now()`, rejectionReason: d.reason, updatedAt: sql`now()` })
    .where(eq(membershipApplications.id, id));
}

/** The decision on the applicant's profile: approved with the account type the admin chose, or rejected. */
export async function setProfileDecision(
  db: DbOrTx,
  userId: string,
  decision: { status: 'approved'; accountType: 'full_platform' | 'community_only' } | { status: 'rejected' },
) {
  await db
    .update(profiles)
    .set(
      decision.status === 'approved'
        ? { accountType: decision.accountType, applicationStatus: 'approved', updatedAt: sql`now()` }
        : { applicationStatus: 'rejected', updatedAt: sql`now()` },
    )
    .where(eq(profiles.id, userId));
}

export async function countApplications(db: DbOrTx) {
  const [row] = await db.select({ n: count() }).from(membershipApplications);
  return Number(row?.n ?? 0);
}

/** Members: active full-platform profiles. */
export async function countMembers(db: DbOrTx) {
  const [row] = await db
    .select({ n: count() })
    .from(profiles)
    .where(and(eq(profiles.accountType, 'full_platform'), eq(profiles.isDeactivated, false)));
  return Number(row?.n ?? 0);
}

export { users };
