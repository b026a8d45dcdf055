/** Conversations whose chat is on screen (a chat page or a profile's Message tab), counted per mount. */
const open = new Map<string, number>();

/** Register a shown chat; returns the cleanup for the effect that called it. */
export function markChatOpen(conversationId: string): () => void {
  open.set(conversationId, (open.get(conversationId) ?? 0) + 1);
  return () => {
    const n = (open.get(conversationId) ?? 1) - 1;
    if (n <= 0) open.delete(conversationId);
    else open.set(conversationId, n);
  };
}

/** A message for this conversation is read at once (the chat marks it read), so it is not counted as unread. */
export function isChatVisible(conversationId: string): boolean {
  return open.has(conversationId) && document.visibilityState === 'visible';
}
