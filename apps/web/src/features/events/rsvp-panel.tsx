import * as React from 'react';
import { toast } from 'sonner';
import { EVENT_MESSAGES, type EventView, type RsvpInput } from '@bayclub/shared';
import { Button } from '#/components/ui/button';
import { Spinner } from '#/components/ui/spinner';
import { errorMessage } from '#/lib/api';
import { useSharedText, useT } from '#/lib/i18n';
import { seatsLabel, seatsLeft, statusLabel } from './event-format';
import { GuestsStepper } from './guests-stepper';
import { PaidRegistrationMoney, PaidRsvpControls } from './paid-rsvp-controls';
import { useRsvpMutation } from './rsvp-api';
import { rsvpPanelId } from './rsvp-bar';
import { useRegistrationRealtime } from './use-event-realtime';
import { YourTicket } from './your-ticket';
import { catalog } from './i18n';

/**
 * The RSVP control for approved members: status, seats left, guests, RSVP / Join waitlist / Can't go / Leave
 * waitlist, the waitlist position and reason, and the ticket once going. A paid event's controls go through
 * Checkout instead (PaidRsvpControls). The server decides going or waitlisted;
 * the buttons wait for its answer, and a refusal (e.g. 409: more guests than fit) is shown without losing the
 * member's choice.
 */
export function RsvpPanel({ event }: { event: EventView }) {
  useRegistrationRealtime(event);
  const t = useT(catalog);
  const s = useSharedText();
  const mine = event.mine;
  const registered = mine !== null && mine.status !== 'not_going';
  const headingId = `rsvp-${event.id}`;
  // Decision 025: the creator is going to their own event, counted without an RSVP or a seat.
  if (event.permissions.isCreator && !registered) {
    return (
      <section aria-labelledby={headingId} className="grid gap-1 rounded-lg border p-4">
        <h2 id={headingId} className="text-lg font-semibold">
          {t('events.rsvp.title')}
        </h2>
        <p className="font-medium">{t('events.rsvp.hosting')}</p>
        <p className="text-sm text-muted-foreground">{s(EVENT_MESSAGES.hostIsGoing)}.</p>
        {seatsLabel(event) && <p className="text-sm text-muted-foreground">{seatsLabel(event)}</p>}
      </section>
    );
  }
  if (!event.permissions.canRsvp && !registered) return null;
  return (
    // tabIndex -1: the RSVP bar's "Your ticket" moves focus here.
    <section
      id={rsvpPanelId(event.id)}
      tabIndex={-1}
      aria-labelledby={headingId}
      className="grid scroll-mt-4 gap-3 rounded-lg border p-4 outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50"
    >
      <h2 id={headingId} className="text-lg font-semibold">
        {t('events.rsvp.title')}
      </h2>
      {mine && <p className="font-medium">{statusLabel(mine)}</p>}
      {mine?.waitlistReason && <p className="text-sm text-muted-foreground">{mine.waitlistReason}</p>}
      {seatsLabel(event) && <p className="text-sm text-muted-foreground">{seatsLabel(event)}</p>}
      {event.permissions.canRsvp &&
        (event.paid ? (
          <PaidRsvpControls key={mine?.status} event={event} />
        ) : (
          <RsvpControls key={`${mine?.status}:${mine?.guests}`} event={event} />
        ))}
      {mine?.status === 'going' && <YourTicket event={event} />}
      <PaidRegistrationMoney event={event} />
    </section>
  );
}

function RsvpControls({ event }: { event: EventView }) {
  const rsvp = useRsvpMutation(event.id);
  const t = useT(catalog);
  const s = useSharedText();
  const status = event.mine?.status ?? 'not_going';
  const current = status === 'going' || status === 'waitlisted' ? (event.mine?.guests ?? 0) : 0;
  const [guests, setGuests] = React.useState(Math.min(current, event.guestsAllowed));
  const [refusal, setRefusal] = React.useState<string | null>(null);

  const send = (input: RsvpInput) => {
    setRefusal(null);
    rsvp.mutate(input, {
      onError: (error) => {
        const message = errorMessage(error);
        setRefusal(message);
        toast.error(t('events.rsvp.saveFailed'), { description: message });
      },
    });
  };

  // Seats free for this party: a member already going keeps their own seats.
  const left = seatsLeft(event);
  const own = status === 'going' ? 1 + current : 0;
  const fits = left === null || left + own >= 1 + guests;
  const pending = rsvp.isPending;
  const registered = status === 'going' || status === 'waitlisted';

  return (
    <div className="grid gap-3">
      {event.guestsAllowed > 0 && <GuestsStepper value={guests} max={event.guestsAllowed} onChange={setGuests} disabled={pending} />}
      <div className="flex flex-wrap gap-2">
        {!registered && (
          <Button disabled={pending} onClick={() => send({ status: 'going', guests })}>
            {pending && <Spinner />}
            {fits ? t('events.rsvp.rsvp') : s(EVENT_MESSAGES.joinWaitlist)}
          </Button>
        )}
        {registered && guests !== current && (
          <Button disabled={pending} onClick={() => send({ status: 'going', guests })}>
            {pending && <Spinner />}
            {t('events.rsvp.updateGuests')}
          </Button>
        )}
        {registered && (
          <Button variant="outline" disabled={pending} onClick={() => send({ status: 'not_going' })}>
            {s(status === 'going' ? EVENT_MESSAGES.notGoing : EVENT_MESSAGES.leaveWaitlist)}
          </Button>
        )}
      </div>
      {refusal && (
        <p role="alert" className="text-sm text-destructive">
          {refusal}
        </p>
      )}
    </div>
  );
}
