import type * as React from 'react';
import { useFormContext, type FieldPath, type FieldValues } from 'react-hook-form';
import { FormControl, FormDescription, FormField, FormItem, FormLabel, FormMessage } from '#/components/ui/form';
import { Input } from '#/components/ui/input';

/**
 * A labelled input bound to a react-hook-form field, with its description and error message wired
 * for assistive technology. `labelAction` sits at the label's end (e.g. "Forgot password?").
 */
export function TextField<T extends FieldValues>({
  name,
  label,
  description,
  labelAction,
  normalize,
  ...inputProps
}: {
  name: FieldPath<T>;
  label: React.ReactNode;
  description?: React.ReactNode;
  labelAction?: React.ReactNode;
  /** Applied to what is typed before it reaches the form (e.g. lowercase a username). */
  normalize?: (value: string) => string;
} & Omit<React.ComponentProps<'input'>, 'name' | 'value' | 'defaultValue' | 'onChange' | 'onBlur' | 'ref'>) {
  const { control } = useFormContext<T>();
  return (
    <FormField
      control={control}
      name={name}
      render={({ field }) => (
        <FormItem>
          {labelAction ? (
            <div className="flex items-center justify-between">
              <FormLabel>{label}</FormLabel>
              {labelAction}
            </div>
          ) : (
            <FormLabel>{label}</FormLabel>
          )}
          <FormControl>
            <Input
              {...inputProps}
              {...field}
              value={field.value ?? ''}
              onChange={(e) => field.onChange(normalize ? normalize(e.target.value) : e.target.value)}
            />
          </FormControl>
          {description && <FormDescription>{description}</FormDescription>}
          <FormMessage />
        </FormItem>
      )}
    />
  );
}
