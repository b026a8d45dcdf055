import * as React from 'react';
import type { FieldValues, UseFormReturn } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { FormErrorAlert } from '#/components/form-error-alert';
import { Button } from '#/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '#/components/ui/dialog';
import { Form } from '#/components/ui/form';
import { Spinner } from '#/components/ui/spinner';
import { applyFieldErrors, errorMessage } from '#/lib/api';
import { useT } from '#/lib/i18n';
import { catalog } from './i18n';

// The one shape of the create and edit dialogs (events, places, communities): a wide, scrolling dialog holding a
// react-hook-form form with its whole-form error and Save, and, after a create, a second step for the images.

interface FormDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description: React.ReactNode;
  children: React.ReactNode;
}

/** The dialog around a create or edit form (and its later steps). */
export function FormDialog({ open, onOpenChange, title, description, children }: FormDialogProps) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-h-[calc(100dvh-2rem)] overflow-y-auto sm:max-w-2xl">
        <DialogHeader>
          <DialogTitle>{title}</DialogTitle>
          <DialogDescription>{description}</DialogDescription>
        </DialogHeader>
        {children}
      </DialogContent>
    </Dialog>
  );
}

interface DialogFormProps<T extends FieldValues> {
  form: UseFormReturn<T>;
  /** The form's accessible name. */
  label: string;
  /** Saves the values. What it throws lands on the fields the server named, or above the form. */
  onSubmit: (values: T) => Promise<void>;
  submitLabel: string;
  /** Said while saving ('Saving...' unless told). */
  busyLabel?: string;
  /** Keeps Save disabled (an address that is taken or invalid). */
  blocked?: boolean;
  children: React.ReactNode;
}

/** A dialog's form: checked by its schema, the server's field messages per field, nothing lost when saving fails. */
export function DialogForm<T extends FieldValues>({
  form,
  label,
  onSubmit,
  submitLabel,
  busyLabel,
  blocked = false,
  children,
}: DialogFormProps<T>) {
  const t = useT(catalog);
  const [formError, setFormError] = React.useState<string | null>(null);
  const handleSubmit = form.handleSubmit(async (values) => {
    setFormError(null);
    try {
      await onSubmit(values);
    } catch (error) {
      if (!applyFieldErrors(error, form.setError)) setFormError(errorMessage(error));
    }
  });
  const submitting = form.formState.isSubmitting;
  return (
    <Form {...form}>
      <form noValidate onSubmit={handleSubmit} aria-label={label} className="grid gap-5">
        <FormErrorAlert message={formError} />
        {children}
        <DialogFooter>
          <Button type="submit" disabled={submitting || blocked}>
            {submitting && <Spinner />}
            {submitting ? (busyLabel ?? t('components.dialog.saving')) : submitLabel}
          </Button>
        </DialogFooter>
      </form>
    </Form>
  );
}

/** The step after a create: what the new thing can do without (its images), and the button that closes. */
export function AfterSaveStep({ doneLabel, onDone, children }: { doneLabel?: string; onDone: () => void; children: React.ReactNode }) {
  const t = useT(catalog);
  return (
    <div className="grid gap-5">
      {children}
      <DialogFooter>
        <Button onClick={onDone}>{doneLabel ?? t('components.dialog.done')}</Button>
      </DialogFooter>
    </div>
  );
}

/**
 * The steps of a create dialog: `saved` holds what the details step saved (the dialog then shows its next step),
 * and closing opens the new thing's page (`pageOf`, left out when editing) and starts over.
 */
export function useSavedStep<T>(onOpenChange: (open: boolean) => void, pageOf?: (saved: T) => string) {
  const [saved, setSaved] = React.useState<T | null>(null);
  const navigate = useNavigate();
  const close = (next: boolean) => {
    onOpenChange(next);
    if (!next && saved && pageOf) void navigate(pageOf(saved));
    if (!next) setSaved(null);
  };
  return { saved, setSaved, close };
}
