import { useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import type { EventView } from '@bayclub/shared';
import { useRealtimeEvent } from '#/features/realtime/use-realtime';
import { eventKeys } from './keys';

/**
 * The member's registration changed without their asking (promoted from the waitlist, the event cancelled or
 * moved): the event and the ticket are read again, and a promotion is announced.
 */
export function useRegistrationRealtime(eventId: string) {
  const queryClient = useQueryClient();
  useRealtimeEvent((event) => {
    if (event.type !== 'event:registration' || event.eventId !== eventId) return;
    const before = queryClient.getQueryData<EventView>(eventKeys.detail(eventId));
    void queryClient.invalidateQueries({ queryKey: eventKeys.ticket(eventId) });
    void queryClient.invalidateQueries({ queryKey: eventKeys.lists() });
    void queryClient.refetchQueries({ queryKey: eventKeys.detail(eventId), exact: true }).then(() => {
      const after = queryClient.getQueryData<EventView>(eventKeys.detail(eventId));
      if (before?.mine?.status === 'waitlisted' && after?.mine?.status === 'going')
        toast.success(`You're in! A seat opened up for ${after.title}.`);
    });
  });
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
