// The access floor (decision 019): who is calling, what a route demands, and who may see whom. Every feature
// module stands on it; it stands on platform and db only.
export {
  canSeeMember,
  canSeeMembers,
  canUse,
  hasCrmAccess,
  isActiveMember,
  isAdmin,
  type Actor,
  type RouteAccess,
} from './policy.js';
export { loadAccess } from './repository.js';
export { actorOf, registerAccessControl, requireActor } from './request-context.js';
export { blockedBetween, hasBlocked, isBlockedEitherWay, notBlockedWith } from './blocks.js';
export {
  approvedMemberSql,
  findProfile,
  findProfileSeenBy,
  linkedInstagramSql,
  memberColumns,
  memberJson,
  memberJsonSchema,
  presentMember,
  type MemberJson,
  type ProfileRow,
} from './members.js';
export { lockPair, orderedPair } from './pair.js';
