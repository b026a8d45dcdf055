import * as React from 'react';
import { TextField } from '#/components/text-field';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { toast } from 'sonner';
import { resetPasswordSchema, type ResetPasswordInput } from '@bayclub/shared';
import { Button } from '#/components/ui/button';
import { Form } from '#/components/ui/form';
import { applyFieldErrors, errorMessage, isApiError } from '#/lib/api';
import { useT } from '#/lib/i18n';
import { useResetPasswordMutation } from './password-reset-api';
import { catalog } from './i18n';
import { AuthCard, FormError } from './auth-card';
import { RequestResetForm } from './request-reset-form';

/** /reset-password: with ?token= choose a new password, without it ask for a link. */
export function ResetPasswordPage() {
  const [params] = useSearchParams();
  const token = params.get('token');
  const t = useT(catalog);
  if (!token) {
    return (
      <AuthCard title={t('auth.reset.title')} description={t('auth.reset.description')}>
        <RequestResetForm />
        <p className="mt-4 text-center text-sm">
          <Link to="/login" className="font-medium text-primary underline-offset-4 hover:underline">
            {t('auth.reset.back')}
          </Link>
        </p>
      </AuthCard>
    );
  }
  return (
    <AuthCard title={t('auth.newPassword.title')} description={t('auth.newPassword.description')}>
      <NewPasswordForm token={token} />
    </AuthCard>
  );
}

function NewPasswordForm({ token }: { token: string }) {
  const navigate = useNavigate();
  const reset = useResetPasswordMutation();
  const t = useT(catalog);
  const [formError, setFormError] = React.useState<string | null>(null);
  const form = useForm<ResetPasswordInput>({
    resolver: zodResolver(resetPasswordSchema),
    defaultValues: { token, newPassword: '', confirmPassword: '' },
  });

  const handleSubmit = form.handleSubmit(async (values) => {
    setFormError(null);
    try {
      await reset.mutateAsync({ newPassword: values.newPassword, token: values.token });
      toast.success(t('auth.newPassword.done'));
      await navigate('/login', { replace: true });
    } catch (error) {
      if (applyFieldErrors(error, form.setError)) return;
      setFormError(
        isApiError(error) && error.status === 400
          ? t('auth.newPassword.invalidLink')
          : errorMessage(error),
      );
    }
  });

  return (
    <Form {...form}>
      <form onSubmit={handleSubmit} noValidate className="grid gap-4">
        <FormError message={formError} />
        <TextField name="newPassword" label={t('auth.newPassword.field')} type="password" autoComplete="new-password" />
        <TextField name="confirmPassword" label={t('auth.newPassword.confirm')} type="password" autoComplete="new-password" />
        <Button type="submit" disabled={form.formState.isSubmitting}>
          {form.formState.isSubmitting ? t('auth.newPassword.saving') : t('auth.newPassword.submit')}
        </Button>
        <p className="text-center text-sm">
          <Link to="/reset-password" className="font-medium text-primary underline-offset-4 hover:underline">
            {t('auth.newPassword.askAgain')}
          </Link>
        </p>
      </form>
    </Form>
  );
}
