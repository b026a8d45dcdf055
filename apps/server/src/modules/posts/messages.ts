import { COMMUNITY_MESSAGES, PICTURE_MESSAGES, POST_MESSAGES } from '@bayclub/shared';
import { serverMessages } from '../../platform/errors.js';

/** Posts, comments, likes, reports and post photos: error texts. */
export const POSTS_ERRORS = serverMessages('posts', {
  notApproved: POST_MESSAGES.notApproved,
  notFound: POST_MESSAGES.notFound,
  commentNotFound: POST_MESSAGES.commentNotFound,
  communityNotFound: COMMUNITY_MESSAGES.notFound,
  notCommunityMember: POST_MESSAGES.notCommunityMember,
  noFeedPosting: POST_MESSAGES.noFeedPosting,
  noImageUploads: POST_MESSAGES.noImageUploads,
  imageInvalid: POST_MESSAGES.imageInvalid,
  replyToReply: POST_MESSAGES.replyToReply,
  cannotReportOwn: POST_MESSAGES.cannotReportOwn,
  alreadyReported: POST_MESSAGES.alreadyReported,
  communityReportedModeratorsOnly: 'Only the moderators of this community see its reported posts',
  reportedModeratorsOnly: 'Only moderators see reported posts',
  editOwnPostsOnly: 'You can only edit your own posts',
  cannotDeletePost: 'You cannot delete this post',
  editOwnCommentsOnly: 'You can only edit your own comments',
  cannotDeleteComment: 'You cannot delete this comment',
  restoreModeratorsOnly: 'Only moderators can restore posts',
  imageTooLarge: ({ name }: { name: string }) => POST_MESSAGES.imageTooLarge(name),
  notImage: ({ name }: { name: string }) => POST_MESSAGES.notImage(name),
  noFile: PICTURE_MESSAGES.noFile,
});
