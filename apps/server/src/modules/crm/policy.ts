import { accessLevel, type CrmLevel } from '@bayclub/shared';
import { isActiveMember, type Actor } from '../access/index.js';

/**
 * Who sees whom in the CRM (issue 23, decision 029): the one decision, asked by every CRM route.
 *
 * - The CRM needs full_platform and an active (not deactivated) account (spec section 6); suspended members have no
 *   session at all.
 * - admin and crm_admin: every member (every state: deactivated, suspended and applicants are club records, shown
 *   with their state), notes, tags, segments, export, refresh.
 * - crm_user: every member, read-only for member records (notes and tags are 403); may export and keep segments
 *   (a segment is a saved query, not a member record; they edit only their own segments).
 * - a community's creator or moderator (community_members role, status active, read live on every request: the scope
 *   goes the moment the role does): only the active members of the communities they organise, whose own account is
 *   active (not deactivated, not suspended); never notes or tags; no export, no segments.
 * - anyone else: 403.
 * Blocks do not hide members from CRM staff or organisers: the CRM is a back office, not a member-to-member surface.
 */
export type CrmAccess =
  | { level: 'admin' | 'staff'; actor: Actor; communityIds: string[] }
  | { level: 'organiser'; actor: Actor; communityIds: string[] };

export interface OrganisedCommunity {
  id: string;
  name: string;
  role: 'creator' | 'moderator';
}

export function crmAccessOf(actor: Actor | null, organised: readonly OrganisedCommunity[]): CrmAccess | null {
  if (!actor || !isActiveMember(actor) || accessLevel(actor.profile) !== 'full_platform') return null;
  const communityIds = organised.map((c) => c.id);
  if (actor.roles.includes('admin') || actor.roles.includes('crm_admin')) return { level: 'admin', actor, communityIds };
  if (actor.roles.includes('crm_user')) return { level: 'staff', actor, communityIds };
  if (communityIds.length > 0) return { level: 'organiser', actor, communityIds };
  return null;
}

export const isStaff = (a: CrmAccess) => a.level !== 'organiser';
/** Notes and tags: admin and crm_admin. */
export const canWriteRecords = (a: CrmAccess) => a.level === 'admin';
export const canSeePrivate = (a: CrmAccess) => isStaff(a);
export const canExport = (a: CrmAccess) => isStaff(a);
export const canRefresh = (a: CrmAccess) => a.level === 'admin';
export const canSaveSegments = (a: CrmAccess) => isStaff(a);
/** A segment: its author, or a CRM admin. */
export const canEditSegment = (a: CrmAccess, createdBy: string | null) => a.level === 'admin' || (isStaff(a) && createdBy === a.actor.userId);
/** A note: its author, or a CRM admin (crm_user writes none, so deletes none). */
export const canDeleteNote = (a: CrmAccess, authorId: string | null) => a.level === 'admin' || (canWriteRecords(a) && authorId === a.actor.userId);
/** The members filter by community: CRM staff any community, organisers the ones they organise. */
export const canFilterByCommunity = (a: CrmAccess, communityId: string) => isStaff(a) || a.communityIds.includes(communityId);
/** A community's organiser view: its organisers, and CRM staff for any community. */
export const canViewCommunity = (a: CrmAccess, communityId: string) => isStaff(a) || a.communityIds.includes(communityId);

export const levelOf = (a: CrmAccess): CrmLevel => a.level;
