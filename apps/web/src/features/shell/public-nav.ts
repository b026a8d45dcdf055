import { CalendarDaysIcon, HandHeartIcon, UserIcon, UsersRoundIcon } from 'lucide-react';
import type { NavItem } from './nav-items';

// Apart from nav-items.ts, whose member menus (and their icons) the signed-out first screen need not load.

/** Spec 2: the signed-out top menu. */
export const PUBLIC_NAV: readonly NavItem[] = [
  { to: '/', label: 'shell.public.apply', icon: HandHeartIcon },
  { to: '/login', label: 'shell.public.signIn', icon: UserIcon },
  { to: '/events', label: 'shell.nav.events', icon: CalendarDaysIcon },
  { to: '/communities', label: 'shell.public.communities', icon: UsersRoundIcon },
];
