import * as React from 'react';
import { CalendarIcon } from 'lucide-react';
import { accessLevel } from '@bayclub/shared';
import { Button } from '#/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle, DialogTrigger } from '#/components/ui/dialog';
import { useMe, usePermissions } from '#/lib/session/use-session';
import { useT } from '#/lib/i18n';
import { catalog } from './i18n';
import { CalendarFeedBody } from './calendar-feed-body';

/**
 * May the member have a personal calendar feed? Full members, and approved community members with
 * access_calendar (the server's `{flag: access_calendar}`); never applicants.
 */
export function useCanUseCalendar(): boolean {
  const me = useMe();
  const flags = usePermissions();
  const level = accessLevel(me?.profile ?? null);
  return level === 'full_platform' || (level === 'limited' && flags?.access_calendar === true);
}

/** "Calendar feed" on /events: the member's secret calendar URL (copy, make a new one, turn off). */
export function CalendarFeedButton() {
  const allowed = useCanUseCalendar();
  const [open, setOpen] = React.useState(false);
  const t = useT(catalog);
  if (!allowed) return null;
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button variant="outline">
          <CalendarIcon aria-hidden="true" />
          {t('events.calendarFeed.button')}
        </Button>
      </DialogTrigger>
      <DialogContent className="sm:max-w-lg">
        <DialogHeader>
          <DialogTitle>{t('events.calendarFeed.title')}</DialogTitle>
          <DialogDescription>{t('events.calendarFeed.description')}</DialogDescription>
        </DialogHeader>
        {open && <CalendarFeedBody />}
      </DialogContent>
    </Dialog>
  );
}
