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
import { cn } from '#/lib/utils';
import { SectionError } from '../section-error';
import { useDeleteMemberMutation, useMemberActionMutation, useMemberAuditQuery, useMemberQuery, type MemberAction } from './api';
import { ACCOUNT_TYPE_LABELS, ROLE_LABELS } from './members-table';

const memberLabel = (m: Pick<AdminMemberView, 'name' | 'username'>) => m.name?.trim() || m.username || 'Member';

/** One member's admin page: who they are, their application, what an admin can change, their reports and trail. */
export function MemberAdminPage({ memberId }: { memberId: string }) {
  const [search] = useSearchParams();
  const back = new URLSearchParams(search);
  back.delete('member');
  const query = useMemberQuery(memberId);

  return (
    <section aria-labelledby="member-title" className="grid gap-6">
      <div>
        <Button asChild variant="ghost" size="sm">
          <Link to={`?${back.toString()}`}>
            <ArrowLeftIcon aria-hidden="true" /> Back to members
          </Link>
        </Button>
      </div>
      {query.isPending ? (
        <div className="grid gap-3" aria-busy="true" aria-label="Loading the member">
          <Skeleton className="h-20 w-full" />
          <Skeleton className="h-40 w-full" />
        </div>
      ) : query.isError ? (
        isApiError(query.error) && query.error.isNotFound ? (
          <div className="grid gap-2 rounded-xl border border-dashed px-6 py-10 text-center">
            <h2 id="member-title" className="text-lg font-semibold">
              {ADMIN_MESSAGES.notFound}
            </h2>
            <p className="text-sm text-muted-foreground">The account may have been deleted.</p>
          </div>
        ) : (
          <SectionError message={errorMessage(query.error, 'The member could not be loaded.')} onRetry={() => void query.refetch()} />
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
        <AvatarWithRetry src={m.profilePictureUrl} alt={`${name}'s photo`} className="size-16" />
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
            <Badge variant={m.state === 'suspended' ? 'destructive' : 'secondary'}>{ADMIN_MEMBER_STATE_LABELS[m.state]}</Badge>
            <Badge variant="outline">{ACCOUNT_TYPE_LABELS[m.accountType]}</Badge>
            {m.roles.map((r) => (
              <Badge key={r} variant="outline">
                {ROLE_LABELS[r]}
              </Badge>
            ))}
          </div>
        </div>
        <Button asChild variant="outline" className="sm:ml-auto">
          <Link to={`/view-profile/${m.id}`}>
            <ExternalLinkIcon aria-hidden="true" /> View profile
          </Link>
        </Button>
      </header>

      {m.suspension && (
        <div role="status" className="rounded-xl border border-destructive/40 bg-destructive/5 p-4 text-sm">
          <p className="font-medium">Suspended on {formatDateTime(m.suspension.at)}</p>
          <p className="break-words text-muted-foreground">Reason (shown to the member): {m.suspension.reason}</p>
        </div>
      )}

      <div className="grid gap-4 lg:grid-cols-2">
        <Panel title="Profile">
          <dl className="grid grid-cols-2 gap-3">
            <Fact label="City">{m.city ? CITY_LABELS[m.city as City] : '—'}</Fact>
            <Fact label="Age">{m.age ?? '—'}</Fact>
            <Fact label="Gender">{m.gender ?? '—'}</Fact>
            <Fact label="Joined">{formatDay(m.joinedAt)}</Fact>
            <Fact label="Last active">{m.lastActiveAt ? formatDateTime(m.lastActiveAt) : 'Never'}</Fact>
            <Fact label="Deactivated by the member">{m.isDeactivated ? 'Yes' : 'No'}</Fact>
          </dl>
          {m.bio && <p className="text-sm break-words whitespace-pre-line">{m.bio}</p>}
          {m.interests.length > 0 && <p className="text-sm text-muted-foreground">Interests: {m.interests.join(', ')}</p>}
        </Panel>

        <Panel title="Application">
          {m.application ? (
            <dl className="grid grid-cols-2 gap-3">
              <Fact label="Status">{m.application.status[0]!.toUpperCase() + m.application.status.slice(1)}</Fact>
              <Fact label="Applied">{formatDay(m.application.createdAt)}</Fact>
              <Fact label="Decided">{m.application.decidedAt ? formatDay(m.application.decidedAt) : '—'}</Fact>
              <Fact label="Decided by">{m.application.decidedBy?.name ?? '—'}</Fact>
              {m.application.rejectionReason && <Fact label="Rejection reason">{m.application.rejectionReason}</Fact>}
              {m.application.instagramUsername && <Fact label="Instagram">@{m.application.instagramUsername}</Fact>}
            </dl>
          ) : (
            <p className="text-sm text-muted-foreground">No application (an account made by setup or the command line).</p>
          )}
        </Panel>

        <Panel title="Roles">
          <ul className="grid gap-3">
            {USER_ROLES.map((role) => (
              <RoleSwitch
                key={role}
                role={role}
                checked={m.roles.includes(role)}
                busy={busy === `role:${role}`}
                disabled={busy !== null}
                onChange={(on) =>
                  void run(`role:${role}`, { kind: on ? 'grant' : 'revoke', role }, on ? `${ROLE_LABELS[role]} role granted` : `${ROLE_LABELS[role]} role revoked`)
                }
              />
            ))}
          </ul>
          {m.lastAdmin && <p className="text-xs text-muted-foreground">{ADMIN_MESSAGES.lastAdmin}</p>}
        </Panel>

        <Panel title="Access">
          <div className="grid gap-2">
            <p id="account-type-label" className="text-sm font-medium">
              Account type
            </p>
            <div role="group" aria-labelledby="account-type-label" className="grid grid-cols-2 rounded-lg bg-muted p-1 text-sm">
              {ACCOUNT_TYPES.map((t) => (
                <button
                  key={t}
                  type="button"
                  aria-pressed={m.accountType === t}
                  disabled={busy !== null}
                  onClick={() => m.accountType !== t && void run('type', { kind: 'accountType', accountType: t }, `Now ${ACCOUNT_TYPE_LABELS[t].toLowerCase()}`)}
                  className={cn(
                    'rounded-md px-3 py-1.5 font-medium text-muted-foreground transition-colors focus-visible:ring-[3px] focus-visible:ring-ring/50 focus-visible:outline-none disabled:opacity-60',
                    m.accountType === t ? 'bg-background text-foreground shadow-sm' : 'hover:text-foreground',
                  )}
                >
                  {ACCOUNT_TYPE_LABELS[t]}
                </button>
              ))}
            </div>
          </div>
          <div className="flex items-center justify-between gap-3">
            <Label htmlFor={`verified-${m.id}`}>Verified badge</Label>
            <Switch
              id={`verified-${m.id}`}
              checked={m.isVerified}
              disabled={busy !== null}
              onCheckedChange={(on) => void run('verified', { kind: 'verified', verified: on }, on ? 'Verified badge on' : 'Verified badge off')}
            />
          </div>
          <div className="flex flex-wrap gap-2 border-t pt-3">
            {m.suspension ? (
              <Button variant="outline" disabled={busy !== null} onClick={() => void run('unsuspend', { kind: 'unsuspend' }, 'Suspension lifted')}>
                {busy === 'unsuspend' && <Spinner />} Lift suspension
              </Button>
            ) : (
              <SuspendDialog name={name} onSuspend={(reason) => run('suspend', { kind: 'suspend', reason }, `${name} is suspended`)} />
            )}
            <DeleteDialog member={m} backHref={backHref} />
          </div>
        </Panel>

        <Panel title="Reports">
          <ReportList title={`Made (${m.reports.madeCount})`} items={m.reports.made} otherLabel="About" />
          <ReportList title={`Received (${m.reports.receivedCount})`} items={m.reports.received} otherLabel="From" />
        </Panel>

        <Panel title="Audit trail">
          <AuditTrail memberId={m.id} />
        </Panel>
      </div>
    </>
  );
}

function RoleSwitch({ role, checked, busy, disabled, onChange }: { role: UserRole; checked: boolean; busy: boolean; disabled: boolean; onChange: (on: boolean) => void }) {
  const id = React.useId();
  return (
    <li className="flex items-center justify-between gap-3">
      <Label htmlFor={id} className="flex items-center gap-2">
        {ROLE_LABELS[role]} {busy && <Spinner />}
      </Label>
      <Switch id={id} checked={checked} disabled={disabled} onCheckedChange={onChange} />
    </li>
  );
}

function ReportList({ title, items, otherLabel }: { title: string; items: AdminReportBrief[]; otherLabel: string }) {
  return (
    <div className="grid gap-1">
      <h4 className="text-sm font-medium">{title}</h4>
      {items.length === 0 ? (
        <p className="text-sm text-muted-foreground">None</p>
      ) : (
        <ul className="grid gap-1 text-sm">
          {items.map((r) => (
            <li key={r.id} className="break-words">
              {REPORT_REASON_LABELS[r.reason]} · {r.targetType} · {r.status}
              {r.other ? ` · ${otherLabel} ${r.other.name ?? 'a member'}` : ''} · <span className="text-muted-foreground">{formatDay(r.createdAt)}</span>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

function AuditTrail({ memberId }: { memberId: string }) {
  const query = useMemberAuditQuery(memberId);
  const entries = itemsOf(query.data);
  if (query.isPending) return <Skeleton className="h-16 w-full" />;
  if (query.isError)
    return (
      <div role="alert" className="grid gap-2 text-sm">
        <p className="text-destructive">{errorMessage(query.error, 'The audit trail could not be loaded.')}</p>
        <div>
          <Button variant="outline" size="sm" onClick={() => void query.refetch()}>
            Try Again
          </Button>
        </div>
      </div>
    );
  if (entries.length === 0) return <p className="text-sm text-muted-foreground">No admin or moderator action yet.</p>;
  return (
    <div className="grid gap-2">
      <ol className="grid gap-2 text-sm">
        {entries.map((e) => (
          <li key={e.id} className="grid gap-0.5 border-l-2 pl-3">
            <span className="font-medium">{AUDIT_ACTIONS[e.action] ?? e.action}</span>
            <span className="text-muted-foreground">
              by {e.actorName} · {formatDateTime(e.createdAt)}
            </span>
            {e.reason && <span className="break-words">Reason: {e.reason}</span>}
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
  const [open, setOpen] = React.useState(false);
  const [reason, setReason] = React.useState('');
  const [error, setError] = React.useState<string | null>(null);
  const [pending, setPending] = React.useState(false);
  const id = React.useId();

  async function submit(e: React.FormEvent) {
    e.preventDefault();
    const parsed = adminSuspendSchema.safeParse({ reason });
    if (!parsed.success) {
      setError(parsed.error.issues[0]!.message);
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
        <ShieldOffIcon aria-hidden="true" /> Suspend
      </Button>
      <Dialog open={open} onOpenChange={(o) => !pending && setOpen(o)}>
        <DialogContent>
          <form onSubmit={(e) => void submit(e)} className="grid gap-4" noValidate>
            <DialogHeader>
              <DialogTitle>Suspend {name}?</DialogTitle>
              <DialogDescription>They are signed out everywhere at once and cannot sign in until the suspension is lifted. They see the reason when they try.</DialogDescription>
            </DialogHeader>
            <div className="grid gap-2">
              <Label htmlFor={id}>Reason</Label>
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
                Cancel
              </Button>
              <Button type="submit" variant="destructive" disabled={pending}>
                {pending && <Spinner />} Suspend
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
  const remove = useDeleteMemberMutation(member.id);
  const navigate = useNavigate();
  const id = React.useId();
  const name = memberLabel(member);

  async function submit(e: React.FormEvent) {
    e.preventDefault();
    if (typed !== 'DELETE') return;
    try {
      await remove.mutateAsync();
      toast.success(`${name}'s account was deleted`);
      setOpen(false);
      void navigate(backHref, { replace: true });
    } catch (err) {
      toast.error(errorMessage(err));
    }
  }

  return (
    <>
      <Button variant="outline" className="text-destructive" onClick={() => setOpen(true)}>
        <Trash2Icon aria-hidden="true" /> Delete account
      </Button>
      <Dialog open={open} onOpenChange={(o) => !remove.isPending && setOpen(o)}>
        <DialogContent>
          <form onSubmit={(e) => void submit(e)} className="grid gap-4">
            <DialogHeader>
              <DialogTitle>Delete {name}'s account?</DialogTitle>
              <DialogDescription>Their profile, photos, posts and messages are deleted for good. This cannot be undone.</DialogDescription>
            </DialogHeader>
            <div className="grid gap-2">
              <Label htmlFor={id}>Type DELETE to confirm</Label>
              <Input id={id} value={typed} onChange={(e) => setTyped(e.target.value)} autoComplete="off" />
            </div>
            <DialogFooter>
              <Button type="button" variant="outline" onClick={() => setOpen(false)} disabled={remove.isPending}>
                Cancel
              </Button>
              <Button type="submit" variant="destructive" disabled={typed !== 'DELETE' || remove.isPending}>
                {remove.isPending && <Spinner />} Delete account
              </Button>
            </DialogFooter>
          </form>
        </DialogContent>
      </Dialog>
    </>
  );
}
