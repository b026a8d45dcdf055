import { REPORT_REASON_LABELS, type ReportedContentView, type ReportQueueItem } from '@bayclub/shared';
import { presentMember } from '../access/index.js';
import { allowedActions, REMOVABLE, type QueueAccess, type ReportFacts } from './policy.js';
import type { QueueRow } from './repository.js';
import type { Actor } from '../access/index.js';

const iso = (v: Date | string) => new Date(v).toISOString();
const isoOrNull = (v: Date | string | null) => (v === null ? null : iso(v));

function stateOf(r: QueueRow): ReportedContentView['state'] {
  if (r.target_gone) return 'removed';
  if (r.target_type === 'post' && r.post_hidden) return 'hidden';
  if (r.target_type === 'event' && r.event_cancelled) return 'cancelled';
  if (r.target_type === 'place' && r.place_inactive) return 'inactive';
  return 'visible';
}

export function factsOf(r: QueueRow): ReportFacts {
  const state = stateOf(r);
  // A post hidden by reports (not by a moderator) can still be removed: removal makes it stay hidden.
  const removable = REMOVABLE.has(r.target_type) && (state === 'visible' || (state === 'hidden' && r.resolution === null));
  return {
    targetType: r.target_type,
    open: r.status === 'open',
    communityId: r.community_id,
    authorId: r.author?.id ?? null,
    removable,
    callerModerates: r.caller_moderates,
    authorSuspended: r.author_suspended,
  };
}

/** A queue item: the reported content in context, who reported it (moderators only see this), earlier reports. */
export function presentQueueItem(r: QueueRow, actor: Actor, access: QueueAccess): ReportQueueItem {
  const targetId =
    r.post_id ?? r.comment_id ?? r.event_id ?? r.location_id ?? r.message_id ?? (r.target_type === 'member' ? r.reported_user_id : null);
  return {
    id: r.id,
    target: {
      type: r.target_type,
      text: r.text,
      imageCount: r.image_count,
      state: stateOf(r),
      eventTitle: r.event_title,
      eventStartsAt: isoOrNull(r.event_starts_at),
      placeName: r.place_name,
      placeCity: r.place_city,
      targetId,
      postId: r.post_id ?? r.comment_post_id,
      createdAt: isoOrNull(r.target_created_at),
    },
    author: r.author ? presentMember(r.author) : null,
    reporter: r.reporter ? presentMember(r.reporter) : null,
    reason: r.reason,
    reasonLabel: REPORT_REASON_LABELS[r.reason],
    details: r.details,
    community: r.community_id && r.community_name !== null ? { id: r.community_id, name: r.community_name } : null,
    status: r.status === 'open' ? 'open' : 'resolved',
    resolution: r.resolution,
    resolvedAt: isoOrNull(r.resolved_at),
    createdAt: iso(r.created_at),
    earlier: {
      sameTargetCount: r.same_target_count,
      sameAuthorCount: r.same_author_count,
      sameTarget: r.same_target.map((e) => ({ ...e, createdAt: iso(e.createdAt) })),
      sameAuthor: r.same_author.map((e) => ({ ...e, createdAt: iso(e.createdAt) })),
    },
    actions: allowedActions(actor, access, factsOf(r)),
  };
}
