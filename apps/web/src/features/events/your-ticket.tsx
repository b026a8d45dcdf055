import { CheckCircle2Icon } from 'lucide-react';
import { EVENT_MESSAGES, type EventView, type TicketView } from '@bayclub/shared';
import { QrCodeImage } from '#/components/qr/qr-code-image';
import { Skeleton } from '#/components/ui/skeleton';
import { RetryButton } from '#/components/retry-button';
import { errorMessage } from '#/lib/api';
import { timeInZone } from '#/lib/format';
import { partyLabel, spelled } from './event-format';
import { useTicketQuery } from './rsvp-api';

/**
 * "Your ticket": the QR and the 6-character code for the door. The service worker keeps the last answer of
 * GET /api/events/:id/ticket (sw.ts), so a ticket opened once still shows without a connection.
 */
export function YourTicket({ event }: { event: EventView }) {
  const query = useTicketQuery(event.id);
  return (
    <section aria-labelledby={`ticket-${event.id}`} className="grid gap-3 rounded-lg bg-muted/40 p-4">
      <h3 id={`ticket-${event.id}`} className="font-semibold">
        {EVENT_MESSAGES.yourTicket}
      </h3>
      {query.isPending ? (
        <div role="status" className="grid justify-items-center">
          <Skeleton className="size-48" />
          <span className="sr-only">Loading your ticket</span>
        </div>
      ) : query.isError ? (
        <div role="alert" className="grid justify-items-start gap-2 text-sm">
          <p>Could not load your ticket. {errorMessage(query.error)}</p>
          <RetryButton size="sm" onClick={() => void query.refetch()} />
        </div>
      ) : (
        <TicketBody ticket={query.data} timeZone={event.timeZone} />
      )}
    </section>
  );
}

function TicketBody({ ticket, timeZone }: { ticket: TicketView; timeZone: string }) {
  return (
    <div className="grid justify-items-center gap-2 text-center">
      {ticket.qrSvg ? (
        <QrCodeImage svg={ticket.qrSvg} alt="QR code of your ticket, to scan at the door" className="size-56 rounded bg-white p-2" />
      ) : (
        <p className="text-sm text-muted-foreground">Show this code at the door.</p>
      )}
      <p
        role="img"
        aria-label={`Ticket code: ${spelled(ticket.code)}`}
        className="font-mono text-4xl font-bold tracking-[0.35em] tabular-nums"
      >
        {ticket.code}
      </p>
      <p className="text-sm">{partyLabel(ticket.partySize)}</p>
      {ticket.checkedInAt && (
        <p className="flex items-center gap-1 text-sm font-medium text-green-700 dark:text-green-400">
          <CheckCircle2Icon aria-hidden="true" className="size-4" />
          {EVENT_MESSAGES.checkedIn} at {timeInZone(ticket.checkedInAt, timeZone)}
        </p>
      )}
    </div>
  );
}
