import * as React from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { toast } from 'sonner';
import { ArrowLeftIcon, ExternalLinkIcon, ShieldOffIcon, Trash2Icon } from 'lucide-react';
import {
  ACCOUNT_TYPES,
  ADMIN_LIMITS,
  ADMIN_MEMBER_STATE_LABELS,
  ADMIN_MESSAGES,
  AUDIT_ACTIONS,
  CITY_LABELS,
  REPORT_REASON_LABELS,
  USER_ROLES,
  adminSuspendSchema,
  type AdminMemberView,
  type AdminReportBrief,
  type City,
  type UserRole,
} from '@bayclub/shared';
import { AvatarWithRetry } from '#/components/member/avatar-with-retry';
import { VerifiedBadge } from '#/components/member/verified-badge';
import { LoadMore } from '#/components/load-more';
import { Badge } from '#/components/ui/badge';
import { Button } from '#/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '#/components/ui/dialog';
import { Input } from '#/components/ui/input';
import { Label } from '#/components/ui/label';
import { Skeleton } from '#/components/ui/skeleton';
import { Spinner } from '#/components/ui/spinner';
import { Switch } from '#/components/ui/switch';
import { Textarea } from '#/components/ui/textarea';
import { errorMessage, isApiError, itemsOf } from '#/lib/api';
import { formatDateTime, formatDay } from '#/lib/format';
import { t, useSharedText, useT } from '#/lib/i18n';
import { cn } from '#/lib/utils';
import { catalog } from '../i18n';
import { SectionError } from '../section-error';
import { useDeleteMemberMutation, useMemberActionMutation, useMemberAuditQuery, useMemberQuery, type MemberAction } from './api';
import { ACCOUNT_TYPE_LABELS, ROLE_LABELS } from './members-table';

const memberLabel = (m: Pick<AdminMemberView, 'name' | 'username'>) => m.name?.trim() || m.username || t('admin.members.member');

/** An application's status, as the member's page says it (catalogue ids). */
const APPLICATION_STATUS: Record<NonNullable<AdminMemberView['application']>['status'], string> = {
  pending: 'admin.member.application.pending',
  approved: 'admin.member.application.approved',
  rejected: 'admin.member.application.rejected',
};

/** One member's admin page: who they are, their application, what an admin can change, their reports and trail. */
export function MemberAdminPage({ memberId }: { memberId: string }) {
  const t = useT(catalog);
  const s = useSharedText();
  const [search] = useSearchParams();
  const back = new URLSearchParams(search);
  back.delete('member');
  const query = useMemberQuery(memberId);

  return (
    <section aria-labelledby="member-title" className="grid gap-6">
      <div>
        <Button asChild variant="ghost" size="sm">
          <Link to={`?${back.toString()}`}>
            <ArrowLeftIcon aria-hidden="true" /> {t('admin.member.back')}
          </Link>
        </Button>
      </div>
      {query.isPending ? (
        <div className="grid gap-3" aria-busy="true" aria-label={t('admin.member.loading')}>
          <Skeleton className="h-20 w-full" />
          <Skeleton className="h-40 w-full" />
        </div>
      ) : query.isError ? (
        isApiError(query.error) && query.error.isNotFound ? (
          <div className="grid gap-2 rounded-xl border border-dashed px-6 py-10 text-center">
            <h2 id="member-title" className="text-lg font-semibold">
              {s(ADMIN_MESSAGES.notFound)}
            </h2>
            <p className="text-sm text-muted-foreground">{t('admin.member.maybeDeleted')}</p>
          </div>
        ) : (
          <SectionError message={errorMessage(query.error, t('admin.member.loadError'))} onRetry={() => void query.refetch()} />
        )
      ) : (
        <MemberDetail member={query.data} backHref={`?${back.toString()}`} />
      )}
    </section>
  );
}

function Panel({ title, children, className }: { title: string; children: React.ReactNode; className?: string }) {
  const id = React.useId();
  return (
    <section aria-labelledby={id} className={cn('grid content-start gap-3 rounded-xl border p-4', className)}>
      <h3 id={id} className="font-semibold">
        {title}
      </h3>
      {children}
    </section>
  );
}

function Fact({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div className="grid gap-0.5">
      <dt className="text-xs text-muted-foreground">{label}</dt>
      <dd className="text-sm break-words">{children}</dd>
    </div>
  );
}

function MemberDetail({ member: m, backHref }: { member: AdminMemberView; backHref: string }) {
  const t = useT(catalog);
  const s = useSharedText();
  const action = useMemberActionMutation(m.id);
  const [busy, setBusy] = React.useState<string | null>(null);

  async function run(key: string, a: MemberAction, success: string) {
    setBusy(key);
    try {
      await action.mutateAsync(a);
      toast.success(success);
      return true;
    } catch (err) {
      toast.error(errorMessage(err));
      return false;
    } finally {
      setBusy(null);
    }
  }

  const name = memberLabel(m);
  return (
    <>
      <header className="flex flex-col gap-4 sm:flex-row sm:items-center">
        <AvatarWithRetry src={m.profilePictureUrl} alt={t('admin.member.photo', { name })} className="size-16" />
        <div className="grid min-w-0 gap-1">
          <h2 id="member-title" className="flex flex-wrap items-center gap-2 text-2xl font-semibold tracking-tight">
            <span className="break-words">{name}</span>
            {m.isVerified && <VerifiedBadge />}
          </h2>
          <p className="text-sm break-all text-muted-foreground">
            {m.username ? `@${m.username} · ` : ''}
            {m.email}
          </p>
          <div className="flex flex-wrap items-center gap-2">
            <Badge variant={m.state === 'suspended' ? 'destructive' : 'secondary'}>{s(ADMIN_MEMBER_STATE_LABELS[m.state])}</Badge>
            <Badge variant="outline">{t(ACCOUNT_TYPE_LABELS[m.accountType])}</Badge>
            {m.roles.map((r) => (
              <Badge key={r} variant="outline">
                {t(ROLE_LABELS[r])}
              </Badge>
            ))}
          </div>
        </div>
        <Button asChild variant="outline" className="sm:ml-auto">
          <Link to={`/view-profile/${m.id}`}>
            <ExternalLinkIcon aria-hidden="true" /> {t('admin.member.viewProfile')}
          </Link>
        </Button>
      </header>

      {m.suspension && (
        <div role="status" className="rounded-xl border border-destructive/40 bg-destructive/5 p-4 text-sm">
          <p className="font-medium">{t('admin.member.suspendedOn', { date: formatDateTime(m.suspension.at) })}</p>
          <p className="break-words text-muted-foreground">{t('admin.member.suspensionReason', { reason: m.suspension.reason })}</p>
        </div>
      )}

      <div className="grid gap-4 lg:grid-cols-2">
        <Panel title={t('admin.member.profile')}>
          <dl className="grid grid-cols-2 gap-3">
            <Fact label={t('admin.member.city')}>{m.city ? s(CITY_LABELS[m.city as City]) : '—'}</Fact>
            <Fact label={t('admin.member.age')}>{m.age ?? '—'}</Fact>
            <Fact label={t('admin.member.gender')}>{m.gender ? s(m.gender) : '—'}</Fact>
            <Fact label={t('admin.member.joined')}>{formatDay(m.joinedAt)}</Fact>
            <Fact label={t('admin.member.lastActive')}>{m.lastActiveAt ? formatDateTime(m.lastActiveAt) : t('admin.members.never')}</Fact>
            <Fact label={t('admin.member.deactivated')}>{m.isDeactivated ? t('admin.member.yes') : t('admin.member.no')}</Fact>
          </dl>
          {m.bio && <p className="text-sm break-words whitespace-pre-line">{m.bio}</p>}
          {m.interests.length > 0 && (
            <p className="text-sm text-muted-foreground">{t('admin.member.interests', { interests: m.interests.map(s).join(', ') })}</p>
          )}
        </Panel>

        <Panel title={t('admin.member.application')}>
          {m.application ? (
            <dl className="grid grid-cols-2 gap-3">
              <Fact label={t('admin.member.application.status')}>
                {t(APPLICATION_STATUS[m.application.status])}
              </Fact>
              <Fact label={t('admin.member.application.applied')}>{formatDay(m.application.createdAt)}</Fact>
              <Fact label={t('admin.member.application.decided')}>{m.application.decidedAt ? formatDay(m.application.decidedAt) : '—'}</Fact>
              <Fact label={t('admin.member.application.decidedBy')}>{m.application.decidedBy?.name ?? '—'}</Fact>
              {m.application.rejectionReason && (
                <Fact label={t('admin.member.application.rejectionReason')}>{m.application.rejectionReason}</Fact>
              )}
              {m.application.instagramUsername && (
                <Fact label={t('admin.applications.field.instagram')}>@{m.application.instagramUsername}</Fact>
              )}
            </dl>
          ) : (
            <p className="text-sm text-muted-foreground">{t('admin.member.application.none')}</p>
          )}
        </Panel>

        <Panel title={t('admin.member.roles')}>
          <ul className="grid gap-3">
            {USER_ROLES.map((role) => (
              <RoleSwitch
                key={role}
                role={role}
                checked={m.roles.includes(role)}
                busy={busy === `role:${role}`}
                disabled={busy !== null}
                onChange={(on) =>
                  void run(
                    `role:${role}`,
                    { kind: on ? 'grant' : 'revoke', role },
                    on
                      ? t('admin.member.roleGranted', { role: t(ROLE_LABELS[role]) })
                      : t('admin.member.roleRevoked', { role: t(ROLE_LABELS[role]) }),
                  )
                }
              />
            ))}
          </ul>
          {m.lastAdmin && <p className="text-xs text-muted-foreground">{s(ADMIN_MESSAGES.lastAdmin)}</p>}
        </Panel>

        <Panel title={t('admin.member.access')}>
          <div className="grid gap-2">
            <p id="account-type-label" className="text-sm font-medium">
              {t('admin.member.accountType')}
            </p>
            <div role="group" aria-labelledby="account-type-label" className="grid grid-cols-2 rounded-lg bg-muted p-1 text-sm">
              {ACCOUNT_TYPES.map((type) => (
                <button
                  key={type}
                  type="button"
                  aria-pressed={m.accountType === type}
                  disabled={busy !== null}
                  onClick={() =>
                    m.accountType !== type &&
                    void run(
                      'type',
                      { kind: 'accountType', accountType: type },
                      type === 'full_platform' ? t('admin.member.nowFullPlatform') : t('admin.member.nowCommunityOnly'),
                    )
                  }
                  className={cn(
                    'rounded-md px-3 py-1.5 font-medium text-muted-foreground transition-colors focus-visible:ring-[3px] focus-visible:ring-ring/50 focus-visible:outline-none disabled:opacity-60',
                    m.accountType === type ? 'bg-background text-foreground shadow-sm' : 'hover:text-foreground',
                  )}
                >
                  {t(ACCOUNT_TYPE_LABELS[type])}
                </button>
              ))}
            </div>
          </div>
          <div className="flex items-center justify-between gap-3">
            <Label htmlFor={`verified-${m.id}`}>{t('admin.member.verifiedBadge')}</Label>
            <Switch
              id={`verified-${m.id}`}
              checked={m.isVerified}
              disabled={busy !== null}
              onCheckedChange={(on) => void run('verified', { kind: 'verified', verified: on }, on ? t('admin.member.verifiedOn') : t('admin.member.verifiedOff'))}
            />
          </div>
          <div className="flex flex-wrap gap-2 border-t pt-3">
            {m.suspension ? (
              <Button variant="outline" disabled={busy !== null} onClick={() => void run('unsuspend', { kind: 'unsuspend' }, t('admin.member.suspensionLifted'))}>
                {busy === 'unsuspend' && <Spinner />} {t('admin.member.liftSuspension')}
              </Button>
            ) : (
              <SuspendDialog name={name} onSuspend={(reason) => run('suspend', { kind: 'suspend', reason }, t('admin.member.suspended', { name }))} />
            )}
            <DeleteDialog member={m} backHref={backHref} />
          </div>
        </Panel>

        <Panel title={t('admin.member.reports')}>
          <ReportList title={t('admin.member.reportsMade', { count: m.reports.madeCount })} items={m.reports.made} direction="made" />
          <ReportList
            title={t('admin.member.reportsReceived', { count: m.reports.receivedCount })}
            items={m.reports.received}
            direction="received"
          />
        </Panel>

        <Panel title={t('admin.member.auditTrail')}>
          <AuditTrail memberId={m.id} />
        </Panel>
      </div>
    </>
  );
}

function RoleSwitch({ role, checked, busy, disabled, onChange }: { role: UserRole; checked: boolean; busy: boolean; disabled: boolean; onChange: (on: boolean) => void }) {
  const t = useT(catalog);
  const id = React.useId();
  return (
    <li className="flex items-center justify-between gap-3">
      <Label htmlFor={id} className="flex items-center gap-2">
        {t(ROLE_LABELS[role])} {busy && <Spinner />}
      </Label>
      <Switch id={id} checked={checked} disabled={disabled} onCheckedChange={onChange} />
    </li>
  );
}

/** Reports the member made (each about someone) or received (each from someone). */
function ReportList({ title, items, direction }: { title: string; items: AdminReportBrief[]; direction: 'made' | 'received' }) {
  const t = useT(catalog);
  const s = useSharedText();
  const other = (name: string) =>
    direction === 'made' ? t('admin.member.reportAbout', { name }) : t('admin.member.reportFrom', { name });
  return (
    <div className="grid gap-1">
      <h4 className="text-sm font-medium">{title}</h4>
      {items.length === 0 ? (
        <p className="text-sm text-muted-foreground">{t('admin.member.none')}</p>
      ) : (
        <ul className="grid gap-1 text-sm">
          {items.map((r) => (
            <li key={r.id} className="break-words">
              {s(REPORT_REASON_LABELS[r.reason])} · {t('admin.member.reportTarget', { type: r.targetType })} ·{' '}
              {t('admin.member.reportStatus', { status: r.status })}
              {r.other ? ` · ${other(r.other.name ?? t('admin.member.aMember'))}` : ''} · <span className="text-muted-foreground">{formatDay(r.createdAt)}</span>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

function AuditTrail({ memberId }: { memberId: string }) {
  const t = useT(catalog);
  const s = useSharedText();
  const query = useMemberAuditQuery(memberId);
  const entries = itemsOf(query.data);
  if (query.isPending) return <Skeleton className="h-16 w-full" />;
  if (query.isError)
    return (
      <div role="alert" className="grid gap-2 text-sm">
        <p className="text-destructive">{errorMessage(query.error, t('admin.member.auditLoadError'))}</p>
        <div>
          <Button variant="outline" size="sm" onClick={() => void query.refetch()}>
            {t('admin.sectionError.retry')}
          </Button>
        </div>
      </div>
    );
  if (entries.length === 0) return <p className="text-sm text-muted-foreground">{t('admin.member.auditEmpty')}</p>;
  return (
    <div className="grid gap-2">
      <ol className="grid gap-2 text-sm">
        {entries.map((e) => (
          <li key={e.id} className="grid gap-0.5 border-l-2 pl-3">
            <span className="font-medium">{s(AUDIT_ACTIONS[e.action] ?? e.action)}</span>
            <span className="text-muted-foreground">
              {t('admin.member.auditBy', { name: e.actorName, date: formatDateTime(e.createdAt) })}
            </span>
            {e.reason && <span className="break-words">{t('admin.member.reason', { reason: e.reason })}</span>}
          </li>
        ))}
      </ol>
      <LoadMore
        auto={false}
        hasNextPage={!!query.hasNextPage}
        isFetchingNextPage={query.isFetchingNextPage}
        isFetchNextPageError={query.isFetchNextPageError}
        error={query.error}
        fetchNextPage={query.fetchNextPage}
      />
    </div>
  );
}

/** Suspend with a reason the member will see; the text stays when the request fails. */
function SuspendDialog({ name, onSuspend }: { name: string; onSuspend: (reason: string) => Promise<boolean> }) {
  const t = useT(catalog);
  const s = useSharedText();
  const [open, setOpen] = React.useState(false);
  const [reason, setReason] = React.useState('');
  const [error, setError] = React.useState<string | null>(null);
  const [pending, setPending] = React.useState(false);
  const id = React.useId();

  async function submit(e: React.FormEvent) {
    e.preventDefault();
    const parsed = adminSuspendSchema.safeParse({ reason });
    if (!parsed.success) {
      setError(s(parsed.error.issues[0]!.message));
      return;
    }
    setError(null);
    setPending(true);
    const ok = await onSuspend(parsed.data.reason);
    setPending(false);
    if (ok) {
      setOpen(false);
      setReason('');
    }
  }

  return (
    <>
      <Button variant="destructive" onClick={() => setOpen(true)}>
        <ShieldOffIcon aria-hidden="true" /> {t('admin.member.suspend')}
      </Button>
      <Dialog open={open} onOpenChange={(o) => !pending && setOpen(o)}>
        <DialogContent>
          <form onSubmit={(e) => void submit(e)} className="grid gap-4" noValidate>
            <DialogHeader>
              <DialogTitle>{t('admin.member.suspendTitle', { name })}</DialogTitle>
              <DialogDescription>{t('admin.member.suspendDescription')}</DialogDescription>
            </DialogHeader>
            <div className="grid gap-2">
              <Label htmlFor={id}>{t('admin.member.suspendReason')}</Label>
              <Textarea
                id={id}
                value={reason}
                maxLength={ADMIN_LIMITS.suspensionReasonMax}
                onChange={(e) => setReason(e.target.value)}
                aria-invalid={!!error}
                aria-describedby={error ? `${id}-error` : `${id}-count`}
                required
              />
              {error ? (
                <p id={`${id}-error`} className="text-sm text-destructive">
                  {error}
                </p>
              ) : (
                <p id={`${id}-count`} className="text-xs text-muted-foreground">
                  {reason.length}/{ADMIN_LIMITS.suspensionReasonMax}
                </p>
              )}
            </div>
            <DialogFooter>
              <Button type="button" variant="outline" onClick={() => setOpen(false)} disabled={pending}>
                {t('admin.common.cancel')}
              </Button>
              <Button type="submit" variant="destructive" disabled={pending}>
                {pending && <Spinner />} {t('admin.member.suspend')}
              </Button>
            </DialogFooter>
          </form>
        </DialogContent>
      </Dialog>
    </>
  );
}

/** Delete with a typed confirmation (DELETE), as members delete their own account. */
function DeleteDialog({ member, backHref }: { member: AdminMemberView; backHref: string }) {
  const [open, setOpen] = React.useState(false);
  const [typed, setTyped] = React.useState('');
  const t = useT(catalog);
  const remove = useDeleteMemberMutation(member.id);
  const navigate = useNavigate();
  const id = React.useId();
  const name = memberLabel(member);

  async function submit(e: React.FormEvent) {
    e.preventDefault();
    if (typed !== 'DELETE') return;
    try {
      await remove.mutateAsync();
      toast.success(t('admin.member.deleted', { name }));
      setOpen(false);
      void navigate(backHref, { replace: true });
    } catch (err) {
      toast.error(errorMessage(err));
    }
  }

  return (
    <>
      <Button variant="outline" className="text-destructive" onClick={() => setOpen(true)}>
        <Trash2Icon aria-hidden="true" /> {t('admin.member.delete')}
      </Button>
      <Dialog open={open} onOpenChange={(o) => !remove.isPending && setOpen(o)}>
        <DialogContent>
          <form onSubmit={(e) => void submit(e)} className="grid gap-4">
            <DialogHeader>
              <DialogTitle>{t('admin.member.deleteTitle', { name })}</DialogTitle>
              <DialogDescription>{t('admin.member.deleteDescription')}</DialogDescription>
            </DialogHeader>
            <div className="grid gap-2">
              <Label htmlFor={id}>{t('admin.member.deleteConfirm')}</Label>
              <Input id={id} value={typed} onChange={(e) => setTyped(e.target.value)} autoComplete="off" />
            </div>
            <DialogFooter>
              <Button type="button" variant="outline" onClick={() => setOpen(false)} disabled={remove.isPending}>
                {t('admin.common.cancel')}
              </Button>
              <Button type="submit" variant="destructive" disabled={typed !== 'DELETE' || remove.isPending}>
                {remove.isPending && <Spinner />} {t('admin.member.delete')}
              </Button>
            </DialogFooter>
          </form>
        </DialogContent>
      </Dialog>
    </>
  );
}
