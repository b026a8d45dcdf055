import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  applyMember,
  approve,
  call,
  expectStatus,
  signInMember,
  startServerPair,
  type ServerPair,
  type ServerProcess,
} from '../../test/server-process.js';
import { openSocket } from '../../test/socket-client.js';

/**
 * Issue 23: an admin suspends a member through process 1; the member's sessions, cached by process 2 (warmed with
 * two requests) and its open socket there, end on process 2's very next request. Account type changes reach the
 * member's socket on the other process as a 'session' event. PostgreSQL only: one PGlite folder has one opener.
 */
const serverUrl = process.env.TEST_DATABASE_URL;
let pair: ServerPair | undefined;
let p1: ServerProcess;
let p2: ServerProcess;
let admin: string;

describe.runIf(serverUrl)('suspension reaches every server process (PostgreSQL)', () => {
  beforeAll(async () => {
    pair = await startServerPair(serverUrl!, 'suspend');
    ({ p1, p2, admin } = pair);
  }, 120_000);

  afterAll(async () => {
    await pair?.stop();
  });

  it("a suspended member's open session on the other process is refused on the next request, its socket closes, and sign-in there shows the reason", async () => {
    const m = await applyMember(p1.base, 'susp');
    await approve(p1.base, admin, m);
    const other = await signInMember(p2.base, m);
    for (let i = 0; i < 2; i++) {
      await expectStatus(200, p2.base, 'GET', '/api/me', { cookie: m.cookie });
      await expectStatus(200, p2.base, 'GET', '/api/me', { cookie: other });
    }
    const socket = await openSocket(p2.base, other);

    // The account type change is announced to the member's socket on the other process.
    await expectStatus(200, p1.base, 'PUT', `/api/admin/members/${m.id}/account-type`, { cookie: admin, body: { accountType: 'community_only' } });
    await socket.next('session');

    await expectStatus(200, p1.base, 'POST', `/api/admin/members/${m.id}/suspend`, { cookie: admin, body: { reason: 'Cooling off' } });
    expect((await call(p2.base, 'GET', '/api/me', { cookie: m.cookie })).status).toBe(401);
    expect((await call(p2.base, 'GET', '/api/me', { cookie: other })).status).toBe(401);
    expect(await socket.closed()).toBe(4401);

    const refused = await call<{ error: { code: string; message: string } }>(p2.base, 'POST', '/api/auth/sign-in/email', {
      body: { email: m.email, password: m.password },
    });
    expect(refused.status).toBe(403);
    expect(refused.body.error).toEqual({ code: 'ACCOUNT_SUSPENDED', message: 'Your account is suspended. Reason: Cooling off' });

    await expectStatus(200, p1.base, 'POST', `/api/admin/members/${m.id}/unsuspend`, { cookie: admin });
    const again = await signInMember(p2.base, m);
    await expectStatus(200, p2.base, 'GET', '/api/me', { cookie: again });
  });
});
