import { accessLevel, DEFAULT_LIMITED_USER_FLAGS, WELCOME_LIMITS, type LimitedUserFlags, type WelcomeView } from '@bayclub/shared';
import type { Db } from '../../db/client.js';
import { AppError } from '../../platform/errors.js';
import type { Actor } from '../access/index.js';
import { viewerOf } from '../events/index.js';
import { WELCOME_ERRORS as M } from './messages.js';
import { welcomeScope } from './policy.js';
import { presentWelcome } from './presenter.js';
import * as repo from './repository.js';

export function createWelcomeService(deps: { db: Db; flags: () => Promise<LimitedUserFlags> }) {
  const { db } = deps;
  // Full members need no flags (can() allows them everything): the settings read is spared on their Home.
  const flagsFor = (actor: Actor) => (accessLevel(actor.profile) === 'full_platform' ? Promise.resolve(DEFAULT_LIMITED_USER_FLAGS) : deps.flags());
  return {
    /** The checklist and the suggestions: one SQL statement (the flags come from the settings cache). */
    async view(actor: Actor): Promise<WelcomeView> {
      const scope = welcomeScope(actor, await flagsFor(actor));
      if (!scope.allowed) throw new AppError(403, 'FORBIDDEN', M.approvedOnly);
      const row = await repo.loadWelcome(db, actor.userId, {
        communities: scope.communities ? WELCOME_LIMITS.communities : 0,
        events: scope.events ? WELCOME_LIMITS.events : 0,
        eventsViewer: viewerOf(actor),
      });
      if (!row) throw new AppError(403, 'FORBIDDEN', M.approvedOnly);
      return presentWelcome(row);
    },

    async dismiss(actor: Actor): Promise<void> {
      if (!welcomeScope(actor, await flagsFor(actor)).allowed) throw new AppError(403, 'FORBIDDEN', M.approvedOnly);
      await repo.dismissWelcome(db, actor.userId);
    },
  };
}
