import { TextField } from '#/components/text-field';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { requestPasswordResetSchema, type RequestPasswordResetInput } from '@bayclub/shared';
import { Button } from '#/components/ui/button';
import { Form } from '#/components/ui/form';
import { useSharedText, useT } from '#/lib/i18n';
import { catalog } from './i18n';
import { useRequestPasswordResetMutation } from './password-reset-api';

/** Ask for a reset link. The answer is the same whether or not the email has an account. */
export function RequestResetForm({ onBack }: { onBack?: () => void }) {
  const request = useRequestPasswordResetMutation();
  const t = useT(catalog);
  const s = useSharedText();
  const form = useForm<RequestPasswordResetInput>({
    resolver: zodResolver(requestPasswordResetSchema),
    defaultValues: { email: '' },
  });
  const handleSubmit = form.handleSubmit(async (values) => {
    await request.mutateAsync(values);
  });

  return (
    <Form {...form}>
      <form onSubmit={handleSubmit} noValidate className="grid gap-4">
        {request.data ? (
          <p role="status" className="rounded-md border border-primary/40 bg-primary/10 px-3 py-2 text-sm">
            {s(request.data)}
          </p>
        ) : null}
        <TextField name="email" label={t('auth.field.email')} type="email" autoComplete="email" inputMode="email" />
        <Button type="submit" disabled={form.formState.isSubmitting}>
          {form.formState.isSubmitting ? t('auth.reset.sending') : t('auth.reset.send')}
        </Button>
        {onBack ? (
          <Button type="button" variant="link" onClick={onBack}>
            {t('auth.reset.back')}
          </Button>
        ) : null}
      </form>
    </Form>
  );
}
