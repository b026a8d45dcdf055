import * as React from 'react';
import { TextField } from '#/components/text-field';
import { useFormContext } from 'react-hook-form';
import { toast } from 'sonner';
import { CameraIcon, CheckCircle2Icon, CircleIcon, XIcon } from 'lucide-react';
import {
  AGE_OPTIONS,
  CITIES,
  CITY_LABELS,
  GENDERS,
  PICTURE_MESSAGES,
  PROFILE_PICTURE_TYPES,
  RELATIONSHIP_STATUSES,
  RELATIONSHIP_STATUS_LABELS,
  type ApplyInput,
} from '@bayclub/shared';
import { Button } from '#/components/ui/button';
import { Label } from '#/components/ui/label';
import { validateProfilePictureFile } from '#/features/media';
import { FormControl, FormField, FormItem, FormLabel, FormMessage } from '#/components/ui/form';
import { Input } from '#/components/ui/input';
import { SelectField } from '#/components/select-field';
import { cn } from '#/lib/utils';
import { useSharedText, useT } from '#/lib/i18n';
import { catalog } from './i18n';

/** "(optional)" after a field's label. */
function Optional() {
  const t = useT(catalog);
  return <span className="font-normal text-muted-foreground">{t('landing.field.optional')}</span>;
}
const optional = <Optional />;

/** Name, email and password of the new account. An email LinkedIn verified is shown read-only (decision 034). */
export function AccountFields({ emailFromLinkedin = false }: { emailFromLinkedin?: boolean }) {
  const t = useT(catalog);
  return (
    <>
      <TextField<ApplyInput> name="name" label={t('landing.field.name')} autoComplete="name" maxLength={120} />
      <TextField<ApplyInput>
        name="email"
        label={t('landing.field.email')}
        type="email"
        autoComplete="email"
        inputMode="email"
        maxLength={254}
        readOnly={emailFromLinkedin}
        description={emailFromLinkedin ? t('landing.field.emailFromLinkedin') : undefined}
        className={emailFromLinkedin ? 'bg-muted' : undefined}
      />
      <TextField<ApplyInput> name="password" label={t('landing.field.password')} type="password" autoComplete="new-password" maxLength={128} />
    </>
  );
}

export function InstagramField() {
  const { control } = useFormContext<ApplyInput>();
  const t = useT(catalog);
  return (
    <FormField
      control={control}
      name="instagramUsername"
      render={({ field }) => (
        <FormItem>
          <FormLabel>
            {t('landing.field.instagram')} {optional}
          </FormLabel>
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

/** Age, gender, relationship status and city. */
export function PersonalFields() {
  const t = useT(catalog);
  const s = useSharedText();
  const cityChoices = CITIES.map((city) => ({ value: city, label: s(CITY_LABELS[city]) }));
  const relationshipChoices = RELATIONSHIP_STATUSES.map((status) => ({
    value: status,
    label: status === 'not_specified' ? t('landing.field.notSpecified') : s(RELATIONSHIP_STATUS_LABELS[status]),
  }));
  return (
    <div className="grid gap-5 sm:grid-cols-2">
      <SelectField<ApplyInput>
        name="age"
        label={t('landing.field.age')}
        placeholder={t('landing.field.agePlaceholder')}
        options={AGE_CHOICES}
        toForm={(v) => (v === '' ? undefined : Number(v))}
      />
      <SelectField<ApplyInput>
        name="city"
        label={t('landing.field.city')}
        placeholder={t('landing.field.cityPlaceholder')}
        options={cityChoices}
      />
      <SelectField<ApplyInput>
        name="relationshipStatus"
        label={
          <>
            {t('landing.field.relationship')} {optional}
          </>
        }
        options={relationshipChoices}
        fromForm={(v) => (v == null ? 'not_specified' : String(v))}
      />
      <GenderField />
    </div>
  );
}

function GenderField() {
  const { control } = useFormContext<ApplyInput>();
  const t = useT(catalog);
  const s = useSharedText();
  return (
    <FormField
      control={control}
      name="gender"
      render={({ field }) => (
        <FormItem>
          <fieldset className="grid gap-2">
            <legend className="mb-2 text-sm leading-none font-medium">{t('landing.field.gender')} {optional}</legend>
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
                    {s(gender)}
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

/** An object URL for `file` while it is chosen, released when it changes or the field goes away. */
function usePreviewUrl(file: File | null): string | null {
  const [url, setUrl] = React.useState<string | null>(null);
  React.useEffect(() => {
    if (!file || typeof URL.createObjectURL !== 'function') {
      setUrl(null);
      return;
    }
    const next = URL.createObjectURL(file);
    setUrl(next);
    return () => URL.revokeObjectURL(next);
  }, [file]);
  return url;
}

/**
 * The optional profile picture of the application (spec 5: JPEG, PNG or WebP, at most 5MB). It is uploaded once the
 * application is in, since only then is the applicant signed in.
 */
export function ProfilePictureField({ value, onChange, disabled }: { value: File | null; onChange: (file: File | null) => void; disabled?: boolean }) {
  const [error, setError] = React.useState<string | null>(null);
  const preview = usePreviewUrl(value);
  const t = useT(catalog);
  const s = useSharedText();

  const handleChange = (event: React.ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    const invalid = validateProfilePictureFile(file);
    if (invalid) {
      setError(invalid.message);
      toast.error(s(invalid.toast), { description: s(invalid.message) });
      return;
    }
    setError(null);
    onChange(file);
  };

  return (
    <fieldset className="grid gap-3">
      <legend className="mb-2 text-sm leading-none font-medium">{t('landing.field.picture')} {optional}</legend>
      <div className="flex items-center gap-4">
        <span className="flex size-20 shrink-0 items-center justify-center overflow-hidden rounded-full border bg-muted">
          {value && preview ? (
            <img src={preview} alt={t('landing.field.picturePreview')} className="size-full object-cover" />
          ) : (
            <CameraIcon aria-hidden="true" className="size-7 text-muted-foreground" />
          )}
        </span>
        <div className="flex flex-wrap gap-2">
          <input
            id="apply-picture"
            type="file"
            accept={PROFILE_PICTURE_TYPES.join(',')}
            className="peer sr-only"
            disabled={disabled}
            aria-invalid={error ? true : undefined}
            aria-describedby="apply-picture-status"
            onChange={handleChange}
          />
          <Label
            htmlFor="apply-picture"
            className="inline-flex h-9 cursor-pointer items-center rounded-md border border-input bg-background px-3 text-sm font-medium hover:bg-accent peer-focus-visible:ring-[3px] peer-focus-visible:ring-ring/50"
          >
            {s(value ? PICTURE_MESSAGES.change : PICTURE_MESSAGES.choose)}
          </Label>
          {value && (
            <Button variant="ghost" size="sm" disabled={disabled} onClick={() => onChange(null)}>
              <XIcon aria-hidden="true" />
              {t('landing.field.pictureRemove')}
            </Button>
          )}
        </div>
      </div>
      <p
        id="apply-picture-status"
        aria-live="polite"
        className={cn('text-sm', error ? 'text-destructive' : 'text-muted-foreground')}
      >
        {error ? s(error) : value ? s(PICTURE_MESSAGES.selected) : t('landing.field.pictureHint')}
      </p>
    </fieldset>
  );
}
