import { useFormContext } from 'react-hook-form';
import { AlertTriangleIcon, CheckCircle2Icon, XCircleIcon } from 'lucide-react';
import { FormControl, FormDescription, FormField, FormItem, FormLabel, FormMessage } from '#/components/ui/form';
import { Input } from '#/components/ui/input';
import { Spinner } from '#/components/ui/spinner';
import { cn } from '#/lib/utils';
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
              <UsernameStatusLine status={status} />
            </FormDescription>
          )}
          <FormMessage />
        </FormItem>
      )}
    />
  );
}

function UsernameStatusLine({ status }: { status: UsernameStatus }) {
  const base = 'inline-flex items-center gap-1.5';
  switch (status.state) {
    case 'idle':
      return <span>3-30 characters: lowercase letters, numbers, underscores and hyphens.</span>;
    case 'checking':
      return (
        <span className={base}>
          <Spinner className="size-3.5" /> Checking availability...
        </span>
      );
    case 'available':
      return (
        <span className={cn(base, 'text-success')}>
          <CheckCircle2Icon aria-hidden="true" className="size-4" /> {status.message}
        </span>
      );
    case 'taken':
    case 'invalid':
      return (
        <span className={cn(base, 'text-destructive')}>
          <XCircleIcon aria-hidden="true" className="size-4" /> {status.message}
        </span>
      );
    case 'error':
      return (
        <span className={cn(base, 'text-warning')}>
          <AlertTriangleIcon aria-hidden="true" className="size-4" /> {status.message}
        </span>
      );
  }
}
