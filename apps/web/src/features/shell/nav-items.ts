import {
  CalendarDaysIcon,
  FlagIcon,
  HandHeartIcon,
  HomeIcon,
  LayoutDashboardIcon,
  LinkIcon,
  MapPinIcon,
  MessageCircleIcon,
  ShieldIcon,
  UserIcon,
  UsersIcon,
  BriefcaseBusinessIcon,
  UsersRoundIcon,
  type LucideIcon,
} from 'lucide-react';
import { accessLevel, can, type LimitedUserFlag, type LimitedUserFlags, type MeView } from '@bayclub/shared';
import type { Audience } from '#/lib/session/use-session';

export interface NavItem {
  to: string;
  /** The entry's name: an id of the shell catalogue, translated where it is shown. */
  label: string;
  icon: LucideIcon;
  /** A live count shown on the entry: 'messages' is the member's unread messages. */
  badge?: 'messages';
}

export { PUBLIC_NAV } from './public-nav';

/**
 * Spec 2: the signed-in side menu. community_only members get Home and Profile only; their Home (the
 * feed at /community) is outside their route table unless an admin turns on see_feed_nav, so it shows
 * only then (decision 006). A deactivated member has their profile only (decision 012): every other page would
 * refuse them until they reactivate.
 */
export function sideMenuItems(me: MeView, audience: Audience, flags?: LimitedUserFlags): NavItem[] {
  const home: NavItem = { to: '/community', label: 'shell.nav.home', icon: HomeIcon };
  const profile: NavItem = { to: '/profile', label: 'shell.nav.profile', icon: UserIcon };
  if (audience === 'deactivated') return [profile];
  // can(): a rejected applicant gets no flag, so only their profile (decision 009).
  if (audience === 'community_only') return flags && can(me.profile, 'see_feed_nav', flags) ? [home, profile] : [profile];
  const items: NavItem[] = [home, profile];
  items.push(
    { to: '/user-directory', label: 'shell.nav.people', icon: UsersIcon },
    { to: '/events', label: 'shell.nav.events', icon: CalendarDaysIcon },
    { to: '/locations', label: 'shell.nav.locations', icon: MapPinIcon },
    { to: '/inbox', label: 'shell.nav.messages', icon: MessageCircleIcon, badge: 'messages' },
    { to: '/connections', label: 'shell.nav.connections', icon: LinkIcon },
    { to: '/say-hi', label: 'shell.nav.sayHi', icon: HandHeartIcon },
  );
  if (me.isAdmin) items.push({ to: '/admin', label: 'shell.nav.admin', icon: ShieldIcon });
  // Platform moderators who are not admins: the back office's reports queue (issue 23, decision 029).
  else if (me.roles.includes('moderator')) items.push({ to: '/admin-dashboard?tab=reports', label: 'shell.nav.reports', icon: FlagIcon });
  if (me.hasCrmAccess && accessLevel(me.profile) === 'full_platform') {
    items.push({ to: '/crm', label: 'shell.nav.crm', icon: BriefcaseBusinessIcon });
  }
  return items;
}

export interface TabItem extends NavItem {
  /** Limited and pending members see the tab only when this flag is on. */
  flag?: LimitedUserFlag;
  adminOnly?: boolean;
  kind?: 'profile';
  /**
   * For limited and pending members, besides the flag: whether the tab's page has anything for them. A tab that
   * would open only a refusal is not shown (issue 21: the tab bar never leads to a dead end).
   */
  opens?: (level: 'limited' | 'pending', flags: LimitedUserFlags) => boolean;
}

/**
 * /locations serves approved members who may see places (view_locations, or manage_locations: managers see what
 * they manage) or check in (the page then offers the scanner, decision 016). Pending applicants get nothing there:
 * places show who is present, and applicants see no members (decision 009), so the server refuses them everything.
 */
export const locationsTabOpens = (level: 'limited' | 'pending', flags: LimitedUserFlags) =>
  level === 'limited' && (flags.view_locations || flags.manage_locations || flags.checkin_locations);

const TABS: readonly TabItem[] = [
  { to: '/connections', label: 'shell.tabs.connect', icon: LinkIcon, flag: 'see_connections_nav' },
  { to: '/groups', label: 'shell.tabs.community', icon: UsersRoundIcon, flag: 'see_communities_nav' },
  { to: '/locations', label: 'shell.nav.locations', icon: MapPinIcon, flag: 'see_locations_nav', opens: locationsTabOpens },
  { to: '/profile', label: 'shell.nav.profile', icon: UserIcon, flag: 'see_profile_nav', kind: 'profile' },
  { to: '/admin-dashboard', label: 'shell.nav.admin', icon: LayoutDashboardIcon, adminOnly: true },
];

/**
 * Spec 2: the bottom tabs. Hidden (empty) for members who are neither full_platform, limited nor pending;
 * limited and pending members see a tab only when its flag is on (none until the flags load) and its page has
 * something for them (`opens`: Locations needs a way to see places or check in). A rejected
 * applicant has their profile and nothing else (decision 009): only the Profile tab.
 */
export function bottomTabs(me: MeView, flags: LimitedUserFlags | undefined): TabItem[] {
  const level = accessLevel(me.profile);
  if (level === 'none') return [];
  if (level === 'rejected') return TABS.filter((tab) => tab.kind === 'profile');
  return TABS.filter((tab) => {
    if (tab.adminOnly) return me.isAdmin;
    if (level === 'full_platform' || !tab.flag) return true;
    if (!flags || flags[tab.flag] !== true) return false;
    return !tab.opens || tab.opens(level, flags);
  });
}

/** A community's page, /community/{id}: under Home's path, but part of the communities (the Community tab). */
const isCommunityPage = (pathname: string) => pathname.startsWith('/community/') && !pathname.startsWith('/community/posts/');

/**
 * Whether `pathname` is inside the section that `to` opens. Home (/community) is the feed and its posts only; a
 * community's page and the public list belong to Community (/groups). The side menu has no communities entry
 * (spec 2), so on desktop nothing is marked there rather than Home.
 */
export function isActivePath(pathname: string, to: string): boolean {
  if (to === '/') return pathname === '/';
  if (to === '/community') return pathname === '/community' || pathname.startsWith('/community/posts/');
  if (to === '/groups' && (pathname === '/communities' || isCommunityPage(pathname))) return true;
  return pathname === to || pathname.startsWith(`${to}/`);
}
