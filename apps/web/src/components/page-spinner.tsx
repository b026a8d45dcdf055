import { Spinner } from '#/components/ui/spinner';
import { useT } from '#/lib/i18n';
import { useOnline } from '#/lib/offline/online-status';
import { catalog } from './i18n';
import { OfflineNotice } from './offline-banner';

/**
 * Placeholder while a page's code or data loads. Offline, a query with nothing kept on the device waits for the
 * connection (TanStack pauses it): say so instead of spinning until then.
 */
export function PageSpinner() {
  const online = useOnline();
  const t = useT(catalog);
  if (!online) return <OfflineNotice />;
  return (
    <div className="flex flex-1 items-center justify-center p-8">
      <Spinner className="size-6" label={t('components.loading')} />
    </div>
  );
}
