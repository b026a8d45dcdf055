import { useState } from 'react';
import { toast } from 'sonner';
import { CheckIcon, CheckCircle2Icon, Clock3Icon, UsersRoundIcon, XCircleIcon, XIcon } from 'lucide-react';
import { imageVariantUrl, type AccountType, type ApplicationStatus, type ApplicationView } from '@bayclub/shared';
import { Avatar, AvatarFallback, AvatarImage } from '#/components/ui/avatar';
import { Button } from '#/components/ui/button';
import { Spinner } from '#/components/ui/spinner';
import { errorMessage } from '#/lib/api';
import { Trans, useSharedText, useT } from '#/lib/i18n';
import { cn } from '#/lib/utils';
import { useApproveApplicationMutation } from './api';
import { formatDateTime } from '#/lib/format';
import { cityLabel, initials, relationshipLabel } from '#/lib/member-format';
import { RejectDialog } from './reject-dialog';
import { catalog } from './i18n';

/** One application with everything the applicant told us, and the decision buttons while pending. */
export function ApplicationCard({ application }: { application: ApplicationView }) {
  const a = application;
  const t = useT(catalog);
  const s = useSharedText();
  const shared = (text: string | null) => (text === null ? null : s(text));
  const titleId = `application-${a.id}`;
  const approve = useApproveApplicationMutation();
  const [rejecting, setRejecting] = useState(false);

  // Which of the two approvals is under way (its button shows the spinner).
  const approving = approve.isPending ? approve.variables.accountType : null;

  const handleApprove = (accountType: AccountType) => {
    approve.mutate(
      { id: a.id, accountType },
      {
        onSuccess: () =>
          toast.success(t('admin.applications.approved'), {
            description:
              accountType === 'full_platform'
                ? t('admin.applications.approvedFull', { name: a.name })
                : t('admin.applications.approvedCommunity', { name: a.name }),
          }),
        onError: (error) => toast.error(t('admin.applications.approveFailed'), { description: errorMessage(error) }),
      },
    );
  };

  // [label id, value]
  const details: Array<[string, string | null]> = [
    ['admin.applications.field.email', a.email],
    ['admin.applications.field.instagram', a.instagramUsername ? `@${a.instagramUsername}` : null],
    ['admin.applications.field.age', a.age === null ? null : String(a.age)],
    ['admin.applications.field.gender', shared(a.gender)],
    [
      'admin.applications.field.relationship',
      a.relationshipStatus === 'not_specified' ? t('admin.applications.preferNotToSay') : shared(relationshipLabel(a.relationshipStatus)),
    ],
    ['admin.applications.field.city', shared(cityLabel(a.city))],
  ];

  return (
    <article aria-labelledby={titleId} className="grid gap-4 rounded-xl border bg-card p-4 text-card-foreground shadow-sm sm:p-5">
      <header className="flex items-start gap-3">
        <Avatar className="size-12 text-base">
          {a.profilePictureUrl && <AvatarImage src={imageVariantUrl(a.profilePictureUrl, 'small')} alt="" />}
          <AvatarFallback className="bg-primary/15 font-semibold text-primary">{initials(a.name)}</AvatarFallback>
        </Avatar>
        <div className="grid min-w-0 flex-1 gap-0.5">
          <h3 id={titleId} className="truncate text-base font-semibold">
            {a.name}
          </h3>
          {a.username && <p className="truncate text-sm text-muted-foreground">@{a.username}</p>}
          <p className="text-xs text-muted-foreground">{t('admin.applications.applied', { date: formatDateTime(a.createdAt) })}</p>
        </div>
        <StatusBadge status={a.status} />
      </header>

      <dl className="grid grid-cols-2 gap-x-4 gap-y-3 text-sm sm:grid-cols-3">
        {details.map(([label, value]) => (
          <div key={label} className={cn('grid min-w-0 gap-0.5', label === 'admin.applications.field.email' && 'col-span-2 sm:col-span-1')}>
            <dt className="text-xs text-muted-foreground">{t(label)}</dt>
            <dd className="break-words">{value ?? <span className="text-muted-foreground">{t('admin.applications.notGiven')}</span>}</dd>
          </div>
        ))}
      </dl>

      {a.bio && <p className="text-sm leading-relaxed whitespace-pre-line">{a.bio}</p>}

      {a.interests.length > 0 && (
        <ul aria-label={t('admin.applications.interests')} className="flex flex-wrap gap-1.5">
          {a.interests.map((interest) => (
            <li key={interest} className="rounded-full border bg-secondary px-2.5 py-0.5 text-xs text-secondary-foreground">
              {s(interest)}
            </li>
          ))}
        </ul>
      )}

      {a.status !== 'pending' && <Decision application={a} />}

      {a.status === 'pending' && (
        <div className="flex flex-col gap-2 border-t pt-4 sm:flex-row sm:justify-end">
          <Button variant="outline" onClick={() => setRejecting(true)} disabled={approve.isPending}>
            <XIcon aria-hidden="true" /> {t('admin.applications.reject')}
          </Button>
          {/* A community member is limited by the permission flags; Approve gives the full platform. */}
          <Button variant="outline" onClick={() => handleApprove('community_only')} disabled={approve.isPending}>
            {approving === 'community_only' ? <Spinner /> : <UsersRoundIcon aria-hidden="true" />}
            {approving === 'community_only' ? t('admin.applications.approving') : t('admin.applications.approveCommunity')}
          </Button>
          <Button onClick={() => handleApprove('full_platform')} disabled={approve.isPending}>
            {approving === 'full_platform' ? <Spinner /> : <CheckIcon aria-hidden="true" />}
            {approving === 'full_platform' ? t('admin.applications.approving') : t('admin.applications.approve')}
          </Button>
        </div>
      )}
      <RejectDialog application={a} open={rejecting} onOpenChange={setRejecting} />
    </article>
  );
}

function Decision({ application: a }: { application: ApplicationView }) {
  const t = useT(catalog);
  const asCommunity = a.status === 'approved' && a.accountType === 'community_only';
  const verb =
    a.status === 'approved'
      ? asCommunity
        ? t('admin.applications.decision.community')
        : t('admin.applications.decision.approved')
      : t('admin.applications.decision.rejected');
  const by = a.decidedBy?.name ? t('admin.applications.decision.by', { name: a.decidedBy.name }) : '';
  const at = a.decidedAt ? t('admin.applications.decision.on', { date: formatDateTime(a.decidedAt) }) : '';
  // The status badge already says "Approved"; only add who and when (or the account type) if we know them.
  if (!by && !at && a.status === 'approved' && !asCommunity) return null;
  return (
    <div className="grid gap-1 rounded-lg bg-muted/60 px-3 py-2 text-sm">
      <p>
        {verb}
        {by}
        {at}
      </p>
      {a.status === 'rejected' && (
        <p className="text-muted-foreground">
          {a.rejectionReason ? (
            <Trans
              catalog={catalog}
              id="admin.applications.reason"
              values={{ reason: a.rejectionReason }}
              components={{ 0: <span className="text-foreground" /> }}
            />
          ) : (
            t('admin.applications.reasonNone')
          )}
        </p>
      )}
    </div>
  );
}

const STATUS_STYLES: Record<ApplicationStatus, { label: string; icon: typeof Clock3Icon; className: string }> = {
  pending: { label: 'admin.applications.status.pending', icon: Clock3Icon, className: 'border-warning/50 bg-warning/10 text-foreground' },
  approved: { label: 'admin.applications.status.approved', icon: CheckCircle2Icon, className: 'border-success/50 bg-success/10 text-foreground' },
  rejected: { label: 'admin.applications.status.rejected', icon: XCircleIcon, className: 'border-destructive/50 bg-destructive/10 text-foreground' },
};

export function StatusBadge({ status }: { status: ApplicationStatus }) {
  const t = useT(catalog);
  const { label, icon: Icon, className } = STATUS_STYLES[status];
  return (
    <span className={cn('inline-flex shrink-0 items-center gap-1 rounded-full border px-2.5 py-0.5 text-xs font-medium', className)}>
      <Icon aria-hidden="true" className="size-3.5" />
      {t(label)}
    </span>
  );
}
