import { useFormContext } from 'react-hook-form';
import { COMMUNITY_LIMITS, type CreateCommunityInput } from '@bayclub/shared';
import { AvailabilityStatusLine } from '#/components/availability-status';
import { FormControl, FormDescription, FormField, FormItem, FormLabel, FormMessage } from '#/components/ui/form';
import { Input } from '#/components/ui/input';
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
              <AvailabilityStatusLine status={status} idle="The community's link: lowercase letters, numbers and hyphens." checking="Checking the address..." />
            </FormDescription>
          )}
          <FormMessage />
        </FormItem>
      )}
    />
  );
}
