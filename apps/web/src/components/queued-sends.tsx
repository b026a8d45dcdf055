import { AlertCircleIcon, ClockIcon } from 'lucide-react';
import { Button } from '#/components/ui/button';
import { Spinner } from '#/components/ui/spinner';
import { cn } from '#/lib/utils';
import { catalog as libCatalog } from '#/lib/catalog';
import { t, useT } from '#/lib/i18n';
import { INTERRUPTED, outbox, useOutbox, type OutboxEntry, type OutboxStatus } from '#/lib/offline/outbox';
import { catalog } from './i18n';

/**
 * Where a queued send stands, in the page's language when read (a component reading it calls useT, so it renders
 * again when the language changes; the components' catalogue is loaded with the app's frame).
 */
export const QUEUED_STATUS_TEXT: Readonly<Record<OutboxStatus, string>> = {
  get waiting() {
    return t('components.queued.waiting');
  },
  get sending() {
    return t('components.queued.sending');
  },
  get failed() {
    return t('components.queued.failed');
  },
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

/** Where one queued send stands. The words are one live region in every state, so each change is announced. */
export function QueuedStatus({ entry }: { entry: OutboxEntry }) {
  const t = useT(catalog);
  useT(libCatalog); // an interrupted send's error is the lib catalogue's
  const failed = entry.status === 'failed';
  const error = entry.error === INTERRUPTED ? t(INTERRUPTED) : entry.error;
  return (
    <span className={cn('flex flex-wrap items-center gap-1 text-xs', failed ? 'text-destructive' : 'text-muted-foreground')}>
      {failed ? (
        <AlertCircleIcon aria-hidden="true" className="size-3.5" />
      ) : entry.status === 'sending' ? (
        <Spinner className="size-3" />
      ) : (
        <ClockIcon aria-hidden="true" className="size-3.5" />
      )}
      <span role="status">
        {QUEUED_STATUS_TEXT[entry.status]}
        {failed && error ? `: ${error}` : null}
      </span>
      {failed && (
        <>
          <Button variant="link" size="sm" className="h-auto p-0 text-xs" onClick={() => outbox.retry(entry.id)}>
            {t('components.retry')}
          </Button>
          <Button variant="link" size="sm" className="h-auto p-0 text-xs text-muted-foreground" onClick={() => outbox.remove(entry.id)}>
            {t('components.queued.remove')}
          </Button>
        </>
      )}
    </span>
  );
}
