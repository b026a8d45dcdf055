import * as React from 'react';
import { Outlet, useMatch } from 'react-router';
import { accessLevel, type MeView } from '@bayclub/shared';
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
  // Only members with access are asked about push: not an applicant still waiting (nor a refused one), and not a
  // deactivated member, who has nothing to be pushed until they reactivate.
  const level = accessLevel(me.profile);
  const askForPush = level === 'full_platform' || level === 'limited';
  // The side menu's slot for the push prompt (desktop): set by the menu once it is in the page.
  const [promptSlot, setPromptSlot] = React.useState<HTMLElement | null>(null);
  return (
    <SidebarProvider>
      <SkipLink />
      <AppSidebar me={me} audience={audience} promptSlotRef={askForPush ? setPromptSlot : undefined} />
      <SidebarInset>
        {isMobile && !inChat && (
          <header
            data-testid="phone-top-bar"
            className="sticky top-0 z-10 flex h-12 items-center gap-1 border-b bg-background/95 px-2 backdrop-blur"
          >
            <SidebarTrigger />
            <AppBrand to="/" />
            {audience !== 'deactivated' && <NotificationBell className="ml-auto" />}
          </header>
        )}
        {/* Floating on phones (not in a chat, whose composer is where it would float); in the side menu on desktop. */}
        {askForPush && <PushPrompt slot={isMobile ? null : promptSlot} hidden={isMobile && inChat} />}
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
