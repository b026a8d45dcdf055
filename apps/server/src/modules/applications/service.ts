import { type AccountType, type ApplicationView, type ApplyData, type LandingStats, type Locale, type Page } from '@bayclub/shared';
import type { Db } from '../../db/client.js';
import { conflict, notFound, type ServerMessage } from '../../platform/errors.js';
import { decodeCursor, encodeCursor, isInstant } from '../../platform/cursor.js';
import type { PasswordHasher, SettingsStore } from '../../app-context.js';
import { emailExists, findLinkedUserId, insertCredentialUser, insertLinkedAccount, insertProfile, usernameExists } from '../accounts/index.js';
import { uniqueViolation } from '../../platform/sql.js';
import type { Notifier } from '../notifications/index.js';
import { applicationApprovedNotification, applicationRejectedNotification } from './notifications.js';
import { publish } from '../../platform/bus.js';
import { AfterCommit } from '../../platform/after-commit.js';
import { isCommunitySlug, lockSlug } from '../slugs/index.js';
import { findCommunityIdBySlug, joinAppliedCommunity } from '../communities/index.js';
import { presentApplication } from './presenter.js';
import * as repo from './repository.js';
import { APPLICATIONS_ERRORS as M } from './messages.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Exactly what toISOString writes, for a year the database accepts. */

/** Only what encodeCursor writes: a tampered cursor is a 400, never a query the database refuses. */
const isCursor = (v: unknown): v is repo.ApplicationCursor => {
  if (typeof v !== 'object' || v === null) return false;
  const { p, c, i } = v as Partial<repo.ApplicationCursor>;
  return (p === 0 || p === 1) && isInstant(c) && typeof i === 'string' && UUID.test(i);
};

export function createApplicationsService({
  db,
  settings,
  passwords,
  notifier,
}: {
  db: Db;
  settings: SettingsStore;
  passwords: PasswordHasher;
  /** The decision's notice, and the approval's push and mail (its kind renders them). */
  notifier: Notifier;
}) {
  /** Account, profile (community_only, pending) and application, all in one transaction. */
  async function apply(
    input: ApplyData,
    /** An outside identity the applicant proved (LinkedIn, decision 034): linked to the new account in the same transaction. */
    linked: { providerId: string; accountId: string; pictureUrl: string | null } | null = null,
    /** The language of the page they applied in (issue 26): their mails are written in it until they choose. */
    language: Locale | null = null,
  ): Promise<{ applicationId: string; userId: string }> {
    const fields: Record<string, ServerMessage> = {};
    if (await emailExists(db, input.email)) fields.email = M.emailTaken;
    if (await usernameExists(db, input.username)) fields.username = M.usernameTaken;
    else if (await isCommunitySlug(db, input.username)) fields.username = M.usernameTakenByCommunity;
    if (Object.keys(fields).length) throw conflict(Object.values(fields)[0]!, fields);
    // The community applied through (/{slug}/register); an address that names none is ignored.
    const communityId = input.communitySlug ? await findCommunityIdBySlug(db, input.communitySlug) : null;
    const passwordHash = await passwords.hash(input.password);
    try {
      return await db.transaction(async (tx) => {
        // One namespace with community addresses: checked again under the name's lock (a community created meanwhile).
        await lockSlug(tx, input.username);
        if (await isCommunitySlug(tx, input.username)) {
          throw conflict(M.usernameTakenByCommunity, { username: M.usernameTakenByCommunity });
        }
        const userId = await insertCredentialUser(tx, { name: input.name, email: input.email, passwordHash, language });
        if (linked) {
          if (await findLinkedUserId(tx, linked.providerId, linked.accountId)) throw conflict(M.linkedinAlreadyLinked);
          await insertLinkedAccount(tx, { userId, providerId: linked.providerId, accountId: linked.accountId, scope: 'openid,profile,email' });
        }
        const details = {
          username: input.username,
          instagramUsername: input.instagramUsername,
          bio: input.bio,
          age: input.age,
          gender: input.gender,
          relationshipStatus: input.relationshipStatus,
          city: input.city,
          interests: input.interests,
        };
        await insertProfile(tx, userId, {
          ...details,
          accountType: 'community_only',
          applicationStatus: 'pending',
          fullName: input.name,
          email: input.email,
        });
        const applicationId = await repo.insertApplication(tx, {
          ...details,
          name: input.name,
          email: input.email,
          status: 'pending',
          createdUserId: userId,
          communityId,
          // The LinkedIn picture, kept with the application for the admin who reviews it (not made the profile's
          // picture: that one is uploaded and resized by the app).
          profilePictureUrl: linked?.pictureUrl ?? null,
        });
        return { applicationId, userId };
      });
    } catch (err) {
      // A concurrent applicant took the email or username between the check and the insert.
      const constraint = uniqueViolation(err);
      if (constraint === 'accounts_provider_account_idx') throw conflict(M.linkedinAlreadyLinked);
      if (constraint?.includes('username')) throw conflict(M.usernameTaken, { username: M.usernameTaken });
      if (constraint) throw conflict(M.emailTaken, { email: M.emailTaken });
      throw err;
    }
  }

  async function list(q: { status: 'pending' | 'approved' | 'rejected' | 'all'; cursor?: string; limit: number }): Promise<Page<ApplicationView>> {
    const cursor = decodeCursor(q.cursor, isCursor);
    const rows = await repo.listApplications(db, { status: q.status, cursor, limit: q.limit });
    const page = rows.slice(0, q.limit);
    const last = page[page.length - 1];
    return {
      items: page.map(presentApplication),
      nextCursor:
        rows.length > q.limit && last
          ? encodeCursor({ p: Number(last.pendingRank), c: last.at, i: last.app.id })
          : null,
    };
  }

  /**
   * Approve (as full_platform or community_only) or reject, once. A rejected applicant keeps their account and
   * nothing else: no member content, no flags (decision 009); the notification says so.
   */
  async function decide(
    id: string,
    adminId: string,
    decision: { status: 'approved'; accountType: AccountType } | { status: 'rejected'; reason: string | null },
  ) {
    // Read outside the transaction: on PGlite a query on `db` inside an open transaction waits forever.
    const appName = await settings.appName();
    const after = new AfterCommit();
    await db.transaction(async (tx) => {
      const app = await repo.lockApplication(tx, id);
      if (!app) throw notFound(M.notFound);
      if (app.status !== 'pending') throw conflict(app.status === 'approved' ? M.alreadyApproved : M.alreadyRejected);
      const reason = decision.status === 'rejected' ? decision.reason : null;
      await repo.setDecision(tx, id, { status: decision.status, decidedBy: adminId, reason });
      if (app.createdUserId) {
        await repo.setProfileDecision(tx, app.createdUserId, decision);
        if (decision.status === 'approved' && app.communityId) await joinAppliedCommunity(tx, app.communityId, app.createdUserId);
        const notice = { userId: app.createdUserId, relatedId: id };
        // The approval also reaches them by mail (unless they turned it off), written in this transaction.
        if (decision.status === 'approved') {
          await notifier.notify(tx, after, { ...notice, kind: applicationApprovedNotification, params: { appName, accountType: decision.accountType } });
        } else {
          await notifier.notify(tx, after, { ...notice, kind: applicationRejectedNotification, params: { reason: decision.reason } });
        }
        // The applicant's open tabs reload their session at COMMIT: the layout switches without waiting for a poll.
        await publish(tx, { k: 'member', u: [app.createdUserId] });
      }
    });
    after.run();
    const row = await repo.findApplication(db, id);
    return presentApplication(row!);
  }

  async function landingStats(): Promise<LandingStats> {
    const s = await settings.all();
    const [realMembers, realApplications] = await Promise.all([repo.countMembers(db), repo.countApplications(db)]);
    const num = (v: string | null) => Number(v ?? 0) || 0;
    const members = s.landing_use_fake_member_count === 'true' ? num(s.landing_fake_member_count) : realMembers;
    const applications =
      s.landing_use_fake_application_count === 'true'
        ? num(s.landing_fake_application_count)
        : s.landing_use_hybrid_application_count === 'true'
          ? num(s.landing_base_application_count) + realApplications
          : realApplications;
    return { members, applications };
  }

  return {
    apply,
    list,
    approve: (id: string, adminId: string, accountType: AccountType = 'full_platform') =>
      decide(id, adminId, { status: 'approved', accountType }),
    reject: (id: string, adminId: string, reason: string | null) => decide(id, adminId, { status: 'rejected', reason }),
    landingStats,
  };
}
