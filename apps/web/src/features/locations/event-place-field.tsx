import { useFormContext, useWatch } from 'react-hook-form';
import { LOCATION_LIMITS, type CreateEventInput } from '@bayclub/shared';
import { itemsOf } from '#/lib/api';
import { FormControl, FormDescription, FormField, FormItem, FormLabel, FormMessage } from '#/components/ui/form';
import { NativeSelect } from '#/components/ui/native-select';
import { useLocationListQuery, useLocationQuery } from './api';
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
            Place <span className="font-normal text-muted-foreground">(optional)</span>
          </FormLabel>
          <FormControl>
            <NativeSelect
              name={field.name}
              ref={field.ref}
              onBlur={field.onBlur}
              value={field.value ?? ''}
              onChange={(e) => handleChange(e.target.value, field.onChange)}
            >
              <option value="">Not at one of the club’s places</option>
              {outside && <option value={chosen}>{current?.name ?? 'The event’s place'}</option>}
              {places.map((place) => (
                <option key={place.id} value={place.id}>
                  {place.name}
                </option>
              ))}
            </NativeSelect>
          </FormControl>
          <FormDescription>
            {list.isError ? 'The club’s places could not be loaded.' : 'The event shows on the place’s page, and checking in there checks guests in.'}
          </FormDescription>
          <FormMessage />
        </FormItem>
      )}
    />
  );
}
