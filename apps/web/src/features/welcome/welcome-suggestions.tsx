import { Link } from 'react-router';
import { CalendarIcon, UsersIcon } from 'lucide-react';
import { eventPath, type WelcomeCommunity, type WelcomeEvent } from '@bayclub/shared';
import { intlLocale, useT } from '#/lib/i18n';
import { catalog } from './i18n';

const when = (e: WelcomeEvent) =>
  new Intl.DateTimeFormat(intlLocale(), { weekday: 'short', month: 'short', day: 'numeric', hour: 'numeric', minute: '2-digit', timeZone: e.timeZone }).format(
    new Date(e.startsAt),
  );

/** Communities and upcoming events for a member whose feed is thin (in place of a bare "Nothing here yet"). */
export function WelcomeSuggestions({ communities, events }: { communities: WelcomeCommunity[]; events: WelcomeEvent[] }) {
  const t = useT(catalog);
  if (!communities.length && !events.length) return null;
  return (
    <section aria-label={t('welcome.suggestions')} className="grid gap-4 rounded-xl border bg-card p-4 text-card-foreground">
      {communities.length > 0 && (
        <div className="grid gap-2">
          <h2 className="text-base font-semibold">{t('welcome.suggestions.communities')}</h2>
          <ul className="grid gap-1.5">
            {communities.map((c) => (
              <li key={c.id}>
                <Link to={`/${c.urlSlug}`} className="flex items-center gap-2 rounded-md p-1 text-sm hover:bg-accent">
                  <UsersIcon aria-hidden="true" className="size-4 shrink-0 text-muted-foreground" />
                  <span className="font-medium">{c.name}</span>
                  <span className="ml-auto text-xs text-muted-foreground">{t('welcome.suggestions.members', { count: c.memberCount })}</span>
                </Link>
              </li>
            ))}
          </ul>
        </div>
      )}
      {events.length > 0 && (
        <div className="grid gap-2">
          <h2 className="text-base font-semibold">{t('welcome.suggestions.events')}</h2>
          <ul className="grid gap-1.5">
            {events.map((e) => (
              <li key={e.id}>
                <Link to={eventPath(e.id)} className="flex items-center gap-2 rounded-md p-1 text-sm hover:bg-accent">
                  <CalendarIcon aria-hidden="true" className="size-4 shrink-0 text-muted-foreground" />
                  <span className="font-medium">{e.title}</span>
                  <span className="ml-auto text-right text-xs text-muted-foreground">{when(e)}</span>
                </Link>
              </li>
            ))}
          </ul>
        </div>
      )}
    </section>
  );
}
