import { toast } from 'sonner';
import { EVENT_MESSAGES, type EventView } from '@bayclub/shared';
import { Button } from '#/components/ui/button';
import { Spinner } from '#/components/ui/spinner';
import { errorMessage } from '#/lib/api';
import { useSharedText, useT } from '#/lib/i18n';
import { seatsLabel, seatsLeft, statusLabel } from './event-format';
import { GetTicketButton, PayNowButton, timeUntil } from '#/features/payments';
import { useRsvpMutation } from './rsvp-api';
import { catalog } from './i18n';

/** The RSVP panel's element id: the bar's second button scrolls to it and focuses it. */
export const rsvpPanelId = (eventId: string) => `rsvp-panel-${eventId}`;

/**
 * Phones (decision 025): the RSVP kept on screen while the member reads the page. The last child of the page, sticky
 * above the bottom tab bar (its 4 rem and the safe area), so it never covers the tabs, and once the page is scrolled
 * to its end it rests in its own place below the content instead of over it. It answers with the member's status
 * and one action: RSVP (or Join waitlist; Get ticket for a paid event) for a party of one, or a way to their RSVP and
 * ticket once registered (Pay now, while seats wait for payment). Guests are chosen in the
 * panel itself.
 */
export function RsvpBar({ event }: { event: EventView }) {
  const rsvp = useRsvpMutation(event.id);
  const t = useT(catalog);
  const s = useSharedText();
  const mine = event.mine;
  const registered = mine !== null && (mine.status === 'going' || mine.status === 'waitlisted' || mine.status === 'awaiting_payment');
  if (!event.permissions.canRsvp && !registered) return null;
  const left = seatsLeft(event);
  const fits = left === null || left >= 1;
  const held = mine?.status === 'awaiting_payment' && mine.hold ? timeUntil(mine.hold.expiresAt, event.timeZone) : null;
  const status = registered
    ? held
      ? t('events.rsvp.statusUntil', { status: statusLabel(mine), time: held })
      : statusLabel(mine)
    : (seatsLabel(event) ?? t('events.goingCount', { count: event.attendingCount }));
  const showPanel = () => {
    const panel = document.getElementById(rsvpPanelId(event.id));
    panel?.scrollIntoView({ behavior: 'smooth', block: 'center' });
    // Focus goes along (the keyboard and a screen reader carry on from the panel) without cutting the smooth scroll short.
    panel?.focus({ preventScroll: true });
  };
  const send = () =>
    rsvp.mutate(
      { status: 'going', guests: 0 },
      { onError: (error) => toast.error(t('events.rsvp.saveFailed'), { description: errorMessage(error) }) },
    );
  return (
    <div
      role="region"
      aria-label={t('events.rsvp.bar')}
      className="sticky bottom-[calc(4.5rem+env(safe-area-inset-bottom))] z-10 -mx-1 flex min-w-0 items-center justify-between gap-3 rounded-xl border bg-background/95 p-3 shadow-lg backdrop-blur md:hidden"
    >
      <p className="min-w-0 truncate text-sm font-medium">{status}</p>
      {registered && mine.status === 'awaiting_payment' ? (
        <PayNowButton event={event} size="sm" />
      ) : registered ? (
        <Button size="sm" variant="outline" onClick={showPanel}>
          {mine.status === 'going' ? t('events.rsvp.yourTicket') : t('events.rsvp.title')}
        </Button>
      ) : event.paid ? (
        // Guests are chosen in the panel; the bar gets a ticket for one.
        <GetTicketButton event={event} guests={0} fits={fits} size="sm" />
      ) : (
        <Button size="sm" disabled={rsvp.isPending} onClick={send}>
          {rsvp.isPending && <Spinner />}
          {fits ? t('events.rsvp.rsvp') : s(EVENT_MESSAGES.joinWaitlist)}
        </Button>
      )}
    </div>
  );
}
