import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { toast } from 'sonner';
import { TZDate } from '@date-fns/tz';
import { addDays, format } from 'date-fns';
import {
  CLUB_TIME_ZONE,
  createEventSchema,
  EVENT_MESSAGES,
  eventPath,
  PAYMENT_LIMITS,
  utcToZonedLocal,
  type CreateEventInput,
  type EventView,
  type UpdateEventInput,
} from '@bayclub/shared';
import { AfterSaveStep, DialogForm, FormDialog, useSavedStep } from '#/components/form-dialog';
import { changedValues } from '#/lib/changed-values';
import { useMyCommunitiesQuery } from '#/lib/session/my-communities';
import { sharedText, useT } from '#/lib/i18n';
import { useCreateEventMutation, useEventQuery, useUpdateEventMutation } from './api';
import { EventCoverPicker } from './event-cover-picker';
import { EventFormFields } from './event-form-fields';
import { catalog } from './i18n';

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
      ...FREE,
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
    ...(event.paid
      ? { priceAmount: event.paid.amount, refundCutoffHours: event.paid.refundCutoffHours, claimWindowHours: event.paid.claimWindowHours }
      : FREE),
  };
}

/** A free event's ticket terms: the defaults the form starts from once a price is typed. */
const FREE = {
  priceAmount: null,
  refundCutoffHours: PAYMENT_LIMITS.refundCutoffDefaultHours,
  claimWindowHours: PAYMENT_LIMITS.claimWindowDefaultHours,
} satisfies Partial<CreateEventInput>;

/** A new free event is sent without ticket terms (the server's defaults hold); a paid one with them. */
function createBody(values: CreateEventInput): CreateEventInput {
  if (values.priceAmount != null) return values;
  const { priceAmount: _price, refundCutoffHours: _cutoff, claimWindowHours: _claim, ...free } = values;
  return free;
}

const TIME_FIELDS = ['startsAtLocal', 'endsAtLocal', 'timeZone'] as const;

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
  // An edit goes on to the cover step too; only a new event's page opens when the dialog closes.
  const { saved, setSaved, close } = useSavedStep<EventView>(onOpenChange, event ? undefined : (created) => eventPath(created.id));
  const t = useT(catalog);
  return (
    <FormDialog
      open={open}
      onOpenChange={close}
      title={saved ? t('events.form.coverTitle') : event ? t('events.form.editTitle') : t('events.create')}
      description={saved ? t('events.form.savedDescription', { title: saved.title }) : t('events.form.description')}
    >
      {saved ? (
        <CoverStep saved={saved} onDone={() => close(false)} />
      ) : (
        <DetailsStep event={event} communityId={communityId ?? null} onSaved={setSaved} />
      )}
    </FormDialog>
  );
}

function DetailsStep({ event, communityId, onSaved }: { event?: EventView; communityId: string | null; onSaved: (e: EventView) => void }) {
  const create = useCreateEventMutation();
  const update = useUpdateEventMutation(event?.id ?? '');
  const communities = useMyCommunitiesQuery(!event).data?.items.filter((m) => m.status === 'active') ?? [];
  const form = useForm<CreateEventInput>({
    resolver: zodResolver(createEventSchema, undefined, { raw: true }),
    defaultValues: valuesOf(event, communityId),
    mode: 'onTouched',
  });
  const t = useT(catalog);

  const save = async (values: CreateEventInput) => {
    if (event) {
      // An edit sends what was changed (never the community, fixed once created).
      const changes = changedValues(values, form.formState.dirtyFields, { omit: ['communityId'], together: [TIME_FIELDS] });
      // Nothing changed: no request, so the calendar's SEQUENCE does not move for nothing.
      const saved = Object.keys(changes).length === 0 ? event : await update.mutateAsync(changes as UpdateEventInput);
      if (saved !== event) toast.success(sharedText(EVENT_MESSAGES.saved));
      onSaved(saved);
    } else {
      const saved = await create.mutateAsync(createBody(values));
      toast.success(sharedText(EVENT_MESSAGES.created));
      onSaved(saved);
    }
  };

  return (
    <DialogForm
      form={form}
      label={event ? t('events.form.editTitle') : t('events.create')}
      onSubmit={save}
      submitLabel={event ? t('events.form.saveChanges') : t('events.create')}
    >
      <EventFormFields communities={communities} editing={Boolean(event)} paid={event?.paid ?? null} />
    </DialogForm>
  );
}

function CoverStep({ saved, onDone }: { saved: EventView; onDone: () => void }) {
  const current = useEventQuery(saved.id).data ?? saved;
  return (
    <AfterSaveStep onDone={onDone}>
      <EventCoverPicker event={current} />
    </AfterSaveStep>
  );
}
