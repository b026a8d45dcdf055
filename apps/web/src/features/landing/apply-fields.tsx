import { useFormContext } from 'react-hook-form';
import { CheckCircle2Icon, CircleIcon } from 'lucide-react';
import {
  AGE_OPTIONS,
  CITIES,
  CITY_LABELS,
  GENDERS,
  RELATIONSHIP_STATUSES,
  RELATIONSHIP_STATUS_LABELS,
  type ApplyInput,
  type City,
  type RelationshipStatus,
} from '@bayclub/shared';
import { FormControl, FormField, FormItem, FormLabel, FormMessage } from '#/components/ui/form';
import { Input } from '#/components/ui/input';
import { NativeSelect } from '#/components/ui/native-select';
import { cn } from '#/lib/utils';

export const NOT_SPECIFIED_LABEL = 'Prefer not to say';

const optional = <span className="font-normal text-muted-foreground">(optional)</span>;

/** Name, email and password of the new account. */
export function AccountFields() {
  const { control } = useFormContext<ApplyInput>();
  return (
    <>
      <FormField
        control={control}
        name="name"
        render={({ field }) => (
          <FormItem>
            <FormLabel>Name</FormLabel>
            <FormControl>
              <Input {...field} autoComplete="name" maxLength={120} />
            </FormControl>
            <FormMessage />
          </FormItem>
        )}
      />
      <FormField
        control={control}
        name="email"
        render={({ field }) => (
          <FormItem>
            <FormLabel>Email</FormLabel>
            <FormControl>
              <Input {...field} type="email" autoComplete="email" inputMode="email" maxLength={254} />
            </FormControl>
            <FormMessage />
          </FormItem>
        )}
      />
      <FormField
        control={control}
        name="password"
        render={({ field }) => (
          <FormItem>
            <FormLabel>Password</FormLabel>
            <FormControl>
              <Input {...field} type="password" autoComplete="new-password" maxLength={128} />
            </FormControl>
            <FormMessage />
          </FormItem>
        )}
      />
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

/** Age, gender, relationship status and city. */
export function PersonalFields() {
  const { control } = useFormContext<ApplyInput>();
  return (
    <div className="grid gap-5 sm:grid-cols-2">
      <FormField
        control={control}
        name="age"
        render={({ field }) => (
          <FormItem>
            <FormLabel>Age</FormLabel>
            <FormControl>
              <NativeSelect
                name={field.name}
                ref={field.ref}
                onBlur={field.onBlur}
                value={field.value === undefined ? '' : String(field.value)}
                onChange={(e) => field.onChange(e.target.value === '' ? undefined : Number(e.target.value))}
              >
                <option value="" disabled>
                  Select your age
                </option>
                {AGE_OPTIONS.map((age) => (
                  <option key={age} value={age}>
                    {age}
                  </option>
                ))}
              </NativeSelect>
            </FormControl>
            <FormMessage />
          </FormItem>
        )}
      />
      <FormField
        control={control}
        name="city"
        render={({ field }) => (
          <FormItem>
            <FormLabel>City</FormLabel>
            <FormControl>
              <NativeSelect
                name={field.name}
                ref={field.ref}
                onBlur={field.onBlur}
                value={field.value ?? ''}
                onChange={(e) => field.onChange(e.target.value === '' ? undefined : (e.target.value as City))}
              >
                <option value="" disabled>
                  Select your city
                </option>
                {CITIES.map((city) => (
                  <option key={city} value={city}>
                    {CITY_LABELS[city]}
                  </option>
                ))}
              </NativeSelect>
            </FormControl>
            <FormMessage />
          </FormItem>
        )}
      />
      <FormField
        control={control}
        name="relationshipStatus"
        render={({ field }) => (
          <FormItem>
            <FormLabel>Relationship Status {optional}</FormLabel>
            <FormControl>
              <NativeSelect
                name={field.name}
                ref={field.ref}
                onBlur={field.onBlur}
                value={field.value ?? 'not_specified'}
                onChange={(e) => field.onChange(e.target.value as RelationshipStatus)}
              >
                {RELATIONSHIP_STATUSES.map((status) => (
                  <option key={status} value={status}>
                    {status === 'not_specified' ? NOT_SPECIFIED_LABEL : RELATIONSHIP_STATUS_LABELS[status]}
                  </option>
                ))}
              </NativeSelect>
            </FormControl>
            <FormMessage />
          </FormItem>
        )}
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
