import * as React from 'react';
import { toast } from 'sonner';
import { EVENT_LIMITS, imageVariantUrl, type EventHostRole, type EventView, type MemberSummary } from '@bayclub/shared';
import { Button } from '#/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '#/components/ui/dialog';
import { NativeSelect } from '#/components/ui/native-select';
import { LoadMore } from '#/components/load-more';
import { memberName } from '#/lib/member-format';
import { AvatarWithRetry } from '#/components/member/avatar-with-retry';
import { errorMessage, itemsOf } from '#/lib/api';
import { useT } from '#/lib/i18n';
import { useAttendeesQuery, useEventHostMutation } from './api';
import { catalog } from './i18n';

/** A co-host's role in words (catalogue ids). */
const ROLE_LABELS: Record<EventHostRole, string> = { host: 'events.hosts.coHost', door: 'events.hosts.doorHelper' };
/** "… is now a co-host" (catalogue ids). */
const ROLE_GIVEN: Record<EventHostRole, string> = { host: 'events.hosts.nowCoHost', door: 'events.hosts.nowDoorHelper' };

/**
 * The creator (and admins) name co-hosts (edit, cancel, check in, attendance) and door helpers (check in only),
 * from the members going; at most EVENT_LIMITS.coHostsMax. The server decides who may be added.
 */
export function EventHostsDialog({ event, open, onOpenChange }: { event: EventView; open: boolean; onOpenChange: (open: boolean) => void }) {
  const change = useEventHostMutation(event.id);
  const t = useT(catalog);
  const coHosts = event.hosts.filter((h) => !h.isCreator);
  const full = coHosts.length >= EVENT_LIMITS.coHostsMax;
  const setRole = (member: MemberSummary, role: EventHostRole | null) =>
    change.mutate(
      { userId: member.id, role },
      {
        onSuccess: () =>
          toast.success(t(role ? ROLE_GIVEN[role] : 'events.hosts.removed', { name: memberName(member) })),
        onError: (error) => toast.error(errorMessage(error)),
      },
    );

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-h-[calc(100dvh-2rem)] overflow-y-auto sm:max-w-lg">
        <DialogHeader>
          <DialogTitle>{t('events.hosts.title')}</DialogTitle>
          <DialogDescription>{t('events.hosts.description')}</DialogDescription>
        </DialogHeader>
        <section aria-labelledby="current-hosts" className="grid gap-2">
          <h3 id="current-hosts" className="text-sm font-medium">{t('events.hosts.current', { count: coHosts.length, max: EVENT_LIMITS.coHostsMax })}</h3>
          {coHosts.length === 0 && <p className="text-sm text-muted-foreground">{t('events.hosts.none')}</p>}
          <ul className="grid gap-2">
            {coHosts.map((host) => (
              <PersonRow key={host.id} member={host}>
                <NativeSelect
                  aria-label={t('events.hosts.roleOf', { name: memberName(host) })}
                  value={host.role}
                  disabled={change.isPending}
                  onChange={(e) => setRole(host, e.target.value as EventHostRole)}
                >
                  <option value="host">{t(ROLE_LABELS.host)}</option>
                  <option value="door">{t(ROLE_LABELS.door)}</option>
                </NativeSelect>
                <Button
                  variant="outline"
                  size="sm"
                  disabled={change.isPending}
                  aria-label={t('events.hosts.removeName', { name: memberName(host) })}
                  onClick={() => setRole(host, null)}
                >
                  {t('events.hosts.remove')}
                </Button>
              </PersonRow>
            ))}
          </ul>
        </section>
        <GoingCandidates event={event} disabled={change.isPending || full} onAdd={setRole} />
      </DialogContent>
    </Dialog>
  );
}

function GoingCandidates({ event, disabled, onAdd }: { event: EventView; disabled: boolean; onAdd: (m: MemberSummary, role: EventHostRole) => void }) {
  const query = useAttendeesQuery(event.id, 'going');
  const t = useT(catalog);
  const hostIds = new Set(event.hosts.map((h) => h.id));
  const candidates = itemsOf(query.data).filter((a) => !hostIds.has(a.member.id));
  return (
    <section aria-labelledby="going-candidates" className="grid gap-2">
      <h3 id="going-candidates" className="text-sm font-medium">
        {t('events.hosts.addFromGoing')}
      </h3>
      {query.isPending ? (
        <p className="text-sm text-muted-foreground">{t('events.loading')}</p>
      ) : query.isError && candidates.length === 0 ? (
        <p role="alert" className="text-sm text-destructive">
          {errorMessage(query.error)}
        </p>
      ) : candidates.length === 0 ? (
        <p className="text-sm text-muted-foreground">{t('events.hosts.nobodyGoing')}</p>
      ) : (
        <ul className="grid gap-2">
          {candidates.map(({ member }) => (
            <PersonRow key={member.id} member={member}>
              <Button
                variant="outline"
                size="sm"
                disabled={disabled}
                aria-label={t('events.hosts.addCoHost', { name: memberName(member) })}
                onClick={() => onAdd(member, 'host')}
              >
                {t(ROLE_LABELS.host)}
              </Button>
              <Button
                variant="outline"
                size="sm"
                disabled={disabled}
                aria-label={t('events.hosts.addDoorHelper', { name: memberName(member) })}
                onClick={() => onAdd(member, 'door')}
              >
                {t(ROLE_LABELS.door)}
              </Button>
            </PersonRow>
          ))}
        </ul>
      )}
      <LoadMore {...query} />
    </section>
  );
}

function PersonRow({ member, children }: { member: MemberSummary; children: React.ReactNode }) {
  return (
    <li className="flex flex-wrap items-center gap-2 rounded-lg border p-2">
      <AvatarWithRetry src={imageVariantUrl(member.profilePictureUrl, 'small')} alt="" className="size-8" />
      <span className="min-w-0 flex-1 truncate text-sm font-medium">{memberName(member)}</span>
      <span className="flex items-center gap-2">{children}</span>
    </li>
  );
}
