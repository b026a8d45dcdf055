import type { FastifyBaseLogger } from 'fastify';
import type { AllSettings, LimitedUserFlags, PublicSettings, UpdateSettingsInput } from '@bayclub/shared';
import type { Config } from './config.js';
import type { Database, DbOrTx } from './db/client.js';
import type { Mail } from './platform/mailer.js';
import type { Storage } from './platform/storage/storage.js';

// The context stands on the platform floor: it names what modules are built from as small interfaces, and app.ts
// wires in the real ones (modules/mail, modules/settings, modules/auth), so nothing here imports a module.

/** Every mail the app sends: written to the outbox, sent by its worker (modules/mail). */
export interface MailQueue {
  /** Queue one mail; resolves once it is stored, not sent. */
  send(mail: Mail): Promise<void>;
  /** Write mails in the caller's transaction (one statement); call kick() after the commit. */
  enqueueMany(tx: DbOrTx, mails: Mail[]): Promise<void>;
  /** Send what is queued soon, in the background (after a commit that wrote mails). */
  kick(): void;
  /** Send what is due now and wait for it (tests). */
  drainDue(): Promise<number>;
}

/** A site asset upload is audited as one ("Uploaded a site asset: favicon"), not as a bare settings change. */
export interface SettingsAuditLabel {
  action: 'asset.upload';
  label: string;
}

/** App settings with the built-in defaults filled in, read fresh each time (modules/settings). */
export interface SettingsStore {
  all(): Promise<AllSettings>;
  publicSettings(): Promise<PublicSettings>;
  flags(): Promise<LimitedUserFlags>;
  appName(): Promise<string>;
  /** Saves the changed keys and their audit entry (before and after) in one transaction. */
  update(input: UpdateSettingsInput, by: { userId: string; email: string }, audit?: SettingsAuditLabel): Promise<AllSettings>;
}

/** The calls the app makes to better-auth (modules/auth builds the instance). */
export interface AuthApi {
  /** better-auth's own endpoints under /api/auth/*. */
  handler(request: Request): Promise<Response>;
  /** Resolves to better-auth's context: the name of its session cookie. */
  $context: Promise<{ authCookies: { sessionToken: { name: string } } }>;
  api: {
    getSession(input: { headers: Headers }): Promise<{ user: { id: string; email: string }; session: { id: string; expiresAt: Date } } | null>;
    signInEmail(input: { body: { email: string; password: string }; headers: Headers; asResponse: true }): Promise<Response>;
    signOut(input: { headers: Headers; asResponse: true }): Promise<Response>;
    /** A session for an identity verified by the server (a linked LinkedIn account); its cookie is in the response. */
    signInVerifiedUser(input: { body: { userId: string }; headers: Headers; asResponse: true }): Promise<Response>;
    revokeSessions(input: { headers: Headers }): Promise<unknown>;
    changePassword(input: {
      headers: Headers;
      body: { currentPassword: string; newPassword: string; revokeOtherSessions: boolean };
      asResponse: true;
    }): Promise<Response>;
  };
}

/**
 * Password hashing for accounts (modules/auth: better-auth's own scrypt). One hasher for both sides: the accounts
 * written with the application and better-auth's sign-in, change and reset.
 */
export interface PasswordHasher {
  hash(password: string): Promise<string>;
  verify(input: { hash: string; password: string }): Promise<boolean>;
}

/** The few shared dependencies modules are built from. */
export interface AppContext {
  config: Config;
  database: Database;
  auth: AuthApi;
  mail: MailQueue;
  settings: SettingsStore;
  log: FastifyBaseLogger;
  migrations: number;
  /** Uploaded files: local disk or S3-compatible (platform/storage). */
  storage: Storage;
  passwords: PasswordHasher;
}
