import { Link, useLocation } from 'react-router';
import { UserIcon } from 'lucide-react';
import { imageVariantUrl, type MeView } from '@bayclub/shared';
import { Avatar, AvatarFallback, AvatarImage } from '#/components/ui/avatar';
import { CountBadge } from '#/components/count-badge';
import { usePermissions } from '#/lib/session/use-session';
import { formatBadgeCount } from '#/lib/format';
import { cn } from '#/lib/utils';
import { bottomTabs, isActivePath, type TabItem } from './nav-items';
import { useUnreadNotificationCount } from '#/features/notifications/api';
import { useT } from '#/lib/i18n';
import { catalog } from './i18n';

/** Spec 2: the signed-in bottom tab bar (shown below the 768 px breakpoint). */
export function BottomTabs({ me }: { me: MeView }) {
  const flags = usePermissions();
  const { pathname } = useLocation();
  const tabs = bottomTabs(me, flags);
  const showsProfile = tabs.some((t) => t.kind === 'profile');
  const unread = useUnreadNotificationCount(showsProfile);
  const t = useT(catalog);
  if (tabs.length === 0) return null;

  return (
    <nav
      aria-label={t('shell.tabs.label')}
      data-testid="bottom-tabs"
      className="fixed inset-x-0 bottom-0 z-20 border-t bg-background/95 pb-[env(safe-area-inset-bottom)] backdrop-blur md:hidden"
    >
      <ul className="mx-auto flex max-w-lg items-stretch justify-around">
        {tabs.map((tab) => (
          <li key={tab.to} className="flex-1">
            <TabLink tab={tab} active={isActivePath(pathname, tab.to)} me={me} unread={unread} />
          </li>
        ))}
      </ul>
    </nav>
  );
}

function TabLink({ tab, active, me, unread }: { tab: TabItem; active: boolean; me: MeView; unread: number }) {
  const t = useT(catalog);
  const isProfile = tab.kind === 'profile';
  const badgeId = `tab-badge${tab.to.replace(/\W+/g, '-')}`;
  const link = (
    <Link
      to={tab.to}
      aria-current={active ? 'page' : undefined}
      aria-describedby={isProfile && unread > 0 ? badgeId : undefined}
      className={cn(
        'flex h-16 flex-col items-center justify-center gap-1 text-xs font-medium text-muted-foreground outline-hidden transition-colors hover:text-foreground focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-inset',
        active && 'text-primary',
      )}
    >
      <span className="relative">
        {isProfile ? (
          <Avatar className={cn('size-6', active && 'ring-2 ring-primary')}>
            {me.profile?.profilePictureUrl ? <AvatarImage src={imageVariantUrl(me.profile.profilePictureUrl, 'small')} alt="" /> : null}
            <AvatarFallback>
              <UserIcon className="size-4" aria-hidden="true" />
            </AvatarFallback>
          </Avatar>
        ) : (
          <tab.icon className="size-6" aria-hidden="true" />
        )}
        {isProfile ? <CountBadge count={unread} className="absolute -top-1.5 -right-2.5" /> : null}
      </span>
      <span>{t(tab.label)}</span>
    </Link>
  );
  if (!isProfile || unread <= 0) return link;
  // Outside the link so the count describes it without becoming part of its name.
  return (
    <>
      {link}
      <span id={badgeId} className="sr-only">
        {t('shell.tabs.unreadNotifications', { count: unread, shown: formatBadgeCount(unread) })}
      </span>
    </>
  );
}
