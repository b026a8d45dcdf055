import type { CommunityVisibility } from './communities.js';

/** Issue 21: what Home's welcome shows a new member (GET /api/me/welcome). */
export interface WelcomeChecklist {
  /** A profile photo and a bio. */
  profile: boolean;
  /** An active membership of at least one community. */
  communities: boolean;
  /** Going to (or waitlisted for) an event that has not started yet. */
  rsvp: boolean;
  /** A push subscription on any device. */
  notifications: boolean;
}

export interface WelcomeCommunity {
  id: string;
  name: string;
  urlSlug: string;
  visibility: CommunityVisibility;
  city: string | null;
  memberCount: number;
  avatarUrl: string | null;
}

export interface WelcomeEvent {
  id: string;
  title: string;
  startsAt: string;
  timeZone: string;
  venue: string | null;
  city: string | null;
}

export interface WelcomeView {
  /** The member closed the welcome (on any device). */
  dismissed: boolean;
  checklist: WelcomeChecklist;
  /** Communities from their interests and city they may see and join (empty when they may not join any). */
  communities: WelcomeCommunity[];
  /** Upcoming events they may open, soonest first (empty when events are not for them). */
  events: WelcomeEvent[];
}

/** How many suggestions of each kind the welcome carries. */
export const WELCOME_LIMITS = { communities: 4, events: 3 } as const;

/** The device remembers that the app was installed (display-mode standalone or appinstalled). */
export const WELCOME_INSTALLED_KEY = 'bayclub.installed';
