import WebSocket from 'ws';
import type { ServerEvent } from '@bayclub/shared';
import { REALTIME_PATH } from '@bayclub/shared';

export interface TestSocket {
  ws: WebSocket;
  events: ServerEvent[];
  /** Wait for the next event matching `pred` that has not been consumed yet. */
  next<T extends ServerEvent['type']>(type: T, pred?: (e: Extract<ServerEvent, { type: T }>) => boolean, timeoutMs?: number): Promise<Extract<ServerEvent, { type: T }>>;
  /** Resolve with the close code. */
  closed(timeoutMs?: number): Promise<number>;
  send(event: unknown): void;
  close(): void;
}

/**
 * A test file's sockets: `open` connects as a tab would and resumes (its `ready` awaited); `track` adds one opened
 * otherwise; `closeAll` (afterAll) closes them. `base` is read when a socket opens (the server listens in beforeAll).
 */
export function socketPool(base: () => string) {
  const sockets: TestSocket[] = [];
  return {
    async open(user: { cookie: string }) {
      const s = await openSocket(base(), user.cookie);
      sockets.push(s);
      s.send({ type: 'resume', lastSeq: 0 });
      await s.next('ready');
      return s;
    },
    track(s: TestSocket) {
      sockets.push(s);
    },
    closeAll() {
      sockets.forEach((s) => s.close());
    },
  };
}

/** Open the realtime socket of a server listening at `base` (http://host:port), as a browser tab would. */
export async function openSocket(base: string, cookie: string, opts: { origin?: string | null } = {}): Promise<TestSocket> {
  const url = `${base.replace(/^http/, 'ws')}${REALTIME_PATH}`;
  const headers: Record<string, string> = { cookie };
  const origin = opts.origin === undefined ? 'http://localhost:3000' : opts.origin;
  if (origin) headers.origin = origin;
  const ws = new WebSocket(url, { headers });
  const events: ServerEvent[] = [];
  const consumed = new Set<ServerEvent>();
  const waiters = new Set<() => void>();
  let closeCode: number | null = null;
  ws.on('message', (data) => {
    events.push(JSON.parse(String(data)) as ServerEvent);
    waiters.forEach((w) => w());
  });
  ws.on('close', (code) => {
    closeCode = code;
    waiters.forEach((w) => w());
  });
  await new Promise<void>((resolve, reject) => {
    ws.once('open', () => resolve());
    ws.once('unexpected-response', (_req, res) => reject(new Error(`upgrade refused: ${res.statusCode}`)));
    ws.once('error', reject);
  });
  const waitFor = <R>(check: () => R | undefined, timeoutMs: number, what: string) =>
    new Promise<R>((resolve, reject) => {
      const attempt = () => {
        const r = check();
        if (r !== undefined) {
          waiters.delete(attempt);
          clearTimeout(timer);
          resolve(r);
        }
      };
      const timer = setTimeout(() => {
        waiters.delete(attempt);
        reject(new Error(`timed out waiting for ${what}; got ${JSON.stringify(events.map((e) => e.type))}`));
      }, timeoutMs);
      waiters.add(attempt);
      attempt();
    });
  return {
    ws,
    events,
    next(type, pred, timeoutMs = 5000) {
      return waitFor(
        () => {
          const found = events.find((e) => !consumed.has(e) && e.type === type && (!pred || pred(e as never)));
          if (found) consumed.add(found);
          return found as never;
        },
        timeoutMs,
        type,
      );
    },
    closed(timeoutMs = 5000) {
      return waitFor(() => closeCode ?? undefined, timeoutMs, 'close');
    },
    send(event) {
      ws.send(JSON.stringify(event));
    },
    close() {
      ws.close();
    },
  };
}

/** The status an upgrade attempt is refused with (or 101 when it opens). */
export async function upgradeStatus(base: string, headers: Record<string, string>): Promise<number> {
  const ws = new WebSocket(`${base.replace(/^http/, 'ws')}${REALTIME_PATH}`, { headers });
  return new Promise<number>((resolve) => {
    ws.once('open', () => {
      ws.close();
      resolve(101);
    });
    ws.once('unexpected-response', (_req, res) => {
      resolve(res.statusCode ?? 0);
      ws.terminate();
    });
    ws.once('error', () => resolve(0));
  });
}
