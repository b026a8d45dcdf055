import crypto from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { InstagramCallbackStatus, InstagramStartView } from '@bayclub/shared';
import type { Db } from '../../db/client.js';
import { uniqueViolation } from '../../platform/sql.js';
import { InstagramError, type InstagramClient } from './client.js';
import { clearLink, insertState, linkedElsewhere, setLink, takeState } from './repository.js';

/** A member has ten minutes to finish on Instagram. */
export const STATE_TTL_MS = 10 * 60_000;

const hashOf = (state: string) => crypto.createHash('sha256').update(state).digest('hex');

export interface CallbackQuery {
  code?: string;
  state?: string;
  error?: string;
  error_reason?: string;
}

export type InstagramService = ReturnType<typeof createInstagramService>;

export function createInstagramService(deps: { db: Db; client: InstagramClient; log: FastifyBaseLogger }) {
  const { db, client, log } = deps;
  return {
    /** A fresh single-use state bound to the member, and where to send their browser. */
    async start(userId: string): Promise<InstagramStartView> {
      const state = crypto.randomBytes(32).toString('base64url');
      await insertState(db, { stateHash: hashOf(state), userId, expiresAt: new Date(Date.now() + STATE_TTL_MS) });
      return { authorizeUrl: client.authorizeUrl(state) };
    },

    /**
     * The return from Instagram. The state must be one this member started, unexpired and unused (it is spent
     * here whatever follows), so a forged state, a replayed return or one for another member links nothing.
     */
    async callback(userId: string, query: CallbackQuery): Promise<InstagramCallbackStatus> {
      if (!query.state || !(await takeState(db, hashOf(query.state), userId))) return 'failed';
      if (query.error) return query.error_reason === 'not_professional_account' ? 'not_professional' : 'cancelled';
      if (!query.code) return 'failed';
      let account;
      try {
        account = await client.accountFor(query.code);
      } catch (err) {
        if (!(err instanceof InstagramError)) log.error({ err }, 'instagram: link failed');
        else log.warn({ stage: err.stage, reason: err.message }, 'instagram: link refused');
        return 'failed';
      }
      if (await linkedElsewhere(db, account.userId, userId)) return 'taken';
      try {
        await setLink(db, userId, { instagramUserId: account.userId, username: account.username });
      } catch (err) {
        // Two members racing for one account: the unique index decides.
        if (uniqueViolation(err)) return 'taken';
        throw err;
      }
      return 'connected';
    },

    async disconnect(userId: string): Promise<{ ok: true }> {
      await clearLink(db, userId);
      return { ok: true };
    },
  };
}
