import { CalendarDaysIcon, HandHeartIcon, UserIcon, UsersRoundIcon } from 'lucide-react';
import type { NavItem } from './nav-items';

// Apart from nav-items.ts, whose member menus (and their icons) the signed-out first screen need not load.

/** Spec 2: the signed-out top menu. */
export const PUBLIC_NAV: readonly NavItem[] = [
  { to: '/', label: 'Apply', icon: HandHeartIcon },
  { to: '/login', label: 'Sign In', icon: UserIcon },
  { to: '/events', label: 'Events', icon: CalendarDaysIcon },
  { to: '/communities', label: 'Communities', icon: UsersRoundIcon },
];
