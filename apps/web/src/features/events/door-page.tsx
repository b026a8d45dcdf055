import * as React from 'react';
import { Link, useParams } from 'react-router';
import { ArrowLeftIcon } from 'lucide-react';
import { toast } from 'sonner';
import { EVENT_MESSAGES, eventPath, type CheckInInput, type CheckInResult, type EventView } from '@bayclub/shared';
import { PageSpinner } from '#/components/page-spinner';
import { NotFoundPage } from '#/components/not-found-page';
import { errorMessage, isApiError } from '#/lib/api';
import { Trans, useSharedText, useT } from '#/lib/i18n';
import { CheckInResultCard } from './check-in-result';
import { CheckedInList } from './checked-in-list';
import { ManualCodeForm } from './manual-code-form';
import { QrScanner } from '#/components/qr/qr-scanner';
import { useCheckInMutation, useCheckInsQuery, useEventDetailQuery } from './rsvp-api';
import { useCheckInRealtime } from './use-event-realtime';
import { catalog } from './i18n';

/** The same ticket seen again within this time is the camera still pointing at it, not a second arrival. */
const SAME_SCAN_MS = 4000;

/** '/events/:eventId/door': hosts and door helpers check guests in by camera or by code (decision 015). */
export function EventDoorPage() {
  const { eventId = '' } = useParams();
  const query = useEventDetailQuery(eventId);
  const t = useT(catalog);
  const s = useSharedText();
  if (query.isPending) return <PageSpinner />;
  if (query.isError) {
    if (isApiError(query.error) && (query.error.isNotFound || query.error.status === 400)) return <NotFoundPage />;
    return (
      <p role="alert" className="p-6">
        {t('events.door.eventLoadFailed', { error: errorMessage(query.error) })}
      </p>
    );
  }
  const event = query.data;
  return (
    <div className="mx-auto grid w-full max-w-3xl gap-4 px-4 py-4 md:py-8">
      <Link to={eventPath(event.id)} className="flex items-center gap-1 text-sm text-muted-foreground hover:underline">
        <ArrowLeftIcon aria-hidden="true" className="size-4" />
        {t('events.door.back')}
      </Link>
      {event.permissions.canCheckIn ? (
        <DoorDesk event={event} />
      ) : (
        <>
          <h1 className="text-2xl font-semibold">{event.title}</h1>
          <p role="alert" className="rounded-lg border p-4">
            {s(event.status === 'cancelled' ? EVENT_MESSAGES.cancelledBanner : EVENT_MESSAGES.notDoorStaff)}
          </p>
        </>
      )}
    </div>
  );
}

function DoorDesk({ event }: { event: EventView }) {
  const t = useT(catalog);
  useCheckInRealtime(event.id);
  const list = useCheckInsQuery(event.id);
  const checkIn = useCheckInMutation(event.id);
  const [result, setResult] = React.useState<CheckInResult | null>(null);
  const lastScan = React.useRef({ text: '', at: 0 });

  const send = async (input: CheckInInput): Promise<boolean> => {
    try {
      const answer = await checkIn.mutateAsync(input);
      setResult(answer);
      navigator.vibrate?.(answer.outcome === 'checked_in' ? 80 : [150, 80, 150]);
      return answer.outcome === 'checked_in';
    } catch (error) {
      toast.error(t('events.door.checkInFailed'), { description: errorMessage(error) });
      return false;
    }
  };

  const onScan = (text: string) => {
    const now = Date.now();
    if (text === lastScan.current.text && now - lastScan.current.at < SAME_SCAN_MS) return;
    lastScan.current = { text, at: now };
    void send({ token: text });
  };

  return (
    <>
      <header className="grid gap-1">
        <h1 className="text-2xl font-semibold">{t('events.door.title', { title: event.title })}</h1>
        {list.data && (
          <p className="text-muted-foreground">
            <Trans
              catalog={catalog}
              id="events.door.counts"
              values={{ checkedIn: list.data.checkedIn, going: list.data.going }}
              components={{ 0: <span className="font-semibold text-foreground" />, 1: <span className="font-semibold text-foreground" /> }}
            />
          </p>
        )}
      </header>
      <CheckInResultCard result={result} timeZone={event.timeZone} />
      <div className="grid gap-6 md:grid-cols-2">
        <section aria-labelledby="door-scan" className="grid content-start gap-3">
          <h2 id="door-scan" className="text-lg font-semibold">
            {t('events.door.scan')}
          </h2>
          <QrScanner onScan={onScan} paused={checkIn.isPending} />
        </section>
        <section aria-labelledby="door-type" className="grid content-start gap-3">
          <h2 id="door-type" className="text-lg font-semibold">
            {t('events.door.typeCode')}
          </h2>
          <ManualCodeForm onSubmit={(code) => send({ code })} pending={checkIn.isPending} />
        </section>
      </div>
      <section aria-labelledby="door-list" className="grid gap-2">
        <h2 id="door-list" className="text-lg font-semibold">
          {t('events.door.checkedIn')}
        </h2>
        <CheckedInList query={list} timeZone={event.timeZone} />
      </section>
    </>
  );
}
