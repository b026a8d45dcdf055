import { z } from 'zod';
import { defineNotificationKind } from '../notifications/index.js';

/** A member asked to join a community that approves its members: its creator and moderators hear of it. */
export const joinRequestNotification = defineNotificationKind('communities.join_request', {
  type: 'group_join',
  params: z.object({ actorId: z.uuid().nullable(), actorName: z.string().nullable(), communityName: z.string() }),
  render: (p, t) => ({
    title: t('communities.notice.joinRequest.title'),
    // The member's name as stored (never translated); "A member" in the reader's language when there is none.
    message: t('communities.notice.joinRequest.message', { name: p.actorName ?? t('communities.notice.someone'), community: p.communityName }),
  }),
});

/** The member's request to join was approved. */
export const joinApprovedNotification = defineNotificationKind('communities.join_approved', {
  type: 'group_join',
  params: z.object({ communityName: z.string() }),
  render: (p, t) => ({
    title: t('communities.notice.joinApproved.title'),
    message: t('communities.notice.joinApproved.message', { community: p.communityName }),
  }),
});
