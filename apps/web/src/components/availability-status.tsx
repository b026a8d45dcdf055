import { AlertTriangleIcon, CheckCircle2Icon, XCircleIcon } from 'lucide-react';
import { Spinner } from '#/components/ui/spinner';
import { cn } from '#/lib/utils';

/** A live "is this name free?" check: the username in Apply and Settings, a community's address. */
export type AvailabilityStatus =
  | { state: 'idle' }
  | { state: 'checking' }
  | { state: 'available'; message: string }
  | { state: 'taken'; message: string }
  | { state: 'invalid'; message: string }
  | { state: 'error'; message: string };

/** The line under such a field: the rule while idle, a spinner while checking, then the answer in colour. */
export function AvailabilityStatusLine({ status, idle, checking }: { status: AvailabilityStatus; idle: string; checking: string }) {
  const base = 'inline-flex items-center gap-1.5';
  switch (status.state) {
    case 'idle':
      return <span>{idle}</span>;
    case 'checking':
      return (
        <span className={base}>
          <Spinner className="size-3.5" /> {checking}
        </span>
      );
    case 'available':
      return (
        <span className={cn(base, 'text-success')}>
          <CheckCircle2Icon aria-hidden="true" className="size-4" /> {status.message}
        </span>
      );
    case 'taken':
    case 'invalid':
      return (
        <span className={cn(base, 'text-destructive')}>
          <XCircleIcon aria-hidden="true" className="size-4" /> {status.message}
        </span>
      );
    case 'error':
      return (
        <span className={cn(base, 'text-warning')}>
          <AlertTriangleIcon aria-hidden="true" className="size-4" /> {status.message}
        </span>
      );
  }
}
