import { COMMUNITY_MESSAGES } from '@bayclub/shared';
import { serverMessages } from '../../platform/errors.js';

/** Communities and their memberships: error texts. */
export const COMMUNITIES_ERRORS = serverMessages('communities', {
  notFound: COMMUNITY_MESSAGES.notFound,
  memberNotFound: COMMUNITY_MESSAGES.memberNotFound,
  slugTakenByMember: COMMUNITY_MESSAGES.slugTakenByMember,
  slugTakenByCommunity: COMMUNITY_MESSAGES.slugTakenByCommunity,
  approvedOnly: COMMUNITY_MESSAGES.approvedOnly,
  moderatorsOnly: 'Only the community’s moderators can do this',
  creatorOnly: 'Only the creator can do this',
  requestsAndBansModeratorsOnly: 'Only the community’s moderators see requests and bans',
  banned: COMMUNITY_MESSAGES.banned,
  creatorCannotLeave: COMMUNITY_MESSAGES.creatorCannotLeave,
  requestNotFound: COMMUNITY_MESSAGES.requestNotFound,
  notBanned: COMMUNITY_MESSAGES.notBanned,
  cannotModerateCreator: COMMUNITY_MESSAGES.cannotModerateCreator,
  mustBeMember: COMMUNITY_MESSAGES.mustBeMember,
  moderatorOnlyByCreator: COMMUNITY_MESSAGES.moderatorOnlyByCreator,
  imageMissing: COMMUNITY_MESSAGES.imageMissing,
});
