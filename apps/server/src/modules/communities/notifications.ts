import { z } from 'zod';
import { defineNotificationKind } from '../notifications/index.js';

/** A member asked to join a community that approves its members: its creator and moderators hear of it. */
export const joinRequestNotification = defineNotificationKind('communities.join_request', {
  type: 'group_join',
  params: z.object({ actorId: z.uuid().nullable(), actorName: z.string().nullable(), communityName: z.string() }),
  render: (p) => ({ title: 'Join request', message: `${p.actorName ?? 'A member'} asked to join ${p.communityName}` }),
});

/** The member's request to join was approved. */
export const joinApprovedNotification = defineNotificationKind('communities.join_approved', {
  type: 'group_join',
  params: z.object({ communityName: z.string() }),
  render: (p) => ({ title: 'Request approved', message: `Your request to join ${p.communityName} was approved` }),
});
