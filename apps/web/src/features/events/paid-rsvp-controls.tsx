import * as React from 'react';
import { toast } from 'sonner';
import { EVENT_MESSAGES, type EventView } from '@bayclub/shared';
import { Button } from '#/components/ui/button';
import { Spinner } from '#/components/ui/spinner';
import { errorMessage } from '#/lib/api';
import { useSharedText, useT } from '#/lib/i18n';
import { GetTicketButton, PaidTicketActions, PaymentDue, RefundStatus } from '#/features/payments';
import { seatsLeft } from './event-format';
import { GuestsStepper } from './guests-stepper';
import { useRsvpMutation } from './rsvp-api';
import { catalog } from './i18n';

/**
 * The RSVP of a paid event (issue 22), by the member's status: Get ticket (Checkout for the party, or the waitlist
 * when it does not fit), seats held or a claim offer to pay for, the waitlist, or the ticket's payment and Cancel
 * ticket. Leaving the waitlist and declining an offer are the RSVP's not_going, as for a free event.
 */
export function PaidRsvpControls({ event }: { event: EventView }) {
  const rsvp = useRsvpMutation(event.id);
  const t = useT(catalog);
  const s = useSharedText();
  const leave = () =>
    rsvp.mutate(
      { status: 'not_going' },
      { onError: (error) => toast.error(t('events.rsvp.saveFailed'), { description: errorMessage(error) }) },
    );
  const status = event.mine?.status ?? 'not_going';
  switch (status) {
    case 'awaiting_payment':
      return <PaymentDue event={event} onDecline={leave} declining={rsvp.isPending} />;
    case 'waitlisted':
      return (
        <div className="grid gap-3">
          <p className="text-sm">{t('events.rsvp.paidWaitlist')}</p>
          <div>
            <Button variant="outline" disabled={rsvp.isPending} onClick={leave}>
              {rsvp.isPending && <Spinner />}
              {s(EVENT_MESSAGES.leaveWaitlist)}
            </Button>
          </div>
        </div>
      );
    case 'going':
      return null;
    case 'not_going':
    case 'cancelled':
      return <GetTicket event={event} />;
  }
}

function GetTicket({ event }: { event: EventView }) {
  const [guests, setGuests] = React.useState(0);
  const left = seatsLeft(event);
  return (
    <div className="grid gap-3">
      {event.guestsAllowed > 0 && <GuestsStepper value={guests} max={event.guestsAllowed} onChange={setGuests} />}
      <div className="flex flex-wrap gap-2">
        <GetTicketButton event={event} guests={guests} fits={left === null || left >= 1 + guests} showRefusal />
      </div>
    </div>
  );
}

/** What a paid registration shows besides the controls: the ticket's payment and Cancel ticket, or a refund. */
export function PaidRegistrationMoney({ event }: { event: EventView }) {
  const status = event.mine?.status;
  if (!event.paid || !status) return null;
  if (status === 'going') return <PaidTicketActions event={event} />;
  if (status === 'not_going' || status === 'cancelled') return <RefundStatus event={event} />;
  return null;
}
