import * as React from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { applyReadResult, postRead } from './api';

/**
 * Marks the conversation read when the chat opens, and again whenever a newer message from the other member
 * arrives while the page is visible (or when the page becomes visible with one waiting). `newestOtherSeq`
 * is null until the messages have loaded, 0 when the other member has sent nothing.
 */
export function useMarkRead(conversationId: string, newestOtherSeq: number | null) {
  const queryClient = useQueryClient();
  // The seq last sent to the server; null until the first read of this chat.
  const marked = React.useRef<number | null>(null);

  React.useEffect(() => {
    if (newestOtherSeq === null) return;
    const markIfNeeded = () => {
      if (document.visibilityState !== 'visible') return;
      if (marked.current !== null && newestOtherSeq <= marked.current) return;
      const previous = marked.current;
      marked.current = newestOtherSeq;
      postRead(conversationId).then(
        (result) => applyReadResult(queryClient, conversationId, result),
        // Nothing is lost: the next message or visit tries again.
        () => {
          if (marked.current === newestOtherSeq) marked.current = previous;
        },
      );
    };
    markIfNeeded();
    document.addEventListener('visibilitychange', markIfNeeded);
    return () => document.removeEventListener('visibilitychange', markIfNeeded);
  }, [conversationId, newestOtherSeq, queryClient]);
}
