import type { ReportAction, ReportTarget } from '@bayclub/shared';
import { canSeeMembers, isActiveMember, isAdmin, type Actor } from '../access/index.js';

/**
 * Who reads the reports queue (issue 23, decision 029): admins and platform moderators (role moderator) every
 * report; a community's creator and moderators the reports whose community is one of theirs (posts, comments and
 * events in it), nothing else; everyone else nobody's. Only approved, active members moderate.
 */
export type QueueAccess = { kind: 'all'; admin: boolean } | { kind: 'communities' } | null;

export function queueAccess(actor: Actor): QueueAccess {
  if (!isActiveMember(actor) || !canSeeMembers(actor)) return null;
  if (isAdmin(actor)) return { kind: 'all', admin: true };
  if (actor.roles.includes('moderator')) return { kind: 'all', admin: false };
  if (actor.communityRoles.length > 0) return { kind: 'communities' };
  return null;
}

export interface ReportFacts {
  targetType: ReportTarget;
  open: boolean;
  communityId: string | null;
  authorId: string | null;
  /** The reported thing is still there to remove (a post not yet hidden, an event not cancelled, ...). */
  removable: boolean;
  /** The caller is the creator or a moderator of the report's community. */
  callerModerates: boolean;
  authorSuspended: boolean;
}

/**
 * What the caller may do with a report. Dismiss: whoever sees it. Remove: posts, comments, events and places still
 * there. Warn: any report with an author. Suspend: admins only (the author's account). Ban: a community's
 * moderator bans from that community (a platform moderator too when they moderate it); an admin's ban is a
 * suspension marked as a ban. Nobody sanctions themselves.
 */
export function allowedActions(actor: Actor, access: QueueAccess, f: ReportFacts): ReportAction[] {
  if (!access || !f.open) return [];
  if (access.kind === 'communities' && !f.callerModerates) return [];
  const out: ReportAction[] = ['dismiss'];
  if (f.removable) out.push('remove');
  const author = f.authorId !== null && f.authorId !== actor.userId;
  if (author) out.push('warn');
  const admin = access.kind === 'all' && access.admin;
  if (author && admin && !f.authorSuspended) out.push('suspend');
  if (author && (admin ? !f.authorSuspended : f.communityId !== null && f.callerModerates)) out.push('ban');
  return out;
}

/** The targets a "remove" applies to. */
export const REMOVABLE: ReadonlySet<ReportTarget> = new Set(['post', 'comment', 'event', 'place']);
