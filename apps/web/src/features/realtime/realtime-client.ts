import { LIMITS, REALTIME_PATH, SOCKET_CLOSE, type ClientEvent, type ServerEvent } from '@bayclub/shared';

type Listener = (event: ServerEvent) => void;
export type SocketStatus = 'idle' | 'connecting' | 'open' | 'closed';

/**
 * The tab's one WebSocket to the server. It reconnects with growing waits, and after every open asks the
 * server to replay the messages this tab has not seen (`resume` with the highest message seq seen), so a
 * dropped connection loses nothing. Message caches deduplicate by id, so a replay never shows anything twice.
 */
export class RealtimeClient {
  private socket: WebSocket | null = null;
  private listeners = new Set<Listener>();
  private statusListeners = new Set<(s: SocketStatus) => void>();
  private attempt = 0;
  private timer: ReturnType<typeof setTimeout> | null = null;
  private wanted = false;
  private lastSeq = 0;
  status: SocketStatus = 'idle';

  constructor(private readonly url: () => string = defaultUrl) {}

  start() {
    if (this.wanted) return;
    this.wanted = true;
    this.connect();
  }

  stop() {
    this.wanted = false;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    const s = this.socket;
    this.socket = null;
    s?.close(1000);
    this.setStatus('idle');
  }

  /** Messages fetched over HTTP count as seen too, so a resume does not replay them. */
  noteSeq(seq: number) {
    if (seq > this.lastSeq) this.lastSeq = seq;
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
    if (event.type === 'message') this.noteSeq(event.message.seq);
    for (const l of this.listeners) l(event);
  }

  /** Drop the connection as a network failure would (tests, and the browser going offline). */
  dropForTest() {
    this.socket?.close(4000);
  }

  private send(event: ClientEvent) {
    if (this.socket?.readyState === WebSocket.OPEN) this.socket.send(JSON.stringify(event));
  }

  private connect() {
    if (!this.wanted) return;
    this.setStatus('connecting');
    let socket: WebSocket;
    try {
      socket = new WebSocket(this.url());
    } catch {
      this.scheduleReconnect();
      return;
    }
    this.socket = socket;
    socket.onopen = () => {
      this.attempt = 0;
      this.setStatus('open');
      this.send({ type: 'resume', lastSeq: this.lastSeq });
    };
    socket.onmessage = (e) => {
      let event: ServerEvent;
      try {
        event = JSON.parse(String(e.data)) as ServerEvent;
      } catch {
        return;
      }
      if (event.type === 'message') this.noteSeq(event.message.seq);
      for (const l of this.listeners) l(event);
    };
    socket.onclose = (e) => {
      if (this.socket !== socket) return;
      this.socket = null;
      this.setStatus('closed');
      if (e.code === SOCKET_CLOSE.signedOut) {
        this.wanted = false;
        return;
      }
      this.scheduleReconnect();
    };
  }

  private scheduleReconnect() {
    if (!this.wanted) return;
    const delays = LIMITS.socketReconnectDelays;
    const wait = delays[Math.min(this.attempt, delays.length - 1)]!;
    this.attempt += 1;
    // Jitter, so a server restart is not met by every tab at the same millisecond.
    this.timer = setTimeout(() => this.connect(), wait * (0.8 + Math.random() * 0.4));
  }

  private setStatus(s: SocketStatus) {
    this.status = s;
    for (const l of this.statusListeners) l(s);
  }
}

function defaultUrl() {
  return `${window.location.origin.replace(/^http/, 'ws')}${REALTIME_PATH}`;
}

/** The tab's client; components subscribe through useRealtimeEvent. */
export const realtime = new RealtimeClient();
