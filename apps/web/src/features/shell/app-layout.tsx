import * as React from 'react';
import { RealtimeConnection } from '#/features/realtime/realtime-connection';
import { PushPrompt } from '#/features/push/push-prompt';
import { PageSpinner } from '#/components/page-spinner';
import { Outlet } from 'react-router';
import type { MeView } from '@bayclub/shared';
import { SidebarInset, SidebarProvider, SidebarTrigger } from '#/components/ui/sidebar';
import type { Audience } from '#/features/auth/use-session';
import { AppBrand } from './app-brand';
import { AppSidebar } from './app-sidebar';
import { BottomTabs } from './bottom-tabs';
import { SkipLink } from './skip-link';

/** Signed-in frame: side menu, a slim top bar with the menu toggle, the page, and the bottom tabs on mobile. */
export function AppLayout({ me, audience }: { me: MeView; audience: Audience }) {
  return (
    <SidebarProvider>
      <SkipLink />
      <AppSidebar me={me} audience={audience} />
      <SidebarInset>
        <header className="sticky top-0 z-10 flex h-14 items-center gap-2 border-b bg-background/95 px-3 backdrop-blur">
          <SidebarTrigger />
          <div className="md:hidden">
            <AppBrand to="/" />
          </div>
        </header>
        <main id="main" tabIndex={-1} className="flex flex-1 flex-col pb-20 outline-none md:pb-0">
          <React.Suspense fallback={<PageSpinner />}>
          <Outlet />
        </React.Suspense>
        </main>
      </SidebarInset>
      <BottomTabs me={me} />
      <RealtimeConnection />
      <PushPrompt />
    </SidebarProvider>
  );
}
