import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { toast } from 'sonner';
import { CITIES, createLocationSchema, LOCATION_MESSAGES, type City, type CreateLocationInput, type LocationView, type UpdateLocationInput } from '@bayclub/shared';
import { AfterSaveStep, DialogForm, FormDialog, useSavedStep } from '#/components/form-dialog';
import { changedValues } from '#/lib/changed-values';
import { useSharedText, useT } from '#/lib/i18n';
import { useMe } from '#/lib/session/use-session';
import { useCreateLocationMutation, useLocationQuery, useUpdateLocationMutation } from './api';
import { catalog } from './i18n';
import { LocationFormFields } from './location-form-fields';
import { LocationPhotosEditor } from './location-photos-editor';

function valuesOf(place: LocationView | undefined, city: City | undefined): CreateLocationInput {
  if (!place) {
    // Category and city start unchosen (city: the manager's own) so the schema asks for a real choice.
    return {
      name: '',
      category: undefined as unknown as CreateLocationInput['category'],
      address: '',
      city: city as CreateLocationInput['city'],
      latitude: null,
      longitude: null,
      description: '',
      openingHours: '',
      checkInMode: 'poster',
    };
  }
  return {
    name: place.name,
    category: place.category,
    address: place.address,
    city: place.city,
    latitude: place.latitude,
    longitude: place.longitude,
    description: place.description,
    openingHours: place.openingHours,
    checkInMode: place.checkInMode,
  };
}

interface LocationFormDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Edit this place; create a new one when absent. */
  place?: LocationView;
}

/**
 * Create or edit a place: the details (the shared schema's messages per field, the server's too, nothing lost when
 * saving fails), and its photos, which are saved as they are added. A new place gets its photos in a second step.
 */
export function LocationFormDialog({ open, onOpenChange, place }: LocationFormDialogProps) {
  const { saved, setSaved, close } = useSavedStep<LocationView>(onOpenChange, (created) => `/locations/${created.id}`);
  const t = useT(catalog);
  const s = useSharedText();
  return (
    <FormDialog
      open={open}
      onOpenChange={close}
      title={saved ? t('locations.photos.add') : place ? s(LOCATION_MESSAGES.editPlace) : s(LOCATION_MESSAGES.newPlace)}
      description={saved ? t('locations.form.savedDescription', { name: saved.name }) : t('locations.form.description')}
    >
      {saved ? (
        <PhotosStep saved={saved} onDone={() => close(false)} />
      ) : (
        <>
          {place && <LocationPhotosEditor place={place} />}
          <DetailsStep place={place} onSaved={(result) => (place ? close(false) : setSaved(result))} />
        </>
      )}
    </FormDialog>
  );
}

function DetailsStep({ place, onSaved }: { place?: LocationView; onSaved: (place: LocationView) => void }) {
  const create = useCreateLocationMutation();
  const update = useUpdateLocationMutation(place?.id ?? '');
  const ownCity = useMe()?.profile?.city;
  const t = useT(catalog);
  const s = useSharedText();
  const city = CITIES.find((c) => c === ownCity);
  const form = useForm<CreateLocationInput>({
    resolver: zodResolver(createLocationSchema, undefined, { raw: true }),
    defaultValues: valuesOf(place, city),
    mode: 'onTouched',
  });

  const save = async (values: CreateLocationInput) => {
    if (place) {
      // An edit sends what changed; latitude and longitude go together, as the update schema asks.
      const changes = changedValues(values, form.formState.dirtyFields, { together: [['latitude', 'longitude']] });
      const result = Object.keys(changes).length === 0 ? place : await update.mutateAsync(changes as UpdateLocationInput);
      if (result !== place) toast.success(s(LOCATION_MESSAGES.saved));
      onSaved(result);
    } else {
      const result = await create.mutateAsync(values);
      toast.success(s(LOCATION_MESSAGES.created));
      onSaved(result);
    }
  };

  return (
    <DialogForm
      form={form}
      label={place ? s(LOCATION_MESSAGES.editPlace) : s(LOCATION_MESSAGES.newPlace)}
      onSubmit={save}
      submitLabel={place ? t('locations.form.saveChanges') : t('locations.form.create')}
    >
      <LocationFormFields />
    </DialogForm>
  );
}

function PhotosStep({ saved, onDone }: { saved: LocationView; onDone: () => void }) {
  const current = useLocationQuery(saved.id).data ?? saved;
  return (
    <AfterSaveStep onDone={onDone}>
      <LocationPhotosEditor place={current} />
    </AfterSaveStep>
  );
}
