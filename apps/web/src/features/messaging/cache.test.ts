import { describe, expect, it } from 'vitest';
import { QueryClient } from '@tanstack/react-query';
import { makeConversation, makeMessage, OTHER_CONVERSATION_ID, OWN_ID } from './messaging-fixtures';
import { messagingKeys } from './api';
import { applyMessagingEvent } from './realtime';
import { appendMessage, mergeLatestPage, mergeOlderPage, type InboxData, type MessageCache } from './cache';
import { chatEntries, groupByDay } from './group-messages';
import { checkAttachments } from './attachments';
import { LIMITS, MESSAGING_MESSAGES } from '@bayclub/shared';
import { makeFile } from '#/features/gallery/gallery-fixtures';

const seqs = (c: MessageCache | undefined) => c?.items.map((m) => m.seq);
const withSeq = (seq: number) => makeMessage({ id: `00000000-0000-4000-8000-${String(seq).padStart(12, '0')}`, seq });

describe('message cache merging', () => {
  it('merges a refetched newest page with older pages and live messages, each id once, in seq order', () => {
    const cached: MessageCache = { items: [withSeq(1), withSeq(2), withSeq(3), withSeq(5)], hasMore: true };
    const merged = mergeLatestPage(cached, { items: [withSeq(3), withSeq(4), withSeq(5), withSeq(6)], hasMore: true });
    expect(seqs(merged)).toEqual([1, 2, 3, 4, 5, 6]);
    expect(merged.hasMore).toBe(true);
  });

  it('replaces the cache when the newest page does not reach back to it (a hole would be left)', () => {
    const cached: MessageCache = { items: [withSeq(1), withSeq(2)], hasMore: false };
    const merged = mergeLatestPage(cached, { items: [withSeq(60), withSeq(61)], hasMore: true });
    expect(seqs(merged)).toEqual([60, 61]);
    expect(merged.hasMore).toBe(true);
  });

  it('puts an older page in front and takes its hasMore', () => {
    const merged = mergeOlderPage({ items: [withSeq(10), withSeq(11)], hasMore: true }, { items: [withSeq(8), withSeq(9)], hasMore: false });
    expect(seqs(merged)).toEqual([8, 9, 10, 11]);
    expect(merged.hasMore).toBe(false);
  });

  it('appends a message once and leaves an unloaded conversation alone', () => {
    const m = withSeq(4);
    const once = appendMessage({ items: [withSeq(3)], hasMore: false }, m);
    expect(seqs(appendMessage(once, m))).toEqual([3, 4]);
    expect(appendMessage(undefined, m)).toBeUndefined();
  });
});

describe('grouping', () => {
  it('hides pending messages the server already has (matched by clientId)', () => {
    const clientId = '11111111-1111-4111-8111-111111111111';
    const sent = makeMessage({ senderId: OWN_ID, clientId });
    const pending = {
      clientId,
      conversationId: sent.conversationId,
      senderId: OWN_ID,
      content: sent.content,
      attachments: [],
      status: 'sending' as const,
      createdAt: sent.createdAt,
    };
    const entries = chatEntries([sent], [pending, { ...pending, clientId: '22222222-2222-4222-8222-222222222222' }]);
    expect(entries.map((e) => e.kind)).toEqual(['sent', 'pending']);
    const [day] = groupByDay(entries);
    // Both are the member's own, one run: only the last ends it.
    expect(day!.rows.map((r) => r.endsRun)).toEqual([false, true]);
  });
});

describe('attachment checks', () => {
  it('takes images and videos within their limits, GIFs as gif', () => {
    const check = checkAttachments([makeFile('a.gif', 'image/gif'), makeFile('b.webm', 'video/webm', LIMITS.chatVideoMaxBytes)], 0);
    expect(check.accepted.map((a) => a.kind)).toEqual(['gif', 'video']);
    expect(check.errors).toEqual([]);
    expect(checkAttachments([makeFile('c.png', 'image/png')], LIMITS.messageAttachmentsMax).errors).toEqual([MESSAGING_MESSAGES.attachmentsMax]);
  });
});

describe('socket events into the caches', () => {
  const inbox = (): InboxData => ({
    pages: [{ items: [makeConversation(), makeConversation({ id: OTHER_CONVERSATION_ID, unreadCount: 2 })], nextCursor: null }],
    pageParams: [undefined],
  });

  it('sets the unread count from unread events', () => {
    const qc = new QueryClient();
    applyMessagingEvent(qc, { type: 'unread', messages: 7, notifications: 1 }, OWN_ID);
    expect(qc.getQueryData(messagingKeys.unreadCount)).toBe(7);
  });

  it("clears a conversation's unread count when the member read it elsewhere, and records the other's reads", () => {
    const qc = new QueryClient();
    qc.setQueryData(messagingKeys.conversations, inbox());
    qc.setQueryData(messagingKeys.conversation(OTHER_CONVERSATION_ID), makeConversation({ id: OTHER_CONVERSATION_ID, unreadCount: 2 }));
    applyMessagingEvent(qc, { type: 'read', conversationId: OTHER_CONVERSATION_ID, userId: OWN_ID, lastReadSeq: 9 }, OWN_ID);
    expect(qc.getQueryData<InboxData>(messagingKeys.conversations)!.pages[0]!.items[1]!.unreadCount).toBe(0);
    applyMessagingEvent(qc, { type: 'read', conversationId: OTHER_CONVERSATION_ID, userId: 'someone-else', lastReadSeq: 9 }, OWN_ID);
    expect(qc.getQueryData<{ otherLastReadSeq: number }>(messagingKeys.conversation(OTHER_CONVERSATION_ID))!.otherLastReadSeq).toBe(9);
  });

  it('after a truncated resume refetches every loaded message list; otherwise only what is older than the connection', async () => {
    const qc = new QueryClient({ defaultOptions: { queries: { staleTime: Infinity } } });
    qc.setQueryData(messagingKeys.messages('a'), { items: [], hasMore: false });
    applyMessagingEvent(qc, { type: 'ready', replayed: 0, truncated: false }, OWN_ID);
    expect(qc.getQueryState(messagingKeys.messages('a'))!.isInvalidated).toBe(false);
    applyMessagingEvent(qc, { type: 'ready', replayed: 0, truncated: true }, OWN_ID);
    expect(qc.getQueryState(messagingKeys.messages('a'))!.isInvalidated).toBe(true);
  });
});
