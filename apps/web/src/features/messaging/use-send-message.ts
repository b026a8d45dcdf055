import * as React from 'react';
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import { LIMITS, MESSAGING_MESSAGES } from '@bayclub/shared';
import type { MessageView } from '@bayclub/shared';
import { isApiError } from '#/lib/api';
import { sharedText, useSharedText } from '#/lib/i18n';
import { outbox, shouldQueue, useOutbox, type OutboxEntry } from '#/lib/offline/outbox';
import { messagingKeys, postMessage, uploadChatMedia } from './api';
import { applyMessage } from './cache';
import { pendingMessages, usePendingMessages, type PendingAttachment, type PendingMessage } from './pending-store';

const reloadTimers = new Map<string, ReturnType<typeof setTimeout>>();

/**
 * Spec 4: the list reloads 500 ms after a send. The message cache merges by id, so the reload never
 * doubles or drops a bubble; several quick sends share one reload.
 */
function scheduleReload(queryClient: QueryClient, conversationId: string) {
  const previous = reloadTimers.get(conversationId);
  if (previous) clearTimeout(previous);
  reloadTimers.set(
    conversationId,
    setTimeout(() => {
      reloadTimers.delete(conversationId);
      void queryClient.invalidateQueries({ queryKey: messagingKeys.messages(conversationId) });
      void queryClient.invalidateQueries({ queryKey: messagingKeys.conversations });
    }, LIMITS.messageReloadAfterSend),
  );
}

/** Upload what is not stored yet; successes are kept on the pending message so a retry skips them. */
async function uploadAttachments(message: PendingMessage): Promise<string[]> {
  const results = await Promise.allSettled(
    message.attachments.map(async (a) => {
      if (a.uploadedUrl) return a.uploadedUrl;
      const { url } = await uploadChatMedia(a.file);
      pendingMessages.update(message.conversationId, message.clientId, (m) => ({
        ...m,
        attachments: m.attachments.map((x) => (x.key === a.key ? { ...x, uploadedUrl: url } : x)),
      }));
      return url;
    }),
  );
  const failed = results.find((r): r is PromiseRejectedResult => r.status === 'rejected');
  if (failed) throw failed.reason;
  return results.map((r) => (r as PromiseFulfilledResult<string>).value);
}

/** The server no longer accepts a stored attachment's address (unsent for a day and swept): upload again. */
const isStaleAttachment = (error: unknown) =>
  isApiError(error) && error.status === 400 && Object.keys(error.fields ?? {}).some((k) => k === 'mediaUrls' || k.startsWith('mediaUrls.'));

async function deliver(queryClient: QueryClient, conversationId: string, clientId: string, reuploaded = false): Promise<void> {
  const message = pendingMessages.get(conversationId).find((m) => m.clientId === clientId);
  if (!message) return;
  try {
    const mediaUrls = await uploadAttachments(message);
    const saved = await postMessage(conversationId, { clientId, content: message.content, mediaUrls });
    // The socket may have delivered it already: the caches dedupe by id.
    const inInbox = applyMessage(queryClient, saved, { own: true, chatVisible: true });
    if (!inInbox) void queryClient.invalidateQueries({ queryKey: messagingKeys.conversations });
    pendingMessages.settle(conversationId, clientId);
    scheduleReload(queryClient, conversationId);
  } catch (error) {
    if (isStaleAttachment(error) && !reuploaded) {
      pendingMessages.update(conversationId, clientId, (m) => ({ ...m, attachments: m.attachments.map((a) => ({ ...a, uploadedUrl: null })) }));
      return deliver(queryClient, conversationId, clientId, true);
    }
    pendingMessages.update(conversationId, clientId, (m) => ({ ...m, status: 'failed' }));
    // A 403 means the match ended: the conversation's canMessage is stale.
    if (isApiError(error) && error.status === 403) {
      void queryClient.invalidateQueries({ queryKey: messagingKeys.conversation(conversationId) });
    }
    // A refused file says why (type, size); other failures get the spec's text alone.
    const detail = isApiError(error) && (error.status === 400 || error.status === 413) ? error.message : undefined;
    toast.error(sharedText(MESSAGING_MESSAGES.sendFailed), detail ? { description: detail } : undefined);
  }
}

// A message queued offline and sent later (from any page) lands in the chat's caches like one sent at once.
outbox.onSent('message', (_entry, answer, queryClient) => {
  if (queryClient) applyMessage(queryClient, answer as MessageView, { own: true, chatVisible: true });
});

const asPending = (entry: OutboxEntry, senderId: string): PendingMessage => ({
  clientId: entry.id,
  conversationId: entry.place,
  senderId,
  content: entry.text,
  attachments: [],
  status: entry.status === 'failed' ? 'failed' : entry.status,
  createdAt: entry.createdAt,
});

export interface Draft {
  content: string;
  attachments: PendingAttachment[];
}

/** Optimistic sending for one conversation: the bubble shows at once; failure keeps it with Retry. */
export function useSendMessage(conversationId: string, senderId: string) {
  const queryClient = useQueryClient();
  useSharedText(); // a failed send's toast in the page's language: loaded before a send
  const inMemory = usePendingMessages(conversationId);
  const queued = useOutbox('message', conversationId);
  const pending = React.useMemo(
    () => (queued.length === 0 ? inMemory : [...queued.map((e) => asPending(e, senderId)), ...inMemory]),
    [queued, inMemory, senderId],
  );
  const sending = pending.some((m) => m.status === 'sending');
  const isQueued = (clientId: string) => queued.some((e) => e.id === clientId);

  const send = (draft: Draft) => {
    const clientId = crypto.randomUUID();
    // Offline: a text message waits in the outbox (kept across reloads) and goes once the connection returns, with
    // the same clientId, so the server stores it once. Files cannot be kept that way: they wait for Retry.
    if (shouldQueue() && draft.attachments.length === 0) {
      outbox.add({
        id: clientId,
        memberId: senderId,
        kind: 'message',
        place: conversationId,
        text: draft.content,
        path: `/api/conversations/${encodeURIComponent(conversationId)}/messages`,
        body: { clientId, content: draft.content, mediaUrls: [] },
        idempotent: true,
        invalidate: [messagingKeys.messages(conversationId), messagingKeys.conversations],
      });
      return;
    }
    pendingMessages.add({
      clientId,
      conversationId,
      senderId,
      content: draft.content,
      attachments: draft.attachments,
      status: 'sending',
      createdAt: new Date().toISOString(),
    });
    void deliver(queryClient, conversationId, clientId);
  };

  /** Send a failed message again with the same clientId: the server answers with the first copy if it had it. */
  const retry = (clientId: string) => {
    if (isQueued(clientId)) return outbox.retry(clientId);
    pendingMessages.update(conversationId, clientId, (m) => ({ ...m, status: 'sending' }));
    void deliver(queryClient, conversationId, clientId);
  };

  /** Give up on a failed message (the server keeps refusing it); it and its previews go. */
  const discard = (clientId: string) =>
    isQueued(clientId) ? outbox.remove(clientId) : pendingMessages.settle(conversationId, clientId);

  return { pending, sending, send, retry, discard };
}
