import {
  CRM_SCORE_FORMULA,
  CRM_SCORE_PART_LABELS,
  CRM_SCORE_WEIGHTS,
  type City,
  type CrmCommunityEvent,
  type CrmCommunityMember,
  type CrmFigures,
  type CrmMemberRow,
  type CrmNoteView,
  type CrmScorePart,
  type CrmScoreView,
  type CrmTimelineItem,
} from '@bayclub/shared';
import type { CardRow, CommunityMemberRow, MemberRow, NoteRow, TimelineRow } from './repository.js';

export const iso = (d: Date | string) => new Date(d).toISOString();
export const isoOrNull = (d: Date | string | null) => (d ? iso(d) : null);

function figures(r: CardRow | MemberRow): CrmFigures {
  return {
    rsvps: r.rsvps,
    attended: r.attended,
    noShows: r.no_shows,
    checkIns: r.check_ins,
    paidEvents: r.paid_events,
    posts: r.posts,
    connections: r.connections,
    score: r.score,
  };
}

/** A CRM row: only these fields leave the server; organisers never get the email. */
export function presentMember(r: CardRow | MemberRow, opts: { email: boolean }): CrmMemberRow {
  return {
    id: r.id,
    name: r.full_name,
    username: r.username,
    email: opts.email ? r.email : null,
    avatarUrl: r.profile_picture_url,
    type: r.account_type,
    state: r.state,
    city: (r.city as City | null) ?? null,
    interests: r.interests,
    joinedAt: iso(r.created_at),
    lastActiveAt: isoOrNull(r.last_active_at),
    ...figures(r),
  };
}

/** The score with its parts, from the contract's weights (the same ones the refresh's SQL is built from). */
export function presentScore(r: CardRow): CrmScoreView {
  const counts: Record<CrmScorePart, number> = {
    attended: r.attended,
    checkIns: r.check_ins,
    posts: r.posts,
    connections: r.connections,
    noShows: r.no_shows,
  };
  const parts = (Object.keys(CRM_SCORE_WEIGHTS) as CrmScorePart[]).map((part) => ({
    part,
    label: CRM_SCORE_PART_LABELS[part],
    count: counts[part],
    weight: CRM_SCORE_WEIGHTS[part],
    points: counts[part] * CRM_SCORE_WEIGHTS[part],
  }));
  return { total: r.score, formula: CRM_SCORE_FORMULA, parts };
}

export const presentTimelineItem = (r: TimelineRow): CrmTimelineItem => ({ kind: r.kind, at: iso(r.at), label: r.label, targetId: r.target_id });

export const presentNote = (r: NoteRow, canDelete: boolean): CrmNoteView => ({
  id: r.id,
  body: r.body,
  authorId: r.author_id,
  authorName: r.author_name,
  createdAt: iso(r.created_at),
  canDelete,
});

export const presentCommunityMember = (r: CommunityMemberRow): CrmCommunityMember => ({
  id: r.id,
  name: r.full_name,
  username: r.username,
  avatarUrl: r.profile_picture_url,
  role: r.role,
  joinedAt: iso(r.joined_at),
  rsvps: r.rsvps,
  attended: r.attended,
  noShows: r.no_shows,
});

export const presentCommunityEvent = (r: {
  id: string;
  title: string;
  status: string;
  starts_at: Date | string;
  going: number;
  attended: number;
  no_shows: number;
}): CrmCommunityEvent => ({
  id: r.id,
  title: r.title,
  startsAt: iso(r.starts_at),
  cancelled: r.status === 'cancelled',
  going: r.going,
  attended: r.attended,
  noShows: r.no_shows,
});
