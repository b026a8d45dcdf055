import { AvailabilityField } from '#/components/availability-field';
import type { UsernameStatus } from './use-username-availability';

/** The slice of a form this field binds to (the Apply form and the Settings modal both have it). */
type UsernameForm = { username?: string | null };

/** Username input: lowercased as typed, with the live availability check under it. */
export function UsernameField({ status }: { status: UsernameStatus }) {
  return (
    <AvailabilityField<UsernameForm>
      name="username"
      label="Username"
      prefix="@"
      inputClassName="pl-7"
      status={status}
      idle="3-30 characters: lowercase letters, numbers, underscores and hyphens."
      checking="Checking availability..."
      maxLength={60}
      autoComplete="username"
    />
  );
}
