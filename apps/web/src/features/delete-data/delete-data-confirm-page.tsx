import type * as React from 'react';
import { Link, useSearchParams } from 'react-router';
import { Button } from '#/components/ui/button';
import { DELETE_DATA_MESSAGES } from '@bayclub/shared';
import { errorMessage } from '#/lib/api';
import { useSharedText, useT } from '#/lib/i18n';
import { useDeleteDataConfirmMutation } from './api';
import { catalog } from './i18n';

/**
 * /delete-data/confirm?token=...: the mailed link. Opening it deletes nothing (a mail scanner may open links); the
 * button posts the token, and the account is deleted as Settings → Delete deletes it.
 */
export function DeleteDataConfirmPage() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const confirm = useDeleteDataConfirmMutation();
  const t = useT(catalog);
  const s = useSharedText();
  const handleSubmit = (event: React.FormEvent) => {
    event.preventDefault();
    confirm.mutate({ token });
  };

  return (
    <article className="mx-auto flex w-full max-w-2xl flex-1 flex-col gap-4 px-4 py-8 leading-relaxed sm:px-6">
      <h1 className="text-2xl font-semibold tracking-tight sm:text-3xl">{t('delete-data.confirm.title')}</h1>
      {confirm.data ? (
        <div role="status" className="grid gap-3 rounded-md border border-primary/40 bg-primary/10 p-4">
          <p>{confirm.data.message}.</p>
          <p>
            <Link to={confirm.data.statusPath} className="text-primary underline underline-offset-4">
              {t('delete-data.confirm.status')}
            </Link>
          </p>
        </div>
      ) : !token ? (
        <p role="alert">{s(DELETE_DATA_MESSAGES.invalidLink)}</p>
      ) : (
        <form onSubmit={handleSubmit} className="grid gap-4">
          <p>{t('delete-data.confirm.warning')}</p>
          {confirm.error ? (
            <p role="alert" className="text-sm text-destructive">
              {errorMessage(confirm.error, s(DELETE_DATA_MESSAGES.confirmFailed))}
            </p>
          ) : null}
          <Button type="submit" variant="destructive" disabled={confirm.isPending}>
            {confirm.isPending ? t('delete-data.confirm.deleting') : t('delete-data.confirm.submit')}
          </Button>
          <Link to="/delete-data" className="text-sm text-primary underline underline-offset-4">
            {t('delete-data.confirm.back')}
          </Link>
        </form>
      )}
    </article>
  );
}
