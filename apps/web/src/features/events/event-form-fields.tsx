import * as React from 'react';
import { useFormContext, useWatch } from 'react-hook-form';
import {
  CITIES,
  CITY_LABELS,
  EVENT_LIMITS,
  EVENT_TIME_ZONES,
  EVENT_VISIBILITIES,
  EVENT_VISIBILITY_LABELS,
  type CreateEventInput,
  type EventPriceView,
  type MyCommunityView,
} from '@bayclub/shared';
import { SelectField } from '#/components/select-field';
import { TextField } from '#/components/text-field';
import { FormControl, FormDescription, FormField, FormItem, FormLabel, FormMessage } from '#/components/ui/form';
import { Input } from '#/components/ui/input';
import { Textarea } from '#/components/ui/textarea';
import { EventPlaceField } from '#/features/locations';
import { useSharedText, useT, type Translate } from '#/lib/i18n';
import { TicketFields } from './event-ticket-fields';
import { zoneCity } from './event-time';
import { catalog } from './i18n';

/** The choices of the form's selects, in the page's language (`t` and `s` change with it). */
function optionsIn(t: Translate, s: (text: string) => string) {
  return {
    cities: [{ value: '', label: t('events.form.noCity') }, ...CITIES.map((c) => ({ value: c, label: s(CITY_LABELS[c]) }))],
    zones: EVENT_TIME_ZONES.map((zone) => ({ value: zone, label: `${zoneCity(zone)} (${zone})` })),
    guests: Array.from({ length: EVENT_LIMITS.guestsMax + 1 }, (_, n) => ({
      value: String(n),
      label: n === 0 ? t('events.form.noGuests') : t('events.form.guestsEach', { count: n }),
    })),
  };
}

function Optional() {
  const t = useT(catalog);
  return <span className="font-normal text-muted-foreground">{t('events.form.optional')}</span>;
}
const optional = <Optional />;

/**
 * Every field of the create and edit forms. `communities` are the member's active ones (create only; an event's
 * community is fixed once created). Community-only visibility needs a community, and a private community's events
 * are community-only.
 */
export function EventFormFields({
  communities,
  editing,
  paid = null,
}: {
  communities: MyCommunityView[];
  editing: boolean;
  /** The edited event's paid terms (null: free, or a new event). */
  paid?: EventPriceView | null;
}) {
  const { control, setValue, getValues } = useFormContext<CreateEventInput>();
  const t = useT(catalog);
  const s = useSharedText();
  const options = optionsIn(t, s);
  const communityId = useWatch({ control, name: 'communityId' });
  const chosen = communities.find((m) => m.community.id === communityId)?.community;
  const forcedCommunity = chosen?.visibility === 'private';

  React.useEffect(() => {
    const visibility = getValues('visibility');
    if (forcedCommunity && visibility !== 'community') setValue('visibility', 'community', { shouldValidate: true });
    else if (!communityId && visibility === 'community') setValue('visibility', 'members', { shouldValidate: true });
  }, [communityId, forcedCommunity, getValues, setValue]);

  const visibilityOptions = EVENT_VISIBILITIES.filter((v) => (forcedCommunity ? v === 'community' : v !== 'community' || communityId)).map(
    (v) => ({ value: v, label: s(EVENT_VISIBILITY_LABELS[v]) }),
  );
  const communityOptions = [
    { value: '', label: t('events.form.noCommunity') },
    ...communities.map(({ community }) => ({ value: community.id, label: community.name })),
  ];

  return (
    <div className="grid gap-5">
      <TextField<CreateEventInput> name="title" label={t('events.form.title')} maxLength={EVENT_LIMITS.titleMax} autoComplete="off" />
      <DescriptionField />
      <div className="grid gap-5 sm:grid-cols-2">
        <TextField<CreateEventInput> name="startsAtLocal" label={t('events.form.starts')} type="datetime-local" />
        <TextField<CreateEventInput> name="endsAtLocal" label={t('events.form.ends')} type="datetime-local" />
      </div>
      <SelectField<CreateEventInput> name="timeZone" label={t('events.form.timeZone')} options={options.zones} />
      <EventPlaceField />
      <TextField<CreateEventInput> name="venue" label={t('events.form.venue')} maxLength={EVENT_LIMITS.venueMax} autoComplete="off" />
      <TextField<CreateEventInput> name="address" label={<>{t('events.form.address')} {optional}</>} maxLength={EVENT_LIMITS.addressMax} autoComplete="off" />
      <SelectField<CreateEventInput>
        name="city"
        label={t('events.form.city')}
        options={options.cities}
        toForm={(v) => (v === '' ? null : v)}
        fromForm={(v) => (v == null ? '' : String(v))}
      />
      {!editing && (
        <SelectField<CreateEventInput>
          name="communityId"
          label={<>{t('events.form.community')} {optional}</>}
          options={communityOptions}
          toForm={(v) => (v === '' ? null : v)}
          fromForm={(v) => (v == null ? '' : String(v))}
        />
      )}
      <SelectField<CreateEventInput> name="visibility" label={t('events.form.visibility')} options={visibilityOptions} />
      <div className="grid gap-5 sm:grid-cols-2">
        <CapacityField />
        <SelectField<CreateEventInput>
          name="guestsAllowed"
          label={t('events.form.guests')}
          options={options.guests}
          toForm={(v) => Number(v)}
          fromForm={(v) => String(v ?? 0)}
        />
      </div>
      <TicketFields paid={paid} />
    </div>
  );
}

function DescriptionField() {
  const { control } = useFormContext<CreateEventInput>();
  const t = useT(catalog);
  return (
    <FormField
      control={control}
      name="description"
      render={({ field }) => (
        <FormItem>
          <FormLabel>
            {t('events.form.descriptionLabel')} {optional}
          </FormLabel>
          <FormControl>
            <Textarea {...field} value={field.value ?? ''} rows={4} maxLength={EVENT_LIMITS.descriptionMax} />
          </FormControl>
          <FormDescription className="tabular-nums">
            {t('events.form.descriptionHint', { length: field.value?.length ?? 0, max: EVENT_LIMITS.descriptionMax })}
          </FormDescription>
          <FormMessage />
        </FormItem>
      )}
    />
  );
}

/** Empty is unlimited (null); anything typed goes to the schema as a number, so 2.5 or 0 get its message. */
function CapacityField() {
  const { control } = useFormContext<CreateEventInput>();
  const t = useT(catalog);
  return (
    <FormField
      control={control}
      name="capacity"
      render={({ field }) => (
        <FormItem>
          <FormLabel>
            {t('events.form.capacity')} {optional}
          </FormLabel>
          <FormControl>
            <Input
              type="number"
              inputMode="numeric"
              min={1}
              max={EVENT_LIMITS.capacityMax}
              name={field.name}
              ref={field.ref}
              onBlur={field.onBlur}
              value={field.value ?? ''}
              onChange={(e) => field.onChange(e.target.value === '' ? null : Number(e.target.value))}
            />
          </FormControl>
          <FormDescription>{t('events.form.capacityHint')}</FormDescription>
          <FormMessage />
        </FormItem>
      )}
    />
  );
}
