import type * as React from 'react';
import { WifiOffIcon } from 'lucide-react';
import { useOnline } from '#/lib/offline/online-status';

export const OFFLINE_BANNER_TEXT = 'Offline, showing what you saw last';

/** Shown across the top of every page while the browser is offline: what is on screen comes from the device. */
export function OfflineBanner() {
  const online = useOnline();
  if (online) return null;
  return (
    <div
      role="status"
      className="sticky top-0 z-[70] flex items-center justify-center gap-2 bg-amber-200 px-3 py-1.5 text-sm font-medium text-amber-950"
    >
      <WifiOffIcon aria-hidden="true" className="size-4" />
      {OFFLINE_BANNER_TEXT}
    </div>
  );
}

/** In place of a spinner for something not kept on the device while offline: it loads when the connection returns. */
export function OfflineNotice({ what = 'This page' }: { what?: string }) {
  return (
    <div role="status" className="mx-auto grid max-w-sm justify-items-center gap-2 px-4 py-12 text-center">
      <WifiOffIcon aria-hidden="true" className="size-8 text-muted-foreground" />
      <p className="font-medium">You are offline</p>
      <p className="text-sm text-muted-foreground">{what} was not saved on this device. It will load when you are back online.</p>
    </div>
  );
}

/** A list's or panel's loading placeholder, or, offline, the notice that it waits for the connection. */
export function OnlineOr({ children, what }: { children: React.ReactNode; what?: string }) {
  return useOnline() ? children : <OfflineNotice what={what} />;
}
