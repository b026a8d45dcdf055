import { DownloadIcon, FileArchiveIcon } from 'lucide-react';
import { toast } from 'sonner';
import { DATA_EXPORT_MESSAGES, type DataExportView } from '@bayclub/shared';
import { Button } from '#/components/ui/button';
import { Skeleton } from '#/components/ui/skeleton';
import { Spinner } from '#/components/ui/spinner';
import { errorMessage } from '#/lib/api';
import { formatDateTime } from '#/lib/format';
import { useSharedText, useT, type Translate } from '#/lib/i18n';
import { DATA_EXPORT_DOWNLOAD_URL, useDataExportQuery, useRequestDataExportMutation } from './api';
import { catalog } from './i18n';

const megabytes = (bytes: number) => (bytes < 100_000 ? `${Math.max(1, Math.round(bytes / 1000))} KB` : `${(bytes / 1_000_000).toFixed(1)} MB`);

function describe(t: Translate, s: (text: string) => string, view: DataExportView): string {
  switch (view.status) {
    case 'preparing':
      return s(DATA_EXPORT_MESSAGES.requested);
    case 'ready':
      return t('account.data.ready', { size: megabytes(view.sizeBytes ?? 0), date: formatDateTime(view.expiresAt!) });
    case 'failed':
      return s(DATA_EXPORT_MESSAGES.failed);
    case 'expired':
      return t('account.data.expired');
    default:
      return t('account.data.intro');
  }
}

/**
 * Settings → Security: "Your data" (issue 24). Ask for an archive; while it is prepared the card says so (and asks
 * again every few seconds); when ready, Download; a mail says so too. Once a day at most: the next time is shown.
 */
export function DownloadData() {
  const query = useDataExportQuery();
  const request = useRequestDataExportMutation();
  const view = query.data;
  const t = useT(catalog);
  const s = useSharedText();

  const ask = () =>
    request.mutate(undefined, {
      onSuccess: () => toast.success(s(DATA_EXPORT_MESSAGES.requested)),
      onError: (err) => toast.error(errorMessage(err, s(DATA_EXPORT_MESSAGES.failed))),
    });

  const canAsk = view && view.status !== 'preparing' && view.nextRequestAt === null;
  return (
    <section aria-labelledby="your-data-title" className="flex flex-col gap-3 rounded-lg border p-4 sm:flex-row sm:items-center sm:justify-between">
      <div className="grid gap-1">
        <h3 id="your-data-title" className="font-medium">
          {t('account.data.title')}
        </h3>
        {query.isPending ? (
          <Skeleton className="h-4 w-64" />
        ) : query.isError ? (
          <p className="text-sm text-destructive">{errorMessage(query.error, t('account.data.loadFailed'))}</p>
        ) : (
          <p className="text-sm text-muted-foreground" role="status">
            {describe(t, s, view!)}
            {view!.nextRequestAt && view!.status !== 'preparing' && ` ${t('account.data.nextRequest', { date: formatDateTime(view!.nextRequestAt) })}`}
          </p>
        )}
      </div>
      <div className="flex flex-wrap gap-2">
        {view?.status === 'ready' && (
          <Button asChild>
            <a href={DATA_EXPORT_DOWNLOAD_URL} download>
              <DownloadIcon aria-hidden="true" /> {t('account.data.download')}
            </a>
          </Button>
        )}
        {(canAsk || query.isError) && (
          <Button type="button" variant="outline" onClick={ask} disabled={request.isPending} aria-busy={request.isPending || undefined}>
            {request.isPending ? <Spinner /> : <FileArchiveIcon aria-hidden="true" />}
            {view?.status === 'none' ? t('account.data.requestFirst') : t('account.data.requestAgain')}
          </Button>
        )}
      </div>
    </section>
  );
}
