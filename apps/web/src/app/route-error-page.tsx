import * as React from 'react';
import { WifiOffIcon } from 'lucide-react';
import { Button } from '#/components/ui/button';
import { useOnline } from '#/lib/offline/online-status';

export const OFFLINE_PAGE_TITLE = 'You are offline';
export const OFFLINE_PAGE_BODY = 'This page was not saved on this device. It opens as soon as you are back online.';

/**
 * Last-resort screen for an error no section caught. Offline, the usual cause is a page whose code this device never
 * downloaded (the main pages are fetched ahead, see warmOfflinePages): say so, and open it when the connection returns.
 */
export function RouteErrorPage() {
  const online = useOnline();
  const [wasOffline] = React.useState(!online);
  React.useEffect(() => {
    if (online && wasOffline) window.location.reload();
  }, [online, wasOffline]);

  if (!online) {
    return (
      <main id="main" className="flex min-h-dvh items-center justify-center p-6">
        <div role="status" className="flex max-w-sm flex-col items-center gap-3 text-center">
          <WifiOffIcon aria-hidden="true" className="size-8 text-muted-foreground" />
          <h1 className="text-xl font-semibold">{OFFLINE_PAGE_TITLE}</h1>
          <p className="text-muted-foreground">{OFFLINE_PAGE_BODY}</p>
          <Button variant="outline" onClick={() => window.history.back()}>
            Go back
          </Button>
        </div>
      </main>
    );
  }
  return (
    <main id="main" className="flex min-h-dvh items-center justify-center p-6">
      <div role="alert" className="flex max-w-sm flex-col items-center gap-3 text-center">
        <h1 className="text-xl font-semibold">Something went wrong</h1>
        <p className="text-muted-foreground">The page hit an unexpected error. Reloading usually fixes it.</p>
        <Button onClick={() => window.location.reload()}>Reload</Button>
      </div>
    </main>
  );
}
