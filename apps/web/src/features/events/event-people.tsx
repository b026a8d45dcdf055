import { Link } from 'react-router';
import { imageVariantUrl, type EventView, type MemberSummary } from '@bayclub/shared';
import { memberName } from '#/lib/member-format';
import { AvatarWithRetry } from '#/components/member/avatar-with-retry';

const HOST_ROLE_LABELS = { host: 'Host', door: 'Door helper' } as const;

/** Hosts: avatars and names linking to their profiles (visitors get names only: members' profiles are not theirs). */
export function EventHosts({ event, linkProfiles }: { event: EventView; linkProfiles: boolean }) {
  if (event.hosts.length === 0) return null;
  return (
    <section aria-labelledby="event-hosts" className="grid gap-2">
      <h2 id="event-hosts" className="font-semibold">
        Hosted by
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
                <span className="text-muted-foreground">{host.isCreator ? 'Organizer' : HOST_ROLE_LABELS[host.role]}</span>
              </span>
            </li>
          );
        })}
      </ul>
    </section>
  );
}

/** Who's going: a row of avatars (each a link to the profile) and the count. Not shown to visitors. */
export function EventGoing({ event }: { event: EventView }) {
  const members: MemberSummary[] = event.goingPreview;
  const more = Math.max(0, event.goingCount - members.length);
  const seats = event.capacity === null ? `${event.goingCount} going` : `${event.goingCount} of ${event.capacity} seats taken`;
  return (
    <section aria-labelledby="event-going" className="grid gap-2">
      <h2 id="event-going" className="font-semibold">
        Who’s going
      </h2>
      <p className="text-sm text-muted-foreground">
        {seats}
        {event.waitlistCount > 0 && ` · ${event.waitlistCount} on the waitlist`}
      </p>
      {members.length > 0 && (
        <ul aria-label="Members going" className="flex flex-wrap items-center -space-x-2">
          {members.map((member) => (
            <li key={member.id}>
              <Link to={`/view-profile/${member.id}`} aria-label={memberName(member)} className="block rounded-full ring-2 ring-background focus-visible:ring-ring">
                <AvatarWithRetry src={imageVariantUrl(member.profilePictureUrl, 'small')} alt="" className="size-9" />
              </Link>
            </li>
          ))}
          {more > 0 && (
            <li className="flex size-9 items-center justify-center rounded-full bg-muted text-xs font-medium ring-2 ring-background">
              {`+${more}`}
            </li>
          )}
        </ul>
      )}
    </section>
  );
}
