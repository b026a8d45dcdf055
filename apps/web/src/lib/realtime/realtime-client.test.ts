import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { LIMITS, SOCKET_CLOSE, type MessageView, type ServerEvent } from '@bayclub/shared';
import { RealtimeClient, type SocketLike } from './realtime-client';

/** A WebSocket the test drives: open it, feed it frames, close it; it records what the client sent. */
class FakeSocket implements SocketLike {
  readyState = 0;
  onopen: SocketLike['onopen'] = null;
  onmessage: SocketLike['onmessage'] = null;
  onclose: SocketLike['onclose'] = null;
  onerror: SocketLike['onerror'] = null;
  sent: unknown[] = [];
  closedWith: number | null = null;
  constructor(readonly url: string) {}
  send(data: string) {
    this.sent.push(JSON.parse(data));
  }
  close(code = 1000) {
    this.closedWith = code;
    this.readyState = 3;
  }
  open() {
    this.readyState = 1;
    this.onopen?.(new Event('open'));
  }
  receive(event: ServerEvent) {
    this.onmessage?.(new MessageEvent('message', { data: JSON.stringify(event) }));
  }
  serverClose(code: number) {
    this.readyState = 3;
    this.onclose?.({ code } as CloseEvent);
  }
}

const message = (seq: number): MessageView => ({
  id: `m-${seq}`,
  seq,
  conversationId: 'c',
  senderId: 'u',
  content: 'hi',
  mediaUrls: [],
  messageType: 'text',
  createdAt: new Date().toISOString(),
  clientId: null,
});

let sockets: FakeSocket[] = [];
let client: RealtimeClient;
const latest = () => sockets[sockets.length - 1]!;

beforeEach(() => {
  vi.useFakeTimers();
  sockets = [];
  client = new RealtimeClient({
    url: () => 'ws://test/api/realtime',
    createSocket: (url) => {
      const s = new FakeSocket(url);
      sockets.push(s);
      return s;
    },
    // No jitter: waits are exactly the configured delays.
    random: () => 0.5,
  });
});

afterEach(() => {
  client.stop();
  vi.useRealTimers();
});

describe('RealtimeClient', () => {
  it('resumes from 0 on the first open, and from the highest seq seen after a reconnect', () => {
    const events: ServerEvent[] = [];
    client.subscribe((e) => events.push(e));
    client.start();
    expect(sockets).toHaveLength(1);
    latest().open();
    expect(latest().sent).toEqual([{ type: 'resume', lastSeq: 0 }]);

    latest().receive({ type: 'message', message: message(41) });
    // Messages fetched over HTTP count too.
    client.noteSeq(45);
    client.noteSeq(44);
    latest().receive({ type: 'ready', replayed: 0, truncated: false });
    expect(events.map((e) => e.type)).toEqual(['message', 'ready']);

    latest().serverClose(1006);
    vi.advanceTimersByTime(LIMITS.socketReconnectDelays[0]);
    expect(sockets).toHaveLength(2);
    latest().open();
    expect(latest().sent).toEqual([{ type: 'resume', lastSeq: 45 }]);
  });

  it('counts messages fetched over HTTP as seen only while connected, so a resume never skips a missed one', () => {
    client.start();
    latest().open();
    client.noteFetchedSeq(20);
    latest().serverClose(1006);
    // Fetched while offline: a message of another conversation with a lower seq may still be missing.
    client.noteFetchedSeq(30);
    vi.advanceTimersByTime(LIMITS.socketReconnectDelays[0]);
    latest().open();
    expect(latest().sent).toEqual([{ type: 'resume', lastSeq: 20 }]);
  });

  it('waits longer after each failed attempt, up to the last delay', () => {
    client.start();
    const delays = LIMITS.socketReconnectDelays;
    for (let i = 0; i < delays.length + 1; i++) {
      latest().serverClose(1006);
      const wait = delays[Math.min(i, delays.length - 1)]!;
      const count = sockets.length;
      vi.advanceTimersByTime(wait - 1);
      expect(sockets).toHaveLength(count);
      vi.advanceTimersByTime(1);
      expect(sockets).toHaveLength(count + 1);
    }
  });

  it('starts again from the shortest wait once the server answered a resume', () => {
    client.start();
    latest().serverClose(1006);
    vi.advanceTimersByTime(LIMITS.socketReconnectDelays[0]);
    latest().serverClose(1006);
    vi.advanceTimersByTime(LIMITS.socketReconnectDelays[1]);
    latest().open();
    latest().receive({ type: 'ready', replayed: 2, truncated: false });
    latest().serverClose(1001);
    const count = sockets.length;
    vi.advanceTimersByTime(LIMITS.socketReconnectDelays[0]);
    expect(sockets).toHaveLength(count + 1);
  });

  it('does not reconnect after the server signs the member out (4401), nor after stop()', () => {
    client.start();
    latest().open();
    latest().serverClose(SOCKET_CLOSE.signedOut);
    vi.advanceTimersByTime(60_000);
    expect(sockets).toHaveLength(1);
    expect(client.status).toBe('closed');

    client.start();
    expect(sockets).toHaveLength(2);
    client.stop();
    expect(latest().closedWith).toBe(1000);
    vi.advanceTimersByTime(60_000);
    expect(sockets).toHaveLength(2);
    expect(client.status).toBe('idle');
  });

  it('pings every heartbeat and gives up on a connection that stays silent, then reconnects and resumes', () => {
    client.start();
    const first = latest();
    first.open();
    first.receive({ type: 'message', message: message(7) });
    vi.advanceTimersByTime(LIMITS.socketHeartbeat);
    expect(first.sent).toContainEqual({ type: 'ping' });
    vi.advanceTimersByTime(2 * LIMITS.socketHeartbeat);
    expect(first.closedWith).toBe(4000);
    vi.advanceTimersByTime(LIMITS.socketReconnectDelays[0]);
    expect(sockets).toHaveLength(2);
    latest().open();
    expect(latest().sent).toEqual([{ type: 'resume', lastSeq: 7 }]);
  });

  it('reports its status and ignores frames that are not JSON', () => {
    const statuses: string[] = [];
    const events: ServerEvent[] = [];
    client.onStatus((s) => statuses.push(s));
    client.subscribe((e) => events.push(e));
    client.start();
    latest().open();
    latest().onmessage?.(new MessageEvent('message', { data: 'not json' }));
    expect(events).toEqual([]);
    latest().serverClose(1006);
    expect(statuses).toEqual(['connecting', 'open', 'closed']);
  });

  it('reconnects at once when the browser comes back online', () => {
    client.start();
    latest().serverClose(1006);
    expect(sockets).toHaveLength(1);
    window.dispatchEvent(new Event('online'));
    expect(sockets).toHaveLength(2);
  });
});
