import type * as React from 'react';
import { WifiOffIcon } from 'lucide-react';
import { useT } from '#/lib/i18n';
import { useOnline } from '#/lib/offline/online-status';
import { catalog } from './i18n';

/** Shown across the top of every page while the browser is offline: what is on screen comes from the device. */
export function OfflineBanner() {
  const online = useOnline();
  const t = useT(catalog);
  if (online) return null;
  return (
    <div
      role="status"
      className="sticky top-0 z-[70] flex items-center justify-center gap-2 bg-amber-200 px-3 py-1.5 text-sm font-medium text-amber-950"
    >
      <WifiOffIcon aria-hidden="true" className="size-4" />
      {t('components.offline.banner')}
    </div>
  );
}

/** In place of a spinner for something not kept on the device while offline: it loads when the connection returns. */
export function OfflineNotice({ what }: { what?: string }) {
  const t = useT(catalog);
  return (
    <div role="status" className="mx-auto grid max-w-sm justify-items-center gap-2 px-4 py-12 text-center">
      <WifiOffIcon aria-hidden="true" className="size-8 text-muted-foreground" />
      <p className="font-medium">{t('components.offline.title')}</p>
      <p className="text-sm text-muted-foreground">
        {t('components.offline.notSaved', { what: what ?? t('components.offline.thisPage') })}
      </p>
    </div>
  );
}

/** A list's or panel's loading placeholder, or, offline, the notice that it waits for the connection. */
export function OnlineOr({ children, what }: { children: React.ReactNode; what?: string }) {
  return useOnline() ? children : <OfflineNotice what={what} />;
}
