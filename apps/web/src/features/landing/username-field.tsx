import { AvailabilityField } from '#/components/availability-field';
import { useT } from '#/lib/i18n';
import { catalog } from './i18n';
import type { UsernameStatus } from './use-username-availability';

/** The slice of a form this field binds to (the Apply form and the Settings modal both have it). */
type UsernameForm = { username?: string | null };

/** Username input: lowercased as typed, with the live availability check under it. */
export function UsernameField({ status }: { status: UsernameStatus }) {
  const t = useT(catalog);
  return (
    <AvailabilityField<UsernameForm>
      name="username"
      label={t('landing.field.username')}
      prefix="@"
      inputClassName="pl-7"
      status={status}
      idle={t('landing.field.usernameHint')}
      checking={t('landing.field.usernameChecking')}
      maxLength={60}
      autoComplete="username"
    />
  );
}
