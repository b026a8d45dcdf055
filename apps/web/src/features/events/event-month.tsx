import * as React from 'react';
import { DayPicker, getDefaultClassNames } from 'react-day-picker';
import { TZDate } from '@date-fns/tz';
import { format } from 'date-fns';
import { CLUB_TIME_ZONE, type EventSummaryView } from '@bayclub/shared';
import { buttonVariants } from '#/components/ui/button';
import { ListError } from '#/components/card-grid';
import { cn } from '#/lib/utils';
import { dateFnsLocale, formatLocalized, useT } from '#/lib/i18n';
import { useEventMonthQuery, type EventFilters } from './api';
import { EventCards, EventListSkeleton } from './event-list';
import { dayKey } from './event-time';
import { catalog } from './i18n';

const monthKey = (d: Date) => format(d, 'yyyy-MM');
const fromDayKey = (key: string) => {
  const [y, m, d] = key.split('-').map(Number);
  return new Date(y!, m! - 1, d!);
};
/** This month and today in the club's zone, as the calendar's local dates. */
const clubToday = () => fromDayKey(format(new TZDate(Date.now(), CLUB_TIME_ZONE), 'yyyy-MM-dd'));

/** Events by the day they start on, in their own zone (as their pages show them). */
function byDay(events: EventSummaryView[]): Map<string, EventSummaryView[]> {
  const days = new Map<string, EventSummaryView[]>();
  for (const event of events) {
    const key = dayKey(event.startsAt, event.timeZone);
    days.set(key, [...(days.get(key) ?? []), event]);
  }
  return days;
}

/**
 * The month calendar (react-day-picker, styled as shadcn's Calendar): days with events are marked; choosing a day
 * lists its events; moving to another month loads /api/events/month for it. Loaded on demand with the view.
 */
export function EventMonth({ filters }: { filters: EventFilters }) {
  const [month, setMonth] = React.useState<Date>(clubToday);
  const [selected, setSelected] = React.useState<Date | undefined>(clubToday);
  const query = useEventMonthQuery(monthKey(month), filters);
  const days = React.useMemo(() => byDay(query.data?.items ?? []), [query.data]);
  const eventDays = React.useMemo(() => [...days.keys()].map(fromDayKey), [days]);
  const selectedEvents = selected ? (days.get(format(selected, 'yyyy-MM-dd')) ?? []) : [];
  const d = getDefaultClassNames();
  const t = useT(catalog);

  return (
    <div className="grid gap-6 md:grid-cols-[auto_1fr] md:items-start">
      <div className="justify-self-center rounded-xl border p-3 md:justify-self-start">
        <DayPicker
          locale={dateFnsLocale()}
          mode="single"
          month={month}
          onMonthChange={(next) => {
            setMonth(next);
            setSelected(undefined);
          }}
          selected={selected}
          onSelect={setSelected}
          showOutsideDays
          modifiers={{ hasEvents: eventDays }}
          modifiersClassNames={{ hasEvents: 'has-events' }}
          labels={{
            labelDayButton: (date, modifiers) =>
              `${formatLocalized(date, 'EEEE, MMMM d')}${modifiers.hasEvents ? t('events.month.hasEvents') : ''}${modifiers.selected ? t('events.month.selected') : ''}`,
          }}
          classNames={{
            root: cn('w-fit', d.root),
            months: 'relative flex flex-col gap-4',
            month: 'flex w-full flex-col gap-4',
            nav: 'absolute inset-x-0 top-0 flex w-full items-center justify-between gap-1',
            button_previous: cn(buttonVariants({ variant: 'ghost', size: 'icon-sm' }), 'aria-disabled:opacity-50'),
            button_next: cn(buttonVariants({ variant: 'ghost', size: 'icon-sm' }), 'aria-disabled:opacity-50'),
            month_caption: 'flex h-8 w-full items-center justify-center px-8',
            caption_label: 'text-sm font-medium',
            weekdays: 'flex',
            weekday: 'flex-1 rounded-md text-[0.8rem] font-normal text-muted-foreground select-none',
            week: 'mt-2 flex w-full',
            day: 'relative aspect-square size-10 p-0 text-center select-none [&.has-events>button]:font-semibold [&.has-events>button]:after:absolute [&.has-events>button]:after:bottom-1 [&.has-events>button]:after:left-1/2 [&.has-events>button]:after:size-1.5 [&.has-events>button]:after:-translate-x-1/2 [&.has-events>button]:after:rounded-full [&.has-events>button]:after:bg-primary',
            day_button: cn(
              buttonVariants({ variant: 'ghost', size: 'icon' }),
              'relative size-10 font-normal',
            ),
            // Modifiers land on the cell (the gridcell carries aria-selected), so they style its button.
            selected: '[&>button]:bg-primary [&>button]:text-primary-foreground [&>button]:hover:bg-primary/90 [&.has-events>button]:after:bg-primary-foreground',
            today: '[&:not([aria-selected])>button]:bg-accent [&:not([aria-selected])>button]:text-accent-foreground',
            outside: 'text-muted-foreground opacity-60',
            disabled: 'text-muted-foreground opacity-50',
            hidden: 'invisible',
          }}
        />
      </div>
      <DayEvents selected={selected} events={selectedEvents} query={query} />
    </div>
  );
}

function DayEvents({
  selected,
  events,
  query,
}: {
  selected: Date | undefined;
  events: EventSummaryView[];
  query: ReturnType<typeof useEventMonthQuery>;
}) {
  const t = useT(catalog);
  if (query.isPending) return <EventListSkeleton label={t('events.month.loading')} />;
  if (query.isError) return <ListError what={t('events.month.errorWhat')} error={query.error} onRetry={() => void query.refetch()} />;
  const title = selected ? formatLocalized(selected, 'EEEE, MMMM d') : t('events.month.chooseDay');
  return (
    <section aria-labelledby="day-events-title" aria-live="polite" className="grid content-start gap-3">
      <h2 id="day-events-title" className="font-semibold">
        {title}
      </h2>
      {!selected ? (
        <p className="text-sm text-muted-foreground">{t('events.month.count', { count: query.data.items.length })}</p>
      ) : events.length === 0 ? (
        <p className="text-sm text-muted-foreground">{t('events.month.none')}</p>
      ) : (
        <EventCards events={events} label={t('events.month.eventsOn', { day: title })} headingLevel={3} oneColumn pageZone={CLUB_TIME_ZONE} />
      )}
    </section>
  );
}
