import * as React from 'react';
import { matchRoutes, Navigate, Outlet, type RouteObject } from 'react-router';
import { useMe, type Audience } from '#/lib/session/use-session';
import { NotFoundPage } from '#/components/not-found-page';
import { PublicLayout } from '#/features/shell/public-layout';
import { SlugAddress, SlugHandler, SlugRegisterAddress, SlugSignIn } from '#/features/shell/slug-handler';
import { lazyNamed, preloadElements } from '#/lib/lazy-named';
import { BackOfficeOnly, CrmOnly, FlagOnly, SignedInAtSignIn } from './guards';

// Every page and the signed-in frame load on demand (decision 011): the entry holds the router, the session and
// the signed-out frame. AppRoot loads the matched route's code before rendering it, so no fallback flashes.
const LandingPage = lazyNamed(() => import('#/features/landing/landing-page'), 'LandingPage');
const LinkedinRegisterPage = lazyNamed(() => import('#/features/landing/linkedin-register-page'), 'LinkedinRegisterPage');
const SignInPage = lazyNamed(() => import('#/features/auth/sign-in-page'), 'SignInPage');
const ResetPasswordPage = lazyNamed(() => import('#/features/auth/reset-password-page'), 'ResetPasswordPage');
const ProfilePage = lazyNamed(() => import('#/features/profile/profile-page'), 'ProfilePage');
const ViewProfilePage = lazyNamed(() => import('#/features/profile/view-profile-page'), 'ViewProfilePage');
const ViewProfileSignInRedirect = lazyNamed(() => import('#/features/profile/view-profile-page'), 'ViewProfileSignInRedirect');
const GetAppPage = lazyNamed(() => import('#/features/get-app/get-app-page'), 'GetAppPage');
const TermsOfServicePage = lazyNamed(() => import('#/features/legal/legal-page'), 'TermsOfServicePage');
const PrivacyPolicyPage = lazyNamed(() => import('#/features/legal/legal-page'), 'PrivacyPolicyPage');
const DeleteDataPage = lazyNamed(() => import('#/features/delete-data/delete-data-page'), 'DeleteDataPage');
const DeleteDataConfirmPage = lazyNamed(() => import('#/features/delete-data/delete-data-confirm-page'), 'DeleteDataConfirmPage');
const DeleteDataStatusPage = lazyNamed(() => import('#/features/delete-data/delete-data-status-page'), 'DeleteDataStatusPage');
const UserDirectoryPage = lazyNamed(() => import('#/features/directory/user-directory-page'), 'UserDirectoryPage');
const SayHiPage = lazyNamed(() => import('#/features/say-hi/say-hi-page'), 'SayHiPage');
const ConnectionsPage = lazyNamed(() => import('#/features/connections/connections-page'), 'ConnectionsPage');
const InboxPage = lazyNamed(() => import('#/features/messaging/inbox-page'), 'InboxPage');
const ChatPage = lazyNamed(() => import('#/features/messaging/chat-page'), 'ChatPage');
const AdminPage = lazyNamed(() => import('#/features/admin/admin-page'), 'AdminPage');
const CrmPage = lazyNamed(() => import('#/features/crm/crm-page'), 'CrmPage');
const SetupPage = lazyNamed(() => import('#/features/setup/setup-page'), 'SetupPage');
const HomePage = lazyNamed(() => import('#/features/posts/home-page'), 'HomePage');
const PostPage = lazyNamed(() => import('#/features/posts/post-page'), 'PostPage');
const SignedInFrame = lazyNamed(() => import('./signed-in-frame'), 'SignedInFrame');
const CommunitiesPage = lazyNamed(() => import('#/features/communities/communities-page'), 'CommunitiesPage');
const GroupsPage = lazyNamed(() => import('#/features/communities/groups-page'), 'GroupsPage');
const CommunityPage = lazyNamed(() => import('#/features/communities/community-page'), 'CommunityPage');
const CommunityRegisterPage = lazyNamed(() => import('#/features/communities/community-register-page'), 'CommunityRegisterPage');
const EventsPage = lazyNamed(() => import('#/features/events/events-page'), 'EventsPage');
const EventDetailPage = lazyNamed(() => import('#/features/events/event-page'), 'EventPage');
const EventDoorPage = lazyNamed(() => import('#/features/events/door-page'), 'EventDoorPage');
const LocationsPage = lazyNamed(() => import('#/features/locations/locations-page'), 'LocationsPage');
const LocationPage = lazyNamed(() => import('#/features/locations/location-page'), 'LocationPage');
const LocationCheckInPage = lazyNamed(() => import('#/features/locations/check-in-page'), 'LocationCheckInPage');
const LocationCheckInSignInRedirect = lazyNamed(() => import('#/features/locations/check-in-page'), 'LocationCheckInSignInRedirect');
const DoorScreenPage = lazyNamed(() => import('#/features/locations/door-screen-page'), 'DoorScreenPage');

const to = (path: string) => <Navigate to={path} replace />;
const APPLY = { pathname: '/', hash: '#apply' };

const legalRoutes: RouteObject[] = [
  { path: 'terms-of-service', element: <TermsOfServicePage /> },
  { path: 'privacy-policy', element: <PrivacyPolicyPage /> },
  { path: 'delete-data', element: <DeleteDataPage /> },
  // Not in the spec's tables: the mailed confirmation link and a request's status page (issue 24, decision 032).
  { path: 'delete-data/confirm', element: <DeleteDataConfirmPage /> },
  { path: 'delete-data/status/:code', element: <DeleteDataStatusPage /> },
];

/**
 * Locations (issue 12) for both member tables: the pages decide what a limited member's flags allow. Not in the
 * spec's tables beyond /locations: a place's page, the poster's check-in link and the door screen (decision 016).
 */
const locationRoutes: RouteObject[] = [
  { path: 'locations', element: <LocationsPage /> },
  { path: 'locations/check-in', element: <LocationCheckInPage /> },
  { path: 'locations/:locationId', element: <LocationPage /> },
  { path: 'locations/:locationId/door', element: <DoorScreenPage /> },
];

/** Spec 2: routes for signed-out visitors. */
export const signedOutRoutes: RouteObject[] = [
  {
    element: <PublicLayout />,
    children: [
      { index: true, element: <LandingPage /> },
      { path: 'auth', element: <SignInPage /> },
      { path: 'login', element: <SignInPage /> },
      { path: 'register', element: <Navigate to={APPLY} replace /> },
      { path: 'linkedin-register', element: <LinkedinRegisterPage /> },
      { path: 'reset-password', element: <ResetPasswordPage /> },
      { path: 'profile', element: to('/') },
      { path: 'view-profile/:userId', element: <ViewProfileSignInRedirect /> },
      { path: 'events', element: <EventsPage /> },
      { path: 'events/:eventId', element: <EventDetailPage /> },
      // Not in the spec's table: a poster's QR opens this; sign in first, then back (decision 016).
      { path: 'locations/check-in', element: <LocationCheckInSignInRedirect /> },
      { path: 'communities', element: <CommunitiesPage /> },
      // Not in the spec's table; /{slug} and /c/{slug} lead visitors here for a community's About page (decision 014).
      { path: 'community/:communityId', element: <CommunityPage /> },
      { path: 'get-app', element: <GetAppPage /> },
      ...legalRoutes,
      { path: 'setup', element: <SetupPage /> },
      { path: 'c/:communitySlug', element: <SlugHandler param="communitySlug" signedOut /> },
      { path: ':slug/login', element: <SlugSignIn /> },
      { path: ':slug/register', element: <CommunityRegisterPage /> },
      { path: ':slug', element: <SlugHandler signedOut /> },
      { path: '*', element: <NotFoundPage /> },
    ],
  },
];

function SignedInLayout({ audience }: { audience: Audience }) {
  const me = useMe();
  // The session gate renders these routes only while signed in.
  if (!me) return <Outlet />;
  return <SignedInFrame me={me} audience={audience} />;
}
/** AppRoot loads the frame together with the page (see preloadElements). */
SignedInLayout.lazyParts = [SignedInFrame];

/** Spec 2: routes for full_platform members; a member of unclear type gets these too, with its own redirects. */
export function fullPlatformRoutes(audience: 'full_platform' | 'unclear'): RouteObject[] {
  // Sign-in pages make no sense once signed in: full members go home, unclear ones to their profile.
  const signedInHome = audience === 'unclear' ? '/profile' : '/community';
  return [
    {
      element: <SignedInLayout audience={audience} />,
      children: [
        { index: true, element: to('/community') },
        { path: 'auth', element: <SignedInAtSignIn fallback={signedInHome} /> },
        { path: 'login', element: <SignedInAtSignIn fallback={signedInHome} /> },
        { path: 'register', element: to(signedInHome) },
        { path: 'linkedin-register', element: to(signedInHome) },
        { path: 'reset-password', element: <ResetPasswordPage /> },
        { path: 'profile', element: <ProfilePage /> },
        { path: 'view-profile/:userId', element: <ViewProfilePage /> },
        { path: 'community', element: <HomePage /> },
        { path: 'community/posts/:postId', element: <PostPage /> },
        { path: 'community/:communityId', element: <CommunityPage /> },
        { path: 'communities', element: <CommunitiesPage /> },
        { path: 'connections', element: <ConnectionsPage /> },
        { path: 'groups', element: <GroupsPage /> },
        ...locationRoutes,
        { path: 'events', element: <EventsPage /> },
        { path: 'events/:eventId', element: <EventDetailPage /> },
        // Not in the spec's table: the hosts' door check-in (decision 015).
        { path: 'events/:eventId/door', element: <EventDoorPage /> },
        { path: 'admin-dashboard', element: <BackOfficeOnly><AdminPage /></BackOfficeOnly> },
        { path: 'admin', element: <BackOfficeOnly><AdminPage /></BackOfficeOnly> },
        { path: 'user-directory', element: <UserDirectoryPage /> },
        { path: 'say-hi', element: <SayHiPage /> },
        { path: 'inbox', element: <InboxPage /> },
        { path: 'chat/:conversationId', element: <ChatPage /> },
        { path: 'crm', element: <CrmOnly><CrmPage /></CrmOnly> },
        { path: 'get-app', element: <GetAppPage /> },
        ...legalRoutes,
        { path: 'setup', element: <SetupPage /> },
        { path: 'c/:communitySlug', element: <SlugHandler param="communitySlug" /> },
        { path: ':slug/login', element: <SlugAddress /> },
        { path: ':slug/register', element: <SlugRegisterAddress /> },
        { path: ':slug', element: <SlugHandler /> },
        // "Any other path goes to the community slug handler": deeper unknown paths match no slug.
        { path: '*', element: <NotFoundPage /> },
      ],
    },
  ];
}

/** Spec 2: routes for community_only members (limited and pending). */
export const communityOnlyRoutes: RouteObject[] = [
  {
    element: <SignedInLayout audience="community_only" />,
    children: [
      { index: true, element: to('/profile') },
      { path: 'auth', element: <SignedInAtSignIn fallback="/profile" /> },
      { path: 'login', element: <SignedInAtSignIn fallback="/profile" /> },
      { path: 'register', element: to('/profile') },
      { path: 'reset-password', element: <ResetPasswordPage /> },
      { path: 'profile', element: <ProfilePage /> },
      // Not in the spec's community_only table, but its /{slug} handler sends usernames here (decision 006).
      { path: 'view-profile/:userId', element: <ViewProfilePage /> },
      { path: 'groups', element: <GroupsPage /> },
      { path: 'events', element: <EventsPage /> },
      { path: 'events/:eventId', element: <EventDetailPage /> },
      { path: 'events/:eventId/door', element: <EventDoorPage /> },
      ...locationRoutes,
      { path: 'community/:communityId', element: <CommunityPage /> },
      // Not in the spec's community_only table: the public list, with the Community tab's flag (decision 014).
      { path: 'communities', element: <FlagOnly flag="see_communities_nav"><CommunitiesPage /></FlagOnly> },
      { path: 'community', element: <FlagOnly flag="see_feed_nav"><HomePage /></FlagOnly> },
      // The post's page decides itself: community members need see_feed_nav or see_communities_nav.
      { path: 'community/posts/:postId', element: <PostPage /> },
      { path: 'connections', element: <FlagOnly flag="see_connections_nav"><ConnectionsPage /></FlagOnly> },
      ...legalRoutes,
      { path: 'setup', element: <SetupPage /> },
      { path: 'c/:communitySlug', element: <SlugHandler param="communitySlug" /> },
      { path: ':slug/login', element: <SlugAddress /> },
      { path: ':slug/register', element: <SlugRegisterAddress /> },
      { path: ':slug', element: <SlugHandler /> },
      { path: '*', element: <NotFoundPage /> },
    ],
  },
];

/**
 * A deactivated member who signed in (decision 012): their profile (banner with Reactivate, Settings, sign-out)
 * and the pages anyone may read. Everything else goes to the profile, where the banner says why.
 */
export const deactivatedRoutes: RouteObject[] = [
  {
    element: <SignedInLayout audience="deactivated" />,
    children: [
      { path: 'profile', element: <ProfilePage /> },
      { path: 'reset-password', element: <ResetPasswordPage /> },
      { path: 'get-app', element: <GetAppPage /> },
      ...legalRoutes,
      { path: '*', element: to('/profile') },
    ],
  },
];

export function routesFor(audience: Audience): RouteObject[] {
  switch (audience) {
    case 'deactivated':
      return deactivatedRoutes;
    case 'signed-out':
      return signedOutRoutes;
    case 'full_platform':
    case 'unclear':
      return fullPlatformRoutes(audience);
    case 'community_only':
      return communityOnlyRoutes;
  }
}

/**
 * At startup, while the session is still being asked for: start downloading the code the page at `pathname`
 * needs for whichever kind of visitor this turns out to be, so the code and the session arrive side by side
 * instead of one after the other. What a visitor of another kind would need is at most a small page or two.
 */
export function preloadForAnyVisitor(pathname: string) {
  for (const audience of ['signed-out', 'full_platform', 'community_only'] as const) preloadPage(audience, pathname);
}

/**
 * The route pattern of `pathname` ("/events/:eventId", "/:slug"), never its ids or query: what web vitals are reported
 * under (decision 031). The first kind of visitor whose routes match it names it; "(other)" when only the catch-all does.
 */
export function routePatternOf(pathname: string): string {
  for (const audience of ['full_platform', 'signed-out', 'community_only'] as const) {
    const matches = matchRoutes(routesFor(audience), pathname) ?? [];
    const leaf = matches.at(-1);
    if (!leaf || leaf.route.path === '*') continue;
    const joined = matches.map((m) => m.route.path ?? '').filter((p) => p && p !== '/').join('/');
    return `/${joined}`.replace(/\/{2,}/g, '/');
  }
  return '(other)';
}

/** Start downloading the code of the page at `pathname` for this kind of visitor (and its frame); failures are left to the render. */
function preloadPage(audience: Audience, pathname: string) {
  const matches = matchRoutes(routesFor(audience), pathname) ?? [];
  // A redirect for this kind of visitor ('/' for members): its frame is not needed here.
  const leaf = matches.at(-1)?.route.element;
  if (React.isValidElement(leaf) && leaf.type === Navigate) return;
  preloadElements(matches.map((m) => m.route.element))?.catch(() => undefined);
}

/** What a member reads offline (the kept cache, lib/offline/persister.ts); an id stands for any. */
const OFFLINE_PATHS = ['/community', '/events', '/events/any', '/inbox', '/chat/any', '/profile'];

/**
 * Once signed in, while the browser is idle, download the code of the pages read offline, so the service worker
 * keeps it (sw.ts caches page code as it is used): a member who never opened their ticket page online can still
 * open it at the door. Only where a service worker controls the page, and not when the member asked to save data.
 * Returns the cancel.
 */
export function warmOfflinePages(audience: Audience): () => void {
  const worker = typeof navigator === 'undefined' ? undefined : navigator.serviceWorker;
  const saveData = (navigator as Navigator & { connection?: { saveData?: boolean } }).connection?.saveData === true;
  if (!worker || saveData || typeof window.requestIdleCallback !== 'function') return () => undefined;
  let cancelled = false;
  let idle: number | undefined;
  void worker.ready.then(() => {
    if (cancelled) return;
    idle = window.requestIdleCallback(
      () => {
        for (const path of OFFLINE_PATHS) preloadPage(audience, path);
      },
      { timeout: 10_000 },
    );
  });
  return () => {
    cancelled = true;
    if (idle !== undefined) window.cancelIdleCallback(idle);
  };
}
