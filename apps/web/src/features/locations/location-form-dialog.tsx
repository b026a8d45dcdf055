import * as React from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useNavigate } from 'react-router';
import { toast } from 'sonner';
import { CITIES, createLocationSchema, LOCATION_MESSAGES, type City, type CreateLocationInput, type LocationView, type UpdateLocationInput } from '@bayclub/shared';
import { Button } from '#/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '#/components/ui/dialog';
import { Form } from '#/components/ui/form';
import { Spinner } from '#/components/ui/spinner';
import { useMe } from '#/lib/session/use-session';
import { applyFieldErrors, errorMessage } from '#/lib/api';
import { useCreateLocationMutation, useLocationQuery, useUpdateLocationMutation } from './api';
import { LocationFormFields } from './location-form-fields';
import { LocationPhotosEditor } from './location-photos-editor';
import { FormErrorAlert } from '#/components/form-error-alert';

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

/** An edit sends what changed; latitude and longitude go together, as the update schema asks. */
export function changedFields(values: CreateLocationInput, dirty: Partial<Record<keyof CreateLocationInput, unknown>>): UpdateLocationInput {
  const changes: Record<string, unknown> = {};
  for (const key of Object.keys(dirty) as Array<keyof CreateLocationInput>) if (dirty[key]) changes[key] = values[key];
  if ('latitude' in changes || 'longitude' in changes) {
    changes.latitude = values.latitude ?? null;
    changes.longitude = values.longitude ?? null;
  }
  return changes as UpdateLocationInput;
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
  const [saved, setSaved] = React.useState<LocationView | null>(null);
  const navigate = useNavigate();
  const close = (next: boolean) => {
    onOpenChange(next);
    if (!next && saved && !place) void navigate(`/locations/${saved.id}`);
    if (!next) setSaved(null);
  };
  const title = saved ? 'Add photos' : place ? LOCATION_MESSAGES.editPlace : LOCATION_MESSAGES.newPlace;
  return (
    <Dialog open={open} onOpenChange={close}>
      <DialogContent className="max-h-[calc(100dvh-2rem)] overflow-y-auto sm:max-w-2xl">
        <DialogHeader>
          <DialogTitle>{title}</DialogTitle>
          <DialogDescription>
            {saved ? `${saved.name} is saved. Add photos now, or later from Edit.` : 'Members see these details on the place’s page.'}
          </DialogDescription>
        </DialogHeader>
        {saved ? (
          <PhotosStep saved={saved} onDone={() => close(false)} />
        ) : (
          <>
            {place && <LocationPhotosEditor place={place} />}
            <DetailsStep place={place} onSaved={(result) => (place ? close(false) : setSaved(result))} />
          </>
        )}
      </DialogContent>
    </Dialog>
  );
}

function DetailsStep({ place, onSaved }: { place?: LocationView; onSaved: (place: LocationView) => void }) {
  const create = useCreateLocationMutation();
  const update = useUpdateLocationMutation(place?.id ?? '');
  const ownCity = useMe()?.profile?.city;
  const city = CITIES.find((c) => c === ownCity);
  const [formError, setFormError] = React.useState<string | null>(null);
  const form = useForm<CreateLocationInput>({
    resolver: zodResolver(createLocationSchema, undefined, { raw: true }),
    defaultValues: valuesOf(place, city),
    mode: 'onTouched',
  });

  const handleSubmit = form.handleSubmit(async (values) => {
    setFormError(null);
    try {
      if (place) {
        const changes = changedFields(values, form.formState.dirtyFields);
        const result = Object.keys(changes).length === 0 ? place : await update.mutateAsync(changes);
        if (result !== place) toast.success(LOCATION_MESSAGES.saved);
        onSaved(result);
      } else {
        const result = await create.mutateAsync(values);
        toast.success(LOCATION_MESSAGES.created);
        onSaved(result);
      }
    } catch (error) {
      if (!applyFieldErrors(error, form.setError)) setFormError(errorMessage(error));
    }
  });

  const submitting = form.formState.isSubmitting;
  return (
    <Form {...form}>
      <form noValidate onSubmit={handleSubmit} aria-label={place ? LOCATION_MESSAGES.editPlace : LOCATION_MESSAGES.newPlace} className="grid gap-5">
        <FormErrorAlert message={formError} />
        <LocationFormFields />
        <DialogFooter>
          <Button type="submit" disabled={submitting}>
            {submitting && <Spinner />}
            {submitting ? 'Saving...' : place ? 'Save changes' : 'Create place'}
          </Button>
        </DialogFooter>
      </form>
    </Form>
  );
}

function PhotosStep({ saved, onDone }: { saved: LocationView; onDone: () => void }) {
  const current = useLocationQuery(saved.id).data ?? saved;
  return (
    <div className="grid gap-5">
      <LocationPhotosEditor place={current} />
      <DialogFooter>
        <Button onClick={onDone}>Done</Button>
      </DialogFooter>
    </div>
  );
}
