import * as React from 'react';
import type { AttachmentKind } from '@bayclub/shared';

export interface PendingAttachment {
  key: string;
  file: File;
  kind: AttachmentKind;
  /** An object URL for the preview; null where the browser cannot make one. */
  previewUrl: string | null;
  /** Set once POST /api/chat-media stored the file, so a retry does not upload it again. */
  uploadedUrl: string | null;
}

/**
 * A message shown before the server has it: sending, failed and waiting for Retry, or written offline and waiting
 * for the connection (those live in the outbox, lib/offline/outbox.ts, and are shown through this shape).
 */
export interface PendingMessage {
  /** The idempotency key, the same for every retry, so the server stores the message once. */
  clientId: string;
  conversationId: string;
  senderId: string;
  content: string;
  attachments: PendingAttachment[];
  status: 'sending' | 'failed' | 'waiting';
  createdAt: string;
}

type Listener = () => void;

/**
 * Optimistic messages per conversation, outside the query cache so a refetch never drops them and leaving
 * the chat does not lose a failed message (it is still there, with Retry, on return).
 */
class PendingStore {
  private byConversation = new Map<string, PendingMessage[]>();
  private listeners = new Set<Listener>();
  private static readonly EMPTY: PendingMessage[] = [];

  get(conversationId: string): PendingMessage[] {
    return this.byConversation.get(conversationId) ?? PendingStore.EMPTY;
  }

  subscribe = (listener: Listener) => {
    this.listeners.add(listener);
    return () => {
      this.listeners.delete(listener);
    };
  };

  add(message: PendingMessage) {
    this.set(message.conversationId, [...this.get(message.conversationId), message]);
  }

  update(conversationId: string, clientId: string, fn: (m: PendingMessage) => PendingMessage) {
    this.set(
      conversationId,
      this.get(conversationId).map((m) => (m.clientId === clientId ? fn(m) : m)),
    );
  }

  /** The server has the message: drop the bubble and free its previews. */
  settle(conversationId: string, clientId: string) {
    const list = this.get(conversationId);
    const gone = list.filter((m) => m.clientId === clientId);
    if (gone.length === 0) return;
    release(gone);
    this.set(
      conversationId,
      list.filter((m) => m.clientId !== clientId),
    );
  }

  /** Sign-out: nothing of one member stays for the next. */
  clear() {
    for (const list of this.byConversation.values()) release(list);
    this.byConversation.clear();
    this.emit();
  }

  private set(conversationId: string, list: PendingMessage[]) {
    if (list.length === 0) this.byConversation.delete(conversationId);
    else this.byConversation.set(conversationId, list);
    this.emit();
  }

  private emit() {
    for (const l of this.listeners) l();
  }
}

function release(messages: readonly PendingMessage[]) {
  for (const m of messages) for (const a of m.attachments) if (a.previewUrl) URL.revokeObjectURL(a.previewUrl);
}

export const pendingMessages = new PendingStore();

export function usePendingMessages(conversationId: string): PendingMessage[] {
  return React.useSyncExternalStore(
    pendingMessages.subscribe,
    () => pendingMessages.get(conversationId),
    () => pendingMessages.get(conversationId),
  );
}
