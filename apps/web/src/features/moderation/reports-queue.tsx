import * as React from 'react';
import { Link } from 'react-router';
import { FlagIcon, ImageIcon } from 'lucide-react';
import {
  MODERATION_LIMITS,
  MODERATION_MESSAGES,
  REPORT_ACTION_LABELS,
  REPORT_REASON_LABELS,
  REPORT_RESOLUTION_LABELS,
  REPORT_TARGETS,
  REPORT_TARGET_LABELS,
  eventPath,
  postPath,
  type MemberSummary,
  type ReportAction,
  type ReportQueueItem,
  type ReportTarget,
} from '@bayclub/shared';
import { Badge } from '#/components/ui/badge';
import { Button } from '#/components/ui/button';
import { Card } from '#/components/ui/card';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '#/components/ui/dialog';
import { Label } from '#/components/ui/label';
import { NativeSelect } from '#/components/ui/native-select';
import { Skeleton } from '#/components/ui/skeleton';
import { Spinner } from '#/components/ui/spinner';
import { Textarea } from '#/components/ui/textarea';
import { EmptyState } from '#/components/card-grid';
import { PagedList } from '#/components/paged-list';
import { isApiError } from '#/lib/api';
import { formatDateTime } from '#/lib/format';
import { Trans, useSharedText, useT, type Translate } from '#/lib/i18n';
import { cityLabel, memberName } from '#/lib/member-format';
import { useReportActionMutation, useReportQueue, type QueueStatus } from './api';
import { catalog } from './i18n';
import { useQueueRealtime } from './use-queue-realtime';

const DESTRUCTIVE: ReadonlySet<ReportAction> = new Set(['remove', 'suspend', 'ban']);

/**
 * The reports queue (issue 23): every report the caller may moderate, filtered by open / resolved and by type, each
 * with the reported content in context, the reason, earlier reports, and the actions (a reason dialog; the report
 * leaves the open list at once and comes back if the server refuses). `communityId` scopes it to one community
 * (its Reported tab); the server decides what the caller sees either way.
 */
export function ReportsQueue({ communityId }: { communityId?: string } = {}) {
  const [status, setStatus] = React.useState<QueueStatus>('open');
  const [type, setType] = React.useState<ReportTarget | ''>('');
  const query = useReportQueue({ status, type: type || undefined, communityId });
  const statusId = React.useId();
  const typeId = React.useId();
  const forbidden = isApiError(query.error) && query.error.isForbidden;
  const announcement = useQueueRealtime();
  const t = useT(catalog);
  const s = useSharedText();

  return (
    <section aria-labelledby={`${statusId}-title`} className="grid gap-4">
      <p aria-live="polite" className="sr-only">
        {announcement}
      </p>
      <div className="flex flex-wrap items-end justify-between gap-3">
        <h2 id={`${statusId}-title`} className="text-xl font-semibold">
          {s(MODERATION_MESSAGES.queueTitle)}
        </h2>
        <div className="flex flex-wrap gap-3">
          <div className="grid gap-1">
            <Label htmlFor={statusId}>{t('moderation.filter.status')}</Label>
            <NativeSelect id={statusId} value={status} onChange={(e) => setStatus(e.target.value as QueueStatus)} className="w-36">
              <option value="open">{t('moderation.filter.open')}</option>
              <option value="resolved">{t('moderation.filter.resolved')}</option>
            </NativeSelect>
          </div>
          <div className="grid gap-1">
            <Label htmlFor={typeId}>{t('moderation.filter.type')}</Label>
            <NativeSelect id={typeId} value={type} onChange={(e) => setType(e.target.value as ReportTarget | '')} className="w-36">
              <option value="">{t('moderation.filter.allTypes')}</option>
              {REPORT_TARGETS.map((target) => (
                <option key={target} value={target}>
                  {s(REPORT_TARGET_LABELS[target])}
                </option>
              ))}
            </NativeSelect>
          </div>
        </div>
      </div>
      {forbidden ? (
        <EmptyState icon={FlagIcon} title={s(MODERATION_MESSAGES.moderatorsOnly)} />
      ) : (
        <PagedList
          query={query}
          label={status === 'open' ? t('moderation.list.open') : t('moderation.list.resolved')}
          what={t('moderation.list.what')}
          autoLoad={false}
          skeleton={<QueueSkeleton />}
          empty={
            <EmptyState
              icon={FlagIcon}
              title={status === 'open' ? s(MODERATION_MESSAGES.noOpenReports) : s(MODERATION_MESSAGES.noResolvedReports)}
              hint={status === 'open' ? t('moderation.list.emptyHint') : undefined}
            />
          }
          getKey={(item) => item.id}
          renderItem={(item) => <ReportCard item={item} />}
        />
      )}
    </section>
  );
}

function QueueSkeleton() {
  return (
    <div className="grid gap-3" aria-hidden="true">
      {[0, 1, 2].map((i) => (
        <Skeleton key={i} className="h-40 w-full rounded-xl" />
      ))}
    </div>
  );
}

function MemberLink({ member }: { member: MemberSummary | null }) {
  const t = useT(catalog);
  if (!member) return <span className="text-muted-foreground">{t('moderation.member.deleted')}</span>;
  return (
    <Link to={`/view-profile/${member.id}`} className="font-medium underline-offset-4 hover:underline">
      {memberName(member)}
      {member.username ? <span className="font-normal text-muted-foreground"> @{member.username}</span> : null}
    </Link>
  );
}

const STATE_LABELS: Record<ReportQueueItem['target']['state'], string | null> = {
  visible: null,
  hidden: 'moderation.state.hidden',
  removed: 'moderation.state.removed',
  cancelled: 'moderation.state.cancelled',
  inactive: 'moderation.state.inactive',
};

/** The reported thing as the moderator judges it: the words as text, never as markup. */
function ReportedContent({ item }: { item: ReportQueueItem }) {
  const tr = useT(catalog);
  const s = useSharedText();
  const t = item.target;
  const state = STATE_LABELS[t.state];
  const link =
    t.type === 'post' && t.targetId ? postPath(t.targetId) : t.type === 'comment' && t.postId ? postPath(t.postId) : t.type === 'event' && t.targetId ? eventPath(t.targetId) : t.type === 'place' && t.targetId ? `/locations/${t.targetId}` : null;
  return (
    <div className="grid gap-2 rounded-lg border bg-muted/40 p-3 text-sm">
      <div className="flex flex-wrap items-center gap-2">
        <Badge variant="secondary">{s(REPORT_TARGET_LABELS[t.type])}</Badge>
        {state && <Badge variant="outline">{tr(state)}</Badge>}
        {item.community && <span className="text-muted-foreground">{tr('moderation.content.inCommunity', { name: item.community.name })}</span>}
      </div>
      {t.type === 'event' && (
        <p>
          <span className="font-medium">{t.eventTitle}</span>
          {t.eventStartsAt && <span className="text-muted-foreground"> · {formatDateTime(t.eventStartsAt)}</span>}
        </p>
      )}
      {t.type === 'place' && (
        <p>
          <span className="font-medium">{t.placeName}</span>
          {t.placeCity && <span className="text-muted-foreground"> · {s(cityLabel(t.placeCity) ?? t.placeCity)}</span>}
        </p>
      )}
      {t.type === 'member' && (
        <p>
          {tr('moderation.content.member')} <MemberLink member={item.author} />
        </p>
      )}
      {t.text !== null && <blockquote className="border-l-2 pl-3 break-words whitespace-pre-wrap">{t.text}</blockquote>}
      {t.type === 'message' && t.text === null && <p className="text-muted-foreground">{tr('moderation.content.messageGone')}</p>}
      {t.imageCount > 0 && (
        <p className="flex items-center gap-1 text-muted-foreground">
          <ImageIcon aria-hidden="true" className="size-4" /> {tr('moderation.content.photos', { count: t.imageCount })}
        </p>
      )}
      {link && t.state !== 'removed' && (
        <Link to={link} className="w-fit text-primary underline-offset-4 hover:underline">
          {tr('moderation.content.open', { type: t.type })}
        </Link>
      )}
    </div>
  );
}

function EarlierReports({ item }: { item: ReportQueueItem }) {
  const t = useT(catalog);
  const s = useSharedText();
  const e = item.earlier;
  if (e.sameTargetCount === 0 && e.sameAuthorCount === 0) return <p className="text-sm text-muted-foreground">{t('moderation.earlier.none')}</p>;
  const line = (list: typeof e.sameTarget) =>
    list.map((r) => `${s(REPORT_REASON_LABELS[r.reason])} (${r.resolution ? s(REPORT_RESOLUTION_LABELS[r.resolution]) : t('moderation.earlier.open')})`).join(', ');
  const parts = { 0: <span className="font-medium" />, 1: <span className="text-muted-foreground" /> };
  return (
    <ul className="grid gap-1 text-sm" aria-label={t('moderation.earlier.label')}>
      {e.sameTargetCount > 0 && (
        <li>
          <Trans
            catalog={catalog}
            id="moderation.earlier.sameTarget"
            values={{ count: e.sameTargetCount, type: item.target.type, list: line(e.sameTarget) }}
            components={parts}
          />
        </li>
      )}
      {e.sameAuthorCount > 0 && (
        <li>
          <Trans catalog={catalog} id="moderation.earlier.sameAuthor" values={{ count: e.sameAuthorCount, list: line(e.sameAuthor) }} components={parts} />
        </li>
      )}
    </ul>
  );
}

export function ReportCard({ item }: { item: ReportQueueItem }) {
  const [action, setAction] = React.useState<ReportAction | null>(null);
  const t = useT(catalog);
  const s = useSharedText();
  return (
    <Card className="gap-3 p-4">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h3 className="font-semibold">
          {/* The server sends the reason's shared English label: shown in the page's language. */}
          {s(item.reasonLabel)} · {s(REPORT_TARGET_LABELS[item.target.type])}
        </h3>
        <span className="text-xs text-muted-foreground">
          <Trans
            catalog={catalog}
            id="moderation.card.reportedAt"
            values={{ date: formatDateTime(item.createdAt) }}
            components={{ 0: <time dateTime={item.createdAt} /> }}
          />
        </span>
      </div>
      <ReportedContent item={item} />
      <dl className="grid gap-1 text-sm sm:grid-cols-[max-content_1fr] sm:gap-x-3">
        {item.target.type !== 'member' && (
          <>
            <dt className="text-muted-foreground">{t('moderation.card.author')}</dt>
            <dd>
              <MemberLink member={item.author} />
            </dd>
          </>
        )}
        <dt className="text-muted-foreground">{t('moderation.card.reporter')}</dt>
        <dd>
          <MemberLink member={item.reporter} />
        </dd>
        {item.details && (
          <>
            <dt className="text-muted-foreground">{t('moderation.card.details')}</dt>
            <dd className="break-words whitespace-pre-wrap">{item.details}</dd>
          </>
        )}
        {item.resolution && (
          <>
            <dt className="text-muted-foreground">{t('moderation.card.outcome')}</dt>
            <dd>
              {s(REPORT_RESOLUTION_LABELS[item.resolution])}
              {item.resolvedAt && <span className="text-muted-foreground"> · {formatDateTime(item.resolvedAt)}</span>}
            </dd>
          </>
        )}
      </dl>
      <EarlierReports item={item} />
      {item.actions.length > 0 && (
        <div className="flex flex-wrap gap-2" role="group" aria-label={t('moderation.card.actions')}>
          {item.actions.map((a) => (
            <Button key={a} size="sm" variant={DESTRUCTIVE.has(a) ? 'destructive' : a === 'dismiss' ? 'outline' : 'secondary'} onClick={() => setAction(a)}>
              {s(REPORT_ACTION_LABELS[a])}
            </Button>
          ))}
        </div>
      )}
      {action && <ActionDialog item={item} action={action} onClose={() => setAction(null)} />}
    </Card>
  );
}

const ACTION_DESCRIPTIONS: Record<ReportAction, (t: Translate, item: ReportQueueItem) => string> = {
  dismiss: (t) => t('moderation.action.dismiss'),
  remove: (t, i) => t('moderation.action.remove', { type: i.target.type }),
  warn: (t) => t('moderation.action.warn'),
  suspend: (t) => t('moderation.action.suspend'),
  ban: (t, i) => (i.community ? t('moderation.action.banCommunity', { name: i.community.name }) : t('moderation.action.ban')),
};

/** The action's reason (required but for dismiss): the author reads it. */
function ActionDialog({ item, action, onClose }: { item: ReportQueueItem; action: ReportAction; onClose: () => void }) {
  const mutation = useReportActionMutation();
  const [reason, setReason] = React.useState('');
  const [error, setError] = React.useState<string | null>(null);
  const fieldId = React.useId();
  const errorId = React.useId();
  const required = action !== 'dismiss';
  const t = useT(catalog);
  const s = useSharedText();

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    const text = reason.trim();
    if (required && !text) {
      setError(s(MODERATION_MESSAGES.reasonRequired));
      return;
    }
    // The report leaves the open list at once (the mutation's optimistic update); the dialog closes with it.
    onClose();
    mutation.mutate({ id: item.id, target: item.target, action, ...(text ? { reason: text } : {}) });
  };

  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{t('moderation.action.title', { action: s(REPORT_ACTION_LABELS[action]) })}</DialogTitle>
          <DialogDescription>{ACTION_DESCRIPTIONS[action](t, item)}</DialogDescription>
        </DialogHeader>
        <form noValidate onSubmit={submit} className="grid gap-4">
          <div className="grid gap-2">
            <Label htmlFor={fieldId}>
              {required ? t('moderation.action.reason') : t('moderation.action.note')}{' '}
              <span className="font-normal text-muted-foreground">{required ? t('moderation.action.required') : t('moderation.action.optional')}</span>
            </Label>
            <Textarea
              id={fieldId}
              value={reason}
              rows={3}
              maxLength={MODERATION_LIMITS.actionReasonMax}
              aria-required={required}
              aria-invalid={!!error}
              aria-describedby={error ? errorId : undefined}
              onChange={(e) => {
                setReason(e.target.value);
                setError(null);
              }}
            />
            {error && (
              <p id={errorId} className="text-sm text-destructive">
                {error}
              </p>
            )}
          </div>
          <DialogFooter>
            <Button type="button" variant="outline" onClick={onClose}>
              {t('moderation.cancel')}
            </Button>
            <Button type="submit" variant={DESTRUCTIVE.has(action) ? 'destructive' : 'default'} disabled={mutation.isPending}>
              {mutation.isPending && <Spinner />}
              {s(REPORT_ACTION_LABELS[action])}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
