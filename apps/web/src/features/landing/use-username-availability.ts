import type { AvailabilityStatus } from '#/components/availability-status';
import { useQuery } from '@tanstack/react-query';
import { LIMITS, USERNAME_MESSAGES, usernameSchema } from '@bayclub/shared';
import { usernameAvailabilityQueryOptions } from './api';
import { useDebouncedValue } from '#/lib/use-debounced-value';
import { useSharedText } from '#/lib/i18n';

/** Spec 4: the username check is idle, checking, available, taken or invalid (plus a failed check). */
export type UsernameStatus = AvailabilityStatus;

const IDLE: UsernameStatus = { state: 'idle' };

/**
 * Checks a candidate username LIMITS.usernameCheckDebounce ms after the last keystroke.
 * Format rules are checked here with the shared schema, so only well-formed names reach the server.
 * `current` (the member's own username, in Settings) is never checked: spec 5 skips an unchanged name.
 */
export function useUsernameAvailability(value: string, opts: { current?: string | null } = {}): UsernameStatus {
  const candidate = value.trim().toLowerCase();
  const debounced = useDebouncedValue(candidate, LIMITS.usernameCheckDebounce);
  const s = useSharedText();
  const unchanged = !!opts.current && candidate === opts.current.toLowerCase();
  const settled = candidate === debounced && !unchanged;
  const parsed = debounced ? usernameSchema.safeParse(debounced) : null;
  const query = useQuery({
    ...usernameAvailabilityQueryOptions(debounced),
    enabled: settled && parsed?.success === true,
  });

  if (!candidate || !settled || !parsed) return IDLE;
  if (!parsed.success) return { state: 'invalid', message: s(parsed.error.issues[0]?.message ?? USERNAME_MESSAGES.charset) };
  if (query.isError) return { state: 'error', message: s(USERNAME_MESSAGES.checkFailed) };
  if (!query.data) return { state: 'checking' };
  if (query.data.error) return { state: 'invalid', message: query.data.error }; // the server's, in the reader's language
  return query.data.available
    ? { state: 'available', message: s(USERNAME_MESSAGES.available) }
    : { state: 'taken', message: s(USERNAME_MESSAGES.taken) };
}
