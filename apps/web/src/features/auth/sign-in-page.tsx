import * as React from 'react';
import { TextField } from '#/components/text-field';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router';
import { linkedinErrorMessage, SIGN_IN_FAILED_MESSAGE, signInSchema, type SignInInput } from '@bayclub/shared';
import { LinkedinButton } from '#/features/landing';
import { Button } from '#/components/ui/button';
import { Form } from '#/components/ui/form';
import { applyFieldErrors, errorMessage, isApiError } from '#/lib/api';
import { Trans, useSharedText, useT } from '#/lib/i18n';
import { useSignInMutation } from './api';
import { catalog } from './i18n';
import { AuthCard, FormError } from './auth-card';
import { RequestResetForm } from './request-reset-form';

/** /login and /auth for visitors: email and password, or ask for a reset link. */
export function SignInPage() {
  const [mode, setMode] = React.useState<'sign-in' | 'forgot'>('sign-in');
  const t = useT(catalog);
  if (mode === 'forgot') {
    return (
      <AuthCard title={t('auth.reset.title')} description={t('auth.reset.description')}>
        <RequestResetForm onBack={() => setMode('sign-in')} />
      </AuthCard>
    );
  }
  return (
    <AuthCard title={t('auth.signIn.title')} description={t('auth.signIn.description')}>
      <SignInForm onForgot={() => setMode('forgot')} />
    </AuthCard>
  );
}

function SignInForm({ onForgot }: { onForgot: () => void }) {
  const navigate = useNavigate();
  const location = useLocation();
  const signIn = useSignInMutation();
  const t = useT(catalog);
  const s = useSharedText();
  const [params] = useSearchParams();
  // A LinkedIn round-trip that came back without a sign-in (cancelled, expired, suspended): decision 034.
  const [formError, setFormError] = React.useState<string | null>(() => {
    const linkedinError = linkedinErrorMessage(params.get('linkedin_error'));
    return linkedinError && s(linkedinError);
  });
  const form = useForm<SignInInput>({ resolver: zodResolver(signInSchema), defaultValues: { email: '', password: '' } });

  const handleSubmit = form.handleSubmit(async (values) => {
    setFormError(null);
    try {
      await signIn.mutateAsync(values);
      const from = (location.state as { from?: unknown } | null)?.from;
      await navigate(typeof from === 'string' && from.startsWith('/') ? from : '/', { replace: true });
    } catch (error) {
      if (isApiError(error) && (error.status === 401 || error.code === 'INVALID_EMAIL_OR_PASSWORD')) {
        setFormError(s(SIGN_IN_FAILED_MESSAGE));
      } else if (!applyFieldErrors(error, form.setError)) {
        setFormError(errorMessage(error));
      }
    }
  });

  return (
    <Form {...form}>
      <form onSubmit={handleSubmit} noValidate className="grid gap-4">
        <FormError message={formError} />
        <TextField name="email" label={t('auth.field.email')} type="email" autoComplete="email" inputMode="email" />
        <TextField
          name="password"
          label={t('auth.field.password')}
          type="password"
          autoComplete="current-password"
          labelAction={
            <Button type="button" variant="link" size="sm" className="h-auto p-0" onClick={onForgot}>
              {t('auth.signIn.forgot')}
            </Button>
          }
        />
        <Button type="submit" disabled={form.formState.isSubmitting}>
          {form.formState.isSubmitting ? t('auth.signIn.submitting') : t('auth.signIn.submit')}
        </Button>
        <p className="flex items-center gap-3 text-sm text-muted-foreground before:h-px before:flex-1 before:bg-border after:h-px after:flex-1 after:bg-border">
          {t('auth.signIn.or')}
        </p>
        <LinkedinButton intent="signin" />
        <p className="text-center text-sm text-muted-foreground">
          <Trans
            catalog={catalog}
            id="auth.signIn.notMember"
            components={{ 0: <Link to="/#apply" className="font-medium text-primary underline-offset-4 hover:underline" /> }}
          />
        </p>
      </form>
    </Form>
  );
}
