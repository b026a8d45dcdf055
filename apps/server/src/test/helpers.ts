import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { afterAll, vi } from 'vitest';
import { buildApp, type AppServices } from '../app.js';
import { loadConfig, type Env } from '../config.js';
import type { AppContext } from '../app-context.js';
import type { Mail } from '../platform/mailer.js';
import { communities, membershipApplications, userRoles, profiles } from '../db/schema/index.js';
import { upsertSettings } from '../modules/settings/repository.js';
import { eq } from 'drizzle-orm';
import type { ApplyInput, UserRole } from '@bayclub/shared';
import { createTestDatabase } from './database.js';
import { lowCostPasswords } from './passwords.js';
import { STATEMENT_COUNT_HEADER } from '../platform/statement-count.js';
import type { Database } from '../db/client.js';
import type { Storage } from '../platform/storage/storage.js';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';

export const TEST_ORIGIN = 'http://localhost:3000';

export interface TestApp {
  app: FastifyInstance;
  ctx: AppContext;
  services: AppServices;
  mails: Mail[];
  close: () => Promise<void>;
}

/** Build the app on a fresh database for this test file; closed automatically after the file. */
export async function buildTestApp(
  env: Partial<Env> = {},
  opts: {
    storage?: Storage;
    pushCa?: string;
    /** Share this database (another app's `ctx.database`) instead of a fresh one; it is left open on close. */
    database?: Database;
    /** Hash passwords with better-auth's own scrypt, as the app does, instead of the harness's low-cost one. */
    realPasswordHashing?: boolean;
  } = {},
): Promise<TestApp> {
  const { database, drop } = opts.database ? { database: opts.database, drop: async () => {} } : await createTestDatabase();
  // Uploads go to a throwaway folder per test file (or to the storage the test passes, e.g. S3 on s3rver).
  const uploadsDir = env.UPLOADS_DIR ?? (await fs.mkdtemp(path.join(os.tmpdir(), 'bayclub-uploads-')));
  const mails: Mail[] = [];
  const config = loadConfig(
    {},
    {
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      RATE_LIMIT: false,
      BETTER_AUTH_SECRET: 'test-secret-test-secret-test-secret-000',
      WEB_DIST: '/nonexistent',
      PORT: 3000,
      UPLOADS_DIR: uploadsDir,
      ...env,
    },
  );
  // With SMTP_URL the real mailer talks to that server; otherwise mails are captured in `mails` (by the outbox
  // worker, after the answer: see mailTo).
  const mailer = env.SMTP_URL ? undefined : { send: async (m: Mail) => void mails.push(m) };
  // Passwords are hashed at a test's cost (test/passwords.ts) unless a file asks for the app's own hasher.
  const passwords = opts.realPasswordHashing ? undefined : lowCostPasswords;
  const { app, ctx, services } = await buildApp(config, { database, mailer, storage: opts.storage, pushCa: opts.pushCa, passwords });
  await app.ready();
  let closed = false;
  const close = async () => {
    if (closed) return;
    closed = true;
    await app.close();
    await drop();
    if (!env.UPLOADS_DIR) await fs.rm(uploadsDir, { recursive: true, force: true });
  };
  afterAll(close);
  return { app, ctx, services, mails, close };
}

/**
 * The first mail to `to` among those captured from index `from` on. Mails leave through the outbox worker after
 * the request has been answered, so this waits for it.
 */
export function mailTo(t: TestApp, to: string, from = 0): Promise<Mail> {
  return vi.waitFor(
    () => {
      const mail = t.mails.slice(from).find((m) => m.to === to);
      if (!mail) throw new Error(`no mail to ${to} yet`);
      return mail;
    },
    { timeout: 10_000, interval: 10 },
  );
}

/** Cookie header value from a response's set-cookie headers. */
export function cookieFrom(res: LightMyRequestResponse): string {
  const raw = res.headers['set-cookie'];
  const list = Array.isArray(raw) ? raw : raw ? [raw] : [];
  return list.map((c) => c.split(';')[0]).join('; ');
}

let seq = 0;
export function applicationInput(overrides: Partial<ApplyInput> = {}): ApplyInput {
  seq += 1;
  const tag = `${Date.now().toString(36)}${seq}`;
  return {
    name: `Test Member ${seq}`,
    email: `member${tag}@example.com`,
    password: 'secret123',
    username: `member${tag}`.slice(0, 30),
    instagramUsername: '',
    bio: 'Loves the beach.',
    age: 30,
    gender: 'Female',
    relationshipStatus: 'single',
    city: 'tampa',
    interests: ['Beach', 'Coffee'],
    ...overrides,
  };
}

export interface TestUser {
  id: string;
  email: string;
  password: string;
  cookie: string;
  applicationId: string;
}

/** Apply through the API (community_only, pending) and return the signed-in applicant. */
export async function applyAs(t: TestApp, overrides: Partial<ApplyInput> = {}): Promise<TestUser> {
  const input = applicationInput(overrides);
  const res = await t.app.inject({ method: 'POST', url: '/api/applications', payload: input });
  if (res.statusCode !== 201) throw new Error(`apply failed: ${res.statusCode} ${res.body}`);
  const cookie = cookieFrom(res);
  const me = await t.app.inject({ method: 'GET', url: '/api/me', headers: { cookie } });
  return { id: me.json().user.id, email: input.email, password: input.password, cookie, applicationId: res.json().applicationId };
}

export async function signIn(t: TestApp, email: string, password: string): Promise<string> {
  const res = await t.app.inject({ method: 'POST', url: '/api/auth/sign-in/email', payload: { email, password } });
  if (res.statusCode !== 200) throw new Error(`sign-in failed: ${res.statusCode} ${res.body}`);
  return cookieFrom(res);
}

export async function grantRole(t: TestApp, userId: string, role: UserRole) {
  await t.ctx.database.db.insert(userRoles).values({ userId, role }).onConflictDoNothing();
}

/** What an admin's approval does: the profile becomes full_platform and the application approved. */
export async function makeFullPlatform(t: TestApp, userId: string) {
  await t.ctx.database.db
    .update(profiles)
    .set({ accountType: 'full_platform', applicationStatus: 'approved' })
    .where(eq(profiles.id, userId));
  await setApplicationStatus(t, userId, 'approved');
}

async function setApplicationStatus(t: TestApp, userId: string, status: 'approved' | 'rejected') {
  await t.ctx.database.db.update(membershipApplications).set({ status }).where(eq(membershipApplications.createdUserId, userId));
}

/** A full-platform member with the admin role. */
export async function createAdmin(t: TestApp): Promise<TestUser> {
  const user = await applyAs(t);
  await makeFullPlatform(t, user.id);
  await grantRole(t, user.id, 'admin');
  return user;
}

export async function createMember(t: TestApp): Promise<TestUser> {
  const user = await applyAs(t);
  await makeFullPlatform(t, user.id);
  return user;
}

/**
 * Waits until GET `url` costs `statements` SQL statements for `user`: set-up writes made straight in the database
 * are heard over LISTEN a moment after COMMIT on PostgreSQL, and until then the member's session is read again on
 * every request (decision 010). Tests that count statements start from there.
 */
export async function untilStatementCount(t: TestApp, user: { cookie: string }, url: string, statements: number) {
  for (let i = 0; i < 40; i++) {
    const res = await injectAs(t, user, { method: 'GET', url });
    if (Number(res.headers[STATEMENT_COUNT_HEADER]) === statements) return;
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** The body of the route table's 403 (request-context's access check), as the policy tests expect it. */
export const DENIED = { error: { code: 'FORBIDDEN', message: 'You do not have access to this' } };

/** inject with a member's cookie. */
export function injectAs(t: TestApp, user: { cookie: string } | null, opts: InjectOptions) {
  return t.app.inject({ ...opts, headers: { ...(opts.headers ?? {}), ...(user ? { cookie: user.cookie } : {}) } });
}

// ---------------------------------------------------------------------------------------------
// Personas and data used by the route-table, fuzz and module tests.

/**
 * A limited member: approved as a community member (what the admin's "Approve as community member" does),
 * community_only and limited by the flags.
 */
export async function createLimitedMember(t: TestApp): Promise<TestUser> {
  const user = await applyAs(t);
  await t.ctx.database.db.update(profiles).set({ applicationStatus: 'approved' }).where(eq(profiles.id, user.id));
  await setApplicationStatus(t, user.id, 'approved');
  return user;
}

/** An applicant whose application was rejected: still signed in, community_only, sees no other member. */
export async function createRejectedApplicant(t: TestApp): Promise<TestUser> {
  const user = await applyAs(t);
  await t.ctx.database.db.update(profiles).set({ applicationStatus: 'rejected' }).where(eq(profiles.id, user.id));
  await setApplicationStatus(t, user.id, 'rejected');
  return user;
}

export async function deactivate(t: TestApp, userId: string, deactivated = true) {
  await t.ctx.database.db.update(profiles).set({ isDeactivated: deactivated }).where(eq(profiles.id, userId));
}

/** Write app settings directly, as an admin would (values are stored strings). */
export async function setSettings(t: TestApp, values: Record<string, string>) {
  await upsertSettings(t.ctx.database.db, values, null);
}

export async function createCommunity(t: TestApp, values: { name: string; urlSlug: string }) {
  const [row] = await t.ctx.database.db.insert(communities).values(values).returning({ id: communities.id });
  return row!.id;
}

/** An error body: exactly { error: { code, message, fields? } }. */
export function isErrorBody(body: unknown): boolean {
  if (typeof body !== 'object' || body === null || Object.keys(body).join() !== 'error') return false;
  const e = (body as { error: unknown }).error;
  if (typeof e !== 'object' || e === null) return false;
  const keys = Object.keys(e).sort().join();
  if (keys !== 'code,message' && keys !== 'code,fields,message') return false;
  const { code, message, fields } = e as { code: unknown; message: unknown; fields?: unknown };
  if (typeof code !== 'string' || !code || typeof message !== 'string' || !message) return false;
  if (fields === undefined) return true;
  return typeof fields === 'object' && fields !== null && Object.values(fields).every((v) => typeof v === 'string');
}
