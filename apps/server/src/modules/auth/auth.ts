import { betterAuth } from 'better-auth';
import { APIError, createAuthEndpoint } from 'better-auth/api';
import { setSessionCookie } from 'better-auth/cookies';
import type { BetterAuthPlugin } from 'better-auth';
import { z } from 'zod';
import { drizzleAdapter } from 'better-auth/adapters/drizzle';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { accounts, profiles, sessions, users, verifications } from '../../db/schema/index.js';
import type { MailQueue, PasswordHasher } from '../../app-context.js';
import { isLocale, LIMITS, negotiateLocale, SUSPENDED_SIGN_IN_CODE, suspendedSignInMessage, type Locale } from '@bayclub/shared';
import { translatorFor } from '../../platform/i18n.js';
import { stampLastActive } from '../analytics/index.js';

/** Header the Fastify bridge sets to the client address it trusts; any client copy is replaced. */
export const CLIENT_IP_HEADER = 'x-bayclub-client-ip';

export interface AuthOptions {
  db: Db;
  secret: string;
  baseURL: string;
  trustedOrigins: string[];
  rateLimit: boolean;
  secureCookies: boolean;
  mail: MailQueue;
  appName: () => Promise<string>;
  passwords: PasswordHasher;
}

/**
 * The app name for mail subjects, read from the settings at most once a minute (an older value is used while a fresh
 * one is read). Only a member's address gets a reset mail: a settings read there on every request would make it
 * answer measurably later than an unknown address.
 */
function recentAppName(read: () => Promise<string>): () => Promise<string> {
  let value: string | null = null;
  let readAt = 0;
  return async () => {
    if (value === null || Date.now() - readAt > 60_000) {
      readAt = Date.now();
      const fresh = read().then((name) => (value = name));
      if (value === null) return fresh;
      fresh.catch(() => undefined);
    }
    return value;
  };
}

/**
 * The member's saved language (users.language: ours, which better-auth does not read, so not on its user object).
 * Read only for a member's address, like the app name: the reset answer's floor (routes.ts) hides the extra read.
 */
async function savedLanguage(db: Db, userId: string): Promise<Locale | null> {
  const [row] = await db.select({ language: users.language }).from(users).where(eq(users.id, userId));
  return isLocale(row?.language) ? row.language : null;
}

/**
 * A session for a member whose identity the server has already verified another way (a LinkedIn account linked at
 * application, decision 034). Server only: the Fastify bridge exposes only the endpoints it lists, and this one is
 * marked SERVER_ONLY, so no client can name a user id here. The session hooks below (suspension) run as for a
 * password sign-in.
 */
const verifiedSignIn = {
  id: 'bayclub-verified-sign-in',
  endpoints: {
    signInVerifiedUser: createAuthEndpoint(
      '/bayclub/sign-in-verified',
      { method: 'POST', body: z.object({ userId: z.string() }), metadata: { SERVER_ONLY: true } },
      async (ctx) => {
        const user = await ctx.context.internalAdapter.findUserById(ctx.body.userId);
        if (!user) throw APIError.from('UNAUTHORIZED', { message: 'Unknown account', code: 'UNKNOWN_ACCOUNT' });
        const session = await ctx.context.internalAdapter.createSession(user.id);
        await setSessionCookie(ctx, { session, user });
        return ctx.json({ ok: true });
      },
    ),
  },
} satisfies BetterAuthPlugin;

export function createAuth(opts: AuthOptions) {
  const appName = recentAppName(opts.appName);
  return betterAuth({
    secret: opts.secret,
    baseURL: opts.baseURL,
    basePath: '/api/auth',
    trustedOrigins: opts.trustedOrigins,
    database: drizzleAdapter(opts.db, {
      provider: 'pg',
      schema: { user: users, session: sessions, account: accounts, verification: verifications },
    }),
    emailAndPassword: {
      enabled: true,
      // Accounts are created only through the membership application (one transaction with the profile).
      disableSignUp: true,
      minPasswordLength: LIMITS.passwordMinLength,
      maxPasswordLength: LIMITS.passwordMaxLength,
      revokeSessionsOnPasswordReset: true,
      // The hasher the accounts module writes with (better-auth's own, unless a test harness passes a cheaper one).
      password: { hash: opts.passwords.hash, verify: opts.passwords.verify },
      resetPasswordTokenExpiresIn: 60 * 60,
      // Stored in the outbox and sent after the answer: waiting for SMTP here would make a known address answer
      // later than an unknown one.
      // Written in the member's saved language, else the language of the page that asked (issue 26).
      async sendResetPassword({ user, token }, request) {
        const [name, language] = await Promise.all([appName(), savedLanguage(opts.db, user.id)]);
        const t = translatorFor(language ?? negotiateLocale(request?.headers.get('accept-language')));
        const link = `${opts.baseURL}/reset-password?token=${encodeURIComponent(token)}`;
        await opts.mail.send({
          to: user.email,
          subject: t('auth.mail.reset.subject', { appName: name }),
          text: [
            t('auth.mail.reset.greeting', { name: user.name }),
            '',
            t('auth.mail.reset.body', { appName: name }),
            '',
            link,
            '',
            t('auth.mail.reset.ignore'),
            '',
          ].join('\n'),
        });
      },
    },
    session: {
      expiresIn: 60 * 60 * 24 * 30,
      updateAge: 60 * 60 * 24,
    },
    databaseHooks: {
      session: {
        create: {
          /**
           * A suspended member gets no session (issue 23). better-auth creates the session only after the password
           * was verified, so the reason is shown only to whoever knows the password: 403 ACCOUNT_SUSPENDED.
           */
          async before(session) {
            const [row] = await opts.db
              .select({ at: profiles.suspendedAt, reason: profiles.suspensionReason })
              .from(profiles)
              .where(eq(profiles.id, session.userId));
            if (row?.at) throw APIError.from('FORBIDDEN', { message: suspendedSignInMessage(row.reason), code: SUSPENDED_SIGN_IN_CODE });
          },
          /**
           * A sign-in is the member's "last active" too (at most one write a minute). A suspension committed between
           * `before` and the session's insert would miss this session: the suspension holds the profile row's lock
           * until COMMIT, so reading it FOR SHARE here waits for it and sees it; the session is removed again.
           */
          async after(session) {
            await stampLastActive(opts.db, session.userId);
            const [row] = await opts.db
              .select({ at: profiles.suspendedAt, reason: profiles.suspensionReason })
              .from(profiles)
              .where(eq(profiles.id, session.userId))
              .for('share');
            if (row?.at) {
              await opts.db.delete(sessions).where(eq(sessions.id, session.id));
              throw APIError.from('FORBIDDEN', { message: suspendedSignInMessage(row.reason), code: SUSPENDED_SIGN_IN_CODE });
            }
          },
        },
      },
    },
    rateLimit: {
      enabled: opts.rateLimit,
      storage: 'memory',
      window: 60,
      max: 300,
      customRules: {
        '/sign-in/email': { window: 60, max: 10 },
        '/request-password-reset': { window: 60, max: 5 },
        '/reset-password': { window: 60, max: 10 },
        '/change-password': { window: 60, max: 10 },
      },
    },
    advanced: {
      database: { generateId: 'uuid' },
      ipAddress: { ipAddressHeaders: [CLIENT_IP_HEADER] },
      useSecureCookies: opts.secureCookies,
      defaultCookieAttributes: { httpOnly: true, sameSite: 'lax' },
    },
    plugins: [verifiedSignIn],
    telemetry: { enabled: false },
  });
}

export type Auth = ReturnType<typeof createAuth>;
