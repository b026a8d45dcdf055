import * as React from 'react';
import { Controller, useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import * as Collapsible from 'radix-ui/collapsible';
import { ChevronDownIcon, SlidersHorizontalIcon } from 'lucide-react';
import { CITIES, CITY_LABELS, LIMITS } from '@bayclub/shared';
import { Button } from '#/components/ui/button';
import { Form, FormControl, FormField, FormItem, FormLabel, FormMessage } from '#/components/ui/form';
import { Input } from '#/components/ui/input';
import { NativeSelect } from '#/components/ui/native-select';
import { InterestsPicker } from '#/components/member/interests-picker';
import { useSharedText, useT } from '#/lib/i18n';
import type { DeckFilters } from '#/lib/relationships';
import {
  NO_FILTERS,
  countFilters,
  deckFilterFormSchema,
  filtersOf,
  formValuesOf,
  type DeckFilterFormInput,
} from './deck-filters';
import { catalog } from './i18n';

interface DeckFiltersPanelProps {
  filters: DeckFilters;
  onApply: (filters: DeckFilters) => void;
}

/** City, interests and an age range, applied together; the page keeps them in the URL. */
export function DeckFiltersPanel({ filters, onApply }: DeckFiltersPanelProps) {
  const t = useT(catalog);
  const [open, setOpen] = React.useState(false);
  const active = countFilters(filters);
  return (
    <Collapsible.Root open={open} onOpenChange={setOpen} className="rounded-xl border bg-card">
      <Collapsible.Trigger asChild>
        <button
          type="button"
          className="group flex w-full items-center justify-between gap-3 rounded-xl px-4 py-3 text-left text-sm font-medium hover:bg-accent/50 focus-visible:ring-[3px] focus-visible:ring-ring/50 focus-visible:outline-none"
        >
          <span className="flex items-center gap-2">
            <SlidersHorizontalIcon aria-hidden="true" className="size-4" />
            {t('say-hi.filters.title')}
            {active > 0 && <span className="text-muted-foreground">{t('say-hi.filters.on', { count: active })}</span>}
          </span>
          <ChevronDownIcon aria-hidden="true" className="size-4 transition-transform group-data-[state=open]:rotate-180" />
        </button>
      </Collapsible.Trigger>
      <Collapsible.Content>
        {/* Keyed by the applied filters: Reset or a new URL starts the form from them again. */}
        <FiltersForm
          key={JSON.stringify(filters)}
          filters={filters}
          onApply={(next) => {
            onApply(next);
            setOpen(false);
          }}
        />
      </Collapsible.Content>
    </Collapsible.Root>
  );
}

function FiltersForm({ filters, onApply }: DeckFiltersPanelProps) {
  const t = useT(catalog);
  const s = useSharedText();
  const form = useForm<DeckFilterFormInput>({
    resolver: zodResolver(deckFilterFormSchema, undefined, { raw: true }),
    defaultValues: formValuesOf(filters),
  });

  // The resolver has checked the values; parsing again turns the typed ages into numbers.
  const handleSubmit = form.handleSubmit((values) => onApply(filtersOf(deckFilterFormSchema.parse(values))));
  const handleReset = () => {
    form.reset(formValuesOf(NO_FILTERS));
    onApply(NO_FILTERS);
  };

  return (
    <Form {...form}>
      <form noValidate onSubmit={handleSubmit} aria-label={t('say-hi.filters.title')} className="grid gap-4 border-t px-4 pt-4 pb-4">
        <FormField
          control={form.control}
          name="city"
          render={({ field }) => (
            <FormItem>
              <FormLabel>{t('say-hi.filters.city')}</FormLabel>
              <FormControl>
                <NativeSelect name={field.name} ref={field.ref} value={field.value} onBlur={field.onBlur} onChange={(e) => field.onChange(e.target.value)}>
                  <option value="">{t('say-hi.filters.anyCity')}</option>
                  {CITIES.map((c) => (
                    <option key={c} value={c}>
                      {s(CITY_LABELS[c])}
                    </option>
                  ))}
                </NativeSelect>
              </FormControl>
              <FormMessage />
            </FormItem>
          )}
        />
        <div className="grid grid-cols-2 gap-3">
          <AgeField name="ageMin" label={t('say-hi.filters.ageMin')} />
          <AgeField name="ageMax" label={t('say-hi.filters.ageMax')} />
        </div>
        <Controller
          control={form.control}
          name="interests"
          render={({ field }) => <InterestsPicker label={t('say-hi.filters.interests')} value={field.value} onChange={field.onChange} />}
        />
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button type="button" variant="outline" onClick={handleReset}>
            {t('say-hi.filters.reset')}
          </Button>
          <Button type="submit">{t('say-hi.filters.apply')}</Button>
        </div>
      </form>
    </Form>
  );
}

function AgeField({ name, label }: { name: 'ageMin' | 'ageMax'; label: string }) {
  const t = useT(catalog);
  return (
    <FormField<DeckFilterFormInput, typeof name>
      name={name}
      render={({ field }) => (
        <FormItem className="content-start">
          <FormLabel>{label}</FormLabel>
          <FormControl>
            <Input
              {...field}
              type="number"
              inputMode="numeric"
              min={LIMITS.ageMin}
              max={LIMITS.ageMax}
              placeholder={t('say-hi.filters.any')}
            />
          </FormControl>
          <FormMessage />
        </FormItem>
      )}
    />
  );
}
