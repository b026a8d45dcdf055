import * as React from 'react';
import { useSearchParams } from 'react-router';
import { BellIcon, LogOutIcon, SearchIcon, SettingsIcon, UserCogIcon } from 'lucide-react';
import { SettingsModal } from '#/features/settings';
import { NotificationsPanel } from '#/features/notifications';
import { Button } from '#/components/ui/button';
import { CountBadge } from '#/components/count-badge';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '#/components/ui/dropdown-menu';
import { useSignOut } from '#/lib/session/use-sign-out';
import { OnceOpened } from '#/components/once-opened';
import { useUnreadNotificationCount } from '#/features/notifications/api';
import { formatBadgeCount } from '#/lib/format';
import { canSeeMembers } from '@bayclub/shared';
import { useMe } from '#/lib/session/use-session';
import { openGlobalSearch } from '#/features/search';
import { PAYOUTS_PARAM, SETTINGS_PARAM } from '#/features/payments';
import { useT } from '#/lib/i18n';
import { catalog } from './i18n';

// The settings modal and the notifications panel load the first time they open (decision 011).

type Open = 'notifications' | 'settings' | null;

/** `/profile?notifications=open` opens the notifications panel (a link target for anything that wants to show it). */
export const NOTIFICATIONS_PARAM = 'notifications';

type SettingsSection = NonNullable<React.ComponentProps<typeof SettingsModal>['initialSection']>;
const SECTIONS: readonly SettingsSection[] = ['profile', 'security', 'earnings', 'memberships'];
/**
 * `/profile?settings=earnings` opens Settings at that section (Stripe's onboarding comes back to
 * `?settings=earnings&payouts=return`: the Earnings card then reads the account and takes both off the address).
 */
const sectionOf = (value: string | null) => SECTIONS.find((s) => s === value) ?? null;

/**
 * Spec 2: the own profile's Settings menu: Search, Notifications (with the unread count), Profile Settings, Sign Out.
 * Search opens the global search overlay (for members who may search: decision 017).
 */
export function SettingsMenu() {
  const [searchParams, setSearchParams] = useSearchParams();
  const linkSection = sectionOf(searchParams.get(SETTINGS_PARAM));
  const [open, setOpen] = React.useState<Open>(linkSection ? 'settings' : null);
  const [section, setSection] = React.useState<SettingsSection>(linkSection ?? 'profile');
  // Held in state, not read from the address: the modal stays open when its section takes the parameter off.
  const [seenLink, setSeenLink] = React.useState(linkSection);
  if (linkSection !== seenLink) {
    setSeenLink(linkSection);
    if (linkSection) {
      setOpen('settings');
      setSection(linkSection);
    }
  }
  const triggerRef = React.useRef<HTMLButtonElement>(null);
  const unread = useUnreadNotificationCount();
  const canSearch = canSeeMembers(useMe()?.profile ?? null);
  const signOut = useSignOut();
  const t = useT(catalog);
  const panelFromLink = searchParams.get(NOTIFICATIONS_PARAM) === 'open';
  const close = (next: boolean) => {
    if (next) return;
    setOpen(null);
    // The link's flags go once the panel or modal closes, so Back or a reload does not open it again.
    const flags = [NOTIFICATIONS_PARAM, SETTINGS_PARAM, PAYOUTS_PARAM].filter((name) => searchParams.has(name));
    if (flags.length > 0) {
      setSearchParams(
        (params) => {
          flags.forEach((name) => params.delete(name));
          return params;
        },
        { replace: true },
      );
    }
  };
  // Dialogs opened from a menu have no trigger of their own: focus goes back to the menu button.
  const returnFocus = (event: Event) => {
    event.preventDefault();
    triggerRef.current?.focus();
  };

  return (
    <>
      <DropdownMenu>
        <DropdownMenuTrigger asChild>
          <Button ref={triggerRef} variant="outline" className="relative" aria-describedby={unread > 0 ? 'settings-unread' : undefined}>
            <SettingsIcon aria-hidden="true" />
            {t('profile.menu.settings')}
            <CountBadge count={unread} className="absolute -top-2 -right-2" />
          </Button>
        </DropdownMenuTrigger>
        <DropdownMenuContent align="end" className="w-56">
          {canSearch && (
            <DropdownMenuItem onSelect={() => openGlobalSearch(triggerRef.current)}>
              <SearchIcon aria-hidden="true" />
              {t('profile.menu.search')}
            </DropdownMenuItem>
          )}
          <DropdownMenuItem onSelect={() => setOpen('notifications')}>
            <BellIcon aria-hidden="true" />
            {t('profile.menu.notifications')}
            {unread > 0 && <span className="sr-only">{t('profile.menu.unreadSuffix', { shown: formatBadgeCount(unread) })}</span>}
            <CountBadge count={unread} className="ml-auto" />
          </DropdownMenuItem>
          <DropdownMenuItem
            onSelect={() => {
              setSection('profile');
              setOpen('settings');
            }}
          >
            <UserCogIcon aria-hidden="true" />
            {t('profile.menu.profileSettings')}
          </DropdownMenuItem>
          <DropdownMenuSeparator />
          <DropdownMenuItem variant="destructive" onSelect={() => void signOut()}>
            <LogOutIcon aria-hidden="true" />
            {t('profile.menu.signOut')}
          </DropdownMenuItem>
        </DropdownMenuContent>
      </DropdownMenu>
      {unread > 0 && (
        <span id="settings-unread" className="sr-only">
          {t('profile.menu.unreadNotifications', { count: unread, shown: formatBadgeCount(unread) })}
        </span>
      )}
      <OnceOpened open={open === 'notifications' || panelFromLink}>
        <NotificationsPanel open={open === 'notifications' || panelFromLink} onOpenChange={close} onCloseAutoFocus={returnFocus} />
      </OnceOpened>
      <OnceOpened open={open === 'settings'}>
        <SettingsModal open={open === 'settings'} onOpenChange={close} initialSection={section} />
      </OnceOpened>
    </>
  );
}
