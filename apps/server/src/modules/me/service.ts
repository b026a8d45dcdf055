import type { LanguageUpdateInput, MeView } from '@bayclub/shared';
import type { Db } from '../../db/client.js';
import { findProfile, hasCrmAccess, isAdmin, type Actor } from '../access/index.js';
import { AppError } from '../../platform/errors.js';
import { presentOwnProfile } from './presenter.js';
import { findPendingApplicationOf, insertProfileFromApplication, updateLanguage } from './repository.js';
import { uniqueViolation } from '../../platform/sql.js';
import { ME_ERRORS as M } from './messages.js';

export function createMeService({ db }: { db: Db }) {
  /** `fresh`: read the profile again (it was just written in this request, after the Actor was resolved). */
  async function view(actor: Actor, fresh = false): Promise<MeView> {
    // The session's Actor carries the whole row, kept fresh by the cache's invalidation: no SQL for a member.
    const profile = actor.ownProfile !== undefined && !fresh ? actor.ownProfile : await findProfile(db, actor.userId);
    const recoverable = !profile && !!(await findPendingApplicationOf(db, actor.userId));
    return {
      user: { id: actor.userId, email: actor.email },
      profile: profile ? presentOwnProfile(profile) : null,
      roles: actor.roles,
      isAdmin: isAdmin(actor),
      hasCrmAccess: hasCrmAccess(actor),
      recoverable,
      language: actor.language,
    };
  }

  /**
   * Spec section 4: a missing profile with a pending application is recreated from it as
   * community_only / pending. An existing profile is left as it is.
   */
  async function recover(actor: Actor): Promise<MeView> {
    if (await findProfile(db, actor.userId)) return view(actor, true);
    const app = await findPendingApplicationOf(db, actor.userId);
    if (!app) throw new AppError(404, 'NOT_FOUND', M.notRecovered);
    const user = { id: actor.userId, email: actor.email };
    const notRecovered = () => new AppError(404, 'NOT_FOUND', M.notRecovered);
    try {
      await insertProfileFromApplication(db, user, app, true);
    } catch (err) {
      if (!uniqueViolation(err)) throw notRecovered();
      // The application's username was taken meanwhile: recover without the details.
      await insertProfileFromApplication(db, user, app, false).catch(() => {
        throw notRecovered();
      });
    }
    return view(actor, true);
  }

  /** Settings > Language: what the pages, mails, pushes and notices sent to the member are written in. */
  async function setLanguage(actor: Actor, input: LanguageUpdateInput): Promise<{ language: LanguageUpdateInput['language'] }> {
    await updateLanguage(db, actor.userId, input.language);
    return { language: input.language };
  }

  return { view, recover, setLanguage };
}
