import { useFormContext, useWatch } from 'react-hook-form';
import { LOCATION_LIMITS, type CreateEventInput } from '@bayclub/shared';
import { itemsOf } from '#/lib/api';
import { FormControl, FormDescription, FormField, FormItem, FormLabel, FormMessage } from '#/components/ui/form';
import { NativeSelect } from '#/components/ui/native-select';
import { useT } from '#/lib/i18n';
import { useLocationListQuery, useLocationQuery } from './api';
import { catalog } from './i18n';
import { useLocationAccess } from './use-location-access';

/**
 * The event form's Place (issue 12): one of the club's active places in the event's city (all cities while none is
 * chosen), by name. Choosing one fills an empty venue, address and city from it; the venue stays the event's own
 * words. Only for members who may see places (the server checks the place again).
 */
export function EventPlaceField() {
  const { canView } = useLocationAccess();
  const { control, getValues, setValue } = useFormContext<CreateEventInput>();
  const city = useWatch({ control, name: 'city' }) ?? undefined;
  const chosen = useWatch({ control, name: 'locationId' }) ?? null;
  const list = useLocationListQuery({ city, limit: LOCATION_LIMITS.listPageSizeMax }, canView);
  const places = itemsOf(list.data);
  // The event's place may be in another city than the one now chosen: its name comes from its own page.
  const outside = chosen !== null && !places.some((p) => p.id === chosen);
  const current = useLocationQuery(chosen ?? '', outside && canView).data;
  const t = useT(catalog);
  if (!canView) return null;

  const handleChange = (id: string, onChange: (value: string | null) => void) => {
    onChange(id || null);
    const place = places.find((p) => p.id === id);
    if (!place) return;
    const options = { shouldDirty: true, shouldValidate: true };
    if (!getValues('venue')?.trim()) setValue('venue', place.name, options);
    if (!getValues('address')?.trim()) setValue('address', place.address, options);
    if (!getValues('city')) setValue('city', place.city, options);
  };

  return (
    <FormField
      control={control}
      name="locationId"
      render={({ field }) => (
        <FormItem>
          <FormLabel>
            {t('locations.eventPlace.label')} <span className="font-normal text-muted-foreground">{t('locations.optional')}</span>
          </FormLabel>
          <FormControl>
            <NativeSelect
              name={field.name}
              ref={field.ref}
              onBlur={field.onBlur}
              value={field.value ?? ''}
              onChange={(e) => handleChange(e.target.value, field.onChange)}
            >
              <option value="">{t('locations.eventPlace.none')}</option>
              {outside && <option value={chosen}>{current?.name ?? t('locations.eventPlace.current')}</option>}
              {places.map((place) => (
                <option key={place.id} value={place.id}>
                  {place.name}
                </option>
              ))}
            </NativeSelect>
          </FormControl>
          <FormDescription>
            {list.isError ? t('locations.eventPlace.loadError') : t('locations.eventPlace.hint')}
          </FormDescription>
          <FormMessage />
        </FormItem>
      )}
    />
  );
}
