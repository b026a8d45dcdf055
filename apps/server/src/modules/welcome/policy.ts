import type { LimitedUserFlags } from '@bayclub/shared';
import { canSeeMembers, canUse, type Actor } from '../access/index.js';

/**
 * What the welcome may suggest to this member: nothing to applicants and deactivated members (the route refuses
 * them first); communities and events only where their navigation is open to them (limited members per flag), so
 * a suggestion never leads to a page they cannot use.
 */
export function welcomeScope(actor: Actor, flags: LimitedUserFlags) {
  const approved = canSeeMembers(actor);
  return {
    allowed: approved,
    communities: approved && canUse(actor, 'see_communities_nav', flags),
    events: approved && canUse(actor, 'see_events_nav', flags),
  };
}
