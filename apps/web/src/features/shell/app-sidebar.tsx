import { Link, useLocation } from 'react-router';
import { LogOutIcon, SmartphoneIcon } from 'lucide-react';
import type { MeView } from '@bayclub/shared';
import {
  Sidebar,
  SidebarContent,
  SidebarFooter,
  SidebarGroup,
  SidebarHeader,
  SidebarMenu,
  SidebarMenuButton,
  SidebarMenuItem,
  SidebarSeparator,
  SidebarTrigger,
  useSidebar,
} from '#/components/ui/sidebar';
import { useTheme } from '#/lib/theme';
import { useInstalled } from '#/lib/use-installed';
import { useSignOut } from '#/lib/session/use-sign-out';
import { useCan, usePermissions, type Audience } from '#/lib/session/use-session';
import { CountBadge } from '#/components/count-badge';
import { useUnreadMessageCount } from '#/features/messaging/api';
import { formatBadgeCount } from '#/lib/format';
import { isActivePath, sideMenuItems } from './nav-items';
import { ThemeToggleIcon, themeToggleLabel } from './theme-toggle';
import { NotificationBell } from '#/features/notifications';
import { AppBrand } from './app-brand';
import { useT } from '#/lib/i18n';
import { catalog } from './i18n';

/** The signed-in side menu (spec 2), on the shadcn/ui Sidebar. */
export function AppSidebar({
  me,
  audience,
  promptSlotRef,
}: {
  me: MeView;
  audience: Audience;
  /** Receives the element the push prompt is shown in on desktop (a place of its own, over no page). */
  promptSlotRef?: (element: HTMLElement | null) => void;
}) {
  const { pathname } = useLocation();
  const { theme, toggleTheme } = useTheme();
  const installed = useInstalled();
  const { isMobile, setOpenMobile } = useSidebar();
  const signOut = useSignOut();
  const t = useT(catalog);
  const flags = usePermissions();
  const items = sideMenuItems(me, audience, flags);
  const canMessage = useCan('message');
  // Only members who can message have the entry and may ask for the count.
  const unreadMessages = useUnreadMessageCount(canMessage && items.some((i) => i.badge === 'messages'));
  const closeOnMobile = () => {
    if (isMobile) setOpenMobile(false);
  };

  return (
    <Sidebar data-testid="side-menu" label={t('shell.sidebar.label')}>
      <nav aria-label={t('shell.nav.main')} className="flex h-full min-h-0 flex-col">
        {/* On desktop the menu toggle sits here, beside the brand (stacked under it when collapsed to icons). */}
        <SidebarHeader className="flex-row items-center justify-between group-data-[collapsible=icon]:flex-col group-data-[collapsible=icon]:px-1.5">
          <AppBrand to="/community" onNavigate={closeOnMobile} />
          {!isMobile && (
            <div className="flex items-center gap-1 group-data-[collapsible=icon]:flex-col">
              {audience !== 'deactivated' && <NotificationBell />}
              <SidebarTrigger />
            </div>
          )}
        </SidebarHeader>
        <SidebarSeparator />
        <SidebarContent>
          <SidebarGroup>
            <SidebarMenu>
              {items.map((item) => {
                const active = isActivePath(pathname, item.to);
                const count = item.badge === 'messages' ? unreadMessages : 0;
                const badgeId = `side-badge${item.to.replace(/\W+/g, '-')}`;
                const label = t(item.label);
                return (
                  <SidebarMenuItem key={item.to}>
                    <SidebarMenuButton asChild isActive={active} tooltip={label}>
                      <Link
                        to={item.to}
                        aria-current={active ? 'page' : undefined}
                        aria-describedby={count > 0 ? badgeId : undefined}
                        onClick={closeOnMobile}
                      >
                        <item.icon aria-hidden="true" />
                        <span className="min-w-0 flex-1 truncate">{label}</span>
                        <CountBadge
                          count={count}
                          className="group-data-[collapsible=icon]:absolute group-data-[collapsible=icon]:top-0 group-data-[collapsible=icon]:right-0 group-data-[collapsible=icon]:h-3.5 group-data-[collapsible=icon]:min-w-3.5 group-data-[collapsible=icon]:px-0.5 group-data-[collapsible=icon]:text-[0.5625rem]"
                        />
                      </Link>
                    </SidebarMenuButton>
                    {/* Outside the link so the count describes it without becoming part of its name. */}
                    {count > 0 ? (
                      <span id={badgeId} className="sr-only">
                        {t('shell.sidebar.unreadMessages', { count, shown: formatBadgeCount(count) })}
                      </span>
                    ) : null}
                  </SidebarMenuItem>
                );
              })}
            </SidebarMenu>
          </SidebarGroup>
        </SidebarContent>
        <SidebarFooter>
          {/* Hidden while the menu is icons only: the prompt waits until it is opened again. */}
          {promptSlotRef && !isMobile && (
            <div ref={promptSlotRef} aria-live="polite" className="empty:hidden group-data-[collapsible=icon]:hidden" />
          )}
          <SidebarMenu>
            {/* Until the app is on this device: how to put it there (/get-app). */}
            {!installed && (
              <SidebarMenuItem>
                <SidebarMenuButton asChild isActive={pathname === '/get-app'} tooltip={t('shell.sidebar.getApp')}>
                  <Link to="/get-app">
                    <SmartphoneIcon aria-hidden="true" />
                    <span>{t('shell.sidebar.getApp')}</span>
                  </Link>
                </SidebarMenuButton>
              </SidebarMenuItem>
            )}
            <SidebarMenuItem>
              <SidebarMenuButton onClick={toggleTheme} tooltip={t(themeToggleLabel(theme))}>
                <ThemeToggleIcon theme={theme} />
                <span>{t(themeToggleLabel(theme))}</span>
              </SidebarMenuButton>
            </SidebarMenuItem>
            <SidebarMenuItem>
              <SidebarMenuButton onClick={() => void signOut()} tooltip={t('shell.sidebar.signOut')}>
                <LogOutIcon aria-hidden="true" />
                <span>{t('shell.sidebar.signOut')}</span>
              </SidebarMenuButton>
            </SidebarMenuItem>
          </SidebarMenu>
        </SidebarFooter>
      </nav>
    </Sidebar>
  );
}
