import type * as React from 'react';
import { Link, useSearchParams } from 'react-router';
import { Button } from '#/components/ui/button';
import { DELETE_DATA_MESSAGES } from '@bayclub/shared';
import { errorMessage } from '#/lib/api';
import { useDeleteDataConfirmMutation } from './api';

/**
 * /delete-data/confirm?token=...: the mailed link. Opening it deletes nothing (a mail scanner may open links); the
 * button posts the token, and the account is deleted as Settings → Delete deletes it.
 */
export function DeleteDataConfirmPage() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const confirm = useDeleteDataConfirmMutation();
  const handleSubmit = (event: React.FormEvent) => {
    event.preventDefault();
    confirm.mutate({ token });
  };

  return (
    <article className="mx-auto flex w-full max-w-2xl flex-1 flex-col gap-4 px-4 py-8 leading-relaxed sm:px-6">
      <h1 className="text-2xl font-semibold tracking-tight sm:text-3xl">Confirm deleting your account</h1>
      {confirm.data ? (
        <div role="status" className="grid gap-3 rounded-md border border-primary/40 bg-primary/10 p-4">
          <p>{confirm.data.message}.</p>
          <p>
            <Link to={confirm.data.statusPath} className="text-primary underline underline-offset-4">
              See the request's status
            </Link>
          </p>
        </div>
      ) : !token ? (
        <p role="alert">{DELETE_DATA_MESSAGES.invalidLink}</p>
      ) : (
        <form onSubmit={handleSubmit} className="grid gap-4">
          <p>
            Your account, profile, photos, posts, comments, messages, RSVPs and check-ins will be deleted at once. This
            cannot be undone.
          </p>
          {confirm.error ? (
            <p role="alert" className="text-sm text-destructive">
              {errorMessage(confirm.error, DELETE_DATA_MESSAGES.confirmFailed)}
            </p>
          ) : null}
          <Button type="submit" variant="destructive" disabled={confirm.isPending}>
            {confirm.isPending ? 'Deleting...' : 'Delete my account'}
          </Button>
          <Link to="/delete-data" className="text-sm text-primary underline underline-offset-4">
            Back to Delete your data
          </Link>
        </form>
      )}
    </article>
  );
}
