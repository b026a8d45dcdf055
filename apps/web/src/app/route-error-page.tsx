import * as React from 'react';
import { WifiOffIcon } from 'lucide-react';
import { Button } from '#/components/ui/button';
import { useOnline } from '#/lib/offline/online-status';
import { useT } from '#/lib/i18n';
import { catalog } from './i18n';

/** The English of 'app.offline.title' and 'app.offline.body', as the tests read them; the page shows the catalogue's. */
export const OFFLINE_PAGE_TITLE = 'You are offline';
export const OFFLINE_PAGE_BODY = 'This page was not saved on this device. It opens as soon as you are back online.';

/**
 * Last-resort screen for an error no section caught. Offline, the usual cause is a page whose code this device never
 * downloaded (the main pages are fetched ahead, see warmOfflinePages): say so, and open it when the connection returns.
 */
export function RouteErrorPage() {
  const online = useOnline();
  const [wasOffline] = React.useState(!online);
  const t = useT(catalog);
  React.useEffect(() => {
    if (online && wasOffline) window.location.reload();
  }, [online, wasOffline]);

  if (!online) {
    return (
      <main id="main" className="flex min-h-dvh items-center justify-center p-6">
        <div role="status" className="flex max-w-sm flex-col items-center gap-3 text-center">
          <WifiOffIcon aria-hidden="true" className="size-8 text-muted-foreground" />
          <h1 className="text-xl font-semibold">{t('app.offline.title')}</h1>
          <p className="text-muted-foreground">{t('app.offline.body')}</p>
          <Button variant="outline" onClick={() => window.history.back()}>
            {t('app.offline.back')}
          </Button>
        </div>
      </main>
    );
  }
  return (
    <main id="main" className="flex min-h-dvh items-center justify-center p-6">
      <div role="alert" className="flex max-w-sm flex-col items-center gap-3 text-center">
        <h1 className="text-xl font-semibold">{t('app.error.title')}</h1>
        <p className="text-muted-foreground">{t('app.error.text')}</p>
        <Button onClick={() => window.location.reload()}>{t('app.error.reload')}</Button>
      </div>
    </main>
  );
}
