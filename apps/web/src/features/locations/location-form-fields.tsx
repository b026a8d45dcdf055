import * as React from 'react';
import { useFormContext, type FieldPath } from 'react-hook-form';
import { LocateFixedIcon } from 'lucide-react';
import {
  CHECK_IN_MODE_LABELS,
  CHECK_IN_MODES,
  CITIES,
  CITY_LABELS,
  LOCATION_CATEGORIES,
  LOCATION_CATEGORY_LABELS,
  LOCATION_LIMITS,
  type CreateLocationInput,
} from '@bayclub/shared';
import { SelectField } from '#/components/select-field';
import { TextField } from '#/components/text-field';
import { Button } from '#/components/ui/button';
import { FormControl, FormDescription, FormField, FormItem, FormLabel, FormMessage } from '#/components/ui/form';
import { Input } from '#/components/ui/input';
import { Textarea } from '#/components/ui/textarea';
import { Spinner } from '#/components/ui/spinner';
import { useSharedText, useT } from '#/lib/i18n';
import { catalog } from './i18n';
import { useGeolocation } from './use-geolocation';
import { CoordinatePicker } from './map/coordinate-picker';

function Optional() {
  const t = useT(catalog);
  return <span className="font-normal text-muted-foreground">{t('locations.optional')}</span>;
}

/** Every field of the create and edit forms; the shared schema checks them and gives the messages. */
export function LocationFormFields() {
  const t = useT(catalog);
  const s = useSharedText();
  const categoryOptions = LOCATION_CATEGORIES.map((c) => ({ value: c, label: s(LOCATION_CATEGORY_LABELS[c]) }));
  const cityOptions = CITIES.map((c) => ({ value: c, label: s(CITY_LABELS[c]) }));
  const modeOptions = CHECK_IN_MODES.map((m) => ({ value: m, label: s(CHECK_IN_MODE_LABELS[m]) }));
  return (
    <div className="grid gap-5">
      <TextField<CreateLocationInput> name="name" label={t('locations.form.name')} maxLength={LOCATION_LIMITS.nameMax} autoComplete="off" />
      <div className="grid gap-5 sm:grid-cols-2">
        <SelectField<CreateLocationInput>
          name="category"
          label={t('locations.category')}
          options={categoryOptions}
          placeholder={t('locations.form.categoryPlaceholder')}
        />
        <SelectField<CreateLocationInput> name="city" label={t('locations.city')} options={cityOptions} placeholder={t('locations.form.cityPlaceholder')} />
      </div>
      <TextField<CreateLocationInput> name="address" label={t('locations.form.address')} maxLength={LOCATION_LIMITS.addressMax} autoComplete="street-address" />
      <CoordinatePicker fallback={<CoordinatesFields />} />
      <LongText name="description" label={t('locations.form.descriptionLabel')} max={LOCATION_LIMITS.descriptionMax} rows={4} hint={t('locations.form.descriptionHint')} />
      <LongText
        name="openingHours"
        label={t('locations.form.openingHours')}
        max={LOCATION_LIMITS.openingHoursMax}
        rows={3}
        hint={t('locations.form.openingHoursHint')}
      />
      <SelectField<CreateLocationInput> name="checkInMode" label={t('locations.form.checkInMode')} options={modeOptions} />
    </div>
  );
}

function LongText({ name, label, max, rows, hint }: { name: 'description' | 'openingHours'; label: string; max: number; rows: number; hint: string }) {
  const { control } = useFormContext<CreateLocationInput>();
  const t = useT(catalog);
  return (
    <FormField
      control={control}
      name={name}
      render={({ field }) => (
        <FormItem>
          <FormLabel>
            {label} <Optional />
          </FormLabel>
          <FormControl>
            <Textarea {...field} value={field.value ?? ''} rows={rows} maxLength={max} />
          </FormControl>
          <FormDescription className="tabular-nums">{t('locations.form.characters', { count: field.value?.length ?? 0, max, hint })}</FormDescription>
          <FormMessage />
        </FormItem>
      )}
    />
  );
}

/**
 * Latitude and longitude (both or neither) typed, or filled from the device when the manager stands at the place:
 * the form's way when the server has maps off (MAP_TILE_URL=off); otherwise the map picker replaces it.
 */
function CoordinatesFields() {
  const { setValue } = useFormContext<CreateLocationInput>();
  const geo = useGeolocation();
  const t = useT(catalog);
  const problem = 'message' in geo.state ? geo.state.message : null;
  const fill = async () => {
    const state = await geo.locate();
    if (state.status !== 'located') return;
    const options = { shouldDirty: true, shouldValidate: true };
    setValue('latitude', Number(state.position.lat.toFixed(6)), options);
    setValue('longitude', Number(state.position.lng.toFixed(6)), options);
  };
  return (
    <fieldset className="grid gap-3">
      <legend className="mb-2 text-sm font-medium">
        {t('locations.form.coordinates')} <Optional />
      </legend>
      <div className="grid gap-5 sm:grid-cols-2">
        <CoordinateField name="latitude" label={t('locations.form.latitude')} placeholder="27.9506" />
        <CoordinateField name="longitude" label={t('locations.form.longitude')} placeholder="-82.4572" />
      </div>
      <div className="flex flex-wrap items-center gap-3">
        <Button type="button" variant="outline" size="sm" onClick={() => void fill()} disabled={geo.state.status === 'locating'}>
          {geo.state.status === 'locating' ? <Spinner /> : <LocateFixedIcon aria-hidden="true" />}
          {t('locations.useMyPosition')}
        </Button>
        <p className="text-sm text-muted-foreground">{t('locations.form.coordinatesHint')}</p>
      </div>
      {problem && (
        <p role="alert" className="text-sm text-destructive">
          {problem}
        </p>
      )}
    </fieldset>
  );
}

/**
 * A coordinate typed as text (so "27." or "-" can be on the way to a number) and kept in the form as a number,
 * null when empty; anything that is not a number goes to the schema as NaN and gets its message.
 */
function CoordinateField({ name, label, placeholder }: { name: FieldPath<CreateLocationInput> & ('latitude' | 'longitude'); label: string; placeholder: string }) {
  const { control } = useFormContext<CreateLocationInput>();
  return (
    <FormField
      control={control}
      name={name}
      render={({ field }) => (
        <FormItem>
          <FormLabel>{label}</FormLabel>
          <FormControl>
            <CoordinateInput value={field.value ?? null} onChange={field.onChange} onBlur={field.onBlur} name={field.name} inputRef={field.ref} placeholder={placeholder} />
          </FormControl>
          <FormMessage />
        </FormItem>
      )}
    />
  );
}

function CoordinateInput({
  value,
  onChange,
  inputRef,
  ...props
}: {
  value: number | null;
  onChange: (value: number | null) => void;
  inputRef: React.Ref<HTMLInputElement>;
} & Omit<React.ComponentProps<'input'>, 'value' | 'onChange'>) {
  const [text, setText] = React.useState(value === null ? '' : String(value));
  const [last, setLast] = React.useState(value);
  // Filled from elsewhere ("Use my position", a reset): show that number.
  if (value !== last && !(Number.isNaN(value) && Number.isNaN(last))) {
    setLast(value);
    if (parse(text) !== value) setText(value === null || Number.isNaN(value) ? '' : String(value));
  }
  return (
    <Input
      {...props}
      ref={inputRef}
      type="text"
      inputMode="decimal"
      autoComplete="off"
      value={text}
      onChange={(e) => {
        setText(e.target.value);
        const next = parse(e.target.value);
        setLast(next);
        onChange(next);
      }}
    />
  );
}

const parse = (text: string): number | null => (text.trim() === '' ? null : Number(text.trim()));
