import { TextField } from '#/components/text-field';
import { useFormContext } from 'react-hook-form';
import { CheckCircle2Icon, CircleIcon } from 'lucide-react';
import { AGE_OPTIONS, CITIES, CITY_LABELS, GENDERS, RELATIONSHIP_STATUSES, RELATIONSHIP_STATUS_LABELS, type ApplyInput } from '@bayclub/shared';
import { FormControl, FormField, FormItem, FormLabel, FormMessage } from '#/components/ui/form';
import { Input } from '#/components/ui/input';
import { SelectField } from '#/components/select-field';
import { cn } from '#/lib/utils';

export const NOT_SPECIFIED_LABEL = 'Prefer not to say';

const optional = <span className="font-normal text-muted-foreground">(optional)</span>;

/** Name, email and password of the new account. */
export function AccountFields() {
  return (
    <>
      <TextField<ApplyInput> name="name" label="Name" autoComplete="name" maxLength={120} />
      <TextField<ApplyInput> name="email" label="Email" type="email" autoComplete="email" inputMode="email" maxLength={254} />
      <TextField<ApplyInput> name="password" label="Password" type="password" autoComplete="new-password" maxLength={128} />
    </>
  );
}

export function InstagramField() {
  const { control } = useFormContext<ApplyInput>();
  return (
    <FormField
      control={control}
      name="instagramUsername"
      render={({ field }) => (
        <FormItem>
          <FormLabel>Instagram username {optional}</FormLabel>
          <div className="relative">
            <span aria-hidden="true" className="pointer-events-none absolute top-1/2 left-3 -translate-y-1/2 text-muted-foreground">
              @
            </span>
            <FormControl>
              <Input
                {...field}
                value={field.value ?? ''}
                className="pl-7"
                autoComplete="off"
                autoCapitalize="none"
                spellCheck={false}
                maxLength={40}
              />
            </FormControl>
          </div>
          <FormMessage />
        </FormItem>
      )}
    />
  );
}

const AGE_CHOICES = AGE_OPTIONS.map((age) => ({ value: String(age), label: String(age) }));
const CITY_CHOICES = CITIES.map((city) => ({ value: city, label: CITY_LABELS[city] }));
const RELATIONSHIP_CHOICES = RELATIONSHIP_STATUSES.map((status) => ({
  value: status,
  label: status === 'not_specified' ? NOT_SPECIFIED_LABEL : RELATIONSHIP_STATUS_LABELS[status],
}));

/** Age, gender, relationship status and city. */
export function PersonalFields() {
  return (
    <div className="grid gap-5 sm:grid-cols-2">
      <SelectField<ApplyInput>
        name="age"
        label="Age"
        placeholder="Select your age"
        options={AGE_CHOICES}
        toForm={(v) => (v === '' ? undefined : Number(v))}
      />
      <SelectField<ApplyInput> name="city" label="City" placeholder="Select your city" options={CITY_CHOICES} />
      <SelectField<ApplyInput>
        name="relationshipStatus"
        label={<>Relationship Status {optional}</>}
        options={RELATIONSHIP_CHOICES}
        fromForm={(v) => (v == null ? 'not_specified' : String(v))}
      />
      <GenderField />
    </div>
  );
}

function GenderField() {
  const { control } = useFormContext<ApplyInput>();
  return (
    <FormField
      control={control}
      name="gender"
      render={({ field }) => (
        <FormItem>
          <fieldset className="grid gap-2">
            <legend className="mb-2 text-sm leading-none font-medium">Gender {optional}</legend>
            <div className="grid grid-cols-2 gap-2">
              {GENDERS.map((gender) => {
                const checked = field.value === gender;
                return (
                  <label
                    key={gender}
                    className={cn(
                      'flex h-10 cursor-pointer items-center justify-center gap-2 rounded-md border text-sm transition-colors',
                      'has-[:focus-visible]:ring-[3px] has-[:focus-visible]:ring-ring/50',
                      checked ? 'border-primary bg-primary/15 font-medium' : 'border-input hover:bg-accent/60',
                    )}
                  >
                    <input
                      type="radio"
                      className="sr-only"
                      name={field.name}
                      value={gender}
                      checked={checked}
                      onChange={() => field.onChange(gender)}
                      onBlur={field.onBlur}
                    />
                    {checked ? (
                      <CheckCircle2Icon aria-hidden="true" className="size-4 text-primary" />
                    ) : (
                      <CircleIcon aria-hidden="true" className="size-4 text-muted-foreground" />
                    )}
                    {gender}
                  </label>
                );
              })}
            </div>
          </fieldset>
          <FormMessage />
        </FormItem>
      )}
    />
  );
}
