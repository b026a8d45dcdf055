import { Link, useLocation } from 'react-router';
import { LogOutIcon } from 'lucide-react';
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
  useSidebar,
} from '#/components/ui/sidebar';
import { useTheme } from '#/app/theme';
import { useSignOut } from '#/features/auth/use-sign-out';
import { usePermissions, type Audience } from '#/features/auth/use-session';
import { isActivePath, sideMenuItems } from './nav-items';
import { ThemeToggleIcon, themeToggleLabel } from './theme-toggle';
import { AppBrand } from './app-brand';

/** The signed-in side menu (spec 2), on the shadcn/ui Sidebar. */
export function AppSidebar({ me, audience }: { me: MeView; audience: Audience }) {
  const { pathname } = useLocation();
  const { theme, toggleTheme } = useTheme();
  const { isMobile, setOpenMobile } = useSidebar();
  const signOut = useSignOut();
  const flags = usePermissions();
  const items = sideMenuItems(me, audience, flags);
  const closeOnMobile = () => {
    if (isMobile) setOpenMobile(false);
  };

  return (
    <Sidebar data-testid="side-menu" label="Menu">
      <nav aria-label="Main" className="flex h-full min-h-0 flex-col">
        <SidebarHeader>
          <AppBrand to="/community" onNavigate={closeOnMobile} />
        </SidebarHeader>
        <SidebarSeparator />
        <SidebarContent>
          <SidebarGroup>
            <SidebarMenu>
              {items.map((item) => {
                const active = isActivePath(pathname, item.to);
                return (
                  <SidebarMenuItem key={item.to}>
                    <SidebarMenuButton asChild isActive={active} tooltip={item.label}>
                      <Link to={item.to} aria-current={active ? 'page' : undefined} onClick={closeOnMobile}>
                        <item.icon aria-hidden="true" />
                        <span>{item.label}</span>
                      </Link>
                    </SidebarMenuButton>
                  </SidebarMenuItem>
                );
              })}
            </SidebarMenu>
          </SidebarGroup>
        </SidebarContent>
        <SidebarFooter>
          <SidebarMenu>
            <SidebarMenuItem>
              <SidebarMenuButton onClick={toggleTheme} tooltip={themeToggleLabel(theme)}>
                <ThemeToggleIcon theme={theme} />
                <span>{themeToggleLabel(theme)}</span>
              </SidebarMenuButton>
            </SidebarMenuItem>
            <SidebarMenuItem>
              <SidebarMenuButton onClick={() => void signOut()} tooltip="Sign Out">
                <LogOutIcon aria-hidden="true" />
                <span>Sign Out</span>
              </SidebarMenuButton>
            </SidebarMenuItem>
          </SidebarMenu>
        </SidebarFooter>
      </nav>
    </Sidebar>
  );
}
