import { CheckCircle2Icon } from 'lucide-react';
import { EVENT_MESSAGES, type EventView, type TicketView } from '@bayclub/shared';
import { QrCodeImage } from '#/components/qr/qr-code-image';
import { Skeleton } from '#/components/ui/skeleton';
import { RetryButton } from '#/components/retry-button';
import { errorMessage } from '#/lib/api';
import { timeInZone } from '#/lib/format';
import { useSharedText, useT } from '#/lib/i18n';
import { partyLabel, spelled } from './event-format';
import { useTicketQuery } from './rsvp-api';
import { catalog } from './i18n';

/**
 * "Your ticket": the QR and the 6-character code for the door. The service worker keeps the last answer of
 * GET /api/events/:id/ticket (sw.ts), so a ticket opened once still shows without a connection.
 */
export function YourTicket({ event }: { event: EventView }) {
  const query = useTicketQuery(event.id);
  const t = useT(catalog);
  const s = useSharedText();
  return (
    <section aria-labelledby={`ticket-${event.id}`} className="grid gap-3 rounded-lg bg-muted/40 p-4">
      <h3 id={`ticket-${event.id}`} className="font-semibold">
        {s(EVENT_MESSAGES.yourTicket)}
      </h3>
      {query.isPending ? (
        <div role="status" className="grid justify-items-center">
          <Skeleton className="size-48" />
          <span className="sr-only">{t('events.ticket.loading')}</span>
        </div>
      ) : query.isError ? (
        <div role="alert" className="grid justify-items-start gap-2 text-sm">
          <p>{t('events.ticket.loadFailed', { error: errorMessage(query.error) })}</p>
          <RetryButton size="sm" onClick={() => void query.refetch()} />
        </div>
      ) : (
        <TicketBody ticket={query.data} timeZone={event.timeZone} />
      )}
    </section>
  );
}

function TicketBody({ ticket, timeZone }: { ticket: TicketView; timeZone: string }) {
  const t = useT(catalog);
  const s = useSharedText();
  return (
    <div className="grid justify-items-center gap-2 text-center">
      {ticket.qrSvg ? (
        <QrCodeImage svg={ticket.qrSvg} alt={t('events.ticket.qrAlt')} className="size-56 rounded bg-white p-2" />
      ) : (
        <p className="text-sm text-muted-foreground">{t('events.ticket.showCode')}</p>
      )}
      <p
        role="img"
        aria-label={t('events.ticket.codeLabel', { code: spelled(ticket.code) })}
        className="font-mono text-4xl font-bold tracking-[0.35em] tabular-nums"
      >
        {ticket.code}
      </p>
      <p className="text-sm">{partyLabel(ticket.partySize)}</p>
      {ticket.checkedInAt && (
        <p className="flex items-center gap-1 text-sm font-medium text-green-700 dark:text-green-400">
          <CheckCircle2Icon aria-hidden="true" className="size-4" />
          {t('events.ticket.checkedInAt', { checkedIn: s(EVENT_MESSAGES.checkedIn), time: timeInZone(ticket.checkedInAt, timeZone) })}
        </p>
      )}
    </div>
  );
}
