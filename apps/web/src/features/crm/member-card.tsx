import * as React from 'react';
import { toast } from 'sonner';
import { TagIcon, Trash2Icon, XIcon } from 'lucide-react';
import {
  ADMIN_MEMBER_STATE_LABELS,
  CITY_LABELS,
  CRM_LIMITS,
  CRM_MESSAGES,
  CRM_TAG_PATTERN,
  CRM_TIMELINE_LABELS,
  type CrmAccessView,
  type CrmMemberCard as Card,
  type CrmTimelineItem,
} from '@bayclub/shared';
import { AvatarWithRetry } from '#/components/member/avatar-with-retry';
import { Badge } from '#/components/ui/badge';
import { Button } from '#/components/ui/button';
import { Input } from '#/components/ui/input';
import { Label } from '#/components/ui/label';
import { Sheet, SheetContent, SheetDescription, SheetHeader, SheetTitle } from '#/components/ui/sheet';
import { Skeleton } from '#/components/ui/skeleton';
import { Textarea } from '#/components/ui/textarea';
import { errorMessage } from '#/lib/api';
import { formatDateTime, formatDay } from '#/lib/format';
import { Trans, useSharedText, useT } from '#/lib/i18n';
import { useAddNote, useCrmCardQuery, useDeleteNote, useMoreTimeline, useTagMutation } from './api';
import { catalog } from './i18n';

/** The member's CRM card in a drawer (full width on a phone): figures, the score and its formula, timeline, notes, tags. */
export function MemberCardSheet({ memberId, access, onClose }: { memberId: string | null; access: CrmAccessView; onClose: () => void }) {
  const t = useT(catalog);
  const s = useSharedText();
  const query = useCrmCardQuery(memberId);
  return (
    <Sheet open={!!memberId} onOpenChange={(open) => !open && onClose()}>
      <SheetContent side="right" className="w-full overflow-y-auto sm:max-w-lg">
        <SheetHeader>
          <SheetTitle>{query.data ? (query.data.member.name ?? query.data.member.username ?? t('crm.member')) : t('crm.member')}</SheetTitle>
          <SheetDescription>{t('crm.card.description')}</SheetDescription>
        </SheetHeader>
        <div className="grid gap-6 px-4 pb-6">
          {query.isPending ? (
            <div className="grid gap-3" aria-busy="true">
              <Skeleton className="h-16" />
              <Skeleton className="h-32" />
            </div>
          ) : query.isError ? (
            <div role="alert" className="grid gap-2">
              <p>{errorMessage(query.error, s(CRM_MESSAGES.loadError))}</p>
              <Button variant="outline" onClick={() => void query.refetch()}>
                {t('crm.common.retry')}
              </Button>
            </div>
          ) : (
            <MemberCardBody card={query.data} access={access} />
          )}
        </div>
      </SheetContent>
    </Sheet>
  );
}

export function MemberCardBody({ card, access }: { card: Card; access: CrmAccessView }) {
  const t = useT(catalog);
  const s = useSharedText();
  const m = card.member;
  return (
    <>
      <section aria-label={t('crm.card.profile')} className="flex items-start gap-3">
        <AvatarWithRetry src={m.avatarUrl} alt="" className="size-14" />
        <div className="grid gap-1 text-sm">
          <p className="flex flex-wrap items-center gap-2">
            {m.username && <span className="text-muted-foreground">@{m.username}</span>}
            <Badge variant={m.state === 'active' ? 'secondary' : 'outline'}>{s(ADMIN_MEMBER_STATE_LABELS[m.state])}</Badge>
          </p>
          {m.email && <p className="break-all">{m.email}</p>}
          <p className="text-muted-foreground">
            {m.city ? `${s(CITY_LABELS[m.city])} · ` : ''}
            {t('crm.card.joinedActive', {
              joined: formatDay(m.joinedAt),
              active: m.lastActiveAt ? formatDay(m.lastActiveAt) : t('crm.card.never'),
            })}
          </p>
          {m.bio && <p className="line-clamp-3 whitespace-pre-line">{m.bio}</p>}
        </div>
      </section>

      <section aria-labelledby="crm-score-title" className="grid gap-2 rounded-xl border p-3">
        <h3 id="crm-score-title" className="font-semibold">
          <Trans catalog={catalog} id="crm.card.score" values={{ total: card.score.total }} components={{ 0: <span className="tabular-nums" /> }} />
        </h3>
        <p className="text-xs text-muted-foreground">{s(card.score.formula)}</p>
        <ul className="grid grid-cols-2 gap-1 text-sm">
          {card.score.parts.map((p) => (
            <li key={p.part} className="tabular-nums">
              {p.count} {s(p.label)} × {p.weight} = {p.points}
            </li>
          ))}
        </ul>
        <dl className="grid grid-cols-3 gap-2 text-center text-sm">
          {(
            [
              ['crm.column.rsvps', m.rsvps],
              ['crm.column.attended', m.attended],
              ['crm.column.noShows', m.noShows],
              ['crm.column.checkIns', m.checkIns],
              ['crm.column.paidEvents', m.paidEvents],
              ['crm.column.connections', m.connections],
            ] as const
          ).map(([label, value]) => (
            <div key={label} className="rounded-lg bg-muted/50 p-2">
              <dt className="text-xs text-muted-foreground">{t(label)}</dt>
              <dd className="font-semibold tabular-nums">{value}</dd>
            </div>
          ))}
        </dl>
        {card.figuresAsOf && (
          <p className="text-xs text-muted-foreground">{t('crm.figures.asOf', { date: formatDateTime(card.figuresAsOf) })}</p>
        )}
      </section>

      {card.tags && <Tags memberId={m.id} tags={card.tags} canWrite={access.canWrite} />}
      {card.notes && <Notes memberId={m.id} notes={card.notes} canWrite={access.canWrite} />}
      <Timeline memberId={m.id} first={card.timeline} />
    </>
  );
}

function Tags({ memberId, tags, canWrite }: { memberId: string; tags: string[]; canWrite: boolean }) {
  const t = useT(catalog);
  const s = useSharedText();
  const [draft, setDraft] = React.useState('');
  const [error, setError] = React.useState<string | null>(null);
  const mutation = useTagMutation(memberId);
  const add = (e: React.FormEvent) => {
    e.preventDefault();
    const tag = draft.trim().toLowerCase();
    if (!CRM_TAG_PATTERN.test(tag)) return setError(s(CRM_MESSAGES.tagInvalid));
    setError(null);
    mutation.mutate({ tag }, { onSuccess: () => setDraft(''), onError: (err) => toast.error(errorMessage(err)) });
  };
  return (
    <section aria-labelledby="crm-tags-title" className="grid gap-2">
      <h3 id="crm-tags-title" className="font-semibold">
        {t('crm.tags.title')}
      </h3>
      {tags.length === 0 ? (
        <p className="text-sm text-muted-foreground">{t('crm.tags.empty')}</p>
      ) : (
        <ul className="flex flex-wrap gap-2">
          {tags.map((tag) => (
            <li key={tag}>
              <Badge variant="secondary" className="gap-1">
                <TagIcon aria-hidden="true" className="size-3" />
                {tag}
                {canWrite && (
                  <button
                    type="button"
                    className="rounded-sm focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
                    aria-label={t('crm.tags.remove', { tag })}
                    onClick={() => mutation.mutate({ tag, remove: true }, { onError: (err) => toast.error(errorMessage(err)) })}
                  >
                    <XIcon aria-hidden="true" className="size-3" />
                  </button>
                )}
              </Badge>
            </li>
          ))}
        </ul>
      )}
      {canWrite && (
        <form onSubmit={add} className="flex gap-2" noValidate>
          <Label htmlFor="crm-new-tag" className="sr-only">
            {t('crm.tags.new')}
          </Label>
          <Input
            id="crm-new-tag"
            value={draft}
            maxLength={CRM_LIMITS.tagMax}
            placeholder={t('crm.tags.placeholder')}
            aria-invalid={!!error}
            aria-describedby={error ? 'crm-new-tag-error' : undefined}
            onChange={(e) => setDraft(e.target.value)}
          />
          <Button type="submit" variant="outline" disabled={mutation.isPending}>
            {t('crm.tags.add')}
          </Button>
        </form>
      )}
      {error && (
        <p id="crm-new-tag-error" className="text-sm text-destructive">
          {error}
        </p>
      )}
    </section>
  );
}

function Notes({ memberId, notes, canWrite }: { memberId: string; notes: NonNullable<Card['notes']>; canWrite: boolean }) {
  const t = useT(catalog);
  const [body, setBody] = React.useState('');
  const add = useAddNote(memberId);
  const remove = useDeleteNote(memberId);
  return (
    <section aria-labelledby="crm-notes-title" className="grid gap-2">
      <h3 id="crm-notes-title" className="font-semibold">
        <Trans catalog={catalog} id="crm.notes.title" components={{ 0: <span className="text-xs font-normal text-muted-foreground" /> }} />
      </h3>
      {canWrite && (
        <form
          className="grid gap-2"
          onSubmit={(e) => {
            e.preventDefault();
            if (!body.trim()) return;
            add.mutate(body, { onSuccess: () => setBody(''), onError: (err) => toast.error(errorMessage(err)) });
          }}
        >
          <Label htmlFor="crm-new-note">{t('crm.notes.new')}</Label>
          <Textarea id="crm-new-note" value={body} maxLength={CRM_LIMITS.noteMax} onChange={(e) => setBody(e.target.value)} rows={3} />
          <Button type="submit" disabled={add.isPending || !body.trim()} className="justify-self-start">
            {t('crm.notes.add')}
          </Button>
        </form>
      )}
      {notes.length === 0 ? (
        <p className="text-sm text-muted-foreground">{t('crm.notes.empty')}</p>
      ) : (
        <ul className="grid gap-2">
          {notes.map((n) => (
            <li key={n.id} className="rounded-lg border p-2 text-sm">
              <p className="whitespace-pre-line">{n.body}</p>
              <p className="mt-1 flex items-center justify-between gap-2 text-xs text-muted-foreground">
                <span>
                  {n.authorName ?? t('crm.notes.formerMember')} · {formatDateTime(n.createdAt)}
                </span>
                {canWrite && n.canDelete && (
                  <Button
                    size="sm"
                    variant="ghost"
                    aria-label={t('crm.notes.delete')}
                    onClick={() => remove.mutate(n.id, { onError: (err) => toast.error(errorMessage(err)) })}
                  >
                    <Trash2Icon aria-hidden="true" />
                  </Button>
                )}
              </p>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function Timeline({ memberId, first }: { memberId: string; first: Card['timeline'] }) {
  const [items, setItems] = React.useState<CrmTimelineItem[]>(first.items);
  const [cursor, setCursor] = React.useState(first.nextCursor);
  React.useEffect(() => {
    setItems(first.items);
    setCursor(first.nextCursor);
  }, [first]);
  const t = useT(catalog);
  const s = useSharedText();
  const more = useMoreTimeline(memberId);
  return (
    <section aria-labelledby="crm-timeline-title" className="grid gap-2">
      <h3 id="crm-timeline-title" className="font-semibold">
        {t('crm.timeline.title')}
      </h3>
      <ol className="grid gap-1 text-sm">
        {items.map((i, n) => (
          <li key={`${i.kind}-${i.at}-${n}`} className="flex justify-between gap-3 border-b py-1">
            <span>
              {s(CRM_TIMELINE_LABELS[i.kind])}
              {i.label ? ` ${i.label}` : ''}
            </span>
            <time dateTime={i.at} className="shrink-0 text-muted-foreground">
              {formatDay(i.at)}
            </time>
          </li>
        ))}
      </ol>
      {cursor && (
        <Button
          variant="outline"
          disabled={more.isPending}
          onClick={() =>
            more.mutate(cursor, {
              onSuccess: (page) => {
                setItems((prev) => [...prev, ...page.items]);
                setCursor(page.nextCursor);
              },
              onError: (err) => toast.error(errorMessage(err)),
            })
          }
        >
          {t('crm.timeline.loadMore')}
        </Button>
      )}
    </section>
  );
}
