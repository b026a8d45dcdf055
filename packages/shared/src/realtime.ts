/** The member's WebSocket: one per signed-in tab, at this path. */
export const REALTIME_PATH = '/api/realtime';

/** Close codes the client acts on: 4401 means signed out (do not reconnect), the rest reconnect. */
export const SOCKET_CLOSE = {
  signedOut: 4401,
  forbidden: 4403,
  tooBig: 1009,
  shuttingDown: 1001,
} as const;

/**
 * Server to client, by the contract file that adds them: each domain's file augments this interface with its
 * socket events (`declare module './realtime.js'`), so a live feature touches only its own file. Every event
 * concerns the socket's member only.
 */
export interface ServerEvents {
  realtime:
    /** After a resume: how many missed messages were replayed; `truncated` means refetch everything. */
    | { type: 'ready'; replayed: number; truncated: boolean }
    /** The member's own account changed (an application decision, a reactivation): reload who is signed in. */
    | { type: 'session' }
    | { type: 'pong' };
}

/** Server to client: every domain's socket events. */
export type ServerEvent = ServerEvents[keyof ServerEvents];

/** Client to server. */
export type ClientEvent =
  /** Sent after (re)connecting: replay messages after this seq (0 replays nothing, only marks the start). */
  | { type: 'resume'; lastSeq: number }
  | { type: 'ping' };
