import { useFormContext } from 'react-hook-form';
import { AvailabilityStatusLine } from '#/components/availability-status';
import { FormControl, FormDescription, FormField, FormItem, FormLabel, FormMessage } from '#/components/ui/form';
import { Input } from '#/components/ui/input';
import type { UsernameStatus } from './use-username-availability';

/** The slice of a form this field binds to (the Apply form and the Settings modal both have it). */
type UsernameForm = { username?: string | null };

/** Username input: lowercased as typed, with the live availability check under it. */
export function UsernameField({ status }: { status: UsernameStatus }) {
  const { control } = useFormContext<UsernameForm>();
  const flagged = status.state === 'taken' || status.state === 'invalid';
  return (
    <FormField
      control={control}
      name="username"
      render={({ field, fieldState }) => (
        <FormItem>
          <FormLabel>Username</FormLabel>
          <div className="relative">
            <span aria-hidden="true" className="pointer-events-none absolute top-1/2 left-3 -translate-y-1/2 text-muted-foreground">
              @
            </span>
            <FormControl>
              <Input
                {...field}
                value={field.value ?? ''}
                onChange={(e) => field.onChange(e.target.value.toLowerCase())}
                className="pl-7"
                autoComplete="username"
                autoCapitalize="none"
                autoCorrect="off"
                spellCheck={false}
                maxLength={60}
                aria-invalid={fieldState.invalid || flagged}
              />
            </FormControl>
          </div>
          {/* A server or submit error replaces the live status so the two never disagree. */}
          {!fieldState.error && (
            <FormDescription aria-live="polite">
              <AvailabilityStatusLine status={status} idle="3-30 characters: lowercase letters, numbers, underscores and hyphens." checking="Checking availability..." />
            </FormDescription>
          )}
          <FormMessage />
        </FormItem>
      )}
    />
  );
}
