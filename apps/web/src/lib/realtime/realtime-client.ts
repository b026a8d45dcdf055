import { LIMITS, REALTIME_PATH, SOCKET_CLOSE, type ClientEvent, type ServerEvent } from '@bayclub/shared';

type Listener = (event: ServerEvent) => void;
export type SocketStatus = 'idle' | 'connecting' | 'open' | 'closed';

/** The parts of the browser's WebSocket the client uses (tests pass a fake). */
export interface SocketLike {
  readonly readyState: number;
  onopen: ((ev: Event) => unknown) | null;
  onmessage: ((ev: MessageEvent) => unknown) | null;
  onclose: ((ev: CloseEvent) => unknown) | null;
  onerror: ((ev: Event) => unknown) | null;
  send(data: string): void;
  close(code?: number, reason?: string): void;
}

export interface RealtimeOptions {
  url?: () => string;
  createSocket?: (url: string) => SocketLike;
  /** 0..1; jitter of the reconnect waits. */
  random?: () => number;
  now?: () => number;
}

const OPEN = 1;
/** Our own close code for a connection we give up on (no frame for two heartbeats), so it reconnects. */
const CLOSE_STALE = 4000;

/**
 * The tab's one WebSocket to the server. It reconnects with growing waits, and after every open asks the
 * server to replay the messages this tab has not seen (`resume` with the highest message seq seen), so a
 * dropped connection loses nothing. Message caches deduplicate by id, so a replay never shows anything twice.
 */
export class RealtimeClient {
  private socket: SocketLike | null = null;
  private listeners = new Set<Listener>();
  private statusListeners = new Set<(s: SocketStatus) => void>();
  private attempt = 0;
  private timer: ReturnType<typeof setTimeout> | null = null;
  private heartbeat: ReturnType<typeof setInterval> | null = null;
  private lastFrameAt = 0;
  private wanted = false;
  private lastSeq = 0;
  private readonly url: () => string;
  private readonly createSocket: (url: string) => SocketLike;
  private readonly random: () => number;
  private readonly now: () => number;
  status: SocketStatus = 'idle';
  /** When the current connection opened (0 before the first): caches older than this may have missed events. */
  openedAt = 0;

  constructor(options: RealtimeOptions = {}) {
    this.url = options.url ?? defaultUrl;
    this.createSocket = options.createSocket ?? ((url) => new WebSocket(url) as unknown as SocketLike);
    this.random = options.random ?? Math.random;
    this.now = options.now ?? Date.now;
  }

  start() {
    if (this.wanted) return;
    this.wanted = true;
    if (typeof window !== 'undefined') window.addEventListener('online', this.reconnectNow);
    this.connect();
  }

  stop() {
    this.wanted = false;
    if (typeof window !== 'undefined') window.removeEventListener('online', this.reconnectNow);
    this.clearTimers();
    const s = this.socket;
    this.socket = null;
    s?.close(1000);
    this.attempt = 0;
    this.setStatus('idle');
  }

  /** Messages fetched over HTTP count as seen too, so a resume does not replay them. */
  noteSeq(seq: number) {
    if (seq > this.lastSeq) this.lastSeq = seq;
  }

  /**
   * noteSeq for messages fetched over HTTP, but only while the socket is open. Seqs run over the whole
   * stream: while disconnected, a fetched message of one conversation can be newer than a missed message
   * of another, and resuming after it would skip that one. Replaying a message HTTP already delivered is
   * harmless (caches dedupe by id); skipping one is not.
   */
  noteFetchedSeq(seq: number) {
    if (this.status === 'open') this.noteSeq(seq);
  }

  get highestSeq() {
    return this.lastSeq;
  }

  subscribe(listener: Listener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  onStatus(listener: (s: SocketStatus) => void): () => void {
    this.statusListeners.add(listener);
    return () => this.statusListeners.delete(listener);
  }

  /** Deliver an event as if the server had sent it (component tests). */
  emitForTest(event: ServerEvent) {
    this.deliver(event);
  }

  /** Drop the connection as a network failure would (tests, and the browser going offline). */
  dropForTest() {
    if (this.socket) this.abandon(this.socket);
  }

  private deliver(event: ServerEvent) {
    if (event.type === 'message') this.noteSeq(event.message.seq);
    // A server that answers the resume is healthy: the next failure starts again from the shortest wait.
    if (event.type === 'ready') this.attempt = 0;
    for (const l of this.listeners) l(event);
  }

  private send(event: ClientEvent) {
    if (this.socket?.readyState === OPEN) this.socket.send(JSON.stringify(event));
  }

  /** The browser is back online: waiting out the backoff would only delay messages. */
  private reconnectNow = () => {
    if (!this.wanted || this.socket) return;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    this.connect();
  };

  private connect() {
    if (!this.wanted) return;
    this.timer = null;
    this.setStatus('connecting');
    let socket: SocketLike;
    try {
      socket = this.createSocket(this.url());
    } catch {
      this.scheduleReconnect();
      return;
    }
    this.socket = socket;
    socket.onopen = () => {
      if (this.socket !== socket) return;
      this.openedAt = this.now();
      this.lastFrameAt = this.now();
      this.setStatus('open');
      this.send({ type: 'resume', lastSeq: this.lastSeq });
      this.startHeartbeat(socket);
    };
    socket.onmessage = (e: MessageEvent) => {
      if (this.socket !== socket) return;
      this.lastFrameAt = this.now();
      let event: ServerEvent;
      try {
        event = JSON.parse(String(e.data)) as ServerEvent;
      } catch {
        return;
      }
      this.deliver(event);
    };
    socket.onclose = (e: CloseEvent) => this.handleClose(socket, e.code);
  }

  private handleClose(socket: SocketLike, code: number) {
    if (this.socket !== socket) return;
    this.socket = null;
    this.clearTimers();
    this.setStatus('closed');
    if (code === SOCKET_CLOSE.signedOut) {
      this.wanted = false;
      return;
    }
    this.scheduleReconnect();
  }

  /** Close a connection we no longer trust and reconnect at once, without waiting for the browser's close event. */
  private abandon(socket: SocketLike) {
    socket.close(CLOSE_STALE);
    this.handleClose(socket, CLOSE_STALE);
  }

  /**
   * A connection can die without a close (sleeping laptop, a proxy dropping it): ping every heartbeat and
   * give up on a socket that has sent nothing for two heartbeats, so the reconnect and replay start.
   */
  private startHeartbeat(socket: SocketLike) {
    if (this.heartbeat) clearInterval(this.heartbeat);
    this.heartbeat = setInterval(() => {
      if (this.socket !== socket) return;
      if (this.now() - this.lastFrameAt > 2 * LIMITS.socketHeartbeat) {
        // Browsers can take minutes to fire close for a dead connection; do not wait for it.
        this.abandon(socket);
        return;
      }
      this.send({ type: 'ping' });
    }, LIMITS.socketHeartbeat);
  }

  private scheduleReconnect() {
    if (!this.wanted) return;
    const delays = LIMITS.socketReconnectDelays;
    const wait = delays[Math.min(this.attempt, delays.length - 1)]!;
    this.attempt += 1;
    // Jitter, so a server restart is not met by every tab at the same millisecond.
    this.timer = setTimeout(() => this.connect(), wait * (0.8 + this.random() * 0.4));
  }

  private clearTimers() {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    if (this.heartbeat) clearInterval(this.heartbeat);
    this.heartbeat = null;
  }

  private setStatus(s: SocketStatus) {
    if (this.status === s) return;
    this.status = s;
    for (const l of this.statusListeners) l(s);
  }
}

function defaultUrl() {
  return `${window.location.origin.replace(/^http/, 'ws')}${REALTIME_PATH}`;
}

/** The tab's client; components subscribe through useRealtimeEvent. */
export const realtime = new RealtimeClient();
