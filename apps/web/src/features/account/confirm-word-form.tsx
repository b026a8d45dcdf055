import type * as React from 'react';
import {
  AlertDialogCancel,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
} from '#/components/ui/alert-dialog';
import { Button } from '#/components/ui/button';
import { Spinner } from '#/components/ui/spinner';
import { useT } from '#/lib/i18n';
import { ConfirmWordInput } from './confirm-word-input';
import { catalog } from './i18n';

interface ConfirmWordFormProps {
  title: string;
  description: React.ReactNode;
  /** The exact, case-sensitive word that enables the action (DEACTIVATE, DELETE). */
  word: string;
  typed: string;
  onTypedChange: (value: string) => void;
  busy: boolean;
  /** The destructive button, and its label while the request runs. */
  action: string;
  busyAction: string;
  failure?: string | null;
  onConfirm: () => void;
}

/** The "type WORD to confirm" step of a destructive account dialog: the action is enabled only on an exact match. */
export function ConfirmWordForm(props: ConfirmWordFormProps) {
  const { title, description, word, typed, onTypedChange, busy, action, busyAction, failure, onConfirm } = props;
  const t = useT(catalog);
  return (
    <form
      noValidate
      className="grid gap-4"
      onSubmit={(e) => {
        e.preventDefault();
        e.stopPropagation();
        onConfirm();
      }}
    >
      <AlertDialogHeader>
        <AlertDialogTitle>{title}</AlertDialogTitle>
        <AlertDialogDescription>{description}</AlertDialogDescription>
      </AlertDialogHeader>
      <ConfirmWordInput word={word} value={typed} onChange={onTypedChange} disabled={busy} />
      {failure && (
        <p role="alert" className="rounded-md border border-destructive/40 bg-destructive/10 px-3 py-2 text-sm text-destructive">
          {failure}
        </p>
      )}
      <AlertDialogFooter>
        <AlertDialogCancel type="button" disabled={busy}>
          {t('account.cancel')}
        </AlertDialogCancel>
        <Button type="submit" variant="destructive" disabled={typed !== word || busy}>
          {busy && <Spinner />}
          {busy ? busyAction : action}
        </Button>
      </AlertDialogFooter>
    </form>
  );
}
