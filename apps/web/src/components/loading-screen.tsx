import * as React from 'react';
import { WifiOffIcon } from 'lucide-react';
import { Spinner } from '#/components/ui/spinner';
import { useT } from '#/lib/i18n';
import { useOnline } from '#/lib/offline/online-status';
import { catalog } from './i18n';

/** Offline, the wait would last until the connection returns: after this long, say so. */
const OFFLINE_AFTER_MS = 1500;

/**
 * Full-screen wait state ('Loading...', 'Signing out...'). Announced politely to screen readers. Offline (nothing of
 * the member kept on this device yet), it turns into a notice that the app waits for the connection.
 */
export function LoadingScreen({ label }: { label?: string }) {
  const t = useT(catalog);
  const online = useOnline();
  const [late, setLate] = React.useState(false);
  React.useEffect(() => {
    if (online) return;
    const timer = setTimeout(() => setLate(true), OFFLINE_AFTER_MS);
    return () => clearTimeout(timer);
  }, [online]);
  const offline = !online && late;
  return (
    <div
      role="status"
      aria-live="polite"
      className="fixed inset-0 z-[60] flex flex-col items-center justify-center gap-3 bg-background p-6 text-center text-foreground"
    >
      {offline ? (
        <>
          <WifiOffIcon aria-hidden="true" className="size-8 text-muted-foreground" />
          <p className="text-sm font-medium">{t('components.offline.title')}</p>
          <p className="max-w-xs text-sm text-muted-foreground">{t('components.offline.nothingSaved')}</p>
        </>
      ) : (
        <>
          <Spinner className="size-8 text-primary" />
          <p className="text-sm font-medium">{label ?? t('components.loading')}</p>
        </>
      )}
    </div>
  );
}
