import * as React from 'react';
import { Link } from 'react-router';
import { CalendarPlusIcon, DoorOpenIcon, FlagIcon, PencilIcon, Share2Icon, UserCogIcon, XCircleIcon } from 'lucide-react';
import { toast } from 'sonner';
import { EVENT_MESSAGES, canSeeMembers, eventDoorPath, eventPath, type EventView } from '@bayclub/shared';
import { ReportTargetDialog } from '#/features/moderation';
import { Button } from '#/components/ui/button';
import { ConfirmDialog } from '#/components/confirm-dialog';
import { useMe } from '#/lib/session/use-session';
import { MEMBER_LINK_REL } from '#/components/message-text';
import { errorMessage } from '#/lib/api';
import { lazyNamed } from '#/lib/lazy-named';
import { sharedText, useSharedText, useT } from '#/lib/i18n';
import { useCancelEventMutation } from './api';
import { catalog } from './i18n';

const EventFormDialog = lazyNamed(() => import('./event-form-dialog'), 'EventFormDialog');
const EventHostsDialog = lazyNamed(() => import('./event-hosts-dialog'), 'EventHostsDialog');

export type ShareOutcome = 'shared' | 'copied' | 'cancelled' | 'failed';

/** Share the event's page: the Web Share API where the browser has it (phones), else copy the link. */
export async function shareEvent(event: { id: string; title: string }): Promise<ShareOutcome> {
  const url = new URL(eventPath(event.id), window.location.origin).href;
  if (typeof navigator.share === 'function') {
    try {
      await navigator.share({ title: event.title, url });
      return 'shared';
    } catch (error) {
      if (error instanceof DOMException && error.name === 'AbortError') return 'cancelled';
    }
  }
  try {
    await navigator.clipboard.writeText(url);
    return 'copied';
  } catch {
    return 'failed';
  }
}

/** Add to calendar (.ics and Google) and Share, for everyone who can see the event; Report for approved members. */
export function EventShareActions({ event }: { event: EventView }) {
  const me = useMe();
  const t = useT(catalog);
  const s = useSharedText();
  const [reporting, setReporting] = React.useState(false);
  // Issue 23: approved members report an event they did not make (the server decides again).
  const canReport = !!me && canSeeMembers(me.profile) && !event.hosts.some((h) => h.isCreator && h.id === me.user.id);
  const handleShare = async () => {
    const outcome = await shareEvent(event);
    if (outcome === 'copied') toast.success(t('events.linkCopied'));
    else if (outcome === 'failed') toast.error(t('events.share.copyFailed', { url: `${window.location.origin}${eventPath(event.id)}` }));
  };
  return (
    <div className="flex flex-wrap gap-2" role="group" aria-label={s(EVENT_MESSAGES.addToCalendar)}>
      <Button asChild variant="outline" size="sm">
        <a href={event.calendar.icsUrl} download={`${event.title.slice(0, 60)}.ics`}>
          <CalendarPlusIcon aria-hidden="true" />
          {t('events.share.ics', { label: s(EVENT_MESSAGES.addToCalendar) })}
        </a>
      </Button>
      <Button asChild variant="outline" size="sm">
        <a href={event.calendar.googleUrl} target="_blank" rel={MEMBER_LINK_REL}>
          {t('events.share.googleCalendar')}
          <span className="sr-only">{t('events.opensInNewTab')}</span>
        </a>
      </Button>
      <Button variant="outline" size="sm" onClick={() => void handleShare()}>
        <Share2Icon aria-hidden="true" />
        {s(EVENT_MESSAGES.share)}
      </Button>
      {canReport && (
        <Button variant="outline" size="sm" onClick={() => setReporting(true)} onPointerEnter={() => void ReportTargetDialog.preload()}>
          <FlagIcon aria-hidden="true" />
          {t('events.share.report')}
        </Button>
      )}
      {reporting && (
        <React.Suspense fallback={null}>
          <ReportTargetDialog kind="event" id={event.id} name={event.title} open={reporting} onOpenChange={setReporting} />
        </React.Suspense>
      )}
    </div>
  );
}

/** Edit, Cancel event (with a confirm) and the door view, as the server's permissions allow. */
export function EventHostActions({ event }: { event: EventView }) {
  const { canEdit, canCancel, canCheckIn } = event.permissions;
  const scheduled = event.status === 'scheduled';
  const [editing, setEditing] = React.useState(false);
  const [confirming, setConfirming] = React.useState(false);
  const [managingHosts, setManagingHosts] = React.useState(false);
  const cancel = useCancelEventMutation(event.id);
  const me = useMe();
  const t = useT(catalog);
  // Hosts are named by the creator and admins (the server checks again).
  const canManageHosts = canEdit && (me?.isAdmin === true || event.hosts.some((h) => h.isCreator && h.id === me?.user.id));
  if (!canEdit && !canCancel && !canCheckIn) return null;

  const handleCancel = () =>
    cancel.mutate(undefined, {
      onSuccess: () => toast.success(sharedText(EVENT_MESSAGES.cancelDone)),
      onError: (error) => toast.error(errorMessage(error, t('events.manage.cancelFailed'))),
    });

  return (
    <div className="flex flex-wrap gap-2" role="group" aria-label={t('events.manage.label')}>
      {canEdit && scheduled && (
        <Button variant="outline" size="sm" onClick={() => setEditing(true)} onPointerEnter={() => void EventFormDialog.preload()}>
          <PencilIcon aria-hidden="true" />
          {t('events.manage.edit')}
        </Button>
      )}
      {canManageHosts && scheduled && (
        <Button variant="outline" size="sm" onClick={() => setManagingHosts(true)} onPointerEnter={() => void EventHostsDialog.preload()}>
          <UserCogIcon aria-hidden="true" />
          {t('events.manage.hosts')}
        </Button>
      )}
      {canCheckIn && scheduled && (
        <Button asChild variant="outline" size="sm">
          <Link to={eventDoorPath(event.id)}>
            <DoorOpenIcon aria-hidden="true" />
            {t('events.manage.door')}
          </Link>
        </Button>
      )}
      {canCancel && scheduled && (
        <Button variant="outline" size="sm" className="text-destructive" onClick={() => setConfirming(true)} disabled={cancel.isPending}>
          <XCircleIcon aria-hidden="true" />
          {t('events.manage.cancel')}
        </Button>
      )}
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title={t('events.manage.cancelTitle')}
        description={t('events.manage.cancelDescription')}
        confirm={t('events.manage.cancel')}
        cancel={t('events.manage.keep')}
        onConfirm={handleCancel}
      />
      {managingHosts && (
        <React.Suspense fallback={null}>
          <EventHostsDialog open={managingHosts} onOpenChange={setManagingHosts} event={event} />
        </React.Suspense>
      )}
      {editing && (
        <React.Suspense fallback={null}>
          <EventFormDialog open={editing} onOpenChange={setEditing} event={event} />
        </React.Suspense>
      )}
    </div>
  );
}
