import * as React from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useNavigate } from 'react-router';
import { toast } from 'sonner';
import { TZDate } from '@date-fns/tz';
import { addDays, format } from 'date-fns';
import {
  CLUB_TIME_ZONE,
  createEventSchema,
  EVENT_MESSAGES,
  eventPath,
  utcToZonedLocal,
  type CreateEventInput,
  type EventView,
  type UpdateEventInput,
} from '@bayclub/shared';
import { Button } from '#/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '#/components/ui/dialog';
import { Form } from '#/components/ui/form';
import { Spinner } from '#/components/ui/spinner';
import { useMyCommunitiesQuery } from '#/lib/session/my-communities';
import { applyFieldErrors, errorMessage } from '#/lib/api';
import { useCreateEventMutation, useEventQuery, useUpdateEventMutation } from './api';
import { EventCoverPicker } from './event-cover-picker';
import { EventFormFields } from './event-form-fields';
import { FormErrorAlert } from '#/components/form-error-alert';

/** Next Saturday (a week on when today is Saturday), 19:00 to 21:00 club time. */
export function defaultEventTimes(now: Date = new Date()): { startsAtLocal: string; endsAtLocal: string } {
  const today = new TZDate(now.getTime(), CLUB_TIME_ZONE);
  const day = format(addDays(today, 6 - today.getDay() || 7), 'yyyy-MM-dd');
  return { startsAtLocal: `${day}T19:00`, endsAtLocal: `${day}T21:00` };
}

function valuesOf(event: EventView | undefined, communityId: string | null): CreateEventInput {
  if (!event) {
    return {
      title: '',
      description: '',
      ...defaultEventTimes(),
      timeZone: CLUB_TIME_ZONE,
      venue: '',
      address: '',
      city: null,
      communityId,
      visibility: 'members',
      capacity: null,
      guestsAllowed: 0,
    };
  }
  return {
    title: event.title,
    description: event.description,
    startsAtLocal: utcToZonedLocal(event.startsAt, event.timeZone),
    endsAtLocal: utcToZonedLocal(event.endsAt, event.timeZone),
    timeZone: event.timeZone,
    venue: event.venue,
    address: event.address,
    city: event.city,
    communityId: event.community?.id ?? null,
    visibility: event.visibility,
    capacity: event.capacity,
    guestsAllowed: event.guestsAllowed,
    locationId: event.locationId,
  };
}

const TIME_FIELDS = ['startsAtLocal', 'endsAtLocal', 'timeZone'] as const;

/**
 * An edit sends what was changed (never the community, fixed once created); the start, end and zone go together
 * when any of them changed, as the update schema asks.
 */
function changedFields(values: CreateEventInput, dirty: Partial<Record<keyof CreateEventInput, unknown>>): UpdateEventInput {
  const changes: Record<string, unknown> = {};
  for (const key of Object.keys(dirty) as Array<keyof CreateEventInput>) {
    if (key !== 'communityId' && dirty[key]) changes[key] = values[key];
  }
  if (TIME_FIELDS.some((key) => key in changes)) for (const key of TIME_FIELDS) changes[key] = values[key];
  return changes as UpdateEventInput;
}

interface EventFormDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Edit this event; create a new one when absent. */
  event?: EventView;
  /** A new event starts in this community (its Events tab). */
  communityId?: string;
}

/**
 * Create or edit an event: the details first (checked by the shared schema, the server's field messages shown per
 * field, nothing lost when saving fails), then the cover image, which the event can do without.
 */
export function EventFormDialog({ open, onOpenChange, event, communityId }: EventFormDialogProps) {
  const [saved, setSaved] = React.useState<EventView | null>(null);
  const navigate = useNavigate();
  const close = (next: boolean) => {
    onOpenChange(next);
    if (!next && saved && !event) void navigate(eventPath(saved.id));
    if (!next) setSaved(null);
  };
  const title = saved ? 'Add a cover image' : event ? 'Edit event' : 'Create event';
  return (
    <Dialog open={open} onOpenChange={close}>
      <DialogContent className="max-h-[calc(100dvh-2rem)] overflow-y-auto sm:max-w-2xl">
        <DialogHeader>
          <DialogTitle>{title}</DialogTitle>
          <DialogDescription>
            {saved ? `${saved.title} is saved. Add a cover, or do it later from Edit.` : 'Times are in the event’s time zone.'}
          </DialogDescription>
        </DialogHeader>
        {saved ? (
          <CoverStep saved={saved} onDone={() => close(false)} />
        ) : (
          <DetailsStep event={event} communityId={communityId ?? null} onSaved={setSaved} />
        )}
      </DialogContent>
    </Dialog>
  );
}

function DetailsStep({ event, communityId, onSaved }: { event?: EventView; communityId: string | null; onSaved: (e: EventView) => void }) {
  const create = useCreateEventMutation();
  const update = useUpdateEventMutation(event?.id ?? '');
  const communities = useMyCommunitiesQuery(!event).data?.items.filter((m) => m.status === 'active') ?? [];
  const [formError, setFormError] = React.useState<string | null>(null);
  const form = useForm<CreateEventInput>({
    resolver: zodResolver(createEventSchema, undefined, { raw: true }),
    defaultValues: valuesOf(event, communityId),
    mode: 'onTouched',
  });

  const handleSubmit = form.handleSubmit(async (values) => {
    setFormError(null);
    try {
      if (event) {
        const changes = changedFields(values, form.formState.dirtyFields);
        // Nothing changed: no request, so the calendar's SEQUENCE does not move for nothing.
        const saved = Object.keys(changes).length === 0 ? event : await update.mutateAsync(changes);
        if (saved !== event) toast.success(EVENT_MESSAGES.saved);
        onSaved(saved);
      } else {
        const saved = await create.mutateAsync(values);
        toast.success(EVENT_MESSAGES.created);
        onSaved(saved);
      }
    } catch (error) {
      if (!applyFieldErrors(error, form.setError)) setFormError(errorMessage(error));
    }
  });

  const submitting = form.formState.isSubmitting;
  return (
    <Form {...form}>
      <form noValidate onSubmit={handleSubmit} aria-label={event ? 'Edit event' : 'Create event'} className="grid gap-5">
        <FormErrorAlert message={formError} />
        <EventFormFields communities={communities} editing={Boolean(event)} />
        <DialogFooter>
          <Button type="submit" disabled={submitting}>
            {submitting && <Spinner />}
            {submitting ? 'Saving...' : event ? 'Save changes' : 'Create event'}
          </Button>
        </DialogFooter>
      </form>
    </Form>
  );
}

function CoverStep({ saved, onDone }: { saved: EventView; onDone: () => void }) {
  const current = useEventQuery(saved.id).data ?? saved;
  return (
    <div className="grid gap-5">
      <EventCoverPicker event={current} />
      <DialogFooter>
        <Button onClick={onDone}>Done</Button>
      </DialogFooter>
    </div>
  );
}
