import * as React from 'react';
import { CopyIcon } from 'lucide-react';
import { toast } from 'sonner';
import { Button } from '#/components/ui/button';
import { Input } from '#/components/ui/input';
import { Label } from '#/components/ui/label';
import { Spinner } from '#/components/ui/spinner';
import { RetryButton } from '#/components/retry-button';
import { errorMessage } from '#/lib/api';
import { useT } from '#/lib/i18n';
import { catalog } from './i18n';
import { useCalendarFeedMutation, useCalendarFeedQuery } from './rsvp-api';

type Confirm = 'create' | 'revoke' | null;

const WARNINGS = {
  create: 'events.calendarFeed.warning.create',
  revoke: 'events.calendarFeed.warning.revoke',
};

/** The dialog's content: the link (read-only, Copy), "Make a new link", "Turn off", or "Create my calendar link". */
export function CalendarFeedBody() {
  const feed = useCalendarFeedQuery(true);
  const change = useCalendarFeedMutation();
  const [confirm, setConfirm] = React.useState<Confirm>(null);
  const t = useT(catalog);

  const run = (action: 'create' | 'revoke') =>
    change.mutate(action, {
      onSuccess: () => {
        setConfirm(null);
        toast.success(action === 'create' ? t('events.calendarFeed.ready') : t('events.calendarFeed.off'));
      },
      onError: (error) => toast.error(t('events.calendarFeed.changeFailed'), { description: errorMessage(error) }),
    });

  if (feed.isPending) return <Spinner label={t('events.calendarFeed.loading')} />;
  if (feed.isError)
    return (
      <div role="alert" className="grid justify-items-start gap-2 text-sm">
        <p>{t('events.calendarFeed.loadFailed', { error: errorMessage(feed.error) })}</p>
        <RetryButton size="sm" onClick={() => void feed.refetch()} />
      </div>
    );

  const { url, active } = feed.data;
  if (!url && !active)
    return (
      <div className="grid justify-items-start gap-3">
        <p className="text-sm">{t('events.calendarFeed.none')}</p>
        <Button onClick={() => run('create')} disabled={change.isPending}>
          {change.isPending && <Spinner />}
          {t('events.calendarFeed.create')}
        </Button>
      </div>
    );

  const copy = async () => {
    if (!url) return;
    try {
      await navigator.clipboard.writeText(url);
      toast.success(t('events.linkCopied'));
    } catch {
      toast.error(t('events.calendarFeed.copyFailed'));
    }
  };

  return (
    <div className="grid gap-4">
      {url ? (
      <div className="grid gap-2">
        <Label htmlFor="calendar-feed-url">{t('events.calendarFeed.link')}</Label>
        <div className="flex gap-2">
          <Input id="calendar-feed-url" value={url} readOnly onFocus={(e) => e.currentTarget.select()} className="font-mono text-xs" />
          <Button variant="secondary" onClick={() => void copy()}>
            <CopyIcon aria-hidden="true" />
            {t('events.calendarFeed.copy')}
          </Button>
        </div>
      </div>
      ) : (
        // Only the link's fingerprint is kept on the server (decision 015): it is shown once, when it is made.
        <p className="text-sm">{t('events.calendarFeed.shownOnce')}</p>
      )}
      {confirm ? (
        <div role="alert" className="grid gap-2 rounded-md border border-destructive/50 p-3 text-sm">
          <p>{t(WARNINGS[confirm])}</p>
          <div className="flex flex-wrap gap-2">
            <Button variant={confirm === 'revoke' ? 'destructive' : 'default'} size="sm" disabled={change.isPending} onClick={() => run(confirm)}>
              {change.isPending && <Spinner />}
              {confirm === 'create' ? t('events.calendarFeed.confirmCreate') : t('events.calendarFeed.confirmRevoke')}
            </Button>
            <Button variant="outline" size="sm" onClick={() => setConfirm(null)}>
              {t('events.calendarFeed.keep')}
            </Button>
          </div>
        </div>
      ) : (
        <div className="flex flex-wrap gap-2">
          <Button variant="outline" onClick={() => setConfirm('create')}>
            {t('events.calendarFeed.makeNew')}
          </Button>
          <Button variant="outline" onClick={() => setConfirm('revoke')}>
            {t('events.calendarFeed.turnOff')}
          </Button>
        </div>
      )}
    </div>
  );
}
