import { accessLevel, type LimitedUserFlags } from '@bayclub/shared';
import { canSeeMembers, type Actor } from '../access/index.js';
import { locationAccess } from '../locations/index.js';

/** Which kinds of results a searcher may find (each kind then filtered row by row by its own module's rule). */
export interface SearchScope {
  users: boolean;
  communities: boolean;
  events: boolean;
  posts: boolean;
  /** Active places: whoever may see places (locations' own rule: view_locations or manage_locations, admins). */
  places: boolean;
}

export const NO_SCOPE: SearchScope = { users: false, communities: false, events: false, posts: false, places: false };

/** Limited members read flags; full members and everyone else do not (no settings read for them). */
export const scopeNeedsFlags = (actor: Actor) => accessLevel(actor.profile) === 'limited';

/**
 * The one decision about who searches what (decision 017). The route admits approved members (canSeeMembers:
 * full_platform and limited; applicants see no members, decision 009; deactivated members see nothing). A result
 * set equals what the searcher could open one by one:
 * - members (profiles at /{username}), communities (their pages are open to every member) and events (eventViewer,
 *   row by row) for every approved member;
 * - posts for full members, and for limited members only when a post's page is open to them: its own rule is
 *   see_feed_nav or see_communities_nav (features/posts/post-page);
 * - active places for those who may open a place's page (locationAccess.canView; admins always).
 */
export function searchScope(actor: Actor, flags: LimitedUserFlags | null): SearchScope {
  if (!canSeeMembers(actor)) return NO_SCOPE;
  const full = accessLevel(actor.profile) === 'full_platform';
  const posts = full || (!!flags && (flags.see_feed_nav || flags.see_communities_nav));
  const places = full || (!!flags && locationAccess(actor, flags).canView);
  return { users: true, communities: true, events: true, posts, places };
}
