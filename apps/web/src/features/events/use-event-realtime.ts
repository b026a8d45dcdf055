import * as React from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import type { EventView } from '@bayclub/shared';
import { useRealtimeEvent } from '#/lib/realtime/use-realtime';
import { useT } from '#/lib/i18n';
import { timeUntil } from '#/features/payments';
import { eventKeys } from './keys';
import { catalog } from './i18n';

/**
 * The member's registration changed without their asking (promoted from the waitlist, the event cancelled or
 * moved): the event and the ticket are read again, and a promotion from the waitlist is announced once the event
 * shows it. The event page may already read the event again on the same message: then no second request is made.
 */
export function useRegistrationRealtime(event: EventView) {
  const queryClient = useQueryClient();
  const t = useT(catalog);
  const status = event.mine?.status;
  const watchingPromotion = React.useRef(false);
  useRealtimeEvent((message) => {
    if (message.type !== 'event:registration' || message.eventId !== event.id) return;
    if (status === 'waitlisted') watchingPromotion.current = true;
    void queryClient.invalidateQueries({ queryKey: eventKeys.ticket(event.id) });
    void queryClient.invalidateQueries({ queryKey: eventKeys.lists() });
    const key = eventKeys.detail(event.id);
    const at = Date.now();
    // After every handler of this message has run: refetch only if none of them did.
    queueMicrotask(() => {
      const state = queryClient.getQueryState(key);
      if (state?.fetchStatus === 'fetching' || (state?.dataUpdatedAt ?? 0) >= at) return;
      void queryClient.refetchQueries({ queryKey: key, exact: true }, { cancelRefetch: false });
    });
  });
  // A paid event offers the seat instead (issue 22): it is the member's once paid for, before the deadline.
  const claimUntil = event.mine?.hold?.kind === 'claim' ? timeUntil(event.mine.hold.expiresAt, event.timeZone) : null;
  React.useEffect(() => {
    if (!watchingPromotion.current || status === 'waitlisted') return;
    watchingPromotion.current = false;
    if (status === 'going') toast.success(t('events.rsvp.promoted', { title: event.title }));
    else if (claimUntil) toast.success(t('events.rsvp.claimOffered', { title: event.title, time: claimUntil }));
  }, [status, event.title, claimUntil, t]);
}

/** The door's list of who is checked in follows check-ins made by co-hosts. */
export function useCheckInRealtime(eventId: string) {
  const queryClient = useQueryClient();
  useRealtimeEvent((event) => {
    if (event.type !== 'event:checkin' || event.eventId !== eventId) return;
    void queryClient.invalidateQueries({ queryKey: eventKeys.checkIns(eventId) });
    void queryClient.invalidateQueries({ queryKey: eventKeys.attendance(eventId) });
  });
}
