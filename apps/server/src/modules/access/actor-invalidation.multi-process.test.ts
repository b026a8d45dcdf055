import { spawn } from 'node:child_process';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { repoRoot } from '../../config.js';
import {
  applyMember,
  approve,
  call,
  expectStatus,
  matchPair,
  signInMember,
  startServerPair,
  type ProcessMember,
  type ServerPair,
  type ServerProcess,
  type ThrowawayDatabase,
} from '../../test/server-process.js';

/**
 * Issue 9, decision 010, with two real server processes on one PostgreSQL database: each caches Actors, and a change
 * made through process 1 (or by the admin CLI, a third process) is in force on process 2's very next request.
 * Process 2's cache is warmed before each change (two requests), so a stale entry would be served if it were kept.
 * PostgreSQL only: one PGlite folder has one opener.
 */
const serverUrl = process.env.TEST_DATABASE_URL;
let database: ThrowawayDatabase | undefined;
let pair: ServerPair | undefined;
let p1: ServerProcess;
let p2: ServerProcess;
let admin: string;

const meOn = (server: ServerProcess, cookie: string) => call<{ isAdmin: boolean }>(server.base, 'GET', '/api/me', { cookie });
async function warm(server: ServerProcess, cookie: string, url = '/api/me') {
  for (let i = 0; i < 2; i++) await expectStatus(200, server.base, 'GET', url, { cookie });
}
async function member(): Promise<ProcessMember> {
  const m = await applyMember(p1.base, 'inval');
  await approve(p1.base, admin, m);
  return m;
}

/** `npm run admin -- ...` against the running servers' database: a process of its own. */
function adminCli(...args: string[]): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', path.join(repoRoot, 'apps/server/src/cli/admin.ts'), ...args], {
      cwd: repoRoot,
      env: { ...process.env, DATABASE_URL: database!.url, LOG_LEVEL: 'silent' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    child.stdout.on('data', (d: Buffer) => (out += d.toString()));
    child.stderr.on('data', (d: Buffer) => (out += d.toString()));
    child.on('exit', (code) => (code === 0 ? resolve(out) : reject(new Error(`admin CLI exited with ${code}: ${out}`))));
  });
}

describe.runIf(serverUrl)('Actor changes reach every server process on the next request (PostgreSQL)', () => {
  beforeAll(async () => {
    pair = await startServerPair(serverUrl!, 'inval');
    ({ database, p1, p2, admin } = pair);
  }, 120_000);

  afterAll(async () => {
    await pair?.stop();
  });

  it('signing out on one process ends the sessions on the other', async () => {
    const m = await member();
    const other = await signInMember(p1.base, m);
    await warm(p2, m.cookie);
    await warm(p2, other);
    await expectStatus(200, p1.base, 'POST', '/api/session/sign-out', { cookie: m.cookie });
    expect((await meOn(p2, m.cookie)).status).toBe(401);
    expect((await meOn(p2, other)).status).toBe(401);
  });

  it('a password change on one process ends the other sessions on the other', async () => {
    const m = await member();
    const other = await signInMember(p1.base, m);
    await warm(p2, other);
    await expectStatus(200, p1.base, 'POST', '/api/account/change-password', {
      cookie: m.cookie,
      body: { currentPassword: m.password, newPassword: 'changed-secret-1', confirmPassword: 'changed-secret-1' },
    });
    expect((await meOn(p2, other)).status).toBe(401);
  });

  it('a deactivation on one process ends the sessions on the other', async () => {
    const m = await member();
    const other = await signInMember(p1.base, m);
    await warm(p2, other);
    await expectStatus(200, p1.base, 'POST', '/api/account/deactivate', { cookie: m.cookie, body: { confirmation: 'DEACTIVATE' } });
    expect((await meOn(p2, other)).status).toBe(401);
  });

  it('a deletion on one process ends the sessions on the other', async () => {
    const m = await member();
    const other = await signInMember(p1.base, m);
    await warm(p2, other);
    await expectStatus(200, p1.base, 'POST', '/api/account/delete', { cookie: m.cookie, body: { confirmation: 'DELETE' } });
    expect((await meOn(p2, other)).status).toBe(401);
  });

  it("an admin's approval on one process opens the full platform on the other", async () => {
    const applicant = await applyMember(p1.base, 'inval');
    await warm(p2, applicant.cookie);
    expect((await call(p2.base, 'GET', '/api/matches', { cookie: applicant.cookie })).status).toBe(403);
    await approve(p1.base, admin, applicant);
    expect((await call(p2.base, 'GET', '/api/matches', { cookie: applicant.cookie })).status).toBe(200);
  });

  it('roles granted and revoked with the admin CLI count on both processes at once', async () => {
    const m = await member();
    await warm(p1, m.cookie);
    await warm(p2, m.cookie);
    await adminCli('grant', m.email, 'admin');
    expect((await meOn(p1, m.cookie)).body.isAdmin).toBe(true);
    expect((await meOn(p2, m.cookie)).body.isAdmin).toBe(true);
    await adminCli('revoke', m.email, 'admin');
    expect((await meOn(p1, m.cookie)).body.isAdmin).toBe(false);
    expect((await meOn(p2, m.cookie)).body.isAdmin).toBe(false);
  });

  it('a flag switched on by an admin on one process lets a limited member in on the other', async () => {
    const limited = await applyMember(p1.base, 'inval');
    await expectStatus(200, p1.base, 'POST', `/api/admin/applications/${limited.applicationId}/approve`, {
      cookie: admin,
      body: { accountType: 'community_only' },
    });
    await warm(p2, limited.cookie);
    expect((await call(p2.base, 'GET', '/api/conversations', { cookie: limited.cookie })).status).toBe(403);
    await expectStatus(200, p1.base, 'PUT', '/api/admin/settings', { cookie: admin, body: { settings: { limited_users_can_message: 'true' } } });
    expect((await call(p2.base, 'GET', '/api/conversations', { cookie: limited.cookie })).status).toBe(200);
    await expectStatus(200, p1.base, 'PUT', '/api/admin/settings', { cookie: admin, body: { settings: { limited_users_can_message: 'false' } } });
  });

  it('a new name saved on one process is the name the other puts in its next message notification', async () => {
    const [a, b] = [await member(), await member()];
    const { conversationId } = await matchPair(a, b, { a: p1.base, b: p1.base });
    await warm(p2, a.cookie);
    await expectStatus(200, p1.base, 'PUT', '/api/me/profile', { cookie: a.cookie, body: { fullName: 'Renamed Elsewhere' } });
    await expectStatus(201, p2.base, 'POST', `/api/conversations/${conversationId}/messages`, {
      cookie: a.cookie,
      body: { clientId: crypto.randomUUID(), content: 'hi from process 2' },
    });
    const list = await expectStatus<{ items: Array<{ title: string }> }>(200, p1.base, 'GET', '/api/notifications', { cookie: b.cookie });
    expect(list.body.items[0]?.title).toBe('New message from Renamed Elsewhere');
  });
});
