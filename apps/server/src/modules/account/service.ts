import type { Bucket } from '@bayclub/shared';
import type { AppContext } from '../../app-context.js';
import type { Tx } from '../../db/client.js';
import { conflict, notFound } from '../../platform/errors.js';
import { publish } from '../../platform/bus.js';
import type { MediaService } from '../media/index.js';
import * as repo from './repository.js';
import { ACCOUNT_ERRORS as M } from './messages.js';

/** Buckets whose `{userId}/` folder belongs to one member and goes with their account. */
const MEMBER_FOLDERS: Bucket[] = ['profile-pictures', 'profile-images', 'chat-media', 'post-images', 'data-exports'];

export function createAccountService(ctx: AppContext, media: MediaService) {
  const db = ctx.database.db;
  return {
    /** Hide the profile and end every session. Signing in again does not undo it: reactivate() does. */
    async deactivate(userId: string) {
      await db.transaction(async (tx) => {
        await repo.setDeactivated(tx, userId, true);
        await repo.deleteAllSessions(tx, userId);
      });
    },

    /**
     * Show the member's own profile again. Only a deactivated profile can be reactivated (409 otherwise, 404
     * without a profile); the member's open tabs reload their session, so the layout follows at once.
     */
    async reactivate(userId: string) {
      if (!(await repo.setDeactivated(db, userId, false))) {
        if (!(await repo.profileExists(db, userId))) throw notFound(M.noProfile);
        throw conflict(M.notDeactivated);
      }
      await publish(db, { k: 'member', u: [userId] });
    },

    /**
     * Delete the member: every row (one transaction, by cascade from the user) and every stored file
     * (recorded in the same transaction, removed right after commit, retried at start-up if that fails).
     * `inTransaction` runs first inside that transaction (the back office's rules and audit entry).
     */
    async deleteAccount(userId: string, opts: { inTransaction?: (tx: Tx) => Promise<void> } = {}) {
      const outbox = await db.transaction(async (tx) => {
        // The caller's own checks and writes (the back office: the admins' lock, the last-admin rule, the audit entry).
        await opts.inTransaction?.(tx);
        if (!(await repo.userExists(tx, userId))) throw notFound(M.noUser);
        if ((await repo.isAdminUser(tx, userId)) && !(await repo.otherAdminExists(tx, userId))) {
          throw conflict(M.lastAdmin);
        }
        const ids = await media.scheduleDeletion(
          tx,
          MEMBER_FOLDERS.map((bucket) => ({ bucket, keyOrPrefix: `${userId}/` })),
        );
        await repo.deleteUser(tx, userId);
        return ids;
      });
      await media.drainDeletions(outbox).catch((err: unknown) => ctx.log.error({ err }, 'Stored files of a deleted account wait for the next start-up'));
    },
  };
}
