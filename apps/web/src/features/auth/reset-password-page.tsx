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
import { useResetPasswordMutation } from './password-reset-api';
import { AuthCard, FormError } from './auth-card';
import { RequestResetForm } from './request-reset-form';

/** /reset-password: with ?token= choose a new password, without it ask for a link. */
export function ResetPasswordPage() {
  const [params] = useSearchParams();
  const token = params.get('token');
  if (!token) {
    return (
      <AuthCard title="Reset your password" description="Enter your email and we will send you a link to choose a new password.">
        <RequestResetForm />
        <p className="mt-4 text-center text-sm">
          <Link to="/login" className="font-medium text-primary underline-offset-4 hover:underline">
            Back to sign in
          </Link>
        </p>
      </AuthCard>
    );
  }
  return (
    <AuthCard title="Choose a new password" description="Your new password must be at least 6 characters long.">
      <NewPasswordForm token={token} />
    </AuthCard>
  );
}

function NewPasswordForm({ token }: { token: string }) {
  const navigate = useNavigate();
  const reset = useResetPasswordMutation();
  const [formError, setFormError] = React.useState<string | null>(null);
  const form = useForm<ResetPasswordInput>({
    resolver: zodResolver(resetPasswordSchema),
    defaultValues: { token, newPassword: '', confirmPassword: '' },
  });

  const handleSubmit = form.handleSubmit(async (values) => {
    setFormError(null);
    try {
      await reset.mutateAsync({ newPassword: values.newPassword, token: values.token });
      toast.success('Your password has been reset. Please sign in.');
      await navigate('/login', { replace: true });
    } catch (error) {
      if (applyFieldErrors(error, form.setError)) return;
      setFormError(
        isApiError(error) && error.status === 400
          ? 'This reset link is invalid or has expired. Ask for a new one.'
          : errorMessage(error),
      );
    }
  });

  return (
    <Form {...form}>
      <form onSubmit={handleSubmit} noValidate className="grid gap-4">
        <FormError message={formError} />
        <TextField name="newPassword" label="New password" type="password" autoComplete="new-password" />
        <TextField name="confirmPassword" label="Confirm new password" type="password" autoComplete="new-password" />
        <Button type="submit" disabled={form.formState.isSubmitting}>
          {form.formState.isSubmitting ? 'Saving...' : 'Reset password'}
        </Button>
        <p className="text-center text-sm">
          <Link to="/reset-password" className="font-medium text-primary underline-offset-4 hover:underline">
            Ask for a new link
          </Link>
        </p>
      </form>
    </Form>
  );
}
