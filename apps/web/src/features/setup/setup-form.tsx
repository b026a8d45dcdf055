import { TextField } from '#/components/text-field';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { toast } from 'sonner';
import { AlertTriangleIcon } from 'lucide-react';
import { setupAdminSchema, type MeView, type SetupAdminInput } from '@bayclub/shared';
import { Button } from '#/components/ui/button';
import { Form } from '#/components/ui/form';
import { Spinner } from '#/components/ui/spinner';
import { errorMessage, isApiError } from '#/lib/api';
import { refreshSession } from '#/lib/session/api';
import { useSharedText, useT } from '#/lib/i18n';
import { setupKeys, useSetupAdminMutation } from './api';
import { catalog } from './i18n';

type SetupFields = Omit<SetupAdminInput, 'token'>;

/** The form's fields; `label` is a catalogue id. */
const FIELDS: ReadonlyArray<{ name: keyof SetupFields; label: string; type: string; autoComplete: string }> = [
  { name: 'name', label: 'setup.field.name', type: 'text', autoComplete: 'name' },
  { name: 'email', label: 'setup.field.email', type: 'email', autoComplete: 'email' },
  { name: 'username', label: 'setup.field.username', type: 'text', autoComplete: 'username' },
  { name: 'password', label: 'setup.field.password', type: 'password', autoComplete: 'new-password' },
];

/** The person, not their role: the name they gave (as the server kept it), else their username. */
function welcomeName(me: MeView | null, typed: SetupAdminInput): string {
  return me?.profile?.fullName?.trim() || me?.profile?.username || typed.name.trim() || typed.username;
}

/** The English of 'setup.form.invalidToken', as the tests read it; the form shows the catalogue's. */
export const INVALID_TOKEN_MESSAGE = 'This setup link is invalid or has already been used.';

export function SetupForm({ token }: { token: string }) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const setup = useSetupAdminMutation();
  const t = useT(catalog);
  const s = useSharedText();
  const form = useForm<SetupAdminInput>({
    resolver: zodResolver(setupAdminSchema, undefined, { raw: true }),
    defaultValues: { token, name: '', email: '', username: '', password: '' },
  });
  const submitting = form.formState.isSubmitting;
  const tokenError = form.formState.errors.token?.message; // the shared schema's
  const rootError = form.formState.errors.root?.message ?? (tokenError && s(tokenError));

  const handleSubmit = form.handleSubmit(async (values) => {
    try {
      await setup.mutateAsync({ ...values, token });
    } catch (error) {
      handleSetupError(error);
      return;
    }
    const me = await refreshSession(queryClient);
    toast.success(t('setup.form.welcome', { name: welcomeName(me, values) }), { description: t('setup.form.ready') });
    await navigate('/admin');
  });

  function handleSetupError(error: unknown) {
    if (isApiError(error) && error.status === 403) {
      form.setError('root', { type: 'server', message: t('setup.form.invalidToken') });
    } else if (isApiError(error) && error.status === 409) {
      // Someone finished setup first: show the "Setup is complete" state.
      void queryClient.invalidateQueries({ queryKey: setupKeys.status() });
    } else if (isApiError(error) && error.fields) {
      Object.entries(error.fields).forEach(([field, message], i) =>
        form.setError(field as keyof SetupAdminInput, { type: 'server', message }, { shouldFocus: i === 0 }),
      );
    } else {
      toast.error(t('setup.form.failed'), { description: errorMessage(error) });
    }
  }

  return (
    <Form {...form}>
      <form noValidate onSubmit={handleSubmit} className="grid gap-4">
        {rootError && (
          <p role="alert" className="flex gap-2 rounded-lg border border-destructive/50 bg-destructive/10 px-3 py-2 text-sm">
            <AlertTriangleIcon aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-destructive" />
            {rootError}
          </p>
        )}
        {FIELDS.map(({ name, label, type, autoComplete }) => (
          <TextField
            key={name}
            name={name}
            label={t(label)}
            type={type}
            autoComplete={autoComplete}
            normalize={name === 'username' ? (v) => v.toLowerCase() : undefined}
          />
        ))}
        <Button type="submit" size="lg" className="mt-2 w-full" disabled={submitting}>
          {submitting && <Spinner />}
          {submitting ? t('setup.form.creating') : t('setup.form.submit')}
        </Button>
      </form>
    </Form>
  );
}
