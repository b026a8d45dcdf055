import { useState } from 'react';
import { toast } from 'sonner';
import { CheckIcon, CheckCircle2Icon, Clock3Icon, UsersRoundIcon, XCircleIcon, XIcon } from 'lucide-react';
import { imageVariantUrl, type AccountType, type ApplicationStatus, type ApplicationView } from '@bayclub/shared';
import { Avatar, AvatarFallback, AvatarImage } from '#/components/ui/avatar';
import { Button } from '#/components/ui/button';
import { Spinner } from '#/components/ui/spinner';
import { errorMessage } from '#/lib/api';
import { cn } from '#/lib/utils';
import { useApproveApplicationMutation } from './api';
import { formatDateTime } from '#/lib/format';
import { cityLabel, initials, relationshipLabel } from '#/lib/member-format';
import { RejectDialog } from './reject-dialog';

/** One application with everything the applicant told us, and the decision buttons while pending. */
export function ApplicationCard({ application }: { application: ApplicationView }) {
  const a = application;
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
          toast.success('Application approved', {
            description:
              accountType === 'full_platform' ? `${a.name} now has full platform access.` : `${a.name} is now a community member.`,
          }),
        onError: (error) => toast.error('Could not approve the application', { description: errorMessage(error) }),
      },
    );
  };

  const details: Array<[string, string | null]> = [
    ['Email', a.email],
    ['Instagram', a.instagramUsername ? `@${a.instagramUsername}` : null],
    ['Age', a.age === null ? null : String(a.age)],
    ['Gender', a.gender],
    ['Relationship', a.relationshipStatus === 'not_specified' ? 'Prefer not to say' : relationshipLabel(a.relationshipStatus)],
    ['City', cityLabel(a.city)],
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
          <p className="text-xs text-muted-foreground">Applied {formatDateTime(a.createdAt)}</p>
        </div>
        <StatusBadge status={a.status} />
      </header>

      <dl className="grid grid-cols-2 gap-x-4 gap-y-3 text-sm sm:grid-cols-3">
        {details.map(([label, value]) => (
          <div key={label} className={cn('grid min-w-0 gap-0.5', label === 'Email' && 'col-span-2 sm:col-span-1')}>
            <dt className="text-xs text-muted-foreground">{label}</dt>
            <dd className="break-words">{value ?? <span className="text-muted-foreground">Not given</span>}</dd>
          </div>
        ))}
      </dl>

      {a.bio && <p className="text-sm leading-relaxed whitespace-pre-line">{a.bio}</p>}

      {a.interests.length > 0 && (
        <ul aria-label="Interests" className="flex flex-wrap gap-1.5">
          {a.interests.map((interest) => (
            <li key={interest} className="rounded-full border bg-secondary px-2.5 py-0.5 text-xs text-secondary-foreground">
              {interest}
            </li>
          ))}
        </ul>
      )}

      {a.status !== 'pending' && <Decision application={a} />}

      {a.status === 'pending' && (
        <div className="flex flex-col gap-2 border-t pt-4 sm:flex-row sm:justify-end">
          <Button variant="outline" onClick={() => setRejecting(true)} disabled={approve.isPending}>
            <XIcon aria-hidden="true" /> Reject
          </Button>
          {/* A community member is limited by the permission flags; Approve gives the full platform. */}
          <Button variant="outline" onClick={() => handleApprove('community_only')} disabled={approve.isPending}>
            {approving === 'community_only' ? <Spinner /> : <UsersRoundIcon aria-hidden="true" />}
            {approving === 'community_only' ? 'Approving...' : 'Approve as community member'}
          </Button>
          <Button onClick={() => handleApprove('full_platform')} disabled={approve.isPending}>
            {approving === 'full_platform' ? <Spinner /> : <CheckIcon aria-hidden="true" />}
            {approving === 'full_platform' ? 'Approving...' : 'Approve'}
          </Button>
        </div>
      )}
      <RejectDialog application={a} open={rejecting} onOpenChange={setRejecting} />
    </article>
  );
}

function Decision({ application: a }: { application: ApplicationView }) {
  const asCommunity = a.status === 'approved' && a.accountType === 'community_only';
  const verb = a.status === 'approved' ? (asCommunity ? 'Approved as a community member' : 'Approved') : 'Rejected';
  const by = a.decidedBy?.name ? ` by ${a.decidedBy.name}` : '';
  const at = a.decidedAt ? ` on ${formatDateTime(a.decidedAt)}` : '';
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
          Reason: {a.rejectionReason ? <span className="text-foreground">{a.rejectionReason}</span> : 'none given'}
        </p>
      )}
    </div>
  );
}

const STATUS_STYLES: Record<ApplicationStatus, { label: string; icon: typeof Clock3Icon; className: string }> = {
  pending: { label: 'Pending', icon: Clock3Icon, className: 'border-warning/50 bg-warning/10 text-foreground' },
  approved: { label: 'Approved', icon: CheckCircle2Icon, className: 'border-success/50 bg-success/10 text-foreground' },
  rejected: { label: 'Rejected', icon: XCircleIcon, className: 'border-destructive/50 bg-destructive/10 text-foreground' },
};

export function StatusBadge({ status }: { status: ApplicationStatus }) {
  const { label, icon: Icon, className } = STATUS_STYLES[status];
  return (
    <span className={cn('inline-flex shrink-0 items-center gap-1 rounded-full border px-2.5 py-0.5 text-xs font-medium', className)}>
      <Icon aria-hidden="true" className="size-3.5" />
      {label}
    </span>
  );
}
