import { infiniteQueryOptions, useInfiniteQuery, useMutation, useQueryClient, type InfiniteData } from '@tanstack/react-query';
import type {
  AuditAction,
  AuditEntryView,
  Page,
  ReportActionInput,
  ReportActionResult,
  ReportQueueItem,
  ReportQueuePage,
  ReportTarget,
  TargetReportInput,
} from '@bayclub/shared';
import { toast } from 'sonner';
import { MODERATION_MESSAGES } from '@bayclub/shared';
import { api, errorMessage, pageUrl } from '#/lib/api';
import { useSharedText } from '#/lib/i18n';

export type QueueStatus = 'open' | 'resolved';
export interface QueueFilters {
  status: QueueStatus;
  type?: ReportTarget;
  communityId?: string;
}

export const moderationKeys = {
  all: ['moderation'] as const,
  queues: () => [...moderationKeys.all, 'queue'] as const,
  queue: (f: QueueFilters) => [...moderationKeys.queues(), { status: f.status, type: f.type ?? null, communityId: f.communityId ?? null }] as const,
  audit: (action: AuditAction | null) => [...moderationKeys.all, 'audit', { action }] as const,
};

const paramsOf = (f: QueueFilters) => {
  const p: Record<string, string> = { status: f.status };
  if (f.type) p.type = f.type;
  if (f.communityId) p.communityId = f.communityId;
  return p;
};

export const reportQueueQueryOptions = (f: QueueFilters) =>
  infiniteQueryOptions({
    queryKey: moderationKeys.queue(f),
    queryFn: ({ pageParam, signal }) => api.get<ReportQueuePage>(pageUrl('/api/moderation/reports', paramsOf(f), pageParam), { signal }),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
    // Several moderators work the same queue: what it shows should not be minutes old.
    staleTime: 15_000,
  });

export function useReportQueue(f: QueueFilters) {
  return useInfiniteQuery(reportQueueQueryOptions(f));
}

type QueueData = InfiniteData<ReportQueuePage, string | null>;

/**
 * Act on a report. The report leaves every open list at once (optimistic); on failure the lists are put back as
 * they were (rollback) and the caller says why. Every queue refetches once the server answered.
 */
export function useReportActionMutation() {
  const queryClient = useQueryClient();
  const s = useSharedText();
  return useMutation({
    mutationFn: ({ id, action, reason }: ReportActionInput & { id: string; target?: ReportQueueItem['target'] }) =>
      api.post<ReportActionResult>(`/api/moderation/reports/${encodeURIComponent(id)}/actions`, reason ? { action, reason } : { action }),
    onMutate: async ({ id, target }) => {
      // Acting closes every open report on the same thing: they all leave the list.
      const gone = (i: ReportQueueItem) =>
        i.id === id || (!!target?.targetId && i.target.type === target.type && i.target.targetId === target.targetId);
      await queryClient.cancelQueries({ queryKey: moderationKeys.queues() });
      const before = queryClient.getQueriesData<QueueData>({ queryKey: moderationKeys.queues() });
      for (const [key, data] of before) {
        if (!data || (key[2] as { status?: string } | undefined)?.status !== 'open') continue;
        queryClient.setQueryData<QueueData>(key, {
          ...data,
          pages: data.pages.map((p) => ({ ...p, items: p.items.filter((i: ReportQueueItem) => !gone(i)) })),
        });
      }
      return { before };
    },
    // Said here, not by the dialog: the card that opened it has left the list by the time the server answers.
    onSuccess: (_result, vars) => void toast.success(s(MODERATION_MESSAGES.actionDone[vars.action])),
    onError: (error, _vars, context) => {
      for (const [key, data] of context?.before ?? []) queryClient.setQueryData(key, data);
      toast.error(`${s(MODERATION_MESSAGES.actionFailed)} ${errorMessage(error)}`);
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: moderationKeys.queues() }),
  });
}

/** Report an event or a place (the reasons of member reports). */
export function useReportTargetMutation(target: { kind: 'event' | 'place'; id: string }) {
  const path = target.kind === 'event' ? `/api/events/${encodeURIComponent(target.id)}/report` : `/api/locations/${encodeURIComponent(target.id)}/report`;
  return useMutation({ mutationFn: (body: TargetReportInput) => api.post<{ id: string }>(path, body) });
}

export const auditQueryOptions = (action: AuditAction | null) =>
  infiniteQueryOptions({
    queryKey: moderationKeys.audit(action),
    queryFn: ({ pageParam, signal }) =>
      api.get<Page<AuditEntryView>>(pageUrl('/api/admin/audit', action ? { action, limit: '25' } : { limit: '25' }, pageParam), { signal }),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
    staleTime: 15_000,
  });

export function useAuditLog(action: AuditAction | null) {
  return useInfiniteQuery(auditQueryOptions(action));
}
