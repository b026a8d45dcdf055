import crypto from 'node:crypto';
import { DELETE_DATA_LIMITS as L, type Locale } from '@bayclub/shared';
import type { AppContext } from '../../app-context.js';
import type { Tx } from '../../db/client.js';
import { badRequest, notFound } from '../../platform/errors.js';
import { publish } from '../../platform/bus.js';
import { localInstagramSecret } from '../../platform/instagram-local/index.js';
import { getOrCreateSecret } from '../../platform/secrets.js';
import { accountByEmail } from '../accounts/index.js';
import { unlinkInstagramAccount } from '../profiles/index.js';
import { confirmationMail } from './mail.js';
import { presentStatus } from './presenter.js';
import * as repo from './repository.js';
import { DELETE_DATA_ERRORS as M } from './messages.js';

/** The secret Meta signs its callbacks with: the Instagram app's, or the local double's (the one its token endpoint checks). */
export async function instagramAppSecret(ctx: AppContext): Promise<string> {
  return ctx.config.INSTAGRAM_CLIENT_SECRET ?? localInstagramSecret(ctx.database.db);
}

/** 80 random bits as 16 base32 characters (A-Z, 2-7): unguessable, easy to read out and type. */
function newCode(): string {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';
  const bytes = crypto.randomBytes(L.codeLength);
  return Array.from(bytes, (b) => alphabet[b & 31]).join('');
}

const sha256 = (s: string) => crypto.createHash('sha256').update(s).digest('base64url');
const hours = (n: number) => n * 3600_000;

type DeleteAccount = (userId: string, opts: { inTransaction: (tx: Tx) => Promise<void> }) => Promise<void>;

export function createDeleteDataService(ctx: AppContext, deps: { deleteAccount: DeleteAccount }) {
  const db = ctx.database.db;
  let emailKey: Promise<string> | null = null;
  /** A keyed hash of the address: equal addresses match, and the table holds no address (decision 032). */
  const emailHash = async (email: string) => {
    emailKey ??= getOrCreateSecret(db, 'delete-data-email-key');
    return crypto.createHmac('sha256', await emailKey).update(email).digest('base64url');
  };

  return {
    /**
     * Record a request for `email` (already lower-cased by the schema) and, when it names an account and the address
     * was not mailed in the last few minutes, queue the confirmation mail. The caller answers alike in every case.
     * The mail is in the account's saved language, else `locale` (the language of the page that asked).
     */
    async request(email: string, now = new Date(), locale: Locale = 'en'): Promise<{ code: string }> {
      const code = newCode();
      const hash = await emailHash(email);
      const expiresAt = new Date(now.getTime() + hours(L.tokenTtlHours));
      const account = await accountByEmail(db, email);
      if (!account) {
        await repo.insertRequest(db, { code, source: 'web', emailHash: hash, expiresAt, createdAt: now });
        return { code };
      }
      const userId = account.id;
      const token = crypto.randomBytes(32).toString('base64url');
      // Read before the transaction: PGlite has one connection, which the transaction holds.
      const appName = await ctx.settings.appName();
      const mailed = await db.transaction(async (tx) => {
        await repo.lockAddress(tx, hash);
        const quiet = await repo.mailedSince(tx, hash, new Date(now.getTime() - L.mailIntervalMinutes * 60_000));
        await repo.insertRequest(tx, {
          code,
          source: 'web',
          emailHash: hash,
          userId,
          expiresAt,
          createdAt: now,
          ...(quiet ? {} : { tokenHash: sha256(token), mailedAt: now }),
        });
        if (quiet) return false;
        await ctx.mail.enqueueMany(tx, [confirmationMail({ to: email, appName, publicUrl: ctx.config.publicUrl, token, code, locale: account.language ?? locale })]);
        return true;
      });
      if (mailed) ctx.mail.kick();
      return { code };
    },

    /**
     * Use a mailed confirmation link: the account is deleted exactly as Settings → Delete deletes it (the account
     * module), and the request reads done. A used, expired or unknown token: 400.
     */
    async confirm(token: string): Promise<{ code: string }> {
      const tokenHash = sha256(token);
      const row = await repo.findByTokenHash(db, tokenHash);
      // No row, or its account is already gone (user_id is set null with it).
      if (!row?.userId) throw badRequest(M.invalidLink);
      const userId = row.userId;
      await deps.deleteAccount(userId, {
        inTransaction: async (tx) => {
          // Claimed, and recorded done, in the deleting transaction: a refusal (the last admin) leaves the link usable, a
          // replay finds none, and a crash cannot leave a deleted account's request short of done (the stored files
          // are removed after commit, else at the next start-up, by the account module's outbox).
          const claimed = await repo.claimToken(tx, tokenHash, new Date());
          if (claimed?.userId !== userId) throw badRequest(M.invalidLink);
          // Open tabs of the deleted member are closed, as after Settings → Delete.
          await publish(tx, { k: 'kick', u: [userId] });
        },
      });
      return { code: row.code };
    },

    async status(code: string, now = new Date()) {
      const row = await repo.findByCode(db, code);
      if (!row) throw notFound(M.notFound);
      return presentStatus(row, now);
    },

    /**
     * Meta's data-deletion callback for an Instagram user: the link is removed from whichever profile holds it (the
     * only Instagram data the club keeps) and the request is recorded as done.
     */
    async instagramDeletion(instagramUserId: string, now = new Date()): Promise<{ code: string }> {
      const code = newCode();
      await db.transaction(async (tx) => {
        await unlinkInstagramAccount(tx, instagramUserId);
        await repo.insertRequest(tx, {
          code,
          source: 'meta',
          status: 'done',
          createdAt: now,
          confirmedAt: now,
          doneAt: now,
          expiresAt: new Date(now.getTime() + hours(L.tokenTtlHours)),
        });
      });
      return { code };
    },
  };
}

export type DeleteDataService = ReturnType<typeof createDeleteDataService>;
