// Face of the communities module: communities and memberships; the one decision about a caller and a community.
export { communityViewer, type MembershipFacts } from './policy.js';
export { findCommunityIdBySlug } from './repository.js';
export { communitiesRoutes } from './routes.js';
export { joinAppliedCommunity } from './service.js';
// Issue 23: the reports queue bans an author from a community through this.
export { banFromCommunity, type CommunityBanOutcome } from './moderation-port.js';
