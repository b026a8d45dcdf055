import { useParams } from 'react-router';
import { DELETE_DATA_STATUS_LABELS, type DeleteDataStatusView } from '@bayclub/shared';
import { Spinner } from '#/components/ui/spinner';
import { errorMessage } from '#/lib/api';
import { useDeleteDataStatusQuery } from './api';

const when = (iso: string) => new Date(iso).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });

const EXPLAIN: Record<DeleteDataStatusView['status'], string> = {
  received: 'We received the request. If its email has an account, a confirmation link was mailed to it; nothing is deleted until it is confirmed.',
  confirmed: 'The request was confirmed; the account is being deleted.',
  done: 'Done: the account and its data have been deleted.',
  expired: 'This request was not confirmed in time. Ask again if you still want your data deleted.',
};

/** /delete-data/status/{code}: received → confirmed → done; never an email or a name. */
export function DeleteDataStatusPage() {
  const { code = '' } = useParams();
  const status = useDeleteDataStatusQuery(code);
  const view = status.data;
  const steps: Array<{ label: string; at: string | null }> = view
    ? [
        { label: DELETE_DATA_STATUS_LABELS.received, at: view.receivedAt },
        { label: DELETE_DATA_STATUS_LABELS.confirmed, at: view.confirmedAt },
        { label: DELETE_DATA_STATUS_LABELS.done, at: view.doneAt },
      ]
    : [];

  return (
    <article className="mx-auto flex w-full max-w-2xl flex-1 flex-col gap-4 px-4 py-8 leading-relaxed sm:px-6">
      <h1 className="text-2xl font-semibold tracking-tight sm:text-3xl">Deletion request</h1>
      <p>
        Confirmation code: <span className="font-mono tracking-wider">{code}</span>
      </p>
      {status.isPending ? (
        <Spinner />
      ) : status.isError ? (
        <p role="alert">{errorMessage(status.error)}</p>
      ) : view ? (
        <>
          <p>
            Status: <strong>{DELETE_DATA_STATUS_LABELS[view.status]}</strong>
          </p>
          <p>{EXPLAIN[view.status]}</p>
          <ol className="grid gap-2" aria-label="Progress">
            {steps.map((step) => (
              <li key={step.label} className={step.at ? 'font-medium' : 'text-muted-foreground'}>
                {step.label}: {step.at ? when(step.at) : 'not yet'}
              </li>
            ))}
          </ol>
        </>
      ) : null}
    </article>
  );
}
