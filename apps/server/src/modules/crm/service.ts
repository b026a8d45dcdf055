import { Readable } from 'node:stream';
import {
  CRM_DEFAULT_EXPORT_FIELDS,
  CRM_EXPORT_FIELD_LABELS,
  CRM_LIMITS,
  CRM_SCORE_FORMULA,
  CRM_SORTS,
  SORT_DIRECTIONS,
  crmFiltersSchema,
  csvRow,
  type CrmAccessView,
  type CrmCommunitySummary,
  type CrmCommunityView,
  type CrmExportField,
  type CrmFilters,
  type CrmMemberCard,
  type CrmMembersPage,
  type CrmMembersQuery,
  type CrmNoteView,
  type CrmRefreshView,
  type CrmSegmentView,
  type CrmSort,
  type CrmTimelinePage,
  type SortDirection,
  crmExportQuerySchema,
} from '@bayclub/shared';
import type { z } from 'zod';
import type { Db } from '../../db/client.js';
import { badRequest, conflict, forbidden, notFound, PLATFORM_ERRORS } from '../../platform/errors.js';
import { decodeCursor, encodeCursor, isInstant, isTimeCursor, isUuid } from '../../platform/cursor.js';
import type { Actor } from '../access/index.js';
import { recordAudit } from '../audit/index.js';
import type { EngagementJob } from './engagement.js';
import { CRM_ERRORS as M } from './messages.js';
import * as policy from './policy.js';
import type { CrmAccess } from './policy.js';
import { iso, isoOrNull, presentCommunityEvent, presentCommunityMember, presentMember, presentNote, presentScore, presentTimelineItem } from './presenter.js';
import * as repo from './repository.js';

type ExportQuery = z.output<typeof crmExportQuerySchema>;

const scopeOf = (a: CrmAccess): repo.MemberScope => (policy.isStaff(a) ? { all: true } : { all: false, communityIds: a.communityIds });
const labelOf = (m: { full_name: string | null; username: string | null }) => m.full_name ?? m.username ?? null;

interface MembersCursorBody {
  s: CrmSort;
  d: SortDirection;
  k: string;
  i: string;
}

function isMembersCursor(v: unknown): v is MembersCursorBody {
  if (typeof v !== 'object' || v === null) return false;
  const c = v as Record<string, unknown>;
  return (
    (CRM_SORTS as readonly unknown[]).includes(c.s) &&
    (SORT_DIRECTIONS as readonly unknown[]).includes(c.d) &&
    isUuid(c.i) &&
    repo.isSortKey(c.s as CrmSort, c.k)
  );
}

function membersCursor(cursor: string | undefined, sort: CrmSort, dir: SortDirection): repo.MembersCursor | null {
  const c = decodeCursor(cursor, isMembersCursor);
  if (!c) return null;
  // A cursor from another sort would page from the wrong place: refused, never guessed.
  if (c.s !== sort || c.d !== dir) throw badRequest(PLATFORM_ERRORS.invalidCursor, { cursor: PLATFORM_ERRORS.invalidCursor });
  return { k: c.k, i: c.i };
}

const isTimelineCursor = (v: unknown): v is repo.TimelineCursor =>
  typeof v === 'object' &&
  v !== null &&
  isInstant((v as { c?: unknown }).c) &&
  typeof (v as { k?: unknown }).k === 'string' &&
  ['joined', 'post', 'rsvp', 'attended', 'no_show', 'check_in', 'payment'].includes((v as { k: string }).k) &&
  isUuid((v as { i?: unknown }).i);

export function createCrmService(deps: { db: Db; engagement: EngagementJob }) {
  const { db, engagement } = deps;

  /** The caller's CRM access, read live (an organiser's communities on every request); 403 without any. */
  async function accessOf(actor: Actor): Promise<CrmAccess & { organised: Awaited<ReturnType<typeof repo.organisedCommunities>> }> {
    const organised = await repo.organisedCommunities(db, actor.userId);
    const access = policy.crmAccessOf(actor, organised);
    if (!access) throw forbidden(M.noAccess);
    return { ...access, organised };
  }

  function requireWriter(a: CrmAccess) {
    if (!policy.canSeePrivate(a)) throw forbidden(M.privateToStaff);
    if (!policy.canWriteRecords(a)) throw forbidden(M.readOnly);
  }

  function requireStaff(a: CrmAccess) {
    if (!policy.isStaff(a)) throw forbidden(M.staffOnly);
  }

  async function visibleMember(a: CrmAccess, memberId: string) {
    const member = await repo.memberVisible(db, memberId, scopeOf(a));
    if (!member) throw notFound(M.notFound);
    return member;
  }

  async function timelinePage(a: CrmAccess, memberId: string, cursor: repo.TimelineCursor | null): Promise<CrmTimelinePage> {
    const rows = await repo.timeline(db, memberId, scopeOf(a), cursor, CRM_LIMITS.timelinePage);
    const page = rows.slice(0, CRM_LIMITS.timelinePage);
    const last = page[page.length - 1];
    return {
      items: page.map(presentTimelineItem),
      nextCursor: rows.length > CRM_LIMITS.timelinePage && last ? encodeCursor({ c: last.at_key, k: last.kind, i: last.item_id }) : null,
    };
  }

  const noteView = (a: CrmAccess, n: repo.NoteRow): CrmNoteView => presentNote(n, policy.canDeleteNote(a, n.author_id));

  const segmentView = (a: CrmAccess, s: repo.SegmentRow): CrmSegmentView => {
    const filters = crmFiltersSchema.safeParse(s.filters);
    return {
      id: s.id,
      name: s.name,
      filters: filters.success ? filters.data : ({ q: '' } as CrmFilters),
      createdBy: s.created_by,
      createdByName: s.created_by_name,
      canEdit: policy.canEditSegment(a, s.created_by),
      updatedAt: iso(s.updated_at),
    };
  };

  /** Filters an organiser may not use: tags are private to CRM staff. */
  function checkFilters(a: CrmAccess, f: CrmFilters) {
    if (f.tag && !policy.canSeePrivate(a)) throw forbidden(M.privateToStaff);
    // An organiser's rows are their communities' members anyway; another community is refused, not silently empty.
    if (f.community && !policy.canFilterByCommunity(a, f.community)) throw badRequest(M.communityNotYours, { community: M.communityNotYours });
  }

  return {
    async access(actor: Actor): Promise<CrmAccessView> {
      const a = await accessOf(actor);
      return {
        level: policy.levelOf(a),
        canWrite: policy.canWriteRecords(a),
        canSeePrivate: policy.canSeePrivate(a),
        canRefresh: policy.canRefresh(a),
        canExport: policy.canExport(a),
        canSaveSegments: policy.canSaveSegments(a),
        communities: a.organised,
        filterCommunities: policy.isStaff(a)
          ? await repo.allCommunities(db, CRM_LIMITS.filterCommunities)
          : a.organised.map(({ id, name }) => ({ id, name })),
        figuresAsOf: isoOrNull(await repo.figuresAsOf(db)),
        scoreFormula: CRM_SCORE_FORMULA,
      };
    },

    async members(actor: Actor, q: CrmMembersQuery): Promise<CrmMembersPage> {
      const a = await accessOf(actor);
      checkFilters(a, q);
      const cursor = membersCursor(q.cursor, q.sort, q.dir);
      const rows = await repo.membersPage(db, q, scopeOf(a), q.sort, q.dir, cursor, q.limit);
      const page = rows.slice(0, q.limit);
      const last = page[page.length - 1];
      return {
        items: page.map((r) => presentMember(r, { email: policy.isStaff(a) })),
        nextCursor: rows.length > q.limit && last ? encodeCursor({ s: q.sort, d: q.dir, k: last.sort_key, i: last.id }) : null,
        figuresAsOf: isoOrNull(await repo.figuresAsOf(db)),
      };
    },

    async card(actor: Actor, memberId: string): Promise<CrmMemberCard> {
      const a = await accessOf(actor);
      const scope = scopeOf(a);
      const row = await repo.memberCard(db, memberId, scope);
      if (!row) throw notFound(M.notFound);
      const staff = policy.canSeePrivate(a);
      const [timeline, notes, tags, asOf] = [
        await timelinePage(a, memberId, null),
        staff ? await repo.notesOf(db, memberId, CRM_LIMITS.notesPage) : null,
        staff ? await repo.tagsOf(db, memberId) : null,
        await repo.figuresAsOf(db),
      ];
      return {
        member: { ...presentMember(row, { email: staff }), bio: row.bio, isVerified: row.is_verified },
        score: presentScore(row),
        timeline,
        notes: notes ? notes.map((n) => noteView(a, n)) : null,
        tags,
        figuresAsOf: isoOrNull(asOf),
      };
    },

    async timeline(actor: Actor, memberId: string, cursor: string | undefined): Promise<CrmTimelinePage> {
      const a = await accessOf(actor);
      const c = decodeCursor(cursor, isTimelineCursor);
      await visibleMember(a, memberId);
      return timelinePage(a, memberId, c);
    },

    async notes(actor: Actor, memberId: string): Promise<CrmNoteView[]> {
      const a = await accessOf(actor);
      if (!policy.canSeePrivate(a)) throw forbidden(M.privateToStaff);
      await visibleMember(a, memberId);
      return (await repo.notesOf(db, memberId, CRM_LIMITS.notesPage)).map((n) => noteView(a, n));
    },

    async addNote(actor: Actor, memberId: string, body: string): Promise<CrmNoteView> {
      const a = await accessOf(actor);
      requireWriter(a);
      const member = await visibleMember(a, memberId);
      return db.transaction(async (tx) => {
        const note = await repo.insertNote(tx, memberId, actor.userId, body);
        await recordAudit(tx, actor, {
          action: 'crm.note',
          targetType: 'note',
          targetId: note.id,
          targetLabel: labelOf(member),
          memberId,
          after: { length: body.length },
        });
        return noteView(a, note);
      });
    },

    async deleteNote(actor: Actor, noteId: string): Promise<void> {
      const a = await accessOf(actor);
      requireWriter(a);
      await db.transaction(async (tx) => {
        const note = await repo.lockNote(tx, noteId);
        if (!note) throw notFound(M.noteNotFound);
        if (!policy.canDeleteNote(a, note.author_id)) throw forbidden(M.noteNotYours);
        await repo.deleteNote(tx, noteId);
        await recordAudit(tx, actor, {
          action: 'crm.note_delete',
          targetType: 'note',
          targetId: noteId,
          memberId: note.member_id,
          before: { authorId: note.author_id, createdAt: iso(note.created_at) },
        });
      });
    },

    async addTag(actor: Actor, memberId: string, tag: string): Promise<string[]> {
      const a = await accessOf(actor);
      requireWriter(a);
      const member = await visibleMember(a, memberId);
      await db.transaction(async (tx) => {
        const result = await repo.addTag(tx, memberId, tag, actor.userId, CRM_LIMITS.tagsPerMember);
        if (result === 'full') throw conflict(M.tooManyTags, { tag: M.tooManyTags });
        if (result === 'added') {
          await recordAudit(tx, actor, { action: 'crm.tag', targetType: 'member', targetId: memberId, targetLabel: labelOf(member), memberId, after: { tag } });
        }
      });
      return repo.tagsOf(db, memberId);
    },

    async removeTag(actor: Actor, memberId: string, tag: string): Promise<string[]> {
      const a = await accessOf(actor);
      requireWriter(a);
      const member = await visibleMember(a, memberId);
      await db.transaction(async (tx) => {
        if (!(await repo.removeTag(tx, memberId, tag))) throw notFound(M.tagNotFound);
        await recordAudit(tx, actor, { action: 'crm.untag', targetType: 'member', targetId: memberId, targetLabel: labelOf(member), memberId, before: { tag } });
      });
      return repo.tagsOf(db, memberId);
    },

    async segments(actor: Actor): Promise<CrmSegmentView[]> {
      const a = await accessOf(actor);
      requireStaff(a);
      return (await repo.segments(db, CRM_LIMITS.segmentsMax)).map((s) => segmentView(a, s));
    },

    async createSegment(actor: Actor, name: string, filters: CrmFilters): Promise<CrmSegmentView> {
      const a = await accessOf(actor);
      requireStaff(a);
      const id = await db.transaction(async (tx) => {
        await repo.lockSegments(tx);
        if ((await repo.segmentCount(tx)) >= CRM_LIMITS.segmentsMax) throw conflict(M.tooManySegments);
        const id = await repo.insertSegment(tx, name, filters, actor.userId);
        await recordAudit(tx, actor, { action: 'crm.segment_save', targetType: 'segment', targetId: id, targetLabel: name, after: { name, filters } });
        return id;
      });
      return segmentView(a, (await repo.segment(db, id))!);
    },

    async updateSegment(actor: Actor, id: string, patch: { name?: string; filters?: CrmFilters }): Promise<CrmSegmentView> {
      const a = await accessOf(actor);
      requireStaff(a);
      await db.transaction(async (tx) => {
        const s = await repo.segment(tx, id, true);
        if (!s) throw notFound(M.segmentNotFound);
        if (!policy.canEditSegment(a, s.created_by)) throw forbidden(M.segmentNotYours);
        const name = patch.name ?? s.name;
        const filters = patch.filters ?? s.filters;
        await repo.updateSegment(tx, id, name, filters);
        await recordAudit(tx, actor, {
          action: 'crm.segment_save',
          targetType: 'segment',
          targetId: id,
          targetLabel: name,
          before: { name: s.name, filters: s.filters },
          after: { name, filters },
        });
      });
      return segmentView(a, (await repo.segment(db, id))!);
    },

    async deleteSegment(actor: Actor, id: string): Promise<void> {
      const a = await accessOf(actor);
      requireStaff(a);
      await db.transaction(async (tx) => {
        const s = await repo.segment(tx, id, true);
        if (!s) throw notFound(M.segmentNotFound);
        if (!policy.canEditSegment(a, s.created_by)) throw forbidden(M.segmentNotYours);
        await repo.deleteSegment(tx, id);
        await recordAudit(tx, actor, { action: 'crm.segment_delete', targetType: 'segment', targetId: id, targetLabel: s.name, before: { name: s.name, filters: s.filters } });
      });
    },

    /**
     * The CSV export: the audit entry first (an export that starts is on record), then a stream that reads the
     * members in keyset batches of CRM_LIMITS.exportBatch as the client takes them (never the whole club at once).
     */
    async exportCsv(actor: Actor, q: ExportQuery): Promise<{ filename: string; stream: Readable }> {
      const a = await accessOf(actor);
      if (!policy.canExport(a)) throw forbidden(M.staffOnly);
      let filters: CrmFilters = q;
      let segmentName: string | null = null;
      if (q.segment) {
        const s = await repo.segment(db, q.segment);
        if (!s) throw notFound(M.segmentNotFound);
        const parsed = crmFiltersSchema.safeParse(s.filters);
        if (!parsed.success) throw notFound(M.segmentNotFound);
        filters = parsed.data;
        segmentName = s.name;
      }
      const fields: CrmExportField[] = q.fields ?? CRM_DEFAULT_EXPORT_FIELDS;
      const scope = scopeOf(a);
      const sort = q.sort;
      const dir = q.dir;
      await db.transaction((tx) =>
        recordAudit(tx, actor, {
          action: 'crm.export',
          targetType: 'segment',
          targetId: q.segment ?? null,
          targetLabel: segmentName ?? 'Current filters',
          after: { fields, filters: q.segment ? undefined : filters },
        }),
      );
      const withTags = fields.includes('tags');
      async function* rows() {
        yield `\uFEFF${csvRow(fields.map((f) => CRM_EXPORT_FIELD_LABELS[f]))}`;
        let cursor: repo.MembersCursor | null = null;
        for (;;) {
          const batch = await repo.membersPage(db, filters, scope, sort, dir, cursor, CRM_LIMITS.exportBatch, { tags: withTags });
          const page = batch.slice(0, CRM_LIMITS.exportBatch);
          if (page.length > 0) yield page.map((r) => csvRow(fields.map((f) => cell(r, f)))).join('');
          const last = page[page.length - 1];
          if (batch.length <= CRM_LIMITS.exportBatch || !last) return;
          cursor = { k: last.sort_key, i: last.id };
        }
      }
      const stamp = new Date().toISOString().slice(0, 10);
      const base = (segmentName ?? 'members').toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '') || 'members';
      return { filename: `bayclub-crm-${base}-${stamp}.csv`, stream: Readable.from(rows(), { objectMode: false }) };
    },

    async refresh(actor: Actor): Promise<CrmRefreshView> {
      const a = await accessOf(actor);
      if (!policy.canRefresh(a)) throw forbidden(M.readOnly);
      const result = await engagement.refresh();
      return { ran: result.ran, members: result.members, ms: result.ms, figuresAsOf: isoOrNull(await repo.figuresAsOf(db)) };
    },

    async communities(actor: Actor): Promise<CrmCommunitySummary[]> {
      const a = await accessOf(actor);
      return (await repo.communitySummaries(db, a.communityIds, actor.userId)).map(summary);
    },

    async community(actor: Actor, communityId: string, cursor: string | undefined): Promise<CrmCommunityView> {
      const a = await accessOf(actor);
      if (!policy.canViewCommunity(a, communityId)) throw forbidden();
      const c = decodeCursor(cursor, isTimeCursor);
      const s = await repo.communitySummary(db, communityId, actor.userId);
      if (!s) throw notFound(M.communityNotFound);
      const limit = CRM_LIMITS.pageSize;
      const rows = await repo.communityMembersPage(db, communityId, c, limit);
      const page = rows.slice(0, limit);
      const last = page[page.length - 1];
      const requests = await repo.joinRequests(db, communityId, CRM_LIMITS.organiserRequests);
      const events = await repo.communityEvents(db, communityId, CRM_LIMITS.organiserEvents);
      return {
        community: summary(s),
        members: page.map(presentCommunityMember),
        nextCursor: rows.length > limit && last ? encodeCursor({ c: last.joined_key, i: last.id }) : null,
        requests: requests.map((r) => ({ id: r.id, name: r.full_name, username: r.username, avatarUrl: r.profile_picture_url, requestedAt: iso(r.requested_at) })),
        events: events.map(presentCommunityEvent),
      };
    },
  };
}

function summary(s: { id: string; name: string; role: string | null; member_count: number; pending_count: number }): CrmCommunitySummary {
  return {
    id: s.id,
    name: s.name,
    role: s.role === 'creator' || s.role === 'moderator' ? s.role : null,
    memberCount: s.member_count,
    pendingCount: s.pending_count,
  };
}

function cell(r: repo.MemberRow, f: CrmExportField): string | number | null {
  switch (f) {
    case 'name':
      return r.full_name;
    case 'username':
      return r.username;
    case 'email':
      return r.email;
    case 'type':
      return r.account_type;
    case 'state':
      return r.state;
    case 'city':
      return r.city;
    case 'interests':
      return r.interests.join('; ');
    case 'bio':
      return r.bio;
    case 'joined':
      return iso(r.created_at);
    case 'last_active':
      return isoOrNull(r.last_active_at);
    case 'rsvps':
      return r.rsvps;
    case 'attended':
      return r.attended;
    case 'no_shows':
      return r.no_shows;
    case 'check_ins':
      return r.check_ins;
    case 'paid_events':
      return r.paid_events;
    case 'posts':
      return r.posts;
    case 'connections':
      return r.connections;
    case 'score':
      return r.score;
    case 'tags':
      return (r.tags ?? []).join('; ');
  }
}

export type CrmService = ReturnType<typeof createCrmService>;
