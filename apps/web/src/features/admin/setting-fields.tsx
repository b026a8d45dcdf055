import type * as React from 'react';
import { useFormContext } from 'react-hook-form';
import { FormControl, FormDescription, FormField, FormItem, FormLabel, FormMessage } from '#/components/ui/form';
import { TextField } from '#/components/text-field';
import { Switch } from '#/components/ui/switch';
import { Textarea } from '#/components/ui/textarea';
import { cn } from '#/lib/utils';
import type { EditableSettingKey, SettingsFormValues } from './settings-model';

interface FieldProps {
  name: EditableSettingKey;
  label: string;
  description?: React.ReactNode;
}

export function TextSettingField({
  name,
  label,
  description,
  multiline = false,
  ...inputProps
}: FieldProps & { multiline?: boolean } & Pick<React.ComponentProps<'input'>, 'type' | 'placeholder' | 'inputMode' | 'min' | 'maxLength'>) {
  const { control } = useFormContext<SettingsFormValues>();
  if (!multiline) {
    return <TextField<SettingsFormValues> name={name} label={label} description={description} autoComplete="off" {...inputProps} />;
  }
  return (
    <FormField
      control={control}
      name={name}
      render={({ field }) => (
        <FormItem>
          <FormLabel>{label}</FormLabel>
          <FormControl>
            <Textarea {...field} rows={3} maxLength={inputProps.maxLength} placeholder={inputProps.placeholder} />
          </FormControl>
          {description && <FormDescription>{description}</FormDescription>}
          <FormMessage />
        </FormItem>
      )}
    />
  );
}

/** A 'true'/'false' setting as a labelled switch; the label text names what the switch turns on. */
export function SwitchSettingField({ name, label, description, className }: FieldProps & { className?: string }) {
  const { control } = useFormContext<SettingsFormValues>();
  return (
    <FormField
      control={control}
      name={name}
      render={({ field }) => (
        <FormItem className={cn('flex items-center justify-between gap-4 rounded-lg border px-3 py-2.5', className)}>
          <div className="grid gap-1">
            <FormLabel className="leading-snug">{label}</FormLabel>
            {description && <FormDescription className="text-xs">{description}</FormDescription>}
          </div>
          <FormControl>
            <Switch
              name={field.name}
              ref={field.ref}
              onBlur={field.onBlur}
              checked={field.value === 'true'}
              onCheckedChange={(checked) => field.onChange(checked ? 'true' : 'false')}
            />
          </FormControl>
        </FormItem>
      )}
    />
  );
}

export function SettingsCard({
  title,
  description,
  children,
}: {
  title: string;
  description?: React.ReactNode;
  children: React.ReactNode;
}) {
  const id = `settings-${title.replace(/\W+/g, '-').toLowerCase()}`;
  return (
    <section aria-labelledby={id} className="grid gap-5 rounded-xl border bg-card p-4 text-card-foreground shadow-sm sm:p-6">
      <header className="grid gap-1">
        <h3 id={id} className="text-base font-semibold tracking-tight">
          {title}
        </h3>
        {description && <p className="text-sm text-muted-foreground">{description}</p>}
      </header>
      {children}
    </section>
  );
}
