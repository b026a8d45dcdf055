import * as React from 'react';
import { Outlet, useMatch } from 'react-router';
import type { MeView } from '@bayclub/shared';
import { NotificationBell } from '#/features/notifications';
import { PushPrompt } from '#/features/push';
import { GlobalSearch } from '#/features/search';
import { PageSpinner } from '#/components/page-spinner';
import { SidebarInset, SidebarProvider, SidebarTrigger } from '#/components/ui/sidebar';
import type { Audience } from '#/lib/session/use-session';
import { useIsMobile } from '#/lib/use-is-mobile';
import { AppBrand } from './app-brand';
import { AppSidebar } from './app-sidebar';
import { BottomTabs } from './bottom-tabs';
import { SkipLink } from './skip-link';

/**
 * Signed-in frame: the side menu, the page and, below 768 px, the bottom tabs. Desktop has no top bar: the menu
 * toggle and the notification bell live in the side menu's header and every page brings its own header. Phones get a compact bar with the toggle
 * and the brand, except in a chat, whose own header (back, member, actions) is the only one. `children` is what
 * the frame mounts beside the page (app/ puts the realtime connection there).
 */
export function AppLayout({ me, audience, children }: { me: MeView; audience: Audience; children?: React.ReactNode }) {
  const isMobile = useIsMobile();
  const inChat = useMatch('/chat/:conversationId') !== null;
  // A deactivated member has nothing to be pushed until they reactivate.
  const active = audience !== 'deactivated';
  return (
    <SidebarProvider>
      <SkipLink />
      <AppSidebar me={me} audience={audience} />
      <SidebarInset>
        {isMobile && !inChat && (
          <header
            data-testid="phone-top-bar"
            className="sticky top-0 z-10 flex h-12 items-center gap-1 border-b bg-background/95 px-2 backdrop-blur"
          >
            <SidebarTrigger />
            <AppBrand to="/" />
            {active && <NotificationBell className="ml-auto" />}
          </header>
        )}
        {active && <PushPrompt />}
        <main id="main" tabIndex={-1} className="flex flex-1 flex-col pb-20 outline-none md:pb-0">
          <React.Suspense fallback={<PageSpinner />}>
            <Outlet />
          </React.Suspense>
        </main>
      </SidebarInset>
      <BottomTabs me={me} />
      {children}
      <GlobalSearch me={me} />
    </SidebarProvider>
  );
}
