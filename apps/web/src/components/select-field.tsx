import type * as React from 'react';
import { useFormContext, type FieldPath, type FieldValues } from 'react-hook-form';
import { FormControl, FormField, FormItem, FormLabel, FormMessage } from '#/components/ui/form';
import { NativeSelect } from '#/components/ui/native-select';

export interface SelectOption {
  value: string;
  label: string;
}

/**
 * A labelled native select bound to a react-hook-form field. Native selects suit phones (long lists
 * such as ages) and keyboards. `toForm` / `fromForm` convert between the option string and the
 * field's value (numbers, enums, undefined for "nothing chosen").
 */
export function SelectField<T extends FieldValues>({
  name,
  label,
  options,
  placeholder,
  toForm = (v) => (v === '' ? undefined : v),
  fromForm = (v) => (v == null ? '' : String(v)),
}: {
  name: FieldPath<T>;
  label: React.ReactNode;
  options: readonly SelectOption[];
  /** Shown as a disabled first option while nothing is chosen. */
  placeholder?: string;
  toForm?: (value: string) => unknown;
  fromForm?: (value: unknown) => string;
}) {
  const { control } = useFormContext<T>();
  return (
    <FormField
      control={control}
      name={name}
      render={({ field }) => (
        <FormItem>
          <FormLabel>{label}</FormLabel>
          <FormControl>
            <NativeSelect
              name={field.name}
              ref={field.ref}
              onBlur={field.onBlur}
              value={fromForm(field.value)}
              onChange={(e) => field.onChange(toForm(e.target.value))}
            >
              {placeholder && (
                <option value="" disabled>
                  {placeholder}
                </option>
              )}
              {options.map((o) => (
                <option key={o.value} value={o.value}>
                  {o.label}
                </option>
              ))}
            </NativeSelect>
          </FormControl>
          <FormMessage />
        </FormItem>
      )}
    />
  );
}
