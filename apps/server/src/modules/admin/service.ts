import {
  ADMIN_LIMITS,
  type AccountType,
  type AdminMembersPage,
  type AdminMembersQuery,
  type AdminMemberView,
  type UserRole,
} from '@bayclub/shared';
import type { Db, DbOrTx } from '../../db/client.js';
import { conflict, notFound } from '../../platform/errors.js';
import { decodeCursor, encodeCursor, isInstant, isUuid } from '../../platform/cursor.js';
import { publish } from '../../platform/bus.js';
import type { Actor } from '../access/index.js';
import { recordAudit } from '../audit/index.js';
import { deactivateForUser } from '../push/index.js';
import { wouldLeaveNoAdmin } from './policy.js';
import { presentMemberRow, presentMemberView } from './presenter.js';
import * as repo from './repository.js';
import { ADMIN_ERRORS as M } from './messages.js';

export type AdminActor = Pick<Actor, 'userId' | 'email'>;

const label = (m: repo.TargetRow) => m.full_name ?? m.username ?? null;
const isActiveAdmin = (m: repo.TargetRow) => m.roles.includes('admin') && !m.is_deactivated && !m.suspended_at;

async function lockedMember(tx: DbOrTx, memberId: string) {
  const member = await repo.lockMember(tx, memberId);
  if (!member) throw notFound(M.notFound);
  return member;
}

/** Refuse (409) a change that would leave the club without an active admin; under the admins' lock. */
async function guardLastAdmin(tx: DbOrTx, member: repo.TargetRow) {
  if (!isActiveAdmin(member)) return;
  if (wouldLeaveNoAdmin(true, await repo.otherActiveAdmins(tx, member.id))) throw conflict(M.lastAdmin);
}

/**
 * Suspend a member (issue 23): they cannot sign in (the reason is shown to them after the right password), every
 * session ends in this transaction (the session caches of every process hear it) and their sockets close at COMMIT.
 * Refused for oneself (409), for the last active admin (409), for a member already suspended (409); 404 for an
 * unknown member. Written to the audit log in the caller's transaction. The moderation queue calls it from a report
 * action: keep the signature.
 */
export async function suspendMember(tx: DbOrTx, actor: AdminActor, memberId: string, reason: string): Promise<void> {
  if (actor.userId === memberId) throw conflict(M.selfSuspend);
  await repo.lockAdmins(tx);
  const member = await lockedMember(tx, memberId);
  if (member.suspended_at) throw conflict(M.alreadySuspended);
  await guardLastAdmin(tx, member);
  await repo.setSuspension(tx, memberId, reason);
  await repo.deleteSessions(tx, memberId);
  // A suspended member's devices get no pushes (as after a sign-out).
  await deactivateForUser(tx, memberId);
  await recordAudit(tx, actor, {
    action: 'member.suspend',
    targetType: 'member',
    targetId: memberId,
    targetLabel: label(member),
    memberId,
    before: { suspended: false },
    after: { suspended: true },
    reason,
  });
  await publish(tx, { k: 'kick', u: [memberId] });
}

type Cursor = repo.MembersCursor;
const isCursor = (v: unknown): v is Cursor => {
  if (typeof v !== 'object' || v === null) return false;
  const c = v as Partial<Cursor>;
  if (!isUuid(c.i) || (c.d !== 'asc' && c.d !== 'desc')) return false;
  switch (c.s) {
    case 'joined':
      return isInstant(c.k);
    case 'name':
      // Text PostgreSQL cannot compare (NUL, lone surrogates) is a tampered cursor: 400, never a failed query.
      return typeof c.k === 'string' && c.k.length <= 400 && !/[\u0000]|\p{Cs}/u.test(c.k);
    case 'last_active':
      return c.k === null || isInstant(c.k);
    default:
      return false;
  }
};

export function createAdminService({ db, deleteAccount }: {
  db: Db;
  /** modules/account's deletion, with the back office's checks and audit entry run inside its transaction. */
  deleteAccount: (memberId: string, opts: { inTransaction: (tx: DbOrTx) => Promise<void> }) => Promise<void>;
}) {
  async function view(memberId: string, dbOrTx: DbOrTx = db): Promise<AdminMemberView> {
    const row = await repo.memberDetail(dbOrTx, memberId, ADMIN_LIMITS.latestReports);
    if (!row) throw notFound(M.notFound);
    return presentMemberView(row);
  }

  /** Run a change to one member in a transaction; the member's open tabs reload their session at COMMIT. */
  async function change(memberId: string, fn: (tx: DbOrTx, member: repo.TargetRow) => Promise<void>) {
    await db.transaction(async (tx) => {
      const member = await lockedMember(tx, memberId);
      await fn(tx, member);
      await publish(tx, { k: 'member', u: [memberId] });
    });
    return view(memberId);
  }

  return {
    async list(q: AdminMembersQuery): Promise<AdminMembersPage> {
      let cursor = decodeCursor(q.cursor, isCursor);
      // A cursor of another sort or direction (the table changed under it) starts again from the top.
      if (cursor && (cursor.s !== q.sort || cursor.d !== q.dir)) cursor = null;
      const rows = await repo.membersPage(db, q, q.sort, q.dir, cursor, q.limit);
      const page = rows.slice(0, q.limit);
      const last = page.at(-1);
      const more = rows.length > q.limit && last;
      const key = (r: repo.MemberRow) => (q.sort === 'joined' ? r.joined_key : q.sort === 'name' ? r.name_key : r.active_key);
      return {
        items: page.map(presentMemberRow),
        nextCursor: more ? encodeCursor({ s: q.sort, d: q.dir, k: key(last), i: last.id } satisfies Cursor) : null,
      };
    },

    view: (memberId: string) => view(memberId),

    grantRole(actor: AdminActor, memberId: string, role: UserRole) {
      return change(memberId, async (tx, member) => {
        if (member.roles.includes(role)) return;
        await repo.insertRole(tx, memberId, role);
        await recordAudit(tx, actor, {
          action: 'role.grant',
          targetType: 'member',
          targetId: memberId,
          targetLabel: label(member),
          memberId,
          before: { roles: member.roles },
          after: { roles: [...member.roles, role].sort() },
        });
      });
    },

    async revokeRole(actor: AdminActor, memberId: string, role: UserRole) {
      await db.transaction(async (tx) => {
        if (role === 'admin') await repo.lockAdmins(tx);
        const member = await lockedMember(tx, memberId);
        if (!member.roles.includes(role)) return;
        if (role === 'admin') await guardLastAdmin(tx, member);
        await repo.deleteRole(tx, memberId, role);
        await recordAudit(tx, actor, {
          action: 'role.revoke',
          targetType: 'member',
          targetId: memberId,
          targetLabel: label(member),
          memberId,
          before: { roles: member.roles },
          after: { roles: member.roles.filter((r) => r !== role) },
        });
        await publish(tx, { k: 'member', u: [memberId] });
      });
      return view(memberId);
    },

    setAccountType(actor: AdminActor, memberId: string, accountType: AccountType) {
      return change(memberId, async (tx, member) => {
        if (member.account_type === accountType) return;
        await repo.setAccountType(tx, memberId, accountType);
        await recordAudit(tx, actor, {
          action: 'member.account_type',
          targetType: 'member',
          targetId: memberId,
          targetLabel: label(member),
          memberId,
          before: { accountType: member.account_type },
          after: { accountType },
        });
      });
    },

    setVerified(actor: AdminActor, memberId: string, verified: boolean) {
      return change(memberId, async (tx, member) => {
        if (member.is_verified === verified) return;
        await repo.setVerified(tx, memberId, verified);
        await recordAudit(tx, actor, {
          action: verified ? 'member.verify' : 'member.unverify',
          targetType: 'member',
          targetId: memberId,
          targetLabel: label(member),
          memberId,
          before: { verified: member.is_verified },
          after: { verified },
        });
      });
    },

    async suspend(actor: AdminActor, memberId: string, reason: string) {
      await db.transaction((tx) => suspendMember(tx, actor, memberId, reason));
      return view(memberId);
    },

    unsuspend(actor: AdminActor, memberId: string) {
      return change(memberId, async (tx, member) => {
        if (!member.suspended_at) throw conflict(M.notSuspended);
        await repo.setSuspension(tx, memberId, null);
        await recordAudit(tx, actor, {
          action: 'member.unsuspend',
          targetType: 'member',
          targetId: memberId,
          targetLabel: label(member),
          memberId,
          before: { suspended: true, reason: member.suspension_reason },
          after: { suspended: false },
        });
      });
    },

    /** Delete through modules/account (rows and files); the admins' lock, the last-admin rule and the audit entry run first in its transaction. */
    async remove(actor: AdminActor, memberId: string) {
      await deleteAccount(memberId, {
        async inTransaction(tx) {
          await repo.lockAdmins(tx);
          const member = await lockedMember(tx, memberId);
          await guardLastAdmin(tx, member);
          await recordAudit(tx, actor, {
            action: 'member.delete',
            targetType: 'member',
            targetId: memberId,
            targetLabel: label(member),
            // The entry outlives the member: not tied to them (member_id would be erased with their data).
            memberId: null,
            before: { name: member.full_name, username: member.username, roles: member.roles, accountType: member.account_type },
            after: null,
          });
          await publish(tx, { k: 'kick', u: [memberId] });
        },
      });
    },
  };
}
export type AdminService = ReturnType<typeof createAdminService>;
