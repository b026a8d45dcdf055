import { useParams } from 'react-router';
import { DELETE_DATA_STATUS_LABELS, type DeleteDataStatusView } from '@bayclub/shared';
import { Spinner } from '#/components/ui/spinner';
import { errorMessage } from '#/lib/api';
import { intlLocale, Trans, useSharedText, useT } from '#/lib/i18n';
import { useDeleteDataStatusQuery } from './api';
import { catalog } from './i18n';

const when = (iso: string) => new Date(iso).toLocaleString(intlLocale(), { dateStyle: 'medium', timeStyle: 'short' });

/** What each state means (catalogue ids). */
const EXPLAIN: Record<DeleteDataStatusView['status'], string> = {
  received: 'delete-data.status.received',
  confirmed: 'delete-data.status.confirmed',
  done: 'delete-data.status.done',
  expired: 'delete-data.status.expired',
};

/** /delete-data/status/{code}: received → confirmed → done; never an email or a name. */
export function DeleteDataStatusPage() {
  const { code = '' } = useParams();
  const status = useDeleteDataStatusQuery(code);
  const t = useT(catalog);
  const s = useSharedText();
  const view = status.data;
  const steps: Array<{ label: string; at: string | null }> = view
    ? [
        { label: s(DELETE_DATA_STATUS_LABELS.received), at: view.receivedAt },
        { label: s(DELETE_DATA_STATUS_LABELS.confirmed), at: view.confirmedAt },
        { label: s(DELETE_DATA_STATUS_LABELS.done), at: view.doneAt },
      ]
    : [];

  return (
    <article className="mx-auto flex w-full max-w-2xl flex-1 flex-col gap-4 px-4 py-8 leading-relaxed sm:px-6">
      <h1 className="text-2xl font-semibold tracking-tight sm:text-3xl">{t('delete-data.status.title')}</h1>
      <p>
        <Trans catalog={catalog} id="delete-data.status.code" values={{ code }} components={{ 0: <span className="font-mono tracking-wider" /> }} />
      </p>
      {status.isPending ? (
        <Spinner />
      ) : status.isError ? (
        <p role="alert">{errorMessage(status.error)}</p>
      ) : view ? (
        <>
          <p>
            <Trans
              catalog={catalog}
              id="delete-data.status.state"
              values={{ state: s(DELETE_DATA_STATUS_LABELS[view.status]) }}
              components={{ 0: <strong /> }}
            />
          </p>
          <p>{t(EXPLAIN[view.status])}</p>
          <ol className="grid gap-2" aria-label={t('delete-data.status.progress')}>
            {steps.map((step) => (
              <li key={step.label} className={step.at ? 'font-medium' : 'text-muted-foreground'}>
                {t('delete-data.status.step', { step: step.label, at: step.at ? when(step.at) : t('delete-data.status.notYet') })}
              </li>
            ))}
          </ol>
        </>
      ) : null}
    </article>
  );
}
