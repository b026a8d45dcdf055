import { Link } from 'react-router';
import { imageVariantUrl, type EventView, type MemberSummary } from '@bayclub/shared';
import { memberName } from '#/lib/member-format';
import { AvatarWithRetry } from '#/components/member/avatar-with-retry';
import { useT } from '#/lib/i18n';
import { catalog } from './i18n';

/** A host's role under their name (catalogue ids). */
const HOST_ROLE_LABELS = { host: 'events.people.host', door: 'events.hosts.doorHelper' } as const;

/** Hosts: avatars and names linking to their profiles (visitors get names only: members' profiles are not theirs). */
export function EventHosts({ event, linkProfiles }: { event: EventView; linkProfiles: boolean }) {
  const t = useT(catalog);
  if (event.hosts.length === 0) return null;
  return (
    <section aria-labelledby="event-hosts" className="grid gap-2">
      <h2 id="event-hosts" className="font-semibold">
        {t('events.people.hostedBy')}
      </h2>
      <ul className="flex flex-wrap gap-3">
        {event.hosts.map((host) => {
          const name = memberName(host);
          return (
            <li key={host.id} className="flex items-center gap-2">
              <AvatarWithRetry src={imageVariantUrl(host.profilePictureUrl, 'small')} alt="" className="size-9" />
              <span className="grid text-sm leading-tight">
                {linkProfiles ? (
                  <Link to={`/view-profile/${host.id}`} className="font-medium hover:underline">
                    {name}
                  </Link>
                ) : (
                  <span className="font-medium">{name}</span>
                )}
                <span className="text-muted-foreground">{host.isCreator ? t('events.people.organizer') : t(HOST_ROLE_LABELS[host.role])}</span>
              </span>
            </li>
          );
        })}
      </ul>
    </section>
  );
}

/**
 * Who's going (decision 025): faces with names, each a link to the profile, the host first; the counts are of the
 * same members (those the reader may see) and their guests, so the numbers always match the faces. Not shown to
 * visitors.
 */
export function EventGoing({ event }: { event: EventView }) {
  const t = useT(catalog);
  const members: MemberSummary[] = event.goingPreview;
  const more = Math.max(0, event.goingMembers - members.length);
  const creatorId = event.hosts.find((h) => h.isCreator)?.id;
  const summary = [
    t('events.people.members', { count: event.goingMembers }),
    event.goingGuests > 0 && t('events.people.guests', { count: event.goingGuests }),
    event.waitlistCount > 0 && t('events.people.waitlist', { count: event.waitlistCount }),
  ]
    .filter(Boolean)
    .join(' · ');
  return (
    <section aria-labelledby="event-going" className="grid gap-3">
      <h2 id="event-going" className="font-semibold">
        {t('events.people.whosGoing')}
      </h2>
      <p className="text-sm text-muted-foreground">{summary}</p>
      {members.length > 0 && (
        <ul aria-label={t('events.people.membersGoing')} className="grid grid-cols-4 gap-x-2 gap-y-3 sm:grid-cols-6">
          {members.map((member) => {
            const name = memberName(member);
            return (
              <li key={member.id} className="min-w-0">
                <Link
                  to={`/view-profile/${member.id}`}
                  className="grid justify-items-center gap-1 rounded-lg p-1 text-center outline-none hover:bg-accent focus-visible:ring-[3px] focus-visible:ring-ring/50"
                >
                  <AvatarWithRetry src={imageVariantUrl(member.profilePictureUrl, 'small')} alt="" className="size-12" />
                  <span className="w-full truncate text-xs font-medium">{name}</span>
                  {member.id === creatorId && <span className="text-[0.7rem] leading-none text-muted-foreground">{t('events.people.host')}</span>}
                </Link>
              </li>
            );
          })}
        </ul>
      )}
      {more > 0 && <p className="text-sm text-muted-foreground">{t('events.people.more', { count: more })}</p>}
    </section>
  );
}
