import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Link } from 'react-router';
import { deleteDataRequestSchema, type DeleteDataRequestInput } from '@bayclub/shared';
import { TextField } from '#/components/text-field';
import { Button } from '#/components/ui/button';
import { Form } from '#/components/ui/form';
import { applyFieldErrors, errorMessage } from '#/lib/api';
import { Trans, useT } from '#/lib/i18n';
import { useDeleteDataRequestMutation } from './api';
import { catalog } from './i18n';

/**
 * The request form: an email. The answer is the same whether or not it has an account; it shows the confirmation
 * code and the status page's link. A failed request keeps what was typed.
 */
export function DeleteDataForm() {
  const request = useDeleteDataRequestMutation();
  const t = useT(catalog);
  const form = useForm<DeleteDataRequestInput>({ resolver: zodResolver(deleteDataRequestSchema), defaultValues: { email: '' } });
  const handleSubmit = form.handleSubmit(async (values) => {
    try {
      await request.mutateAsync(values);
    } catch (err) {
      if (!applyFieldErrors(err, form.setError)) form.setError('root', { message: errorMessage(err, t('delete-data.form.failed')) });
    }
  });
  const answer = request.data;

  if (answer) {
    return (
      <div role="status" className="grid gap-3 rounded-md border border-primary/40 bg-primary/10 p-4">
        <p>{answer.message}</p>
        <p>
          <Trans
            catalog={catalog}
            id="delete-data.form.code"
            values={{ code: answer.confirmationCode }}
            components={{ 0: <strong className="font-mono tracking-wider" /> }}
          />
        </p>
        <p>
          <Link to={answer.statusPath} className="text-primary underline underline-offset-4">
            {t('delete-data.form.follow')}
          </Link>
        </p>
      </div>
    );
  }

  return (
    <Form {...form}>
      <form onSubmit={handleSubmit} noValidate className="grid gap-4" aria-label={t('delete-data.form.label')}>
        <TextField name="email" label={t('delete-data.form.email')} type="email" autoComplete="email" inputMode="email" />
        {form.formState.errors.root ? (
          <p role="alert" className="text-sm text-destructive">
            {form.formState.errors.root.message}
          </p>
        ) : null}
        <Button type="submit" disabled={form.formState.isSubmitting}>
          {form.formState.isSubmitting ? t('delete-data.form.sending') : t('delete-data.form.send')}
        </Button>
      </form>
    </Form>
  );
}
