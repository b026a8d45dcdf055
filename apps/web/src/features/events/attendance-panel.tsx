import { Link } from 'react-router';
import { DoorOpenIcon } from 'lucide-react';
import { eventDoorPath, type AttendanceView, type AttendeeView, type EventView } from '@bayclub/shared';
import { buttonVariants } from '#/components/ui/button';
import { Spinner } from '#/components/ui/spinner';
import { errorMessage, isApiError } from '#/lib/api';
import { timeInZone } from '#/lib/format';
import { MemberPhoto } from '#/components/member/member-photo';
import { RetryButton } from '#/components/retry-button';
import { useT } from '#/lib/i18n';
import { attendeeName, doorPartyLabel } from './event-format';
import { useAttendanceQuery, useWaitlistQuery } from './rsvp-api';
import { useCheckInRealtime } from './use-event-realtime';
import { catalog } from './i18n';

/**
 * For the hosts (and door helpers): going, checked in and no-shows, the waitlist in order, and the door view.
 * Door helpers only check guests in: they get the door link, not the numbers and lists the server keeps for hosts.
 */
export function AttendancePanel({ event }: { event: EventView }) {
  const t = useT(catalog);
  const { canEdit, canCheckIn } = event.permissions;
  if (!canEdit && !canCheckIn) return null;
  return (
    <section aria-labelledby={`attendance-${event.id}`} className="grid gap-4 rounded-lg border p-4">
      <h2 id={`attendance-${event.id}`} className="text-lg font-semibold">
        {t('events.attendance.title')}
      </h2>
      {canCheckIn && (
        <Link to={eventDoorPath(event.id)} className={buttonVariants({ className: 'justify-self-start' })}>
          <DoorOpenIcon aria-hidden="true" />
          {t('events.attendance.openDoor')}
        </Link>
      )}
      {canEdit && <HostNumbers event={event} />}
    </section>
  );
}

function HostNumbers({ event }: { event: EventView }) {
  const t = useT(catalog);
  useCheckInRealtime(event.id);
  const attendance = useAttendanceQuery(event.id);
  const waitlist = useWaitlistQuery(event.id);
  const forbidden = (e: unknown) => isApiError(e) && (e.isForbidden || e.isNotFound);
  return (
    <>
      {attendance.isPending ? (
        <Spinner label={t('events.attendance.loading')} />
      ) : attendance.isError ? (
        forbidden(attendance.error) ? null : <LoadError message={t('events.attendance.loadFailed', { error: errorMessage(attendance.error) })} retry={() => void attendance.refetch()} />
      ) : (
        <Counts attendance={attendance.data} timeZone={event.timeZone} />
      )}
      <div className="grid gap-2">
        <h3 className="font-semibold">{t('events.attendance.waitlist')}</h3>
        {waitlist.isPending ? (
          <Spinner label={t('events.attendance.loadingWaitlist')} />
        ) : waitlist.isError ? (
          forbidden(waitlist.error) ? (
            <p className="text-sm text-muted-foreground">{t('events.attendance.waitlistHostsOnly')}</p>
          ) : (
            <LoadError message={t('events.attendance.waitlistLoadFailed', { error: errorMessage(waitlist.error) })} retry={() => void waitlist.refetch()} />
          )
        ) : (
          <Waitlist items={waitlist.data.items} more={waitlist.data.nextCursor !== null} />
        )}
      </div>
    </>
  );
}

function Counts({ attendance, timeZone }: { attendance: AttendanceView; timeZone: string }) {
  const t = useT(catalog);
  const cells = [
    { label: 'events.attendance.going', value: attendance.going, seats: attendance.seatsGoing },
    { label: 'events.attendance.checkedIn', value: attendance.checkedIn, seats: attendance.seatsCheckedIn },
    { label: 'events.attendance.noShows', value: attendance.noShows, seats: null },
  ];
  return (
    <>
      <dl className="grid grid-cols-3 gap-2 text-center">
        {cells.map((c) => (
          <div key={c.label} className="rounded-md bg-muted/50 p-2">
            <dt className="text-xs text-muted-foreground">{t(c.label)}</dt>
            <dd className="text-2xl font-semibold tabular-nums">{c.value}</dd>
            {c.seats !== null && c.seats !== c.value && <dd className="text-xs text-muted-foreground">{t('events.attendance.seats', { count: c.seats })}</dd>}
          </div>
        ))}
      </dl>
      {attendance.members.length > 0 && (
        <details>
          <summary className="cursor-pointer text-sm font-medium">{t('events.attendance.everyoneGoing', { count: attendance.members.length })}</summary>
          <ul className="mt-2 divide-y">
            {attendance.members.map((m) => (
              <li key={m.member.id} className="flex items-center gap-3 py-2 text-sm">
                <MemberPhoto member={m.member} className="size-8" />
                <span className="min-w-0 flex-1 truncate">{attendeeName(m.member)}</span>
                <span className="text-muted-foreground">{m.checkedInAt ? t('events.attendance.checkedInAt', { time: timeInZone(m.checkedInAt, timeZone) }) : t('events.attendance.notCheckedIn')}</span>
              </li>
            ))}
          </ul>
        </details>
      )}
    </>
  );
}

function Waitlist({ items, more }: { items: AttendeeView[]; more: boolean }) {
  const t = useT(catalog);
  if (items.length === 0) return <p className="text-sm text-muted-foreground">{t('events.attendance.waitlistEmpty')}</p>;
  return (
    <>
      <ol className="divide-y" aria-label={t('events.attendance.waitlistOrder')}>
        {items.map((a, i) => (
          <li key={a.member.id} className="flex items-center gap-3 py-2 text-sm">
            <span className="w-6 text-right tabular-nums text-muted-foreground">{i + 1}.</span>
            <MemberPhoto member={a.member} className="size-8" />
            <span className="min-w-0 flex-1 truncate">{attendeeName(a.member)}</span>
            <span className="text-muted-foreground">{doorPartyLabel(1 + a.guests)}</span>
          </li>
        ))}
      </ol>
      {more && <p className="text-xs text-muted-foreground">{t('events.attendance.showingFirst', { count: items.length })}</p>}
    </>
  );
}

function LoadError({ message, retry }: { message: string; retry: () => void }) {
  return (
    <div role="alert" className="grid justify-items-start gap-2 text-sm">
      <p>{message}</p>
      <RetryButton size="sm" onClick={retry} />
    </div>
  );
}
