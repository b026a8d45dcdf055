import * as React from 'react';
import { Navigate, Outlet, type RouteObject } from 'react-router';
import { LandingPage } from '#/features/landing/landing-page';
import { ProfilePage } from '#/features/profile/profile-page';
import { ViewProfilePage, ViewProfileSignInRedirect } from '#/features/profile/view-profile-page';
import { ResetPasswordPage } from '#/features/auth/reset-password-page';
import { SignInPage } from '#/features/auth/sign-in-page';
import { useMe, type Audience } from '#/features/auth/use-session';
import { AppLayout } from '#/features/shell/app-layout';
import { NotFoundPage } from '#/features/shell/not-found-page';
import { PublicLayout } from '#/features/shell/public-layout';
import { SlugHandler } from '#/features/shell/slug-handler';
import { GetAppPage } from '#/features/placeholders/get-app-page';
import { DeleteDataPage, PrivacyPolicyPage, TermsOfServicePage } from '#/features/placeholders/legal-pages';
import {
  CommunitiesPage,
  CommunityDetailPage,
  CommunityFeedPage,
  CrmPage,
  EventDetailPage,
  EventsPage,
  GroupsPage,
  LocationsPage,
  UserDirectoryPage,
} from '#/features/placeholders/pages';
import { SayHiPage } from '#/features/say-hi/say-hi-page';
import { ConnectionsPage } from '#/features/connections/connections-page';
import { InboxPage } from '#/features/messaging/inbox-page';
import { ChatPage } from '#/features/messaging/chat-page';
import { AdminOnly, CrmOnly, FlagOnly } from './guards';

// Admin and first-run setup are rarely opened: their code loads on demand.
const AdminPage = React.lazy(() => import('#/features/admin/admin-page').then((m) => ({ default: m.AdminPage })));
const SetupPage = React.lazy(() => import('#/features/setup/setup-page').then((m) => ({ default: m.SetupPage })));

const to = (path: string) => <Navigate to={path} replace />;
const APPLY = { pathname: '/', hash: '#apply' };

const legalRoutes: RouteObject[] = [
  { path: 'terms-of-service', element: <TermsOfServicePage /> },
  { path: 'privacy-policy', element: <PrivacyPolicyPage /> },
  { path: 'delete-data', element: <DeleteDataPage /> },
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
      { path: 'linkedin-register', element: <Navigate to={APPLY} replace /> },
      { path: 'reset-password', element: <ResetPasswordPage /> },
      { path: 'profile', element: to('/') },
      { path: 'view-profile/:userId', element: <ViewProfileSignInRedirect /> },
      { path: 'events', element: <EventsPage /> },
      { path: 'events/:eventId', element: <EventDetailPage /> },
      { path: 'communities', element: <CommunitiesPage /> },
      { path: 'get-app', element: <GetAppPage /> },
      ...legalRoutes,
      { path: 'setup', element: <SetupPage /> },
      { path: 'c/:communitySlug', element: <SlugHandler param="communitySlug" signedOut /> },
      { path: ':slug/login', element: to('/login') },
      { path: ':slug/register', element: to('/') },
      { path: ':slug', element: <SlugHandler signedOut /> },
      { path: '*', element: <NotFoundPage /> },
    ],
  },
];

function SignedInLayout({ audience }: { audience: Audience }) {
  const me = useMe();
  // The session gate renders these routes only while signed in.
  if (!me) return <Outlet />;
  return <AppLayout me={me} audience={audience} />;
}

/** Spec 2: routes for full_platform members; a member of unclear type gets these too, with its own redirects. */
export function fullPlatformRoutes(audience: 'full_platform' | 'unclear'): RouteObject[] {
  // Sign-in pages make no sense once signed in: full members go home, unclear ones to their profile.
  const signedInHome = audience === 'unclear' ? '/profile' : '/community';
  return [
    {
      element: <SignedInLayout audience={audience} />,
      children: [
        { index: true, element: to('/community') },
        { path: 'auth', element: to(signedInHome) },
        { path: 'login', element: to(signedInHome) },
        { path: 'register', element: to(signedInHome) },
        { path: 'linkedin-register', element: to(signedInHome) },
        { path: 'reset-password', element: <ResetPasswordPage /> },
        { path: 'profile', element: <ProfilePage /> },
        { path: 'view-profile/:userId', element: <ViewProfilePage /> },
        { path: 'community', element: <CommunityFeedPage /> },
        { path: 'community/:communityId', element: <CommunityDetailPage /> },
        { path: 'connections', element: <ConnectionsPage /> },
        { path: 'groups', element: <GroupsPage /> },
        { path: 'locations', element: <LocationsPage /> },
        { path: 'events', element: <EventsPage /> },
        { path: 'events/:eventId', element: <EventDetailPage /> },
        { path: 'admin-dashboard', element: <AdminOnly><AdminPage /></AdminOnly> },
        { path: 'admin', element: <AdminOnly><AdminPage /></AdminOnly> },
        { path: 'user-directory', element: <UserDirectoryPage /> },
        { path: 'say-hi', element: <SayHiPage /> },
        { path: 'inbox', element: <InboxPage /> },
        { path: 'chat/:conversationId', element: <ChatPage /> },
        { path: 'crm', element: <CrmOnly><CrmPage /></CrmOnly> },
        { path: 'get-app', element: <GetAppPage /> },
        ...legalRoutes,
        { path: 'setup', element: <SetupPage /> },
        { path: 'c/:communitySlug', element: <SlugHandler param="communitySlug" /> },
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
      { path: 'auth', element: to('/profile') },
      { path: 'login', element: to('/profile') },
      { path: 'register', element: to('/profile') },
      { path: 'reset-password', element: <ResetPasswordPage /> },
      { path: 'profile', element: <ProfilePage /> },
      // Not in the spec's community_only table, but its /{slug} handler sends usernames here (decision 006).
      { path: 'view-profile/:userId', element: <ViewProfilePage /> },
      { path: 'groups', element: <GroupsPage /> },
      { path: 'events', element: <EventsPage /> },
      { path: 'events/:eventId', element: <EventDetailPage /> },
      { path: 'locations', element: <LocationsPage /> },
      { path: 'community/:communityId', element: <CommunityDetailPage /> },
      { path: 'community', element: <FlagOnly flag="see_feed_nav"><CommunityFeedPage /></FlagOnly> },
      { path: 'connections', element: <FlagOnly flag="see_connections_nav"><ConnectionsPage /></FlagOnly> },
      ...legalRoutes,
      { path: 'setup', element: <SetupPage /> },
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
