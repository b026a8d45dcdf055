import { AlertCircleIcon, ClockIcon } from 'lucide-react';
import { Button } from '#/components/ui/button';
import { Spinner } from '#/components/ui/spinner';
import { outbox, useOutbox, type OutboxEntry, type OutboxStatus } from '#/lib/offline/outbox';

export const QUEUED_STATUS_TEXT: Record<OutboxStatus, string> = {
  waiting: 'Waiting for connection',
  sending: 'Sending',
  failed: 'Failed',
};

/** The posts or comments written offline at one place, with where each stands: waiting, sending, or failed (retry). */
export function QueuedSends({ kind, place, label }: { kind: OutboxEntry['kind']; place: string; label: string }) {
  const entries = useOutbox(kind, place);
  if (entries.length === 0) return null;
  return (
    <ul aria-label={label} className="grid gap-2">
      {entries.map((entry) => (
        <li key={entry.id} className="grid gap-1 rounded-lg border border-dashed p-3 text-sm">
          <p className="line-clamp-3 whitespace-pre-wrap">{entry.text}</p>
          <QueuedStatus entry={entry} />
        </li>
      ))}
    </ul>
  );
}

export function QueuedStatus({ entry }: { entry: OutboxEntry }) {
  if (entry.status === 'failed') {
    return (
      <span className="flex flex-wrap items-center gap-1 text-xs text-destructive">
        <AlertCircleIcon aria-hidden="true" className="size-3.5" />
        {QUEUED_STATUS_TEXT.failed}
        {entry.error ? `: ${entry.error}` : null}
        <Button variant="link" size="sm" className="h-auto p-0 text-xs" onClick={() => outbox.retry(entry.id)}>
          Retry
        </Button>
        <Button variant="link" size="sm" className="h-auto p-0 text-xs text-muted-foreground" onClick={() => outbox.remove(entry.id)}>
          Remove
        </Button>
      </span>
    );
  }
  return (
    <span className="flex items-center gap-1 text-xs text-muted-foreground">
      {entry.status === 'sending' ? <Spinner className="size-3" /> : <ClockIcon aria-hidden="true" className="size-3.5" />}
      {QUEUED_STATUS_TEXT[entry.status]}
    </span>
  );
}
