import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import crypto from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SOCKET_CLOSE, type MessageView } from '@bayclub/shared';
import {
  applyMember,
  approve,
  createFirstAdmin,
  createThrowawayDatabase,
  expectStatus,
  PROCESS_ORIGIN,
  signInMember,
  startHealthyServer,
  type ProcessMember,
  type ServerProcess,
  type ThrowawayDatabase,
} from '../../test/server-process.js';
import { openSocket, upgradeStatus, type TestSocket } from '../../test/socket-client.js';

/**
 * Two real server processes on one PostgreSQL database: what one process writes reaches the sockets the other
 * one holds (the bus is LISTEN/NOTIFY), and a process that lost its LISTEN connection makes its sockets resume.
 *
 * PostgreSQL only: one PGlite folder has exactly one opener (a second process is refused), and on PGlite the bus
 * is in-process, which realtime.test.ts covers.
 */

/**
 * A TCP relay between process 2 and PostgreSQL. While `refusing`, new connections are dropped at once, so process 2
 * cannot re-establish a lost LISTEN connection until the test says so: the gap is as long as the test wants,
 * whatever the machine's load. Established connections (its pool) keep working.
 */
async function startRelay(target: { host: string; port: number }) {
  let refusing = false;
  const pairs = new Set<net.Socket>();
  const server = net.createServer((client) => {
    if (refusing) return client.destroy();
    const upstream = net.connect(target.port, target.host);
    pairs.add(client).add(upstream);
    const end = () => {
      client.destroy();
      upstream.destroy();
      pairs.delete(client);
      pairs.delete(upstream);
    };
    client.on('error', end).on('close', end);
    upstream.on('error', end).on('close', end);
    client.pipe(upstream);
    upstream.pipe(client);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: (server.address() as net.AddressInfo).port,
    refuse: (on: boolean) => void (refusing = on),
    async close() {
      pairs.forEach((s) => s.destroy());
      await new Promise((resolve) => server.close(resolve));
    },
  };
}

const serverUrl = process.env.TEST_DATABASE_URL;
const dirs: string[] = [];
const servers: ServerProcess[] = [];
const sockets: TestSocket[] = [];
let database: ThrowawayDatabase | undefined;
let relay: Awaited<ReturnType<typeof startRelay>> | undefined;
let sql: pg.Client | undefined;
let p1: ServerProcess;
let p2: ServerProcess;
let a: ProcessMember;
let b: ProcessMember;
/** Process 2's connections carry this application_name, so the test can find its LISTEN connection. */
const p2Name = `bayclub_p2_${crypto.randomBytes(3).toString('hex')}`;

async function open(server: ServerProcess, cookie: string, lastSeq = 0) {
  const s = await openSocket(server.base, cookie, { origin: PROCESS_ORIGIN });
  sockets.push(s);
  s.send({ type: 'resume', lastSeq });
  await s.next('ready');
  return s;
}

async function send(server: ServerProcess, from: ProcessMember, conversationId: string, content: string) {
  const res = await expectStatus<MessageView>(201, server.base, 'POST', `/api/conversations/${conversationId}/messages`, {
    cookie: from.cookie,
    body: { clientId: crypto.randomUUID(), content },
  });
  return res.body;
}

const maxSeq = (s: TestSocket) => Math.max(0, ...s.events.flatMap((e) => (e.type === 'message' ? [e.message.seq] : [])));

describe.skipIf(!serverUrl)('realtime across two server processes on one PostgreSQL', () => {
  let conversationId: string;
  let sa: TestSocket;
  let sb: TestSocket;

  beforeAll(async () => {
    database = await createThrowawayDatabase(serverUrl!, 'bayclub_mp');
    const mkdir = () => {
      const d = fs.mkdtempSync(path.join(os.tmpdir(), 'bayclub-mp-'));
      dirs.push(d);
      return d;
    };
    // One after the other: the first one migrates the new database.
    p1 = await startHealthyServer({ dataDir: mkdir(), databaseUrl: database.url });
    servers.push(p1);
    const target = new URL(database.url);
    relay = await startRelay({ host: target.hostname, port: Number(target.port || 5432) });
    const viaRelay = new URL(database.url);
    viaRelay.host = `127.0.0.1:${relay.port}`;
    viaRelay.searchParams.set('application_name', p2Name);
    p2 = await startHealthyServer({ dataDir: mkdir(), databaseUrl: viaRelay.toString() });
    servers.push(p2);
    sql = new pg.Client({ connectionString: database.url });
    await sql.connect();

    const admin = await createFirstAdmin(p1);
    a = await applyMember(p1.base, 'mpa');
    b = await applyMember(p2.base, 'mpb');
    await approve(p1.base, admin, a);
    await approve(p2.base, admin, b);
    // Fresh sessions through better-auth's sign-in, one on each process: sessions are shared through the database.
    a.cookie = await signInMember(p1.base, a);
    b.cookie = await signInMember(p2.base, b);
  }, 180_000);

  afterAll(async () => {
    sockets.forEach((s) => s.close());
    await sql?.end().catch(() => {});
    for (const s of servers) await s.kill();
    await relay?.close();
    await database?.drop();
    dirs.forEach((d) => fs.rmSync(d, { recursive: true, force: true }));
  });

  it('a hello and a match on one process reach the sockets held by the other (notification, connections)', async () => {
    sa = await open(p1, a.cookie);
    sb = await open(p2, b.cookie);

    const hi = await expectStatus<{ hello: { id: string } }>(201, p1.base, 'POST', '/api/hellos', { cookie: a.cookie, body: { userId: b.id } });
    const hello = await sb.next('notification', (e) => e.notification.relatedId === hi.body.hello.id);
    expect(hello.notification).toMatchObject({ type: 'other', title: 'New hello' });
    await sb.next('connections');
    await sb.next('unread', (e) => e.notifications > 0);

    const accepted = await expectStatus<{ match: { id: string } }>(200, p2.base, 'POST', `/api/hellos/${hi.body.hello.id}/accept`, { cookie: b.cookie });
    const matched = await sa.next('notification', (e) => e.notification.relatedId === accepted.body.match.id);
    expect(matched.notification.title).toBe("It's a match!");
    await sa.next('connections');

    conversationId = (await expectStatus<{ id: string }>(200, p1.base, 'POST', '/api/conversations', { cookie: a.cookie, body: { userId: b.id } })).body.id;
  });

  it('a message sent through process 1 reaches the recipient on process 2 with the unread total, and back', async () => {
    const sent = await send(p1, a, conversationId, 'Across the processes');
    const atB = await sb.next('message', (e) => e.message.id === sent.id);
    // The recipient sees no idempotency key; the sender's own tabs do.
    expect(atB.message).toMatchObject({ content: 'Across the processes', senderId: a.id, clientId: null, conversationId });
    expect((await sb.next('unread', (e) => e.messages > 0)).messages).toBe(1);
    const note = await sb.next('notification', (e) => e.notification.type === 'message');
    expect(note.notification).toMatchObject({ relatedId: conversationId, href: `/chat/${conversationId}` });
    expect((await sa.next('message', (e) => e.message.id === sent.id)).message.clientId).toBe(sent.clientId);

    // B reads on process 2: A hears of it on process 1, and B's unread total drops.
    await expectStatus(200, p2.base, 'POST', `/api/conversations/${conversationId}/read`, { cookie: b.cookie });
    expect(await sa.next('read')).toEqual({ type: 'read', conversationId, userId: b.id, lastReadSeq: sent.seq });
    await sb.next('unread', (e) => e.messages === 0);

    const reply = await send(p2, b, conversationId, 'And back again');
    const atA = await sa.next('message', (e) => e.message.id === reply.id);
    expect(atA.message).toMatchObject({ content: 'And back again', senderId: b.id, clientId: null });
    await sa.next('unread', (e) => e.messages === 1);
  });

  it('when process 2 loses its LISTEN connection, its sockets close with 1012 once it is back, and a resume replays the gap', async () => {
    const lastSeq = maxSeq(sb);
    expect(lastSeq).toBeGreaterThan(0);
    relay!.refuse(true);
    const listeners = await sql!.query<{ pid: number }>(
      `select pid from pg_stat_activity where datname = current_database() and application_name = $1 and query ilike 'LISTEN%'`,
      [p2Name],
    );
    expect(listeners.rows).toHaveLength(1);
    const pid = listeners.rows[0]!.pid;
    await sql!.query('select pg_terminate_backend($1)', [pid]);
    // Until that backend is gone it could still pass a notification on; after, process 2 hears nothing.
    for (let i = 0; (await sql!.query('select 1 from pg_stat_activity where pid = $1', [pid])).rowCount; i++) {
      if (i > 100) throw new Error('the LISTEN backend did not exit');
      await new Promise((r) => setTimeout(r, 50));
    }

    const inGap = await send(p1, a, conversationId, 'Sent while process 2 was deaf');
    // Process 1 still delivers live to its own sockets.
    await sa.next('message', (e) => e.message.id === inGap.id);
    await new Promise((r) => setTimeout(r, 500));
    expect(sb.events.some((e) => e.type === 'message' && e.message.id === inGap.id)).toBe(false);

    relay!.refuse(false);
    // Reconnect waits grow (0.2 s, 0.4 s, ... up to 5 s), so allow a few of them.
    expect(await sb.closed(15_000)).toBe(1012);

    // What a client does on 1012: reconnect and resume from the last seq it saw.
    const resumed = await openSocket(p2.base, b.cookie, { origin: PROCESS_ORIGIN });
    sockets.push(resumed);
    resumed.send({ type: 'resume', lastSeq });
    const ready = await resumed.next('ready');
    const replayed = resumed.events.flatMap((e) => (e.type === 'message' ? [e.message.id] : []));
    expect(ready.replayed).toBe(replayed.length);
    expect(replayed.filter((id) => id === inGap.id)).toHaveLength(1);

    // The bus works again: the next message is live on process 2.
    const after = await send(p1, a, conversationId, 'After the gap');
    await resumed.next('message', (e) => e.message.id === after.id);
    sb = resumed;
  }, 60_000);

  it('signing out on process 1 closes the member’s sockets on both processes (4401)', async () => {
    const onP2 = await open(p2, a.cookie);
    await expectStatus([200, 204], p1.base, 'POST', '/api/session/sign-out', { cookie: a.cookie });
    expect(await onP2.closed()).toBe(SOCKET_CLOSE.signedOut);
    expect(await sa.closed()).toBe(SOCKET_CLOSE.signedOut);
    // The other member's socket stays open.
    expect(sb.ws.readyState).toBe(sb.ws.OPEN);
    expect(await upgradeStatus(p2.base, { cookie: a.cookie, origin: PROCESS_ORIGIN })).toBe(401);
  });
});
