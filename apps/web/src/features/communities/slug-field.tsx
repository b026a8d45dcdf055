import { useFormContext } from 'react-hook-form';
import { AlertTriangleIcon, CheckCircle2Icon, XCircleIcon } from 'lucide-react';
import { COMMUNITY_LIMITS, type CreateCommunityInput } from '@bayclub/shared';
import { FormControl, FormDescription, FormField, FormItem, FormLabel, FormMessage } from '#/components/ui/form';
import { Input } from '#/components/ui/input';
import { Spinner } from '#/components/ui/spinner';
import { cn } from '#/lib/utils';
import type { SlugStatus } from './use-slug-availability';

/** The address (/{slug}), lowercased as typed, with the live availability check under it. */
export function SlugField({ status, onEdited }: { status: SlugStatus; onEdited: () => void }) {
  const { control } = useFormContext<CreateCommunityInput>();
  const flagged = status.state === 'taken' || status.state === 'invalid';
  return (
    <FormField
      control={control}
      name="urlSlug"
      render={({ field, fieldState }) => (
        <FormItem>
          <FormLabel>Address</FormLabel>
          <div className="relative">
            <span aria-hidden="true" className="pointer-events-none absolute top-1/2 left-3 -translate-y-1/2 text-muted-foreground">
              /
            </span>
            <FormControl>
              <Input
                {...field}
                value={field.value ?? ''}
                onChange={(e) => {
                  onEdited();
                  field.onChange(e.target.value.toLowerCase());
                }}
                className="pl-6"
                autoCapitalize="none"
                autoCorrect="off"
                autoComplete="off"
                spellCheck={false}
                maxLength={COMMUNITY_LIMITS.slugMax}
                aria-invalid={fieldState.invalid || flagged}
              />
            </FormControl>
          </div>
          {!fieldState.error && (
            <FormDescription aria-live="polite">
              <SlugStatusLine status={status} />
            </FormDescription>
          )}
          <FormMessage />
        </FormItem>
      )}
    />
  );
}

function SlugStatusLine({ status }: { status: SlugStatus }) {
  const base = 'inline-flex items-center gap-1.5';
  switch (status.state) {
    case 'idle':
      return <span>The community's link: lowercase letters, numbers and hyphens.</span>;
    case 'checking':
      return (
        <span className={base}>
          <Spinner className="size-3.5" /> Checking the address...
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
