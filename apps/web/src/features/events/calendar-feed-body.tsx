import * as React from 'react';
import { CopyIcon } from 'lucide-react';
import { toast } from 'sonner';
import { Button } from '#/components/ui/button';
import { Input } from '#/components/ui/input';
import { Label } from '#/components/ui/label';
import { Spinner } from '#/components/ui/spinner';
import { RetryButton } from '#/components/retry-button';
import { errorMessage } from '#/lib/api';
import { useCalendarFeedMutation, useCalendarFeedQuery } from './rsvp-api';

type Confirm = 'create' | 'revoke' | null;

const WARNINGS = {
  create: 'Your current link stops working: calendars subscribed to it stop updating until you add the new one.',
  revoke: 'Your link stops working: calendars subscribed to it stop updating.',
};

export const SHOWN_ONCE =
  'Your calendar feed is on. For your safety its link is shown only once, when it is made: to copy it again, make a new link (the old one stops working).';

/** The dialog's content: the link (read-only, Copy), "Make a new link", "Turn off", or "Create my calendar link". */
export function CalendarFeedBody() {
  const feed = useCalendarFeedQuery(true);
  const change = useCalendarFeedMutation();
  const [confirm, setConfirm] = React.useState<Confirm>(null);

  const run = (action: 'create' | 'revoke') =>
    change.mutate(action, {
      onSuccess: () => {
        setConfirm(null);
        toast.success(action === 'create' ? 'Your calendar link is ready' : 'Your calendar feed is off');
      },
      onError: (error) => toast.error('Could not change your calendar feed', { description: errorMessage(error) }),
    });

  if (feed.isPending) return <Spinner label="Loading your calendar link" />;
  if (feed.isError)
    return (
      <div role="alert" className="grid justify-items-start gap-2 text-sm">
        <p>Could not load your calendar link. {errorMessage(feed.error)}</p>
        <RetryButton size="sm" onClick={() => void feed.refetch()} />
      </div>
    );

  const { url, active } = feed.data;
  if (!url && !active)
    return (
      <div className="grid justify-items-start gap-3">
        <p className="text-sm">You have no calendar link yet.</p>
        <Button onClick={() => run('create')} disabled={change.isPending}>
          {change.isPending && <Spinner />}
          Create my calendar link
        </Button>
      </div>
    );

  const copy = async () => {
    if (!url) return;
    try {
      await navigator.clipboard.writeText(url);
      toast.success('Link copied');
    } catch {
      toast.error('Could not copy. Select the link and copy it.');
    }
  };

  return (
    <div className="grid gap-4">
      {url ? (
      <div className="grid gap-2">
        <Label htmlFor="calendar-feed-url">Your calendar link</Label>
        <div className="flex gap-2">
          <Input id="calendar-feed-url" value={url} readOnly onFocus={(e) => e.currentTarget.select()} className="font-mono text-xs" />
          <Button variant="secondary" onClick={() => void copy()}>
            <CopyIcon aria-hidden="true" />
            Copy
          </Button>
        </div>
      </div>
      ) : (
        // Only the link's fingerprint is kept on the server (decision 015): it is shown once, when it is made.
        <p className="text-sm">{SHOWN_ONCE}</p>
      )}
      {confirm ? (
        <div role="alert" className="grid gap-2 rounded-md border border-destructive/50 p-3 text-sm">
          <p>{WARNINGS[confirm]}</p>
          <div className="flex flex-wrap gap-2">
            <Button variant={confirm === 'revoke' ? 'destructive' : 'default'} size="sm" disabled={change.isPending} onClick={() => run(confirm)}>
              {change.isPending && <Spinner />}
              {confirm === 'create' ? 'Make the new link' : 'Turn it off'}
            </Button>
            <Button variant="outline" size="sm" onClick={() => setConfirm(null)}>
              Keep my link
            </Button>
          </div>
        </div>
      ) : (
        <div className="flex flex-wrap gap-2">
          <Button variant="outline" onClick={() => setConfirm('create')}>
            Make a new link
          </Button>
          <Button variant="outline" onClick={() => setConfirm('revoke')}>
            Turn off
          </Button>
        </div>
      )}
    </div>
  );
}
