import type { MessageView } from './messaging.js';
import type { NotificationView } from './notifications.js';
import type { PostServerEvent } from './posts.js';
import type { EventServerEvent } from './events.js';
import type { LocationServerEvent } from './locations.js';

/** The member's WebSocket: one per signed-in tab, at this path. */
export const REALTIME_PATH = '/api/realtime';

/** Close codes the client acts on: 4401 means signed out (do not reconnect), the rest reconnect. */
export const SOCKET_CLOSE = {
  signedOut: 4401,
  forbidden: 4403,
  tooBig: 1009,
  shuttingDown: 1001,
} as const;

/** Server to client. Every event concerns the socket's member only. */
export type ServerEvent =
  /** After a resume: how many missed messages were replayed; `truncated` means refetch everything. */
  | { type: 'ready'; replayed: number; truncated: boolean }
  | { type: 'message'; message: MessageView }
  /** A participant read a conversation up to a message. */
  | { type: 'read'; conversationId: string; userId: string; lastReadSeq: number }
  /** The member's unread totals changed. */
  | { type: 'unread'; messages: number; notifications: number }
  | { type: 'notification'; notification: NotificationView }
  /** Hellos, matches or blocks changed: connection lists and relationships should be refetched. */
  | { type: 'connections' }
  /** A conversation can no longer (or can again) carry messages. */
  | { type: 'conversation'; conversationId: string; canMessage: boolean }
  /** The member's own account changed (an application decision, a reactivation): reload who is signed in. */
  | { type: 'session' }
  | { type: 'pong' }
  | PostServerEvent
  | EventServerEvent
  | LocationServerEvent;

/** Client to server. */
export type ClientEvent =
  /** Sent after (re)connecting: replay messages after this seq (0 replays nothing, only marks the start). */
  | { type: 'resume'; lastSeq: number }
  | { type: 'ping' };
