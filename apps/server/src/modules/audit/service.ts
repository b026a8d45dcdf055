import { MODERATION_AUDIT_ACTIONS, type AuditEntryView, type AuditQuery, type Page } from '@bayclub/shared';
import type { Db } from '../../db/client.js';
import { decodeCursor, encodeCursor, isTimeCursor } from '../../platform/cursor.js';
import { forbidden } from '../../platform/errors.js';
import { canSeeMembers, isActiveMember, isAdmin, type Actor } from '../access/index.js';
import { AUDIT_ERRORS as M } from './messages.js';
import { presentAuditEntry } from './presenter.js';
import * as repo from './repository.js';

/** Who reads the log: admins every entry, platform moderators (role moderator) the moderation entries, nobody else. */
export function auditReader(actor: Actor): 'all' | 'moderation' | null {
  if (!isActiveMember(actor) || !canSeeMembers(actor)) return null;
  if (isAdmin(actor)) return 'all';
  if (actor.roles.includes('moderator')) return 'moderation';
  return null;
}

/** The audit log is append-only: this service reads it; recordAudit (record.ts) is the only writer. */
export function createAuditService({ db }: { db: Db }) {
  return {
    async list(actor: Actor, q: AuditQuery & { limit: number }): Promise<Page<AuditEntryView>> {
      const reader = auditReader(actor);
      if (!reader) throw forbidden(M.readersOnly);
      const rows = await repo.auditPage(
        db,
        { action: q.action, actorId: q.actorId, memberId: q.memberId, onlyActions: reader === 'moderation' ? MODERATION_AUDIT_ACTIONS : undefined },
        decodeCursor(q.cursor, isTimeCursor),
        q.limit,
      );
      const page = rows.slice(0, q.limit);
      const last = page.at(-1);
      return {
        items: page.map(presentAuditEntry),
        nextCursor: rows.length > q.limit && last ? encodeCursor({ c: last.cursor_at, i: last.id }) : null,
      };
    },
  };
}
