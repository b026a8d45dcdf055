import * as React from 'react';
import { MESSAGING_MESSAGES, type ConversationView } from '@bayclub/shared';
import { Button } from '#/components/ui/button';
import { Spinner } from '#/components/ui/spinner';
import { useSharedText, useT } from '#/lib/i18n';
import { markChatOpen } from './active-chats';
import { useMessagesQuery } from './api';
import { Composer } from './composer';
import { chatEntries } from './group-messages';
import { catalog } from './i18n';
import { MessageList } from './message-list';
import { shownParticipantName } from './participant-name';
import { useMarkRead } from './use-mark-read';
import { useSendMessage } from './use-send-message';

/**
 * One conversation's messages and the composer (the chat page and a profile's Message tab). `conversation`
 * is the live query data, so a `conversation` socket event that ends the match swaps the composer at once.
 */
export function ChatPanel({ conversation, meId }: { conversation: ConversationView; meId: string }) {
  const t = useT(catalog);
  const s = useSharedText();
  const query = useMessagesQuery(conversation.id);
  const { pending, sending, send, retry, discard } = useSendMessage(conversation.id, meId);
  const items = query.data?.items;

  React.useEffect(() => markChatOpen(conversation.id), [conversation.id]);

  let newestOtherSeq: number | null = null;
  if (items) {
    newestOtherSeq = 0;
    for (const m of items) if (m.senderId !== meId && m.seq > newestOtherSeq) newestOtherSeq = m.seq;
  }
  useMarkRead(conversation.id, newestOtherSeq);

  const entries = React.useMemo(() => chatEntries(items ?? [], pending), [items, pending]);

  return (
    <div className="flex min-h-0 flex-1 flex-col">
      {query.isPending ? (
        <div className="flex flex-1 items-center justify-center p-8">
          <Spinner className="size-6" label={t('messaging.chat.loading')} />
        </div>
      ) : query.isError ? (
        <div role="alert" className="flex flex-1 flex-col items-center justify-center gap-3 p-8 text-center">
          <p className="font-medium">{s(MESSAGING_MESSAGES.loadMessagesFailed)}</p>
          <Button variant="outline" onClick={() => void query.refetch()}>
            {t('messaging.retry')}
          </Button>
        </div>
      ) : (
        <MessageList
          conversation={conversation}
          cache={query.data}
          entries={entries}
          meId={meId}
          otherName={shownParticipantName(conversation.member, s)}
          retryDisabled={sending}
          onRetry={retry}
          onDiscard={discard}
        />
      )}
      {conversation.canMessage ? (
        <Composer sending={sending} onSend={send} draftPlace={`chat:${conversation.id}`} />
      ) : (
        <p role="status" className="border-t bg-muted/50 p-4 text-center text-sm text-muted-foreground">
          {s(MESSAGING_MESSAGES.ended)}
        </p>
      )}
    </div>
  );
}
